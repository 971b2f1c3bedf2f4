import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import type * as esbuildModule from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

interface WebBuildModule {
  webBuildOptions: () => esbuildModule.BuildOptions;
  webFinderBuildOptions: () => esbuildModule.BuildOptions;
  webServerBuildOptions: () => esbuildModule.BuildOptions;
  webClientBuildOptions: () => esbuildModule.BuildOptions;
  WEB_FINDER_BUDGET_BYTES: number;
  WEB_SERVER_BUDGET_BYTES: number;
  WEB_CLIENT_BUDGET_BYTES: number;
  noNodeBuiltins: esbuildModule.Plugin;
  WEB_BUDGET_BYTES: number;
}

/** scripts/webBuild.mjs, the options scripts/build.mjs builds dist/web/extension.js with. */
async function webBuild(): Promise<WebBuildModule> {
  const url = pathToFileURL(join(ROOT, 'scripts', 'webBuild.mjs')).href;
  return (await import(url)) as WebBuildModule;
}

/** Any value, any use: what the bundle gets for whatever it asks of VS Code. */
const ANYTHING: object = new Proxy(function () {}, {
  // Awaited, it is itself; in arithmetic or text, nothing.
  get: (_target, property) =>
    property === 'then' ? undefined : property === Symbol.toPrimitive ? () => '' : ANYTHING,
  apply: () => ANYTHING,
  construct: () => ANYTHING,
  set: () => true,
  defineProperty: () => true,
});

/**
 * Runs the bundle in a fresh global scope with only a web worker's globals and a `require` that
 * knows only `vscode` (each name @types/vscode exports; commands registered are recorded).
 */
