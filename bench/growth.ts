/**
 * How the finder's cost grows with the tree (#14): the benchmark corpus at 1x, 4x and 16x its size
 * (files and bytes), scanned by the CLI with the walker and with ripgrep; wall time and peak RSS.
 * Time must grow linearly (ms per MB about constant) and memory stay bounded (no whole-tree
 * buffering). Run: npm run bench:growth [-- --runs 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI, median } from './cliTiming';
import { writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const BASE_FILES = 10_000;
const BASE_BYTES = 100 * 1024 * 1024;

function scan(tree: string, args: string[]): { ms: number; rssMb: number } {
  const rssFile = join(tmpdir(), `petstore-growth-rss-${process.pid}`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--require', join(ROOT, 'bench/maxRss.cjs'), CLI, 'scan', '--format', 'json', ...args],
    { cwd: tree, env: { ...process.env, MAX_RSS_FILE: rssFile }, maxBuffer: 1024 * 1024 * 1024 },
  );
  const ms = performance.now() - started;
  if (result.status !== 1) throw new Error(String(result.stderr));
  const rssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(rssFile, { force: true });
  return { ms, rssMb };
}

function main(): void {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  const hasRipgrep = existsSync('/usr/bin/rg');
  let baseline: Record<string, number> = {};
  for (const scale of [1, 4, 16]) {
    const tree = join(ROOT, `bench/.huge/growth-${scale}x`);
    const stats = writeCorpus(tree, BASE_FILES * scale, BASE_BYTES * scale);
    const mb = stats.bytes / 1024 / 1024;
    const ways: [string, string[]][] = [['walker', ['--no-rg']]];
    if (hasRipgrep) ways.push(['rg', ['--rg', '/usr/bin/rg']]);
    for (const [way, args] of ways) {
      const measured = Array.from({ length: runs }, () => scan(tree, args));
      const ms = median(measured.map((run) => run.ms));
      const rss = Math.max(...measured.map((run) => run.rssMb));
      if (scale === 1) baseline = { ...baseline, [way]: ms };
      console.log(
        `${scale}x (${stats.files} files, ${mb.toFixed(0)} MB) ${way.padEnd(6)}: ${ms.toFixed(0)} ms, ${(ms / mb).toFixed(1)} ms/MB, ${(ms / baseline[way]!).toFixed(2)}x the 1x time, peak RSS ${rss.toFixed(0)} MB`,
      );
    }
    rmSync(tree, { recursive: true, force: true });
  }
}

main();
