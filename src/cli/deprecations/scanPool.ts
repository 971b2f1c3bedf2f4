import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListedFile, SkipNote } from '../../core/deprecations/workspace/workspaceWalker';
import type {
  FileScanSettings,
  ScannedFile,
} from '../../core/deprecations/pipeline/candidateScanner';

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
 * Results the main thread may hold while a worker still has an earlier batch: past this it stops
 * taking files until the worker answers, so memory stays bounded by batches, not by the tree.
 */
const AHEAD_LIMIT_FILES = 64 * BATCH_FILES;

/**
 * Scans the listed files on `jobs` threads: this one (already warm, since it scanned the files
 * before) and `jobs - 1` worker threads, each reading and scanning whole files with its own reader
 * and engine. Every thread takes a batch when it has finished one, so a worker still warming up
 * takes fewer. Results are handed to `onResult` in listing order (out-of-order ones wait), so the
 * outcome, notes included, is the one-thread scan's. Rejects if a worker fails or `scanHere`
 * throws.
 */
export function scanInParallel(
  files: readonly ListedFile[],
  settings: FileScanSettings,
  jobs: number,
  script: string,
  scanHere: (file: ListedFile, index: number) => FileResult,
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
    /** Set while this thread waits for a worker's earlier batch before taking more. */
    let hereIsWaiting = false;
    const workers: Worker[] = [];
    const stop = (error?: Error) => {
      if (finished) return;
      finished = true;
      void Promise.all(workers.map((worker) => worker.terminate())).then(() =>
        error ? reject(error) : resolve(),
      );
    };
    /** Hands on what is now in order; true when everything was delivered. */
    const deliver = (results: readonly FileResult[]): boolean => {
      for (const result of results) waiting.set(result.index, result);
      for (let next = waiting.get(delivered); next; next = waiting.get(delivered)) {
        waiting.delete(delivered++);
        onResult(next);
      }
      return delivered === files.length;
    };
    const nextBatch = (): FileToScan[] => {
      const batch: FileToScan[] = [];
      for (const end = Math.min(files.length, dispatched + BATCH_FILES); dispatched < end;) {
        const { path, bytes } = files[dispatched]!;
        batch.push({ index: dispatched++, path, bytes });
      }
      return batch;
    };
    const dispatch = (worker: Worker) => {
      if (dispatched < files.length) worker.postMessage(nextBatch());
    };
    // This thread scans a batch per turn of the event loop, between the workers' messages.
    const scanTurn = () => {
      if (finished || dispatched >= files.length) return;
      if (dispatched - delivered >= AHEAD_LIMIT_FILES) {
        hereIsWaiting = true; // resumed by the next worker message
        return;
      }
      try {
        const results = nextBatch().map(({ index }) => scanHere(files[index]!, index));
        if (deliver(results)) stop();
        else setImmediate(scanTurn);
      } catch (error) {
        stop(error as Error);
      }
    };
    const workerCount = Math.min(jobs - 1, Math.ceil(files.length / BATCH_FILES) - 1);
    for (let i = 0; i < workerCount; i++) {
      const worker = new Worker(script, { workerData: settings });
      workers.push(worker);
      worker.on('message', (results: FileResult[]) => {
        if (finished) return; // a batch that was under way when another worker failed
        try {
          if (deliver(results)) {
            stop();
            return;
          }
        } catch (error) {
          stop(error as Error);
          return;
        }
        dispatch(worker);
        if (hereIsWaiting) {
          hereIsWaiting = false;
          scanTurn();
        }
      });
      worker.on('error', (error) => stop(error));
      worker.on('exit', (code) => stop(new Error(`a scan worker stopped (status ${code})`)));
      for (let batch = 0; batch < BATCHES_IN_FLIGHT; batch++) dispatch(worker);
    }
    scanTurn();
  });
}
