/**
 * What a pull-request scan costs against a full one: the benchmark corpus (10,000 files, ~100 MB)
 * committed to a git repository, 5 files then changed; `scan --changed-since HEAD` against `scan`,
 * alternating, median of each and their ratio (goal: a small fraction).
 * Run: npm run bench:pr
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLI, median, timedScan } from './cliTiming';
import { writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const CORPUS = join(ROOT, 'bench/.corpus-git');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const timed = (args: string[]) => timedScan(args, CORPUS);

function main(): void {
  if (!existsSync(CLI)) throw new Error('build first: npm run build');
  const stats = writeCorpus(CORPUS);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: CORPUS,
      stdio: 'pipe',
      maxBuffer: 256 * 1024 * 1024,
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'corpus');
  // The pull request: five files of different languages get one more call each.
  const folders = readdirSync(CORPUS)
    .filter((name) => name !== '.git')
    .slice(0, 5);
  for (const folder of folders) {
    const module = join(CORPUS, folder, 'module0');
    const file = readdirSync(module)[0]!;
    appendFileSync(join(module, file), '\n');
  }
  console.log(`corpus: ${stats.files} files in git, 5 changed`);
  timed([]); // warm the page cache
  const full: number[] = [];
  const pr: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    full.push(timed([]));
    pr.push(timed(['--changed-since', 'HEAD']));
  }
  console.log(`full scan:                 median ${median(full).toFixed(0)} ms`);
  console.log(`scan --changed-since HEAD: median ${median(pr).toFixed(0)} ms`);
  console.log(`ratio = ${(median(pr) / median(full)).toFixed(3)}`);
}

main();
