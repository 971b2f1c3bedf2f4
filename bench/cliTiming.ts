import { execFileSync, spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { NODE_BUNDLE } from './nodeBundle';

/** The built CLI the scan benchmarks run. */
export const CLI = join(resolve(__dirname, '..'), 'dist/cli/petstore-deprecations.js');

/** Wall time (ms) of one `petstore-deprecations scan --format json …` run in `cwd`. */
export function timedScan(args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'scan', '--format', 'json', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
  return performance.now() - started;
}

export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Wall time (ms) of one command run to its end, with what it printed. */
export function timedCommand(
  command: string,
  args: string[],
  cwd: string,
): { ms: number; stdout: string; stderr: string; status: number | null } {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  return {
    ms: performance.now() - started,
    stdout: result.stdout,
    stderr: result.stderr,
    status: result.status,
  };
}

/** The CLI of the source tree at `ref`, bundled as the build bundles it (with this tree's packages). */
export function referenceCli(ref: string, work: string): string {
  execFileSync('sh', ['-c', `git archive ${ref} src package.json | tar -x -C "${work}"`], {
    cwd: resolve(__dirname, '..'),
  });
  symlinkSync(join(resolve(__dirname, '..'), 'node_modules'), join(work, 'node_modules'));
  const outfile = join(work, 'reference-cli.js');
  buildSync({
    ...NODE_BUNDLE,
    entryPoints: [join(work, 'src/cli/petstoreDeprecations.ts')],
    outfile,
  });
  return outfile;
}
