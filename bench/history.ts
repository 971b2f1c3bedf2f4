/**
 * `petstore-deprecations history` on a generated repository, measured in one run against one full
 * scan of its newest tree:
 *   - a 10,000-file repository with 96 monthly commits, each changing 5% of the files;
 *   - 24 monthly points without a cache (the first run), then again with it (the second run);
 *   - the peak RSS of the history at 24 and at 96 points.
 * Run: npm run bench:history [-- --files 10000 --runs 3]
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI, median, timedCommand } from './cliTiming';
import { writeCorpus } from './corpus';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } },
});
const FILES = Number(values.files);
const RUNS = Number(values.runs);
const MONTHS = 96;
const MAX_RSS = resolve(__dirname, 'maxRss.cjs');

function git(cwd: string, args: string[], date?: string): void {
  execFileSync('git', args, {
    cwd,
    stdio: 'ignore',
    env: date ? { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : process.env,
  });
}

function listFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === '.git') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(folder);
  return files.sort();
}

function monthDate(month: number): string {
  return new Date(Date.UTC(2018, month, 2, 12)).toISOString().replace('.000', '');
}

function isoDay(month: number): string {
  return new Date(Date.UTC(2018, month, 5)).toISOString().slice(0, 10);
}

/** Runs history with its peak RSS recorded: wall ms and KB. */
function history(repo: string, args: string[]): { ms: number; rssKb: number } {
  const rssFile = join(repo, '..', `rss-${process.pid}`);
  const env = { ...process.env, NODE_OPTIONS: `--require ${MAX_RSS}`, MAX_RSS_FILE: rssFile };
  const started = performance.now();
  execFileSync(process.execPath, [CLI, 'history', '--format', 'json', ...args], {
    cwd: repo,
    env,
    stdio: 'ignore',
  });
  const ms = performance.now() - started;
  const rssKb = Number(readFileSync(rssFile, 'utf8'));
  rmSync(rssFile, { force: true });
  return { ms, rssKb };
}

function main(): void {
  const repo = mkdtempSync(join(tmpdir(), 'petstore-history-bench-'));
  try {
    process.stdout.write(`building a ${FILES}-file repository with ${MONTHS} monthly commits…\n`);
    const stats = writeCorpus(repo, FILES, FILES * 4 * 1024);
    git(repo, ['init', '-q', '-b', 'main']);
    git(repo, ['config', 'user.email', 'bench@example.com']);
    git(repo, ['config', 'user.name', 'Bench']);
    // No automatic gc in the background while the history is made: one gc at the end.
    git(repo, ['config', 'gc.auto', '0']);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'month 0'], monthDate(0));
    const files = listFiles(repo);
    for (let month = 1; month < MONTHS; month++) {
      // 5% of the files change each month, a different slice each time.
      const changed = Math.ceil(files.length * 0.05);
      for (let k = 0; k < changed; k++) {
        const file = files[(month * changed + k) % files.length]!;
        appendFileSync(file, `\n// month ${month}\n`);
      }
      git(repo, ['add', '-A']);
      git(repo, ['commit', '-q', '-m', `month ${month}`], monthDate(month));
    }
    // A repository as users have it: objects packed (as git's automatic gc leaves them).
    git(repo, ['gc', '-q']);
    process.stdout.write(
      `  ${stats.files} files, ${(stats.bytes / 1048576).toFixed(1)} MB, ${stats.uses} calls in the first tree\n`,
    );
    const cacheDir = join(repo, '.git/petstore-deprecations');
    const since24 = isoDay(MONTHS - 24);
    const since96 = isoDay(0);
    const scans: number[] = [];
    const first: number[] = [];
    const second: number[] = [];
    let rss24 = 0;
    for (let run = 0; run < RUNS; run++) {
      // Alternated in one run: the machine's noise falls on all three alike.
      scans.push(timedCommand(process.execPath, [CLI, 'scan', '--format', 'json'], repo).ms);
      rmSync(cacheDir, { recursive: true, force: true });
      const cold = history(repo, ['--since', since24]);
      first.push(cold.ms);
      rss24 = Math.max(rss24, cold.rssKb);
      second.push(history(repo, ['--since', since24]).ms);
    }
    rmSync(cacheDir, { recursive: true, force: true });
    const cold96 = history(repo, ['--since', since96]);
    const scan = median(scans);
    process.stdout.write(`one full scan of the newest tree        ${scan.toFixed(0)} ms\n`);
    process.stdout.write(
      `history, 24 monthly points, no cache     ${median(first).toFixed(0)} ms  (${(median(first) / scan).toFixed(2)}x the scan; goal <= 3)\n`,
    );
    process.stdout.write(
      `history, 24 monthly points, with cache   ${median(second).toFixed(0)} ms  (${(median(second) / scan).toFixed(2)}x the scan; goal <= 0.2)\n`,
    );
    process.stdout.write(
      `history, 96 monthly points, no cache     ${cold96.ms.toFixed(0)} ms  (${(cold96.ms / scan).toFixed(2)}x the scan)\n`,
    );
    process.stdout.write(
      `peak RSS: ${(rss24 / 1024).toFixed(0)} MB at 24 points, ${(cold96.rssKb / 1024).toFixed(0)} MB at 96 points\n`,
    );
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

main();
