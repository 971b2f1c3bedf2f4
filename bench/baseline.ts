/**
 * What a baseline costs a full scan: `petstore-deprecations scan` with and without `--baseline` on
 * the benchmark corpus (10,000 files, ~100 MB), alternating, median of each and their ratio
 * (goal: a baseline slows the scan by at most 10 %).
 * Run: npm run bench:baseline
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLI, median, timedScan } from './cliTiming';
import { writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const CORPUS = join(ROOT, 'bench/.corpus');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const timed = (args: string[]) => timedScan([...args, CORPUS], ROOT);

function main(): void {
  if (!existsSync(CLI)) throw new Error('build first: npm run build');
  const stats = writeCorpus(CORPUS);
  const baseline = join(CORPUS, 'baseline.json');
  const write = spawnSync(process.execPath, [CLI, 'scan', '--write-baseline', baseline, CORPUS], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  console.log(`corpus: ${stats.files} files, ${stats.uses} planted uses; ${write.stderr.trim()}`);
  timed([]); // warm the page cache
  const without: number[] = [];
  const withBaseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    without.push(timed([]));
    withBaseline.push(timed(['--baseline', baseline]));
  }
  const plain = median(without);
  const based = median(withBaseline);
  console.log(`scan:               median ${plain.toFixed(0)} ms`);
  console.log(`scan --baseline:    median ${based.toFixed(0)} ms`);
  console.log(`ratio = ${(based / plain).toFixed(3)}  (goal <= 1.10)`);
}

main();
