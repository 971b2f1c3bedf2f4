import { createHash } from 'node:crypto';
import { parseJsonLossless, stringifyJsonLossless } from '../../json/losslessJson';
import type { PetRow } from './petRows';
import type { RowOutcome } from './bulkCreate';

/**
 * The results file written next to the input (`pets.csv.results.json`) as a run goes: each row's
 * created id or error, with a fingerprint of the row's content and the environment's address, so a
 * later run skips exactly the rows already created there, even if rows were added or edited since.
 */
export interface BulkResults {
  input: string;
  /** The environment's base URL: ids from another environment never skip a row. */
  baseUrl: string;
  rows: ResultRow[];
}

export type ResultRow =
  | { row: number; fingerprint: string; id: string }
  | { row: number; fingerprint: string; error: string };

export function resultsPathOf(inputPath: string): string {
  return `${inputPath}.results.json`;
}

/** A row's content, independent of its position. */
export function rowFingerprint(row: PetRow): string {
  const { name, categoryId, status } = row.newPet;
  return createHash('sha256')
    .update(JSON.stringify([name, String(categoryId), status ?? null]))
    .digest('hex')
    .slice(0, 16);
}

/** Reads a results file; anything unreadable counts as none (nothing is skipped on a guess). */
export function parseBulkResults(text: string): BulkResults | undefined {
  try {
    const value = parseJsonLossless(text) as Partial<BulkResults>;
    if (typeof value.baseUrl !== 'string' || !Array.isArray(value.rows)) return undefined;
    const rows = value.rows.filter(
      (row): row is ResultRow =>
        typeof row === 'object' &&
        row !== null &&
        typeof row.fingerprint === 'string' &&
        (typeof (row as { id?: unknown }).id === 'string' ||
          typeof (row as { error?: unknown }).error === 'string'),
    );
    return { input: String(value.input ?? ''), baseUrl: value.baseUrl, rows };
  } catch {
    return undefined;
  }
}

/**
 * The rows a previous run created in this environment, by content: each created result covers one
 * row with the same fingerprint (two identical rows need two created results to both be skipped).
 */
export function rowsAlreadyCreated(
  rows: readonly PetRow[],
  previous: BulkResults | undefined,
  baseUrl: string,
): Map<number, string> {
  const created = new Map<number, string>();
  if (!previous || previous.baseUrl !== baseUrl) return created;
  const available = new Map<string, string[]>();
  for (const result of previous.rows)
    if ('id' in result)
      available.set(result.fingerprint, [...(available.get(result.fingerprint) ?? []), result.id]);
  for (const row of rows) {
    const ids = available.get(rowFingerprint(row));
    const id = ids?.shift();
    if (id !== undefined) created.set(row.row, id);
  }
  return created;
}

/** The results after a run: rows skipped as already created keep their ids. */
export function bulkResultsText(
  input: string,
  baseUrl: string,
  rows: readonly PetRow[],
  skipped: ReadonlyMap<number, string>,
  outcomes: readonly RowOutcome[],
): string {
  const byRow = new Map(outcomes.map((outcome) => [outcome.row, outcome]));
  const resultRows: ResultRow[] = [];
  for (const row of rows) {
    const fingerprint = rowFingerprint(row);
    const earlier = skipped.get(row.row);
    const outcome = byRow.get(row.row);
    if (earlier !== undefined) resultRows.push({ row: row.row, fingerprint, id: earlier });
    else if (outcome && 'id' in outcome)
      resultRows.push({ row: row.row, fingerprint, id: String(outcome.id) });
    else if (outcome) resultRows.push({ row: row.row, fingerprint, error: outcome.error });
  }
  return `${stringifyJsonLossless({ input, baseUrl, rows: resultRows } satisfies BulkResults, 2)}\n`;
}
