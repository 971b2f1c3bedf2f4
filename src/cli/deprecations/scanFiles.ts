import type { RouterMount } from '../../core/deprecations/crossFile/mountedRoutes';
import { availableParallelism } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import { DeprecationEngine, type Finding } from '../../core/deprecations/engine';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_MINIMUM_CONFIDENCE,
  type Confidence,
} from '../../core/deprecations/model/confidence';
import type { FingerprintedFinding } from '../../core/deprecations/migration/fingerprint';
import type { FileFindings } from '../../core/deprecations/reports/report';
import {
  listFilesWithRipgrep,
  ripgrepOnPath,
} from '../../core/deprecations/workspace/ripgrepCandidates';
import { scanBoundary } from '../../core/deprecations/workspace/repositoryRoot';
import { languageInterleavedOrder } from '../../core/deprecations/workspace/scanOrder';
import {
  findOpenApiNames,
  mentionsPetsParameter,
  openApiNamesIn,
} from '../../core/deprecations/workspace/openApiNames';
import { mayBeOpenApiFile } from '../../core/deprecations/workspace/openApiDocuments';
import { DEFAULT_OPERATION_NAMES } from '../../core/deprecations/recognisers/operationCalls';
import {
  CandidateReader,
  DEFAULT_MAX_FILE_BYTES,
  isScannedName,
  listFiles,
  type ListedFile,
  type SkipNote,
} from '../../core/deprecations/workspace/workspaceWalker';
import { note } from './cliOutput';
import { CandidateScanner, type FileScanSettings, type ScannedFile } from './fileScanner';
import { scanInParallel, scanWorkerScript, type FileResult } from './scanPool';
import { addMountedRoutes, addWrapperCalls } from './wrapperCalls';

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
const MAX_JOBS = 64;

/**
 * Threads by default: one per core, at most 8 (one on one core); startsThreads says when they
 * start. With N threads, this one scans and N - 1 are workers.
 */
export function defaultJobs(cores: number): number {
  return Math.max(1, Math.min(cores, 8));
}

/** The options every command that scans takes (parseArgs definitions). */
export const FINDER_OPTIONS = {
  confidence: { type: 'string', default: DEFAULT_MINIMUM_CONFIDENCE },
  names: { type: 'string' },
  'max-file-size': { type: 'string' },
  'no-gitignore': { type: 'boolean', default: false },
  rg: { type: 'string' },
  'no-rg': { type: 'boolean', default: false },
  jobs: { type: 'string' },
  'no-wrappers': { type: 'boolean', default: false },
  'no-openapi': { type: 'boolean', default: false },
  'count-routes': { type: 'boolean', default: false },
} as const;

export const FINDER_USAGE = `  --confidence LEVEL         report findings at least this sure: certain, likely (default)
                             or possible (all, also strings whose use is not seen)
  --names getPet,get_pet     operation names of generated clients (default getPet,get_pet,GetPet)
  --max-file-size BYTES      skip larger files, with a note (default ${DEFAULT_MAX_FILE_BYTES})
  --no-gitignore             also scan files that .gitignore excludes
  --rg PATH                  list candidate files with this ripgrep (default: rg on PATH, if any);
                             anything unexpected from it falls back to the built-in walker
  --no-rg                    never use ripgrep: walk the folders in Node
  --jobs N                   threads that read and scan files, this one included (default:
                             one per core, up to 8, once a tree proves dense; with two, only on
                             a large tree); N starts them at the first candidate; 1: one thread
  --no-wrappers              report only the requests, not the calls of the functions that
                             send them (wrappers, declared clients), in this or other files
  --no-openapi               do not take operation names from the OpenAPI documents found
                             (YAML or JSON describing GET /pets/{param}: its operationId)
  --count-routes             count the routes that serve GET /pets/{petId} (a server, a mock)
                             as calls; by default they are reported apart, as hints (possible)`;

export interface FinderSettings {
  minimum: Confidence;
  names?: string[];
  maxFileBytes: number;
  gitignore: boolean;
  /** The rg that lists candidate files, or undefined for the built-in walker. */
  ripgrep?: string;
  /** Threads that read and scan a dense tree (--jobs); undefined: defaultJobs of the cores. */
  jobs?: number;
  /** Also report calls of the functions that send the requests (default; --no-wrappers: not). */
  wrappers: boolean;
  /** Take operation names from OpenAPI documents under the roots (default; --no-openapi: not). */
  openApi: boolean;
  /** Count the routes that serve the operation as calls (--count-routes). */
  countRoutes: boolean;
  /**
   * Real paths of the folders nothing is read outside of (the MCP server's workspace; by default
   * the repositories around the roots, scanBoundary): links that leave them are skipped.
   */
  confine?: readonly string[];
}

