/**
 * The browser's first diagnostics against the desktop's, through the language server itself, on
 * the same 2,000-file workspace (goal: the browser's within 2x). Each session is a fresh process
 * (webLanguageServerSession.ts), timed from initialize to the end of the first workspace scan,
 * when every file's diagnostics are published:
 *   browser: the browser's server over a MessageChannel, in a process with only the browser's
 *     runtime of vscode-jsonrpc, its files answered from memory one request at a time,
 *     asynchronously (a virtual file system's own latency per read is not in it);
 *   disk: the same server with Node's host on the workspace on disk (the built-in walker, no rg).
 * Rounds alternate the two; medians and their ratio are printed.
 * Run: npm run bench:web-lsp (BENCH_ROUNDS=5 by default)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './cliTiming';
import { writeCorpus } from './corpus';
import type { SessionResult } from './webLanguageServerSession';

const CORPUS = join(mkdtempSync(join(tmpdir(), 'petstore-web-lsp-')), 'workspace');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SESSION = join(__dirname, 'webLanguageServerSession.ts');

function session(mode: 'browser' | 'disk'): SessionResult {
  // The browser's session loads the packages' browser builds, as esbuild picks them for dist/web.
  const conditions = mode === 'browser' ? ['--conditions=browser'] : [];
  const run = spawnSync(
    process.execPath,
    [...conditions, '--import', 'tsx', SESSION, mode, CORPUS],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (run.status !== 0) throw new Error(`the ${mode} session failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as SessionResult;
}

function main(): void {
  const stats = writeCorpus(CORPUS, 2_000, 20 * 1024 * 1024);
  console.log(
    `workspace: ${stats.files} files, ${(stats.bytes / 1048576).toFixed(0)} MB, ${stats.uses} uses`,
  );
  const disks: number[] = [];
  const browsers: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const onDisk = session('disk');
    const inBrowser = session('browser');
    if (onDisk.files !== inBrowser.files || onDisk.diagnostics !== inBrowser.diagnostics)
      throw new Error(
        `different diagnostics: ${JSON.stringify(onDisk)} on disk, ${JSON.stringify(inBrowser)} in the browser`,
      );
    console.log(
      `round ${round + 1}: disk ${onDisk.ms.toFixed(0)} ms, browser ${inBrowser.ms.toFixed(0)} ms (${inBrowser.files} files with ${inBrowser.diagnostics} diagnostics; ${inBrowser.fileRequests} file requests answered)`,
    );
    disks.push(onDisk.ms);
    browsers.push(inBrowser.ms);
  }
  console.log(
    `language server on disk (Node host)      ${median(disks).toFixed(0).padStart(6)} ms (median of ${ROUNDS})`,
  );
  console.log(
    `language server in the browser (channel) ${median(browsers).toFixed(0).padStart(6)} ms (median of ${ROUNDS})`,
  );
  console.log(
    `ratio browser / disk = ${(median(browsers) / median(disks)).toFixed(2)}  (goal: within 2)`,
  );
}

try {
  main();
} finally {
  rmSync(join(CORPUS, '..'), { recursive: true, force: true });
}
