/**
 * A history written by `history --format json`, read back for a report: checked whole, so a file
 * that is truncated, from another tool or from another version is refused with a clear message
 * rather than drawn wrong.
 */
import { HISTORY_TOOL, type HistoryReport } from './historyReport';

/** A history file larger than this is not read (96 weekly points of thousands of owners fit). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;

/**
 * A check of one value: undefined when it fits, else what is wrong, with the path to it. Written
 * out rather than with a schema library: the CLI's bundle then does not carry one (its start-up
 * compiles every byte of the bundle).
 */
type Check = (value: unknown, path: string) => string | undefined;

const at = (path: string, message: string) => `${path || 'the file'}: ${message}`;
const child = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

const text: Check = (value, path) =>
  typeof value === 'string' ? undefined : at(path, 'expected a string');
const number: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : at(path, 'expected a number');
const count: Check = (value, path) =>
  Number.isInteger(value) && (value as number) >= 0
    ? undefined
    : at(path, 'expected a whole number, 0 or more');
const matching =
  (pattern: RegExp, what: string): Check =>
  (value, path) =>
    typeof value === 'string' && pattern.test(value) ? undefined : at(path, `expected ${what}`);
const oneOf =
  (...values: readonly string[]): Check =>
  (value, path) =>
    typeof value === 'string' && values.includes(value)
      ? undefined
      : at(path, `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
const list =
  (item: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return at(path, 'expected an array');
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i], child(path, i));
      if (problem) return problem;
    }
    return undefined;
  };
const pair =
  (item: Check): Check =>
  (value, path) =>
    Array.isArray(value) && value.length === 2
      ? (item(value[0], child(path, 0)) ?? item(value[1], child(path, 1)))
      : at(path, 'expected a pair');
/** An object with these members (`?` after a name: optional); `strict`: no others. */
const record =
  (members: Record<string, Check>, strict = false): Check =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return at(path, 'expected an object');
    const fields = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(members)) {
      const optional = key.endsWith('?');
      const name = optional ? key.slice(0, -1) : key;
      if (fields[name] === undefined) {
        if (optional) continue;
        return at(child(path, name), 'missing');
      }
      const problem = check(fields[name], child(path, name));
      if (problem) return problem;
    }
    if (strict) {
      const known = new Set(Object.keys(members).map((key) => key.replace(/\?$/, '')));
      const extra = Object.keys(fields).find((key) => !known.has(key));
      if (extra !== undefined) return at(path, `unexpected member ${JSON.stringify(extra)}`);
    }
    return undefined;
  };

const tally = list(record({ name: text, calls: count }));
const forecast = record(
  {
    verdict: oneOf('done', 'on track', 'late', 'no progress', 'not enough history', 'no history'),
    summary: text,
    method: text,
    points: count,
    'perMonth?': number,
    'zeroDate?': text,
    'zeroRange?': pair(text),
    'monthsLate?': number,
    'step?': record({ date: text, change: number }),
  },
  true,
);
const history = record({
  tool: oneOf(HISTORY_TOOL),
  version: text,
  operation: oneOf('GET /pets/{petId}'),
  removalDate: text,
  every: oneOf('week', 'month'),
  points: list(
    record({
      date: matching(/^\d{4}-\d{2}-\d{2}$/, 'a date (YYYY-MM-DD)'),
      commit: matching(/^[0-9a-f]{40,64}$/, 'a commit id'),
      total: count,
      groupedBy: oneOf('owner', 'folder'),
      owners: tally,
      languages: tally,
    }),
  ),
  forecast: record({ total: forecast, groups: list(record({ name: text, forecast })) }),
  notes: list(text),
  // Older files have none: no calls were counted outside the history then.
  'untracked?': record({
    calls: count,
    files: count,
    examples: list(record({ path: text, calls: count })),
  }),
});

export function parseHistoryFile(
  text: string,
  toolVersion: string,
): { history: HistoryReport } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON (truncated?)' };
  }
  const tool = (data as { tool?: unknown } | null)?.tool;
  if (tool !== HISTORY_TOOL)
    return {
      problem: `it is not a history written by "petstore-deprecations history --format json"${typeof tool === 'string' ? ` (its tool is "${tool.slice(0, 80)}")` : ''}`,
    };
  const problem = history(data, '');
  if (problem) return { problem };
  const report = data as HistoryReport;
  if (report.version !== toolVersion)
    return {
      problem: `it was written by version ${report.version.slice(0, 40)}, this is ${toolVersion}: write it again with this version`,
    };
  return { history: report };
}