/** Checks the finder's options: a message for the first bad one, else the settings. */
export function finderSettings(values: {
  confidence?: string;
  names?: string;
  'max-file-size'?: string;
  'no-gitignore'?: boolean;
  rg?: string;
  'no-rg'?: boolean;
  jobs?: string;
  'no-wrappers'?: boolean;
  'no-openapi'?: boolean;
  'count-routes'?: boolean;
}): FinderSettings | string {
  const minimum = (values.confidence ?? DEFAULT_MINIMUM_CONFIDENCE) as Confidence;
  if (!CONFIDENCE_LEVELS.includes(minimum))
    return `--confidence must be ${CONFIDENCE_LEVELS.join(', ')}, not "${minimum}"`;
  const maxFileBytes =
    values['max-file-size'] === undefined
      ? DEFAULT_MAX_FILE_BYTES
      : Number(values['max-file-size']);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes <= 0)
    return '--max-file-size must be a positive whole number';
  const names = values.names
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names && names.some((name) => !/^[A-Za-z_$][\w$]*$/.test(name)))
    return '--names must be identifiers separated by commas';
  if (values.rg !== undefined && values['no-rg']) return '--rg and --no-rg are used one at a time';
  if (values.rg === '') return '--rg needs the path of an rg executable';
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS))
    return `--jobs must be a whole number from 1 to ${MAX_JOBS}`;
  const ripgrep = values['no-rg'] ? undefined : (values.rg ?? ripgrepOnPath());
  return {
    minimum,
    names,
    maxFileBytes,
    gitignore: !values['no-gitignore'],
    ripgrep,
    jobs,
    wrappers: !values['no-wrappers'],
    openApi: !values['no-openapi'],
    countRoutes: !!values['count-routes'],
  };
}

export interface ScanOutcome {
  /** Files with findings, in listing order (whatever order they were scanned in). */
  results: FileFindings[];
  /** With `fingerprints`: the same findings fingerprinted, files named from the repository root. */
  fingerprinted: { file: string; found: FingerprintedFinding[] }[];
  /** With `snippets`: each finding's line, as a report shows it. */
  snippets: Map<Finding, string>;
  scanned: number;
  /** Whether ripgrep listed the files (then `scanned` counts its candidates, not every file). */
  listedByRipgrep: boolean;
  /** A file or folder could not be read, or a file scanned (the exit status says so). */
  ioError: boolean;
  /** Routers mounted on the pets collection, from the files scanned. */
  mounts: RouterMount[];
  /** The engine the files were scanned with (its operation names include the OpenAPI ones). */
  engine: DeprecationEngine;
}

/** What a command wants beside the findings, and how to scan. */
export interface ScanRequest {
  /** Fingerprint each finding (baselines, SARIF, Code Quality). */
  fingerprints?: boolean;
  /** Keep each finding's line (progress report, agent tools). */
  snippets?: boolean;
  /** Drops findings a command does not want (changed lines only); scans on this thread. */
  keep?: (path: string, finding: Finding) => boolean;
  /**
   * Stops the scan (rejecting with the signal's reason) once aborted: checked between files, the
   * scan then yielding to the event loop every FILES_BETWEEN_CHECKS files so that a cancellation
   * can arrive (an agent's tool call); on one thread only.
   */
  signal?: AbortSignal;
}

/** Files scanned between two looks at a cancellation signal. */
const FILES_BETWEEN_CHECKS = 128;

const NOTE_TEXT: Record<SkipNote['reason'], string> = {
  binary: 'skipped binary file',
  tooLarge: 'skipped file over the size limit',
  unreadable: 'could not read',
  symlinkLoop: 'skipped symlink loop',
  notRegularFile: 'skipped what is not a regular file (FIFO, socket or device)',
  outsideConfinement: 'skipped a link that leads outside the workspace',
  missing: 'no such file or folder',
  scanFailed: 'could not scan, so its calls are not reported',
};

/**
 * Scans files and folders with the finder: what each file holds, fingerprinted from the
 * repository root when asked. Once startsThreads says so, the rest of the listing is shared
 * between this thread and worker threads (one thread per core in all), with the same outcome, in
 * the same order, as on one thread. Files are read languages interleaved; findings and notes come
 * in listing order.
 */
