import { parse as parseCsv } from 'csv-parse/sync';
import { NewPetInput } from '../../api/newPetInput';
import { describeIssues, type NewPet } from '../../api/schemas';
import { parseJsonLossless } from '../../json/losslessJson';

export type RowsFormat = 'json' | 'ndjson' | 'csv';

/** Bulk files are refused above this size, before they are read: split a larger one. */
export const MAX_BULK_FILE_BYTES = 16 * 1024 * 1024;
/** Pets one file may create. */
export const MAX_BULK_ROWS = 100_000;
/**
 * Characters a row (an NDJSON line, a CSV record, a JSON string) may hold: a valid pet needs far
 * fewer (a name is at most 200 characters), and a longer one is refused before it is parsed.
 */
export const MAX_ROW_CHARACTERS = 10_000;
/** Problems listed by row; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

/** A pet to create, with where it came from: its row (1 = the first pet) and line in the file. */
export interface PetRow {
  row: number;
  line?: number;
  newPet: NewPet;
}

export interface RowProblem {
  /** 0 for the file as a whole (not an array, no header, a CSV line that cannot be read). */
  row: number;
  line?: number;
  message: string;
}

export function formatOfPath(path: string): RowsFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'json') return 'json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  if (extension === 'csv') return 'csv';
  return undefined;
}

/** "row 3 (line 4): categoryId: must be a whole number" */
export function describeProblem(problem: RowProblem): string {
  const where =
    problem.row === 0
      ? problem.line === undefined
        ? 'file'
        : `line ${problem.line}`
      : `row ${problem.row}${problem.line === undefined ? '' : ` (line ${problem.line})`}`;
  return `${where}: ${problem.message}`;
}

/**
 * Reads every pet of a JSON array, NDJSON or CSV (header: name, categoryId, status) file and
 * checks each with the schemas the client and the agent tools use. Every problem is returned, each
 * with its row, so a file is fixed in one pass; nothing is half-read. int64 ids stay exact in every
 * format (lossless JSON; CSV cells are text).
 */
export function readPetRows(
  text: string,
  format: RowsFormat,
): { rows: PetRow[]; problems: RowProblem[]; problemCount: number } {
  const whole = (problem: RowProblem) => ({ rows: [], problems: [problem], problemCount: 1 });
  if (text.length > MAX_BULK_FILE_BYTES) return whole({ row: 0, message: tooLarge() });
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records =
    format === 'csv'
      ? csvRecords(source)
      : format === 'ndjson'
        ? ndjsonRecords(source)
        : jsonRecords(source);
  if ('problem' in records) return whole(records.problem);
  if (records.length > MAX_BULK_ROWS)
    return whole({
      row: 0,
      message: `holds more than ${MAX_BULK_ROWS.toLocaleString('en')} pets: split it into smaller files`,
    });
  const rows: PetRow[] = [];
  const problems: RowProblem[] = [];
  let problemCount = 0;
  // Past the listed ones, a problem is only counted: no message is built for it.
  const problem = (row: number, line: number | undefined, message: () => string) => {
    if (problemCount++ < MAX_LISTED_PROBLEMS) problems.push({ row, line, message: message() });
  };
  records.forEach(({ value, line, unreadable }, index) => {
    const row = index + 1;
    if (unreadable) {
      problem(row, line, () => unreadable);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problem(row, line, () => 'must be an object with name and categoryId');
      return;
    }
    const parsed = NewPetInput.safeParse(value);
    if (parsed.success) rows.push({ row, line, newPet: parsed.data });
    else problem(row, line, () => describeIssues(parsed.error));
  });
  return { rows, problems, problemCount };
}

function tooLarge(): string {
  return `is larger than ${MAX_BULK_FILE_BYTES / 1024 / 1024} MB: split it into smaller files`;
}

const tooLong = `longer than ${MAX_ROW_CHARACTERS.toLocaleString('en')} characters (a name is at most 200): not read`;

/**
 * The line of the first JSON string longer than MAX_ROW_CHARACTERS, found in one pass before the
 * text is parsed (parsing a string of 60 MB takes seconds and gigabytes).
 */
function lineOfLongString(text: string): number | undefined {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const character = text.charCodeAt(i);
    if (start < 0) {
      if (character === 0x22) start = i;
    } else if (character === 0x5c) i++;
    else if (character === 0x22) start = -1;
    if (start >= 0 && i - start > MAX_ROW_CHARACTERS)
      return text.slice(0, start).split('\n').length;
  }
  return undefined;
}

/** What each row holds before it is checked; `unreadable` says why a row could not be read. */
type Records = { value: unknown; line?: number; unreadable?: string }[];

function jsonRecords(text: string): Records | { problem: RowProblem } {
  const long = lineOfLongString(text);
  if (long !== undefined)
    return { problem: { row: 0, line: long, message: `a string ${tooLong}` } };
  let value: unknown;
  try {
    value = parseJsonLossless(text);
  } catch (error) {
    return { problem: { row: 0, message: `not valid JSON: ${(error as Error).message}` } };
  }
  if (!Array.isArray(value))
    return { problem: { row: 0, message: 'must be a JSON array of pets ([{"name": …}, …])' } };
  return value.map((item: unknown) => ({ value: item }));
}

function ndjsonRecords(text: string): Records {
  const records: Records = [];
  text.split(/\r\n|\r|\n/).forEach((content, index) => {
    if (!content.trim()) return;
    const line = index + 1;
    if (records.length > MAX_BULK_ROWS) return; // refused as a whole: no need to read on
    if (content.length > MAX_ROW_CHARACTERS) {
      records.push({ value: undefined, line, unreadable: `the line is ${tooLong}` });
      return;
    }
    try {
      records.push({ value: parseJsonLossless(content), line });
    } catch (error) {
      // Still a row: the rows after it keep their numbers.
      records.push({
        value: undefined,
        line,
        unreadable: `not valid JSON: ${(error as Error).message}`,
      });
    }
  });
  return records;
}

const CSV_COLUMNS = ['name', 'categoryid', 'status'] as const;

function csvRecords(text: string): Records | { problem: RowProblem } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parseCsv(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      // A cell of 100 MB is refused as it is read, not after; the header and one row past the
      // limit are enough to know a file holds too many.
      max_record_size: MAX_ROW_CHARACTERS,
      to: MAX_BULK_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      return { problem: { row: 0, line, message: `a record is ${tooLong}` } };
    return { problem: { row: 0, line, message: `not valid CSV: ${(error as Error).message}` } };
  }
  const [header, ...data] = parsed;
  if (!header)
    return {
      problem: {
        row: 0,
        message: 'is empty: the first line must be the header name,categoryId,status',
      },
    };
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const missing = ['name', 'categoryid'].filter((column) => !names.includes(column));
  if (missing.length)
    return {
      problem: {
        row: 0,
        line: 1,
        message: `the header must name the columns name and categoryId (and optionally status); missing ${missing.map((column) => (column === 'categoryid' ? 'categoryId' : column)).join(', ')}`,
      },
    };
  const indexOf = Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
  return data.map(({ record, info }) => {
    const cell = (column: (typeof CSV_COLUMNS)[number]) =>
      indexOf[column]! >= 0 ? record[indexOf[column]!] : undefined;
    const status = cell('status')?.trim();
    return {
      line: info.lines,
      value: {
        name: cell('name'),
        categoryId: cell('categoryid')?.trim(),
        ...(status ? { status } : {}),
      },
    };
  });
}
