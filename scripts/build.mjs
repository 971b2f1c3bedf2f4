// Bundles every entry point with esbuild; type-checking is `tsc --noEmit` (npm run typecheck).
import * as esbuild from 'esbuild';
import { chmod, readdir } from 'node:fs/promises';

const watch = process.argv.includes('--watch');

/** One bundle per front end; `vscode` is provided by the editor at run time. */
const entries = [
  { in: 'src/extension/extension.ts', out: 'extension/extension' },
  { in: 'src/cli/petstoreServer.ts', out: 'cli/petstore-server', bin: true },
  { in: 'src/cli/petstoreDeprecations.ts', out: 'cli/petstore-deprecations', bin: true },
  { in: 'src/lsp/main.ts', out: 'lsp/server', bin: true },
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

/** Suites that run inside the extension host (and the launcher's self-test suites), into out/test. */
const testFolders = ['test/integration', 'test/host-selftest'];
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
  for (const options of [product, tests]) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching for changes');
} else {
  await Promise.all([esbuild.build(product), esbuild.build(tests)]);
  await Promise.all(entries.filter((e) => e.bin).map((e) => chmod(`dist/${e.out}.js`, 0o755)));
}
