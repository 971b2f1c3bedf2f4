/**
 * What `fix --dry-run` costs against `scan` on the benchmark corpus (10,000 files, ~100 MB, every
 * language the finder reads): the same scan, then each file with a request read again, rewritten
 * and diffed. Alternating runs, the median of each and their ratio (goal: within 1.5x).
 * Run: npm run bench:fix
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLI, median, timedCommand } from './cliTiming';
import { writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const CORPUS = join(ROOT, 'bench/.corpus');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function run(command: string): { ms: number; out: number } {
  const result = timedCommand(
    process.execPath,
    [CLI, command, ...(command === 'scan' ? ['--format', 'json'] : ['--dry-run']), '.'],
    CORPUS,
  );
  if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr.slice(-2000));
  return { ms: result.ms, out: result.stdout.length };
}

function main(): void {
  if (!existsSync(CLI)) throw new Error('build first: npm run build');
  const stats = writeCorpus(CORPUS);
  console.log(
    `corpus: ${stats.files} files, ${(stats.bytes / 1048576).toFixed(0)} MB, ${stats.uses} uses`,
  );
  run('scan');
  run('fix');
  const scans: number[] = [];
  const fixes: number[] = [];
  let diffBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    scans.push(run('scan').ms);
    const fix = run('fix');
    fixes.push(fix.ms);
    diffBytes = fix.out;
  }
  const scan = median(scans);
  const fix = median(fixes);
  console.log(`scan --format json   ${scan.toFixed(0).padStart(7)} ms (median of ${ROUNDS})`);
  console.log(
    `fix --dry-run        ${fix.toFixed(0).padStart(7)} ms (median of ${ROUNDS}; a diff of ${(diffBytes / 1048576).toFixed(1)} MB)`,
  );
  console.log(`ratio fix / scan = ${(fix / scan).toFixed(2)}  (goal: within 1.5)`);
}

main();
