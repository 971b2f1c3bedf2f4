import { FileRefusedError, readFailure, readRegularText } from '../../files/regularFile';
import { RULE_ID } from '../rule';
import { writeFileAtomically } from './writeAtomically';
import type { FingerprintedFinding } from './fingerprint';

/** The baseline format this version reads and writes. */
export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  /** Relative to the repository root, '/'-separated. */
  file: string;
  fingerprint: string;
  /** The call as written (white space collapsed): what a reviewer reads. */
  call: string;
}

export interface Baseline {
  version: number;
  rule: string;
  entries: BaselineEntry[];
  /** Entries the file repeated, read once (a hand-merged baseline): said in a note. */
  duplicates?: number;
}

/** A baseline is a list of calls: a file past this size is not one (a device, a mistake). */
export const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/** A baseline that cannot be used: the CLI exits 2 with this message, never treats it as empty. */
export class BaselineError extends Error {}

/** Entries of findings, sorted by file then fingerprint (stable diffs in review). */
export function baselineOf(
  files: readonly { file: string; found: FingerprintedFinding[] }[],
): Baseline {
  const entries = files
    .flatMap(({ file, found }) =>
      found.map(({ fingerprint, call }) => ({ file, fingerprint, call })),
    )
    .sort((a, b) => compare(a.file, b.file) || compare(a.fingerprint, b.fingerprint));
  return { version: BASELINE_VERSION, rule: RULE_ID, entries };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The baseline as written: one entry per line, keys in a fixed order, a final line break. */
export function serializeBaseline(baseline: Baseline): string {
  const entries = baseline.entries.map(
    (entry) =>
      `    ${JSON.stringify({ file: entry.file, fingerprint: entry.fingerprint, call: entry.call })}`,
  );
  return [
    '{',
    `  "version": ${baseline.version},`,
    `  "rule": ${JSON.stringify(baseline.rule)},`,
    entries.length ? `  "entries": [\n${entries.join(',\n')}\n  ]` : '  "entries": []',
    '}',
    '',
  ].join('\n');
}

/**
 * Writes the baseline through a temporary file, then renames it (writeAtomically.ts): a
 * reader never sees half a baseline. A missing folder is a BaselineError.
 */
export function writeBaselineFile(path: string, baseline: Baseline): void {
  try {
    writeFileAtomically(path, serializeBaseline(baseline));
  } catch (error) {
    const reason = (error as Error).message;
    throw new BaselineError(
      reason.startsWith('no folder ')
        ? `cannot write the baseline: ${reason}`
        : `cannot write the baseline ${path}: ${reason}`,
    );
  }
}

/** Reads and checks a baseline; anything unusable is a BaselineError naming what is wrong. */
export function readBaselineFile(path: string): Baseline {
  let text: string;
  try {
    // A regular file within the cap: `--baseline /dev/zero` or a FIFO must not be read forever.
    text = readRegularText(path, { maxBytes: MAX_BASELINE_BYTES });
  } catch (error) {
    if (error instanceof FileRefusedError && error.reason === 'notRegularFile')
      throw new BaselineError(`the baseline ${path} is not a regular file`);
    if (error instanceof FileRefusedError && error.reason === 'tooLarge')
      throw new BaselineError(
        `the baseline ${path} is larger than ${MAX_BASELINE_BYTES} bytes: not a baseline`,
      );
    throw new BaselineError(`cannot read the baseline ${path}: ${readFailure(error)}`);
  }
  return parseBaseline(text, path);
}

export function parseBaseline(text: string, path: string): Baseline {
  let value: unknown;
  try {
    // A byte-order mark, as some editors save JSON, is not part of it.
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new BaselineError(`the baseline ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BaselineError(`the baseline ${path} is not a baseline (no object)`);
  const { version, rule, entries } = value as Record<string, unknown>;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new BaselineError(`the baseline ${path} has no valid "version"`);
  if (version > BASELINE_VERSION)
    throw new BaselineError(
      `the baseline ${path} is version ${version}, newer than this petstore-deprecations reads (${BASELINE_VERSION}): update the tool`,
    );
  if (rule !== RULE_ID)
    throw new BaselineError(
      `the baseline ${path} is for the rule ${JSON.stringify(rule)}, not ${RULE_ID}`,
    );
  if (!Array.isArray(entries))
    throw new BaselineError(`the baseline ${path} has no "entries" list`);
  const checked: BaselineEntry[] = entries.map((entry: unknown, index) => {
    const { file, fingerprint, call } = (entry ?? {}) as Record<string, unknown>;
    if (
      typeof file !== 'string' ||
      typeof fingerprint !== 'string' ||
      !/^[0-9a-f]{32}$/.test(fingerprint) ||
      typeof call !== 'string'
    )
      throw new BaselineError(
        `the baseline ${path} has a malformed entry at index ${index} (file, fingerprint, call)`,
      );
    return { file, fingerprint, call };
  });
  // The same entry twice is one call: counted twice it would read "0 of 3 removed", then "3 gone".
  const seen = new Set<string>();
  const unique = checked.filter((entry) => {
    const key = `${entry.file}\0${entry.fingerprint}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const baseline: Baseline = { version, rule, entries: unique };
  if (unique.length < checked.length) baseline.duplicates = checked.length - unique.length;
  return baseline;
}

/** What a scan's findings are against a baseline. */
export interface BaselineComparison<T> {
  /** Findings not in the baseline: these are reported and fail the build. */
  fresh: T[];
  /** Findings the baseline accepts. */
  baselined: number;
  /** Baseline entries in the scanned files that no finding matches any more: calls removed. */
  gone: BaselineEntry[];
}

/**
 * Splits findings into new ones and baselined ones, and finds the baselined calls that are gone.
 * `scanned` says whether a baseline entry's file was part of this scan (a scan of one folder
 * does not make the rest of the baseline "gone").
 */
export function compareWithBaseline<T extends { fingerprint: string }>(
  found: readonly T[],
  baseline: Baseline,
  scanned: (file: string) => boolean,
): BaselineComparison<T> {
  const accepted = new Set(baseline.entries.map((entry) => entry.fingerprint));
  const present = new Set(found.map((item) => item.fingerprint));
  const fresh = found.filter((item) => !accepted.has(item.fingerprint));
  return {
    fresh,
    baselined: found.length - fresh.length,
    gone: baseline.entries.filter(
      (entry) => !present.has(entry.fingerprint) && scanned(entry.file),
    ),
  };
}