export async function scanFiles(
  roots: readonly string[],
  settings: FinderSettings,
  repository: string,
  request: ScanRequest = {},
): Promise<ScanOutcome> {
  settings = { ...settings, confine: settings.confine ?? scanBoundary(roots) };
  let ioError = false;
  const onSkip = (skipped: SkipNote) => {
    if (
      skipped.reason === 'unreadable' ||
      skipped.reason === 'missing' ||
      skipped.reason === 'scanFailed'
    )
      ioError = true;
    note(
      `note: ${NOTE_TEXT[skipped.reason]}: ${skipped.path}${skipped.detail ? ` (${skipped.detail})` : ''}`,
    );
  };
  // Without ripgrep, one walk lists the files to scan and the YAML and JSON files that may be
  // OpenAPI documents; the pass over wrappers' calls reuses it. With ripgrep, one search lists
  // both (a document mentions "pets" as every candidate does): the tree is walked once.
  const walked = settings.ripgrep ? undefined : walkTree(roots, settings, onSkip);
  const searched = settings.ripgrep ? searchTree(roots, settings) : undefined;
  const fileSettings: FileScanSettings = {
    minimum: settings.minimum,
    names: withOpenApiNames(
      roots,
      settings,
      walked?.documents ??
        (searched && 'files' in searched
          ? searched.documents.filter(mentionsPetsParameter)
          : undefined),
    ),
    maxFileBytes: settings.maxFileBytes,
    repository,
    fingerprints: !!request.fingerprints,
    snippets: !!request.snippets,
    countRoutes: settings.countRoutes,
  };
  const scanner = new CandidateScanner(fileSettings);
  const outcome: ScanOutcome = {
    results: [],
    fingerprinted: [],
    snippets: new Map(),
    scanned: 0,
    listedByRipgrep: false,
    ioError: false,
    mounts: [],
    engine: scanner.engine,
  };
  const add = ({ path, findings, file, fingerprints, snippets, mounts }: ScannedFile) => {
    if (mounts) outcome.mounts.push(...mounts);
    if (!findings.length) return;
    outcome.results.push({ path, findings });
    if (file !== undefined && fingerprints)
      outcome.fingerprinted.push({
        file,
        found: findings.map((finding, index) => ({ finding, ...fingerprints[index]! })),
      });
    if (snippets)
      findings.forEach((finding, index) => outcome.snippets.set(finding, snippets[index]!));
  };
  // Files are scanned in languageInterleavedOrder (see there why). What each holds, and its
  // notes, wait at its place in the listing and are handed on in listing order at the end: the
  // outcome and the notes are the same whatever the scan order and the threads.
  const held: { scanned?: ScannedFile; notes?: SkipNote[] }[] = [];
  const heldAt = (listed: number) => (held[listed] ??= {});
  /** The listing place of the file this thread's reader is reading. */
  let reading = 0;

  const reader = new CandidateReader(
    (bytes) => scanner.engine.mightContainBytes(bytes),
    (skipped) => (heldAt(reading).notes ??= []).push(skipped),
    settings.maxFileBytes,
  );
  const listing = walked
    ? { list: walked.files, byRipgrep: false }
    : listScannedFiles(roots, settings, scanner.engine, onSkip, searched);
  outcome.listedByRipgrep = listing.byRipgrep;
  const order = languageInterleavedOrder(listing.list);
  const files = order.map((listed) => listing.list[listed]!);
  outcome.scanned = files.length;
  const jobs = settings.jobs ?? defaultJobs(availableParallelism());
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
        explicitJobs: settings.jobs !== undefined,
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
        fileSettings,
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
  held.forEach(({ scanned, notes }) => {
    notes?.forEach(onSkip);
    if (scanned?.failure !== undefined)
      onSkip({ path: scanned.path, reason: 'scanFailed', detail: scanned.failure });
    else if (scanned) add(scanned);
  });
  request.signal?.throwIfAborted();
  if (settings.wrappers)
    await addWrapperCalls(
      outcome,
      roots,
      settings,
      repository,
      request,
      listing.byRipgrep ? undefined : listing.list,
    );
  if (outcome.mounts.length) await addMountedRoutes(outcome, settings, repository, request);
  outcome.ioError = ioError;
  return outcome;
}

/**
 * The operation names to look for: the configured ones (or the defaults) and those of the OpenAPI
 * documents under roots that describe GET /pets/{param}, each document noted.
 */
export function withOpenApiNames(
  roots: readonly string[],
  settings: FinderSettings,
  walkedDocuments: readonly ListedFile[] | undefined,
): string[] | undefined {
  if (!settings.openApi) return settings.names;
  const found = walkedDocuments
    ? openApiNamesIn(walkedDocuments)
    : findOpenApiNames(roots, {
        gitignore: settings.gitignore,
        ripgrep: settings.ripgrep,
        confine: settings.confine ?? scanBoundary(roots),
      });
  for (const { path, problem } of found.problems)
    note(`note: skipped OpenAPI document ${shownPath(path)} (${problem})`);
  for (const { path, names } of found.documents)
    note(
      `note: GET /pets/{petId} is named ${names.join(', ')} in ${shownPath(path)}: its generated clients' calls are looked for`,
    );
  if (found.names.length === 0) return settings.names;
  return [...new Set([...(settings.names ?? DEFAULT_OPERATION_NAMES), ...found.names])];
}

