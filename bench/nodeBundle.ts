import type { BuildOptions } from 'esbuild';

/** How the benchmarks bundle a source tree's entry for Node, as scripts/build.mjs does the CLI's. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
} as const satisfies BuildOptions;
