import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListedFile, SkipNote } from '../../core/deprecations/workspace/workspaceWalker';
import type { FileScanSettings, ScannedFile } from './fileScanner';

/** A listed file as a worker receives it: its place in the listing, its path and name bytes. */
export interface FileToScan {
  index: number;
  path: string;
  bytes?: Uint8Array;
}

/** What a worker sends back for one file: its notes (skipped, unreadable) and its findings. */
export interface FileResult {
  index: number;
  notes: SkipNote[];
  scanned?: ScannedFile;
}

/** The worker bundle built beside the CLI's (scripts/build.mjs); absent when run from sources. */
export function scanWorkerScript(): string | undefined {
  const script = join(__dirname, 'scan-worker.js');
  return existsSync(script) ? script : undefined;
}

/** Files per message: large enough that messaging is cheap, small enough to share the tail. */
const BATCH_FILES = 16;
/** Batches each worker holds, so it never waits for the next one. */
const BATCHES_IN_FLIGHT = 2;

/**
 * Scans the listed files on `jobs` worker threads, each reading and scanning whole files with its
 * own reader and engine. Results are handed to `onResult` in listing order (out-of-order ones
 * wait), so the outcome, notes included, is the one-thread scan's. Each worker holds at most
 * BATCHES_IN_FLIGHT batches: memory follows the batches, not the tree. Rejects if a worker fails.
 */
export function scanInParallel(
  files: readonly ListedFile[],
  settings: FileScanSettings,
  jobs: number,
  script: string,
  onResult: (result: FileResult) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (!files.length) {
      resolve();
      return;
    }
    const waiting = new Map<number, FileResult>();
    let dispatched = 0;
    let delivered = 0;
    let finished = false;
    const workers: Worker[] = [];
    const stop = (error?: Error) => {
      if (finished) return;
      finished = true;
      void Promise.all(workers.map((worker) => worker.terminate())).then(() =>
        error ? reject(error) : resolve(),
      );
    };
    const dispatch = (worker: Worker) => {
      if (dispatched >= files.length) return;
      const batch: FileToScan[] = [];
      for (const end = Math.min(files.length, dispatched + BATCH_FILES); dispatched < end;) {
        const { path, bytes } = files[dispatched]!;
        batch.push({ index: dispatched++, path, bytes });
      }
      worker.postMessage(batch);
    };
    const count = Math.min(jobs, Math.ceil(files.length / BATCH_FILES));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: settings });
      workers.push(worker);
      worker.on('message', (results: FileResult[]) => {
        if (finished) return; // a batch that was under way when another worker failed
        try {
          for (const result of results) waiting.set(result.index, result);
          for (let next = waiting.get(delivered); next; next = waiting.get(delivered)) {
            waiting.delete(delivered++);
            onResult(next);
          }
        } catch (error) {
          stop(error as Error);
          return;
        }
        if (delivered === files.length) stop();
        else dispatch(worker);
      });
      worker.on('error', (error) => stop(error));
      worker.on('exit', (code) => stop(new Error(`a scan worker stopped (status ${code})`)));
      for (let batch = 0; batch < BATCHES_IN_FLIGHT; batch++) dispatch(worker);
    }
  });
}