/** The walker's listing of the files to scan, and apart the possible OpenAPI documents. */
function walkTree(
  roots: readonly string[],
  settings: FinderSettings,
  onSkip: (note: SkipNote) => void,
): { files: ListedFile[]; documents: ListedFile[] } {
  const files: ListedFile[] = [];
  const documents: ListedFile[] = [];
  const listed = listFiles(roots, onSkip, {
    gitignore: settings.gitignore,
    confine: settings.confine,
    accept: (name, language) =>
      isScannedName(name, language) || (settings.openApi && mayBeOpenApiFile(name)),
  });
  for (const file of listed) {
    if (file.language === undefined && mayBeOpenApiFile(file.path)) documents.push(file);
    else files.push(file);
  }
  return { files, documents };
}

/** rg's listing of the files to scan and of the possible OpenAPI documents, and its needles. */
type Searched =
  | { files: ListedFile[]; documents: ListedFile[]; needles: string[]; notes: SkipNote[] }
  | { problem: string };

/**
 * One rg search for the default needles (or the configured names'), keeping the files a scan
 * reads and the YAML and JSON files that may be OpenAPI documents.
 */
function searchTree(roots: readonly string[], settings: FinderSettings): Searched {
  const needles = new DeprecationEngine({ operationNames: settings.names }).prefilterNeedles();
  const notes: SkipNote[] = [];
  const listing = listFilesWithRipgrep(
    roots,
    {
      rg: settings.ripgrep!,
      patterns: needles,
      fixedStrings: true,
      gitignore: settings.gitignore,
      confine: settings.confine,
      accept: (name, language) =>
        isScannedName(name, language) || (settings.openApi && mayBeOpenApiFile(name)),
    },
    (skipped) => notes.push(skipped),
  );
  if ('problem' in listing) return listing;
  const files: ListedFile[] = [];
  const documents: ListedFile[] = [];
  for (const file of listing.files)
    if (file.language === undefined && mayBeOpenApiFile(file.path)) documents.push(file);
    else files.push(file);
  return { files, documents, needles, notes };
}

/** A path as notes show it: relative to the working folder when inside it. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}

/**
 * The files to read: listed by ripgrep when there is one (only the files holding a needle), else
 * by the walker. A listing rg could not complete is dropped whole, with one note, for the walker's.
 */
function listScannedFiles(
  roots: readonly string[],
  settings: FinderSettings,
  engine: DeprecationEngine,
  onSkip: (note: SkipNote) => void,
  searched?: Searched,
): { list: ListedFile[]; byRipgrep: boolean } {
  if (searched && 'files' in searched) {
    // The documents' names added needles: only those are searched for again.
    const more = engine.prefilterNeedles().filter((needle) => !searched.needles.includes(needle));
    const extra = more.length
      ? listFilesWithRipgrep(
          roots,
          {
            rg: settings.ripgrep!,
            patterns: more,
            fixedStrings: true,
            gitignore: settings.gitignore,
            confine: settings.confine,
          },
          (skipped) => searched.notes.push(skipped),
        )
      : { files: [] };
    if ('files' in extra) {
      searched.notes.forEach(onSkip);
      const listed = new Set(searched.files.map((file) => file.path));
      const files = [...searched.files, ...extra.files.filter((file) => !listed.has(file.path))];
      files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { list: files, byRipgrep: true };
    }
    note(`note: ${extra.problem}; scanning with the built-in walker instead`);
    return {
      list: listFiles(roots, onSkip, { gitignore: settings.gitignore, confine: settings.confine }),
      byRipgrep: false,
    };
  }
  if (searched) {
    note(`note: ${searched.problem}; scanning with the built-in walker instead`);
    return {
      list: listFiles(roots, onSkip, { gitignore: settings.gitignore, confine: settings.confine }),
      byRipgrep: false,
    };
  }
  if (settings.ripgrep) {
    // Notes wait for the listing to be used: a fallback walk notes the same roots again.
    const notes: SkipNote[] = [];
    const listing = listFilesWithRipgrep(
      roots,
      {
        rg: settings.ripgrep,
        patterns: engine.prefilterNeedles(),
        fixedStrings: true,
        gitignore: settings.gitignore,
        confine: settings.confine,
      },
      (skipped) => notes.push(skipped),
    );
    if ('files' in listing) {
      notes.forEach(onSkip);
      // rg's threads list in no set order: by path, files of a folder are read together (as the
      // walker reads them) and notes come in the same order on every run.
      listing.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { list: listing.files, byRipgrep: true };
    }
    note(`note: ${listing.problem}; scanning with the built-in walker instead`);
  }
  return {
    list: listFiles(roots, onSkip, { gitignore: settings.gitignore, confine: settings.confine }),
    byRipgrep: false,
  };
}
