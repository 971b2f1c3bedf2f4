/**
 * The finder's workspace pipeline, one for every front end:
 *   list (once) → OpenAPI names → scan → cross-file (wrappers, own definitions, mounted routes)
 *   → findings in listing order.
 * Everything it reads comes through a WorkspacePort; how the candidates are read and scanned is a
 * ScanStep (this thread by default; the CLI's shares dense trees with worker threads).
 */
import { DeprecationEngine } from '../engine';
import { languageInterleavedOrder } from '../workspace/scanOrder';
import type { ListedFile, SkipNote } from '../workspace/workspaceWalker';
import { CandidateScanner, type FileScanSettings, type ScannedFile } from './candidateScanner';
import { addMountedRoutes, addWrapperCalls } from './crossFileStage';
import type { PipelineSettings, ScanOutcome, ScanRequest } from './scanOutcome';
import { listWorkspace, type ListingEvents } from './workspaceListing';
import type { WorkspaceListing, WorkspacePort } from './workspacePort';

export interface PipelineEvents extends ListingEvents {
  /** What the wrapper index passed over (names defined in too many places). */
  wrapperNote: (text: string) => void;
}

/** One listed file's result, held at its place in the listing until the scan is done. */
export interface HeldFile {
  scanned?: ScannedFile;
  notes?: SkipNote[];
}

export interface ScanStepInput {
  /** The listed files, in listing order. */
  files: readonly ListedFile[];
  /** The order to read them in (indexes into `files`: languages interleaved, see scanOrder.ts). */
  order: readonly number[];
  scanner: CandidateScanner;
  settings: FileScanSettings;
  request: ScanRequest;
  port: WorkspacePort;
}

/** Reads and scans the listed files: each file's result and notes at its place in the listing. */
export type ScanStep = (input: ScanStepInput) => Promise<HeldFile[]>;

/** Files scanned between two looks at a cancellation signal. */
const FILES_BETWEEN_CHECKS = 128;

/** The portable scan step: the port reads the candidates, this thread scans them. */
export const scanOnThisThread: ScanStep = async ({ files, order, scanner, request, port }) => {
  const held: HeldFile[] = [];
  const placeOf = new Map(files.map((file, place) => [file.path, place]));
  const heldAt = (path: string) => (held[placeOf.get(path)!] ??= {});
  request.signal?.throwIfAborted();
  let read = 0;
  const prefilter = Object.assign((bytes: Buffer) => scanner.engine.mightContainBytes(bytes), {
    text: (text: string) => scanner.engine.mightContain(text),
  });
  for await (const candidate of port.readCandidates(
    order.map((place) => files[place]!),
    prefilter,
    (skipped) => (heldAt(skipped.path).notes ??= []).push(skipped),
  )) {
    if (++read % FILES_BETWEEN_CHECKS === 0) request.signal?.throwIfAborted();
    const scanned = scanner.scan(candidate, request.keep);
    if (scanned) heldAt(candidate.path).scanned = scanned;
  }
  return held;
};

/** A whole scan of the workspace the port gives, with the listing it made (once). */
export async function scanWorkspace(
  port: WorkspacePort,
  settings: PipelineSettings,
  repository: string,
  request: ScanRequest,
  events: PipelineEvents,
  scanStep: ScanStep = scanOnThisThread,
): Promise<{ outcome: ScanOutcome; listing: WorkspaceListing }> {
  let ioError = false;
  const skipped = (note: SkipNote) => {
    if (note.reason === 'unreadable' || note.reason === 'missing' || note.reason === 'scanFailed')
      ioError = true;
    events.skipped(note);
  };
  const { listing, names } = await listWorkspace(
    port,
    { names: settings.names, openApi: settings.openApi },
    (operationNames) => new DeprecationEngine({ operationNames }).prefilterNeedles(),
    { ...events, skipped },
  );
  const fileSettings: FileScanSettings = {
    minimum: settings.minimum,
    names,
    maxFileBytes: settings.maxFileBytes,
    repository,
    fingerprints: !!request.fingerprints,
    snippets: !!request.snippets,
    countRoutes: settings.countRoutes,
    scannedTexts: !!request.scannedTexts,
  };
  const scanner = new CandidateScanner(fileSettings);
  const outcome: ScanOutcome = {
    results: [],
    fingerprinted: [],
    snippets: new Map(),
    scanned: listing.files.length,
    listedByRipgrep: listing.listedBy === 'search',
    ioError: false,
    mounts: [],
    scannedTexts: new Map(),
    engine: scanner.engine,
  };
  const held = await scanStep({
    files: listing.files,
    order: languageInterleavedOrder(listing.files),
    scanner,
    settings: fileSettings,
    request,
    port,
  });
  // What each file holds, and its notes, are handed on in listing order: the outcome and the
  // notes are the same whatever the scan order and the threads.
  held.forEach(({ scanned, notes }) => {
    notes?.forEach(skipped);
    if (scanned?.failure !== undefined)
      skipped({ path: scanned.path, reason: 'scanFailed', detail: scanned.failure });
    else if (scanned) addScanned(outcome, scanned);
  });
  request.signal?.throwIfAborted();
  if (settings.wrappers)
    for (const text of await addWrapperCalls(
      outcome,
      port,
      listing,
      settings.minimum,
      repository,
      request,
    ))
      events.wrapperNote(text);
  if (outcome.mounts.length) await addMountedRoutes(outcome, port, settings, repository, request);
  outcome.ioError = ioError;
  return { outcome, listing };
}

function addScanned(
  outcome: ScanOutcome,
  { path, findings, file, fingerprints, snippets, mounts, scannedText }: ScannedFile,
): void {
  if (mounts) outcome.mounts.push(...mounts);
  if (!findings.length) return;
  outcome.results.push({ path, findings });
  if (scannedText) outcome.scannedTexts.set(path, scannedText);
  if (file !== undefined && fingerprints)
    outcome.fingerprinted.push({
      file,
      found: findings.map((finding, index) => ({ finding, ...fingerprints[index]! })),
    });
  if (snippets)
    findings.forEach((finding, index) => outcome.snippets.set(finding, snippets[index]!));
}
