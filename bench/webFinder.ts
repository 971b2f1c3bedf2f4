/**
 * The browser's finder against the language server's scan on disk, on the same 2,000-file
 * workspace: the workspace pipeline over the editor's port (files listed by name, read one by one
 * through an asynchronous API, as workspace.fs reads them) and over the Node port (the walker and
 * the disk, one thread, as the language server scans). Alternating runs in this process, medians
 * and their ratio (goal: the browser's first diagnostics within 2x). What this leaves out is the
 * browser's own latency per read, which a virtual file system adds on top.
 * Run: npm run bench:web-finder
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  finderSettings,
  scanFilesWith,
  workspacePort,
  type FinderSettings,
} from '../src/cli/deprecations/scanFiles';
import {
  EditorWorkspacePort,
  type EditorFiles,
} from '../src/core/deprecations/pipeline/editorWorkspacePort';
import { scanWorkspace } from '../src/core/deprecations/pipeline/workspacePipeline';
import { median } from './cliTiming';
import { writeCorpus } from './corpus';

const CORPUS = join(mkdtempSync(join(tmpdir(), 'petstore-web-finder-')), 'workspace');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The editor's file APIs over files held in memory, each answer on a later turn (as an API call's). */
class AsyncFiles implements EditorFiles {
  constructor(private readonly files: Map<string, Uint8Array>) {}
  list() {
    return later([...this.files.keys()]);
  }
  stat(path: string) {
    const bytes = this.files.get(path);
    return later(bytes && { size: bytes.length });
  }
  read(path: string) {
    return later(this.files.get(path)!);
  }
}

function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}

function filesOf(root: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) files.set(path, readFileSync(path));
    }
  };
  visit(root);
  return files;
}

const EVENTS = {
  skipped: () => undefined,
  documentsRead: () => undefined,
  searchFailed: () => undefined,
  wrapperNote: () => undefined,
};

async function main(): Promise<void> {
  const stats = writeCorpus(CORPUS, 2_000, 20 * 1024 * 1024);
  console.log(
    `workspace: ${stats.files} files, ${(stats.bytes / 1048576).toFixed(0)} MB, ${stats.uses} uses`,
  );
  const settings = { ...(finderSettings({ 'no-rg': true }) as FinderSettings), jobs: 1 };
  const files = filesOf(CORPUS);
  const disk = async () => {
    const started = performance.now();
    const outcome = await scanFilesWith(workspacePort([CORPUS], settings), settings, CORPUS);
    return { ms: performance.now() - started, found: outcome.results.length };
  };
  const browser = async () => {
    const started = performance.now();
    const port = new EditorWorkspacePort(new AsyncFiles(files));
    const { outcome } = await scanWorkspace(port, settings, CORPUS, {}, EVENTS);
    return { ms: performance.now() - started, found: outcome.results.length };
  };
  await disk();
  await browser();
  const disks: number[] = [];
  const browsers: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const onDisk = await disk();
    const inBrowser = await browser();
    if (onDisk.found !== inBrowser.found)
      throw new Error(
        `different files found: ${onDisk.found} on disk, ${inBrowser.found} in the browser's port`,
      );
    disks.push(onDisk.ms);
    browsers.push(inBrowser.ms);
  }
  console.log(
    `language server's scan on disk   ${median(disks).toFixed(0).padStart(6)} ms (median of ${ROUNDS})`,
  );
  console.log(
    `browser's finder (editor's port) ${median(browsers).toFixed(0).padStart(6)} ms (median of ${ROUNDS})`,
  );
  console.log(
    `ratio browser / disk = ${(median(browsers) / median(disks)).toFixed(2)}  (goal: within 2)`,
  );
}

void main().finally(() => rmSync(join(CORPUS, '..'), { recursive: true, force: true }));