function loadWebBundle(
  text: string,
  registered: string[],
  filename = 'dist/web/extension.js',
): { exports: Record<string, unknown>; required: string[] } {
  const declarations = readFileSync(join(ROOT, 'node_modules/@types/vscode/index.d.ts'), 'utf8');
  const vscode: Record<string, object> = Object.fromEntries(
    [...declarations.matchAll(/^\t?export (?:namespace|class|enum|const|function) (\w+)/gm)].map(
      (match): [string, object] => [match[1] ?? '', ANYTHING],
    ),
  );
  assert.ok(Object.keys(vscode).length > 50);
  vscode.commands = {
    registerCommand: (id: string) => {
      registered.push(id);
      return ANYTHING;
    },
    executeCommand: () => Promise.resolve(undefined),
  };
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
    runInNewContext(text, scope, { filename });
  } catch (error) {
    // Never the minified line itself in the output: the message says what was missing.
    assert.fail(`the bundle did not load: ${(error as Error).message}`);
  }
  return { exports: module.exports, required };
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
    const { exports, required } = loadWebBundle(text, []);
    assert.equal(typeof exports.activate, 'function');
    assert.equal(typeof exports.deactivate, 'function');
    assert.deepEqual([...new Set(required)], ['vscode']);
  });

  it('hides in the browser exactly the commands its activate does not register', () => {
    const registered: string[] = [];
    const { exports } = loadWebBundle(text, registered);
    (exports.activate as (context: unknown) => unknown)(ANYTHING);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: {
        commands: { command: string }[];
        menus: Record<string, { command: string; when?: string }[]>;
      };
    };
    const commands = manifest.contributes.commands.map((entry) => entry.command);
    assert.ok(registered.includes('petstore.refresh') && registered.includes('petstore.setApiKey'));
    assert.deepEqual(
      registered.filter((id) => !commands.includes(id)),
      [],
      'registered but not declared',
    );
    const webOnly = (when: string | undefined) =>
      when === 'false' || /!petstore\.web\b/.test(when ?? '');
    const problems: string[] = [];
    for (const command of commands) {
      const entries = Object.entries(manifest.contributes.menus).flatMap(([menu, items]) =>
        items.filter((item) => item.command === command).map((item) => ({ menu, ...item })),
      );
      if (registered.includes(command)) {
        for (const entry of entries)
          if (entry.when !== 'false' && webOnly(entry.when))
            problems.push(`${command} is hidden in ${entry.menu} though the browser has it`);
        continue;
      }
      if (!entries.some((entry) => entry.menu === 'commandPalette'))
        problems.push(`${command} is in the browser's Command Palette without a handler`);
      for (const entry of entries)
        if (!webOnly(entry.when))
          problems.push(`${command} is shown in ${entry.menu} in the browser without a handler`);
    }
    assert.deepEqual(problems, []);
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

describe("the browser's finder bundle (dist/web/finder.js)", function () {
  this.timeout(120_000);
  let text: string;
  let inputs: string[];

  before(async () => {
    const esbuild = await import('esbuild');
    const { webFinderBuildOptions } = await webBuild();
    const result = await esbuild.build({
      ...webFinderBuildOptions(),
      absWorkingDir: ROOT,
      write: false,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = result.outputFiles.find((file) => file.path.endsWith('finder.js'));
    assert.ok(output);
    text = output.text;
    inputs = Object.keys(result.metafile.inputs);
  });

  it('fits its budget of 400 KB minified, beside the main bundle', async () => {
    const { WEB_FINDER_BUDGET_BYTES } = await webBuild();
    assert.equal(WEB_FINDER_BUDGET_BYTES, 400 * 1024);
    assert.ok(
      Buffer.byteLength(text) <= WEB_FINDER_BUDGET_BYTES,
      `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`,
    );
  });

  it('holds no Node module and not the engine: the language server is a bundle of its own', () => {
    assert.deepEqual(
      inputs.filter((input) =>
        /^node:|nodeWorkspacePort|workspaceWalker|hardenedGit|engine\.ts|vscode-languageclient/.test(
          input,
        ),
      ),
      [],
    );
    assert.doesNotMatch(text, /require\("(?!vscode")[^"]*"\)/);
  });

  it('loads in a worker-like global scope and gives the browser extension its finder', () => {
    const { exports, required } = loadWebBundle(text, [], 'dist/web/finder.js');
    assert.equal(typeof exports.activateWebFinder, 'function');
    assert.deepEqual([...new Set(required)], ['vscode']);
  });
});

/** Builds one of the browser's lazily loaded bundles in memory, as scripts/build.mjs does. */
async function buildChunk(
  options: (module: WebBuildModule) => esbuildModule.BuildOptions,
  name: string,
): Promise<{ text: string; inputs: string[] }> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    ...options(await webBuild()),
    absWorkingDir: ROOT,
    write: false,
    sourcemap: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = result.outputFiles.find((file) => file.path.endsWith(`${name}.js`));
  assert.ok(output);
  return { text: output.text, inputs: Object.keys(result.metafile.inputs) };
}

describe("the browser's language server bundle (dist/web/server.js)", function () {
  this.timeout(120_000);
  let built: { text: string; inputs: string[] };
  before(async () => {
    built = await buildChunk((module) => module.webServerBuildOptions(), 'server');
  });

  it('fits its budget of 800 KB minified', async () => {
    const { WEB_SERVER_BUDGET_BYTES } = await webBuild();
    assert.ok(Buffer.byteLength(built.text) <= WEB_SERVER_BUDGET_BYTES);
  });

  it("holds the desktop's server and pipeline, with no Node module and no disk", () => {
    for (const input of [
      'src/lsp/deprecationServer.ts',
      'src/core/deprecations/pipeline/editorWorkspacePort.ts',
      'src/core/browser/posixPath.ts',
      'src/core/browser/noSurroundings.ts',
      'src/core/browser/noProjectFiles.ts',
    ])
      assert.ok(built.inputs.includes(input), input);
    assert.deepEqual(
      built.inputs.filter((input) =>
        /^node:|nodeWorkspacePort|nodeServerHost|workspaceWalker|hardenedGit|fixes\/generated\/workspaceFiles|fixes\/projectFiles/.test(
          input,
        ),
      ),
      [],
    );
  });

  it('loads in a worker-like global scope, asks for no module, and exports the server', () => {
    const { exports, required } = loadWebBundle(built.text, [], 'dist/web/server.js');
    assert.equal(typeof exports.startBrowserServer, 'function');
    assert.deepEqual(required, []);
  });
});

describe("the browser's language client bundle (dist/web/languageClient.js)", function () {
  this.timeout(120_000);
  let built: { text: string; inputs: string[] };
  before(async () => {
    built = await buildChunk((module) => module.webClientBuildOptions(), 'languageClient');
  });

  it('fits its budget of 450 KB minified, and asks only for vscode', async () => {
    const { WEB_CLIENT_BUDGET_BYTES } = await webBuild();
    assert.ok(Buffer.byteLength(built.text) <= WEB_CLIENT_BUDGET_BYTES);
    const { exports, required } = loadWebBundle(built.text, [], 'dist/web/languageClient.js');
    assert.equal(typeof exports.startWebDeprecationsClient, 'function');
    assert.deepEqual([...new Set(required)], ['vscode']);
  });
});
