/**
 * The scan a command runs on the findings it is asked about, shared by `scan`, `plan` and `fix`:
 * the paths, or only the files changed since a revision (`--changed-since`), only the calls on
 * changed lines (`--only-changed-lines`), and only the calls a baseline does not accept
 * (`--baseline`).
 */
import { resolve } from 'node:path';
import type { Finding } from '../../core/deprecations/engine';
import {
  BaselineError,
  compareWithBaseline,
  readBaselineFile,
  type Baseline,
} from '../../core/deprecations/migration/baseline';
import type { FingerprintedFinding } from '../../core/deprecations/migration/fingerprint';
import type { BaselineCounts, FileFindings } from '../../core/deprecations/reports/report';
import {
  ChangedFilesError,
  changedSince,
  isChangedLine,
  type ChangedFiles,
} from '../../core/deprecations/workspace/changedFiles';
import { isInside } from '../../core/deprecations/workspace/pathInside';
import { repositoryRoot } from '../../core/deprecations/workspace/repositoryRoot';
import { fail, note, plural } from './cliOutput';
import { scanFiles, type FinderSettings, type ScanOutcome, type ScanRequest } from './scanFiles';

export const SELECTION_OPTIONS = {
  baseline: { type: 'string' },
  'changed-since': { type: 'string' },
  'only-changed-lines': { type: 'boolean', default: false },
} as const;

export interface SelectionValues {
  baseline?: string;
  'changed-since'?: string;
  'only-changed-lines'?: boolean;
}

export interface Selection {
  outcome: ScanOutcome;
  /** The files' findings that were asked about (not baselined, on changed lines). */
  results: FileFindings[];
  roots: string[];
  repository: string;
  baseline?: Baseline;
  baselineNote: string;
  baselineCounts?: BaselineCounts;
}

/** The baseline `--baseline FILE` names (a corrupt one ends the run with its reason). */
export function baselineOption(file: string | undefined): Baseline | undefined {
  let baseline: Baseline | undefined;
  try {
    if (file !== undefined) baseline = readBaselineFile(resolve(file));
  } catch (error) {
    if (error instanceof BaselineError) fail(error.message);
    throw error;
  }
  if (baseline?.duplicates)
    note(
      `note: the baseline ${file} repeats ${baseline.duplicates} ${baseline.duplicates === 1 ? 'entry' : 'entries'}: each call is counted once`,
    );
  return baseline;
}

export async function scanSelection(
  paths: readonly string[],
  settings: FinderSettings,
  values: SelectionValues,
  usage: (message: string) => never,
  request: Omit<ScanRequest, 'keep'> = {},
): Promise<Selection> {
  const baseline = baselineOption(values.baseline);
  let roots = (paths.length ? paths : ['.']).map((path) => resolve(path));
  const repository = repositoryRoot(process.cwd());
  if (values['only-changed-lines'] && values['changed-since'] === undefined)
    usage('--only-changed-lines needs --changed-since REF');
  let changed: ChangedFiles | undefined;
  if (values['changed-since'] !== undefined) {
    try {
      changed = await changedSince(process.cwd(), values['changed-since']);
    } catch (error) {
      if (error instanceof ChangedFilesError) fail(error.message);
      throw error;
    }
    // The changed files under the paths asked for: a pull request's scan reads only those.
    const asked = roots;
    roots = changed.files.filter((file) => isInside(file, asked));
  }
  const onlyChangedLines = values['only-changed-lines'] ? changed : undefined;
  const outcome = await scanFiles(roots, settings, repository, {
    ...request,
    fingerprints: !!request.fingerprints || baseline !== undefined,
    keep:
      onlyChangedLines &&
      ((path: string, finding: Finding) =>
        lineRangeChanged(onlyChangedLines, path, finding.start.line + 1, finding.end.line + 1)),
  });
  const selection: Selection = {
    outcome,
    results: outcome.results,
    roots,
    repository,
    baselineNote: '',
  };
  if (baseline) {
    const comparison = compareBaseline(
      baseline,
      outcome.fingerprinted,
      outcome.results,
      roots,
      repository,
    );
    selection.baseline = baseline;
    selection.results = comparison.results;
    selection.baselineNote = comparison.note;
    selection.baselineCounts = comparison.counts;
  }
  return selection;
}

/** A call counts as changed when any of its lines was added or modified. */
function lineRangeChanged(
  changed: ChangedFiles,
  path: string,
  first: number,
  last: number,
): boolean {
  for (let line = first; line <= last; line++) if (isChangedLine(changed, path, line)) return true;
  return false;
}

/**
 * Keeps the findings the baseline does not accept, and says how many baselined calls are gone
 * from the scanned files (only those: a scan of one folder says nothing about the others).
 */
function compareBaseline(
  baseline: Baseline,
  fingerprinted: readonly { file: string; found: FingerprintedFinding[] }[],
  results: readonly FileFindings[],
  roots: readonly string[],
  repository: string,
): { results: FileFindings[]; note: string; counts: BaselineCounts } {
  const all = fingerprinted.flatMap(({ found }) => found);
  const inScan = (file: string) => isInside(resolve(repository, file), roots);
  const comparison = compareWithBaseline(all, baseline, inScan);
  const fresh = new Set(comparison.fresh.map((item) => item.finding));
  const kept = results
    .map((file) => ({ ...file, findings: file.findings.filter((finding) => fresh.has(finding)) }))
    .filter((file) => file.findings.length > 0);
  const inScope = baseline.entries.filter((entry) => inScan(entry.file)).length;
  const notes = [`${comparison.baselined} of the calls found are in the baseline`];
  if (comparison.gone.length)
    notes.push(
      `${comparison.gone.length} of ${plural(inScope, 'baselined call')} are gone: run --write-baseline to lock that in`,
    );
  return {
    results: kept,
    note: notes.join('; '),
    counts: { baselined: comparison.baselined, gone: comparison.gone.length },
  };
}
