/**
 * The CLI's scan step of the workspace pipeline: reads candidates synchronously (page-cached files
 * read fastest so) and scans them on this thread until a tree proves dense, then shares the rest
 * of the listing with worker threads (scanPool.ts). Results wait at their place in the listing.
 */
import { availableParallelism } from 'node:os';
import type { HeldFile, ScanStep } from '../../core/deprecations/pipeline/workspacePipeline';
import {
  CandidateReader,
  type ListedFile,
} from '../../core/deprecations/workspace/workspaceWalker';
import { scanInParallel, scanWorkerScript, type FileResult } from './scanPool';

/**
 * Candidates found before the rest of a listing goes to workers: trees with fewer are scanned on
 * the main thread, since starting workers (tens of milliseconds each, then their compilers'
 * warm-up) would cost more than they save. A few megabytes of candidates start them as well.
 */
const PARALLEL_FROM_FILES = 256;
const PARALLEL_FROM_BYTES = 4 * 1024 * 1024;
/**
 * With two threads (two cores), files that must still be listed after that: a worker's warm-up
 * pays off only on a large tree. Measured on two vCPUs (dense trees of ~5 KB files, --jobs 1 vs
 * --jobs 2): one thread 1.2x–1.3x faster on 1,500 and 4,000 files, 1.04x–0.97x on 10,000 (two
 * machines), two threads 1.10x faster on 20,000, 1.21x on 40,000 and 1.2x–1.7x on 160,000.
 */
const TWO_THREADS_FROM_REMAINING_FILES = 16_384;

/**
 * Whether the rest of the listing goes to threads now: at once with an explicit --jobs N; by
 * default once the tree proved dense and, with only two threads, enough of it remains.
 */
export function startsThreads(progress: {
  jobs: number;
  explicitJobs: boolean;
  candidates: number;
  candidateBytes: number;
  remainingFiles: number;
}): boolean {
  if (progress.jobs < 2 || progress.remainingFiles < 1) return false;
  if (progress.explicitJobs) return true;
  const dense =
    progress.candidates >= PARALLEL_FROM_FILES || progress.candidateBytes >= PARALLEL_FROM_BYTES;
  return (
    dense && (progress.jobs > 2 || progress.remainingFiles >= TWO_THREADS_FROM_REMAINING_FILES)
  );
}

/** Threads a scan may use: more than the cores only adds memory. */
export const MAX_JOBS = 64;

/**
 * Threads by default: one per core, at most 8 (one on one core); startsThreads says when they
 * start. With N threads, this one scans and N - 1 are workers.
 */
export function defaultJobs(cores: number): number {
  return Math.max(1, Math.min(cores, 8));
}

/** Files scanned between two looks at a cancellation signal. */
const FILES_BETWEEN_CHECKS = 128;

/**
 * The scan step on `jobs` threads (undefined: defaultJobs of the cores): once startsThreads says
 * so, the rest of the listing is shared between this thread and worker threads, with the same
 * results, at the same places, as on one thread.
 */
export function threadedScanStep(jobsAsked: number | undefined): ScanStep {
  return async ({ files: listed, order, scanner, settings, request }) => {
    const held: HeldFile[] = [];
    const heldAt = (place: number) => (held[place] ??= {});
    /** The listing place of the file this thread's reader is reading. */
    let reading = 0;
    const reader = new CandidateReader(
      (bytes) => scanner.engine.mightContainBytes(bytes),
      (skipped) => (heldAt(reading).notes ??= []).push(skipped),
      settings.maxFileBytes,
    );
    const files = order.map((place) => listed[place]!);
    const jobs = jobsAsked ?? defaultJobs(availableParallelism());
    // Workers from the built bundle (not when run from sources), never with a filter to call.
    const script = jobs > 1 && !request.keep && !request.signal ? scanWorkerScript() : undefined;
    let candidates = 0;
    let candidateBytes = 0;
    request.signal?.throwIfAborted();
    for (let index = 0; index < files.length; index++) {
      if (request.signal && index % FILES_BETWEEN_CHECKS === FILES_BETWEEN_CHECKS - 1) {
        await new Promise((resolve) => setImmediate(resolve));
        request.signal.throwIfAborted();
      }
      reading = order[index]!;
      const candidate = reader.read(files[index]!);
      if (!candidate) continue;
      const scanned = scanner.scan(candidate, request.keep);
      if (scanned) heldAt(reading).scanned = scanned;
      candidates++;
      candidateBytes += candidate.text.length;
      const threads =
        script !== undefined &&
        startsThreads({
          jobs,
          explicitJobs: jobsAsked !== undefined,
          candidates,
          candidateBytes,
          remainingFiles: files.length - index - 1,
        });
      if (threads) {
        // The rest of the files are read and scanned here and on workers.
        const placeOf = (at: number) => order[index + 1 + at]!;
        const scanHere = (file: ListedFile, at: number): FileResult => {
          reading = placeOf(at);
          const read = reader.read(file);
          return { index: at, notes: [], scanned: read && scanner.scan(read) };
        };
        await scanInParallel(
          files.slice(index + 1),
          settings,
          jobs,
          script,
          scanHere,
          ({ index: at, notes, scanned }) => {
            const place = heldAt(placeOf(at));
            if (notes.length) (place.notes ??= []).push(...notes);
            if (scanned) place.scanned = scanned;
          },
        );
        break;
      }
    }
    return held;
  };
}
