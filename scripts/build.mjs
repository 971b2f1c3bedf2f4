// Bundles every entry point with esbuild; type-checking is `tsc --noEmit` (npm run typecheck).
import * as esbuild from 'esbuild';
import { chmod } from 'node:fs/promises';

const watch = process.argv.includes('--watch');

/** One bundle per front end; `vscode` is provided by the editor at run time. */
const entries = [
  { in: 'src/extension/extension.ts', out: 'extension/extension', platform: 'node' },
  { in: 'src/cli/petstoreServer.ts', out: 'cli/petstore-server', platform: 'node', bin: true },
];

const options = {
  entryPoints: entries.map((e) => ({ in: e.in, out: e.out })),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['vscode'],
  logLevel: 'warning',
};

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log('esbuild: watching for changes');
} else {
  await esbuild.build(options);
  await Promise.all(entries.filter((e) => e.bin).map((e) => chmod(`dist/${e.out}.js`, 0o755)));
}
