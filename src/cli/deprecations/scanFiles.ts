/**
 * The CLI's front end of the workspace pipeline (src/core/deprecations/pipeline/): the finder's
 * options, and scans that run the pipeline over Node's workspace port, notes on stderr.
 */
import { isAbsolute, relative } from 'node:path';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_MINIMUM_CONFIDENCE,
  type Confidence,
} from '../../core/deprecations/model/confidence';
import type { OpenApiNames } from '../../core/deprecations/workspace/openApiNames';
import { ripgrepOnPath } from '../../core/deprecations/workspace/ripgrepCandidates';
import { scanBoundary } from '../../core/deprecations/workspace/repositoryRoot';
import {
  DEFAULT_MAX_FILE_BYTES,
  type SkipNote,
} from '../../core/deprecations/workspace/workspaceWalker';
import { NodeWorkspacePort } from '../../core/deprecations/pipeline/nodeWorkspacePort';
import type { WorkspacePort } from '../../core/deprecations/pipeline/workspacePort';
import { listWorkspace } from '../../core/deprecations/pipeline/workspaceListing';
import {
  scanWorkspace,
  type PipelineEvents,
} from '../../core/deprecations/pipeline/workspacePipeline';
import type { ScanOutcome, ScanRequest } from '../../core/deprecations/pipeline/scanOutcome';
import { DeprecationEngine } from '../../core/deprecations/engine';
import { note } from './cliOutput';
import { MAX_JOBS, threadedScanStep } from './threadedScan';

export { defaultJobs, startsThreads } from './threadedScan';
export type { ScanOutcome, ScanRequest } from '../../core/deprecations/pipeline/scanOutcome';

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
  --count-routes             count the routes that serve GET /pets/{petId} (a server, a mock),
                             and the tests that call them through a test client, as calls; by
                             default they are reported apart, as hints (possible)`;

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
 * Scans files and folders with the finder's workspace pipeline over Node's port (ripgrep's
 * listing, or the walker's): what each file holds, fingerprinted from the repository root when
 * asked. Dense trees are shared with worker threads (threadedScan.ts), with the same outcome, in
 * the same order, as on one thread; findings and notes come in listing order.
 */
export async function scanFiles(
  roots: readonly string[],
  settings: FinderSettings,
  repository: string,
  request: ScanRequest = {},
): Promise<ScanOutcome> {
  return scanFilesWith(workspacePort(roots, settings), settings, repository, request);
}

/** The same scan over a given port (a test records the port's calls). */
export async function scanFilesWith(
  port: WorkspacePort,
  settings: FinderSettings,
  repository: string,
  request: ScanRequest = {},
): Promise<ScanOutcome> {
  const { outcome } = await scanWorkspace(
    port,
    settings,
    repository,
    request,
    cliEvents,
    threadedScanStep(settings.jobs),
  );
  return outcome;
}

/** Node's port onto the roots with the finder's options, confined to their repositories. */
export function workspacePort(
  roots: readonly string[],
  settings: FinderSettings,
): NodeWorkspacePort {
  return new NodeWorkspacePort(roots, {
    ripgrep: settings.ripgrep,
    gitignore: settings.gitignore,
    confine: settings.confine ?? scanBoundary(roots),
    maxFileBytes: settings.maxFileBytes,
  });
}

/** The pipeline's events as the CLI's notes on stderr. */
const cliEvents: PipelineEvents = {
  skipped: (skipped) =>
    note(
      `note: ${NOTE_TEXT[skipped.reason]}: ${skipped.path}${skipped.detail ? ` (${skipped.detail})` : ''}`,
    ),
  documentsRead: noteDocuments,
  searchFailed: (problem) => note(`note: ${problem}; scanning with the built-in walker instead`),
  wrapperNote: (text) => note(`note: ${text}`),
};

function noteDocuments(found: OpenApiNames): void {
  for (const { path, problem } of found.problems)
    note(`note: skipped OpenAPI document ${shownPath(path)} (${problem})`);
  for (const { path, names } of found.documents)
    note(
      `note: GET /pets/{petId} is named ${names.join(', ')} in ${shownPath(path)}: its generated clients' calls are looked for`,
    );
}

/**
 * The operation names to look for under roots without scanning them (the history's current
 * tree): the configured ones (or the defaults) and those of the OpenAPI documents that describe
 * GET /pets/{param}, each document noted.
 */
export async function withOpenApiNames(
  roots: readonly string[],
  settings: FinderSettings,
): Promise<string[] | undefined> {
  if (!settings.openApi) return settings.names;
  const { names } = await listWorkspace(
    workspacePort(roots, settings),
    { names: settings.names, openApi: true },
    (operationNames) => new DeprecationEngine({ operationNames }).prefilterNeedles(),
    { skipped: () => undefined, documentsRead: noteDocuments, searchFailed: () => undefined },
  );
  return names;
}

/** A path as notes show it: relative to the working folder when inside it. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}
