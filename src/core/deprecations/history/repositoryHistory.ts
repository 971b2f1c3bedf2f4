/**
 * One history run of a repository with the finder's rules: the blob cache under .git keyed by
 * what the counts depend on, each file version counted by an engine, and the forecasts. The CLI
 * (`history`, `report --history auto`) and the language server (the Deprecated Calls view's
 * verdict) both run it, so they count the same calls and share the cache.
 */
import type { DeprecationEngine } from '../engine';
import { languageOfPath } from '../lexers/languages';
import { DEFAULT_OPERATION_NAMES } from '../recognisers/operationCalls';
import { meetsConfidence, type Confidence } from '../model/confidence';
import { scanSafely } from '../scanSafely';
import { TOOL_VERSION } from '../toolVersion';
import { isScannedName } from '../workspace/workspaceWalker';
import { BlobCounts } from './blobCounts';
import { countHistory, type History, type Period } from './history';
import { countUntrackedCalls } from './untrackedCalls';
import { historyReport, type HistoryReport } from './historyReport';

export interface RepositoryHistoryRun {
  repository: string;
  gitDir: string;
  /** Repository-relative folders or files counted; none: everything. */
  scopes: readonly string[];
  since: Date;
  until: Date;
  every: Period;
  windowMonths: number;
  /** Read and keep the blob cache under .git. */
  cache: boolean;
  /** The finder as configured (operation names, routes counted or not). */
  engine: DeprecationEngine;
  /** What the engine was built with: the cache is only valid for the same. */
  engineSettings: { names: readonly string[] | undefined; countRoutes: boolean };
  minimum: Confidence;
  maxFileBytes: number;
}

/** The history and its forecasts, with what it cost (blobs scanned, and from the cache). */
export interface RepositoryHistoryResult {
  report: HistoryReport;
  scanned: number;
  cached: number;
}

export async function repositoryHistory(
  run: RepositoryHistoryRun,
): Promise<RepositoryHistoryResult> {
  const counted = await countRepositoryHistory(run);
  return { ...counted, report: await withWorkingTree(run, counted.history) };
}

/** The history's counts alone (what a caller may keep per HEAD): the cache read and saved. */
export async function countRepositoryHistory(
  run: RepositoryHistoryRun,
): Promise<{ history: History; scanned: number; cached: number }> {
  const { minimum } = run;
  const cache = BlobCounts.open(
    run.cache ? run.gitDir : undefined,
    JSON.stringify({
      version: TOOL_VERSION,
      minimum,
      names: namesKey(run.engineSettings.names),
      countRoutes: run.engineSettings.countRoutes,
    }),
  );
  const history = await countHistory({
    repository: run.repository,
    scopes: scopesOf(run),
    since: run.since,
    until: run.until,
    every: run.every,
    accepts: (path) => isScannedName(path.slice(path.lastIndexOf('/') + 1), languageOfPath(path)),
    count: counter(run),
    mightCount: (bytes) => run.engine.mightContainBytes(bytes),
    maxFileBytes: run.maxFileBytes,
    cache,
  });
  cache.save();
  return {
    history: { ...history, notes: [...cache.notes, ...history.notes] },
    scanned: history.scanned,
    cached: history.cached,
  };
}

/**
 * The history's report with the working tree as it is now: the calls in files git does not track
 * are counted (by the same rules) and named, so the verdict never says "done" while calls remain.
 */
export async function withWorkingTree(
  run: RepositoryHistoryRun,
  history: History,
): Promise<HistoryReport> {
  const untracked = await countUntrackedCalls({
    repository: run.repository,
    scopes: scopesOf(run),
    count: counter(run),
    mightCount: (bytes) => run.engine.mightContainBytes(bytes),
    maxFileBytes: run.maxFileBytes,
  });
  return historyReport(history, {
    version: TOOL_VERSION,
    every: run.every,
    forecast: { windowMonths: run.windowMonths },
    untracked,
  });
}

function scopesOf(run: RepositoryHistoryRun): readonly string[] {
  return run.scopes.includes('') ? [] : run.scopes;
}

/** The calls in one file's text, as the finder counts them (per file, at least `minimum` sure). */
function counter(run: RepositoryHistoryRun): (path: string, text: string) => number {
  return (path, text) => {
    const language = languageOfPath(path, text.slice(0, text.indexOf('\n') >>> 0));
    if (!language) return 0;
    const scan = scanSafely(run.engine, text, language);
    return scan.findings.filter((finding) => meetsConfidence(finding.confidence, run.minimum))
      .length;
  };
}

/** The same day a year before `now` (UTC): where `report --history auto` and the editor start. */
export function aYearBefore(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()));
}

/** The names the counts depend on; the default names are no names (the CLI and the editor agree). */
function namesKey(names: readonly string[] | undefined): string[] | null {
  if (!names) return null;
  const sorted = [...new Set(names)].sort();
  const defaults = [...DEFAULT_OPERATION_NAMES].sort();
  return sorted.join('\n') === defaults.join('\n') ? null : sorted;
}
