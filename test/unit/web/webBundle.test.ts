import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import type * as esbuildModule from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

interface WebBuildModule {
  webBuildOptions: () => esbuildModule.BuildOptions;
  noNodeBuiltins: esbuildModule.Plugin;
  WEB_BUDGET_BYTES: number;
}

/** scripts/webBuild.mjs, the options scripts/build.mjs builds dist/web/extension.js with. */
async function webBuild(): Promise<WebBuildModule> {
  const url = pathToFileURL(join(ROOT, 'scripts', 'webBuild.mjs')).href;
  return (await import(url)) as WebBuildModule;
}

describe('the browser bundle (dist/web/extension.js)', function () {
  this.timeout(120_000);
  let text: string;
  let inputs: string[];
  let budget: number;

  before(async () => {
    const esbuild = await import('esbuild');
    const { webBuildOptions, WEB_BUDGET_BYTES } = await webBuild();
    const result = await esbuild.build({
      ...webBuildOptions(),
      absWorkingDir: ROOT,
      write: false,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = result.outputFiles.find((file) => file.path.endsWith('extension.js'));
    assert.ok(output);
    text = output.text;
    inputs = Object.keys(result.metafile.inputs);
    budget = WEB_BUDGET_BYTES;
  });

  it('fits its budget of 600 KB minified', () => {
    assert.equal(budget, 600 * 1024);
    assert.ok(
      Buffer.byteLength(text) <= budget,
      `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`,
    );
  });

  it('holds no Node HTTP client and no Node module', () => {
    assert.deepEqual(
      inputs.filter((input) =>
        /node_modules\/undici\/|^node:|src\/core\/api\/(client|undiciPort|dispatcher|trustStore)\.ts$/.test(
          input,
        ),
      ),
      [],
    );
    assert.doesNotMatch(text, /require\("(?!vscode")[^"]*"\)/);
  });

  it('loads in a worker-like global scope: no process, Buffer, require other than vscode', () => {
    const anything: object = new Proxy(function () {}, {
      get: () => anything,
      apply: () => anything,
      construct: () => anything,
    });
    // The vscode module as the bundle sees it: each name @types/vscode exports, any use allowed.
    const declarations = readFileSync(join(ROOT, 'node_modules/@types/vscode/index.d.ts'), 'utf8');
    const vscode: Record<string, object> = Object.fromEntries(
      [...declarations.matchAll(/^\t?export (?:namespace|class|enum|const|function) (\w+)/gm)].map(
        (match): [string, object] => [match[1] ?? '', anything],
      ),
    );
    assert.ok(Object.keys(vscode).length > 50);
    const module = { exports: {} as Record<string, unknown> };
    const required: string[] = [];
    const scope = {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'vscode') throw new Error(`require("${name}") in the browser bundle`);
        return vscode;
      },
      console,
      URL,
      URLSearchParams,
      TextDecoder,
      TextEncoder,
      AbortController,
      AbortSignal,
      fetch,
      Headers,
      setTimeout,
      clearTimeout,
      performance,
      queueMicrotask,
    };
    try {
      runInNewContext(text, scope, { filename: 'dist/web/extension.js' });
    } catch (error) {
      // Never the minified line itself in the output: the message says what was missing.
      assert.fail(`the bundle did not load: ${(error as Error).message}`);
    }
    assert.equal(typeof module.exports.activate, 'function');
    assert.equal(typeof module.exports.deactivate, 'function');
    assert.deepEqual([...new Set(required)], ['vscode']);
  });

  it('fails the build when a Node built-in is imported, naming the importer', async () => {
    const esbuild = await import('esbuild');
    const { noNodeBuiltins } = await webBuild();
    for (const name of ['node:path', 'fs', 'fs/promises'])
      await assert.rejects(
        esbuild.build({
          stdin: {
            contents: `import * as m from '${name}'; console.log(m);`,
            sourcefile: 'entry.ts',
            loader: 'ts',
          },
          bundle: true,
          platform: 'browser',
          write: false,
          logLevel: 'silent',
          plugins: [noNodeBuiltins],
        }),
        (error: Error) =>
          error.message.includes(`the browser build imports the Node module "${name}"`),
        name,
      );
  });
});
