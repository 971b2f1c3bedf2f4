import { REMOVAL_DATE_TEXT, daysUntilRemoval } from '../rule';
import type { CodeOwners } from './codeOwners';
import { fixPointsHeadline, fixPointsOf } from './fixPoints';
import { languageNameOfPath } from './languageNames';
import type { ObservedCalls } from './observedCalls';

/** One call as the progress report lists it. */
export interface CallToReport {
  /** Relative to the repository root, '/'-separated. */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The call's line, trimmed (cut when long). */
  snippet: string;
  /** In the baseline (an existing call the team is removing), rather than a new one. */
  baselined?: boolean;
  /** A call of a wrapper: the function it calls, which sends the request (or calls one that does). */
  through?: string;
  /** A call of a wrapper: where the request it reaches is (file as above). */
  reaches?: { file: string; line: number; column: number };
}

/** A call with what the report adds: its owner (or top-level folder) and its language. */
export type ReportedCall<T extends CallToReport = CallToReport> = T & {
  owner: string;
  language: string;
};

export interface Tally {
  name: string;
  calls: number;
}

/** A place to change and the calls that change removes, as the report shows it. */
export interface ReportedFixPoint {
  file: string;
  line: number;
  owner: string;
  snippet: string;
  removes: number;
}

/** What the progress report says: everything its HTML and Markdown forms show. */
export interface ProgressReport<T extends CallToReport = CallToReport> {
  /** When it was made (ISO date, UTC). */
  date: string;
  removalDate: string;
  daysLeft: number;
  total: number;
  /** Of the total: requests made where they are written, and calls that reach one through a wrapper. */
  direct: number;
  throughWrappers: number;
  files: number;
  /** Calls are grouped by the owners a CODEOWNERS file names, else by top-level folder. */
  groupedBy: 'owner' | 'folder';
  /** The CODEOWNERS file used, relative to the repository root. */
  ownersFile?: string;
  groups: Tally[];
  languages: Tally[];
  calls: ReportedCall<T>[];
  /** Against a baseline: its calls in the scanned files, how many are gone, how many calls are new. */
  baseline?: { recorded: number; gone: number; fresh: number };
  /** The calls a rehearsal of the removal saw (`report --observed`). */
  observed?: ObservedCalls;
  /** Where to fix: the places that send the request, most calls removed first. */
  plan: { headline: string; fixPoints: ReportedFixPoint[] };
  /** What the reader should know (CODEOWNERS lines skipped, ...). */
  notes: string[];
}

export const NO_OWNER = '(no owner)';
export const ROOT_FOLDER = '(root)';

/** Longest snippet kept: a minified line must not make the report unreadable. */
const MAX_SNIPPET = 160;

/** The snippet shown for a call: its line, white space collapsed, cut around the call when long. */
export function snippetOf(lineText: string, column: number): string {
  const collapsed = lineText.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= MAX_SNIPPET) return collapsed;
  const leading = lineText.length - lineText.trimStart().length;
  const start = Math.max(0, Math.min(column - 1 - leading - 40, collapsed.length - MAX_SNIPPET));
  return `${start > 0 ? '…' : ''}${collapsed.slice(start, start + MAX_SNIPPET)}…`;
}

/**
 * Builds the report: calls sorted by file and line, groups and languages by calls (most first).
 * Whatever else the calls carry (the editor's URI and range) stays on them.
 */
export function progressReport<T extends CallToReport>(input: {
  calls: readonly T[];
  owners?: { file: string; owners: CodeOwners };
  baseline?: { recorded: number; gone: number };
  observed?: ObservedCalls;
  now?: Date;
}): ProgressReport<T> {
  const ownerOf = (file: string): string => ownerOfPath(file, input.owners?.owners);
  const calls: ReportedCall<T>[] = input.calls
    .map((call) => ({
      ...call,
      owner: ownerOf(call.file),
      language: languageNameOfPath(call.file),
    }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  const now = input.now ?? new Date();
  const grouping = fixPointsOf(calls, (file) => ownerOf(file));
  return {
    date: now.toISOString().slice(0, 10),
    removalDate: REMOVAL_DATE_TEXT,
    daysLeft: Math.max(0, daysUntilRemoval(now)),
    total: calls.length,
    direct: calls.filter((call) => call.through === undefined).length,
    throughWrappers: calls.filter((call) => call.through !== undefined).length,
    files: new Set(calls.map((call) => call.file)).size,
    groupedBy: input.owners ? 'owner' : 'folder',
    ownersFile: input.owners?.file,
    groups: tally(calls.map((call) => call.owner)),
    languages: tally(calls.map((call) => call.language)),
    calls,
    baseline: input.baseline && {
      ...input.baseline,
      fresh: calls.filter((call) => !call.baselined).length,
    },
    ...(input.observed ? { observed: input.observed } : {}),
    plan: {
      headline: fixPointsHeadline(grouping),
      fixPoints: grouping.points.map(({ request, removes }) => ({
        file: request.file,
        line: request.line,
        owner: request.owner,
        snippet: request.snippet,
        removes,
      })),
    },
    notes: [
      ...(input.owners?.owners.notes ?? []),
      ...(input.observed?.skipped
        ? [
            input.observed.skipped === 1
              ? '1 line of the record is not a recorded call: passed over'
              : `${input.observed.skipped} lines of the record are not recorded calls: passed over`,
          ]
        : []),
    ],
  };
}

/** Who a repository-relative file is grouped under: its CODEOWNERS owners, else its top-level folder. */
export function ownerOfPath(file: string, owners: CodeOwners | undefined): string {
  if (owners) {
    const named = owners.ownersOf(file);
    return named.length ? named.join(' ') : NO_OWNER;
  }
  const slash = file.indexOf('/');
  return slash > 0 ? `${file.slice(0, slash)}/` : ROOT_FOLDER;
}

function tally(names: readonly string[]): Tally[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return tallyOf(counts);
}

/** Counts by name as a tally: most first, then by name. */
export function tallyOf(counts: ReadonlyMap<string, number>): Tally[] {
  return [...counts]
    .map(([name, calls]) => ({ name, calls }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
