/**
 * The extension's footprint: the size of what activation loads, and how long loading the bundle and
 * activate() take inside the real editor host (code-server), median of several starts.
 *
 *   npm run bench:activation [-- --runs 5] [-- --reference DIR]
 *
 * --reference DIR: another checkout of this project, built, with the same activation probe (e.g.
 * a worktree of an earlier commit); its starts alternate with this one's, and the ratios are printed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './cliTiming';

const ROOT = resolve(__dirname, '..');
const MARK = 'PETSTORE-ACTIVATION';

interface Timing {
  bundleMs: number;
  activateMs: number;
}

/** One start of the editor host with the activation suite; the timing it reported. */
function oneStart(root: string): Timing {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'test/host/runIntegration.ts'),
      '--suite',
      join(root, 'out/test/bench-host/index.js'),
      '--label',
      'bench-activation',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // The suite's console line lands in the workbench log the launcher keeps.
  const log = readFileSync(join(root, 'test-results/bench-activation-workbench.log'), 'utf8');
  const line = log.split('\n').find((text) => text.includes(MARK));
  if (result.status !== 0 || !line)
    throw new Error(`the host run in ${root} failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(line.slice(line.indexOf(MARK) + MARK.length)) as Timing;
}

function sizes(root: string): string {
  const folder = join(root, 'dist/extension');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.js'))
    .map((name) => `${name} ${(statSync(join(folder, name)).size / 1024).toFixed(0)} KB`)
    .join(', ');
}

function summary(label: string, timings: readonly Timing[]): Timing {
  const result = {
    bundleMs: median(timings.map((timing) => timing.bundleMs)),
    activateMs: median(timings.map((timing) => timing.activateMs)),
  };
  console.log(
    `${label}: bundle evaluation median ${result.bundleMs.toFixed(1)} ms, activate() median ${result.activateMs.toFixed(1)} ms (${timings.length} starts: ${timings.map((timing) => timing.activateMs.toFixed(1)).join(', ')})`,
  );
  return result;
}

function main(): void {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, reference: { type: 'string' } },
  });
  const runs = Number(values.runs);
  const reference = values.reference && resolve(values.reference);
  console.log(`this build: ${sizes(ROOT)}`);
  if (reference) console.log(`reference:  ${sizes(reference)}`);
  const mine: Timing[] = [];
  const theirs: Timing[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternating, so a slow minute of this noisy machine hits both.
    if (reference) theirs.push(oneStart(reference));
    mine.push(oneStart(ROOT));
  }
  const now = summary('this build', mine);
  if (!reference) return;
  const before = summary('reference ', theirs);
  console.log(
    `ratio (this / reference): bundle ${(now.bundleMs / before.bundleMs).toFixed(3)}, activate() ${(now.activateMs / before.activateMs).toFixed(3)}`,
  );
}

main();
