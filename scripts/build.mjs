// Bundles every entry point with esbuild; type-checking is `tsc --noEmit` (npm run typecheck).
import * as esbuild from 'esbuild';
import { chmod, readdir, stat } from 'node:fs/promises';
import {
  WEB_BUDGET_BYTES,
  WEB_BUNDLE,
  WEB_FINDER_BUDGET_BYTES,
  WEB_FINDER_BUNDLE,
  WEB_CLIENT_BUDGET_BYTES,
  WEB_CLIENT_BUNDLE,
  WEB_SERVER_BUDGET_BYTES,
  WEB_SERVER_BUNDLE,
  webBuildOptions,
  webFinderBuildOptions,
  webServerBuildOptions,
  webClientBuildOptions,
} from './webBuild.mjs';

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
const web = webBuildOptions();
const webFinder = webFinderBuildOptions();
const webServer = webServerBuildOptions();
const webClient = webClientBuildOptions();
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

/** Suites that run inside the extension host (and the launcher's self-test suites), into out/test. */
const testFolders = [
  'test/integration',
  'test/packaged',
  'test/restricted',
  'test/host-selftest',
  'test/bench-host',
];
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
  for (const options of [
    product,
    extension,
    extensionChunks,
    web,
    webFinder,
    webClient,
    webServer,
    tests,
  ])
    await (await esbuild.context(options)).watch();
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(
    [product, extension, extensionChunks, web, webFinder, webClient, webServer, tests].map(
      (options) => esbuild.build(options),
    ),
  );
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [bundle, budget] of [
    [WEB_BUNDLE, WEB_BUDGET_BYTES],
    [WEB_FINDER_BUNDLE, WEB_FINDER_BUDGET_BYTES],
    [WEB_CLIENT_BUNDLE, WEB_CLIENT_BUDGET_BYTES],
    [WEB_SERVER_BUNDLE, WEB_SERVER_BUDGET_BYTES],
  ]) {
    const { size } = await stat(bundle);
    console.log(`esbuild: ${bundle} ${kb(size)} (budget ${kb(budget)})`);
    if (size > budget) {
      console.error(`esbuild: ${bundle} is over its budget`);
      process.exitCode = 1;
    }
  }
  await Promise.all(entries.filter((e) => e.bin).map((e) => chmod(`dist/${e.out}.js`, 0o755)));
}
