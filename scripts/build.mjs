// Bundles every entry point with esbuild; type-checking is `tsc --noEmit` (npm run typecheck).
import * as esbuild from 'esbuild';
import { builtinModules } from 'node:module';
import { chmod, readdir, stat } from 'node:fs/promises';

const watch = process.argv.includes('--watch');

/** One bundle per front end; `vscode` is provided by the editor at run time. */
const entries = [
  { in: 'src/cli/petstoreServer.ts', out: 'cli/petstore-server', bin: true },
  { in: 'src/cli/petstoreDeprecations.ts', out: 'cli/petstore-deprecations', bin: true },
  { in: 'src/lsp/main.ts', out: 'lsp/server', bin: true },
  { in: 'src/cli/petstoreMcp.ts', out: 'cli/petstore-mcp', bin: true },
  // The CLI's and the MCP server's scan threads (src/cli/deprecations/scanPool.ts), beside them.
  { in: 'src/cli/scanWorker.ts', out: 'cli/scan-worker', bin: false },
];

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
};

const product = {
  ...shared,
  entryPoints: entries.map((e) => ({ in: e.in, out: e.out })),
  outdir: 'dist',
  external: ['vscode'],
};

/**
 * The extension: a small bundle loaded at activation, and chunks it requires on first use
 * (src/extension/chunks/loadChunk.ts): the API client with undici and zod, and the language
 * client. Minified; source maps stay beside them for development and out of the .vsix.
 */
const extension = {
  ...shared,
  entryPoints: [{ in: 'src/extension/extension.ts', out: 'extension/extension' }],
  outdir: 'dist',
  external: ['vscode'],
  minify: true,
  // When the bundle's code started and finished running, for the activation timing (extension.ts).
  banner: { js: 'globalThis.__petstoreBundleStart = performance.now();' },
  footer: { js: 'globalThis.__petstoreBundleEnd = performance.now();' },
};
const extensionChunks = {
  ...shared,
  entryPoints: [
    { in: 'src/extension/chunks/apiChunk.ts', out: 'extension/api' },
    { in: 'src/extension/chunks/languageClientChunk.ts', out: 'extension/languageClient' },
  ],
  outdir: 'dist',
  external: ['vscode'],
  minify: true,
};

/**
 * The browser build (package.json "browser"): VS Code's web worker extension host on vscode.dev
 * and github.dev. One minified bundle, no Node globals and no Node module: an import of a Node
 * built-in fails the build, naming the file that imports it.
 */
export const WEB_BUNDLE = 'dist/web/extension.js';
export const WEB_BUDGET_BYTES = 600 * 1024;
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      const bare = args.path.replace(/^node:/, '').split('/')[0];
      if (!nodeBuiltins.has(args.path) && !nodeBuiltins.has(`node:${bare}`)) return undefined;
      if (!args.path.startsWith('node:') && args.kind === 'require-call' && !nodeBuiltins.has(bare))
        return undefined;
      return {
        errors: [
          {
            text: `the browser build imports the Node module "${args.path}" (from ${args.importer}): keep it out of the web entry's imports`,
          },
        ],
      };
    });
  },
};
const web = {
  entryPoints: [{ in: 'src/extension/webExtension.ts', out: 'web/extension' }],
  outdir: 'dist',
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  format: 'cjs',
  mainFields: ['browser', 'module', 'main'],
  external: ['vscode'],
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
  // No `process` or `Buffer` in a web worker: a reference to one is an error at run time, so the
  // only one allowed is the build's constant.
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [noNodeBuiltins],
};

/** Suites that run inside the extension host (and the launcher's self-test suites), into out/test. */
const testFolders = ['test/integration', 'test/packaged', 'test/host-selftest', 'test/bench-host'];
const testEntries = [];
for (const folder of testFolders) {
  for (const name of await readdir(folder))
    if (name.endsWith('.ts')) testEntries.push(`${folder}/${name}`);
}
const tests = {
  ...shared,
  entryPoints: testEntries,
  outbase: 'test',
  outdir: 'out/test',
  external: ['vscode', 'mocha'],
};

if (watch) {
  for (const options of [product, extension, extensionChunks, web, tests])
    await (await esbuild.context(options)).watch();
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(
    [product, extension, extensionChunks, web, tests].map((options) => esbuild.build(options)),
  );
  const { size } = await stat(WEB_BUNDLE);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`esbuild: ${WEB_BUNDLE} ${kb(size)} (budget ${kb(WEB_BUDGET_BYTES)})`);
  if (size > WEB_BUDGET_BYTES) {
    console.error(`esbuild: ${WEB_BUNDLE} is over its budget`);
    process.exitCode = 1;
  }
  await Promise.all(entries.filter((e) => e.bin).map((e) => chmod(`dist/${e.out}.js`, 0o755)));
}
