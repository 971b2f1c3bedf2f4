/**
 * Many repositories' results read into one organisation's report: each repository's SARIF (or
 * JSON findings) from its CI, and its history when there is one. Only files are read: the scans
 * stay where they ran. Results of another tool, another version or other rules are refused, and so
 * is a repository given twice: one report must add up.
 */
import { forecast, type Forecast, type ForecastOptions } from '../history/forecast';
import { parseHistoryFile } from '../history/historyFile';
import { HISTORY_TOOL, type HistoryReport } from '../history/historyReport';
import { tallyOf, type Tally } from '../migration/progress';
import { RULE_ID } from '../rule';

export interface RepositoryResult {
  name: string;
  /** The file its results came from. */
  source: string;
  calls: number;
  files: number;
  history?: HistoryReport;
}

export interface MergedReport {
  date: string;
  repositories: RepositoryResult[];
  total: number;
  /** Calls by owner across repositories, from the histories' latest points. */
  owners: Tally[];
  /** Repositories whose owners are known (those with a history). */
  withOwners: number;
  /** The organisation's calls at each date the histories share, and its forecast. */
  points: { date: string; calls: number }[];
  forecast?: Forecast;
  notes: string[];
}

export class MergeError extends Error {}

/** What one results file holds, before the repositories are put together. */
export type ResultsFile =
  | { kind: 'results'; repository: string; version?: string; calls: { file: string }[] }
  | { kind: 'history'; repository: string; history: HistoryReport };

const TOOL = 'petstore-deprecations';

/**
 * Reads one file: a SARIF log or JSON findings of `scan`, or a history of `history --format json`.
 * `fallbackName` names the repository when the file does not (its folder or file name).
 */
export function readResultsFile(
  text: string,
  source: string,
  fallbackName: string,
  toolVersion: string,
): ResultsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MergeError(`${source}: not JSON (truncated?)`);
  }
  if (Array.isArray(data)) return findingsFile(data, source, fallbackName);
  const record = data as Record<string, unknown> | null;
  if (record && typeof record === 'object' && Array.isArray(record.runs))
    return sarifFile(record, source, fallbackName);
  if (record && typeof record === 'object' && record.tool === HISTORY_TOOL) {
    const parsed = parseHistoryFile(text, toolVersion);
    if ('problem' in parsed) throw new MergeError(`${source}: ${parsed.problem}`);
    return { kind: 'history', repository: fallbackName, history: parsed.history };
  }
  throw new MergeError(
    `${source}: neither a SARIF log nor the JSON of "${TOOL} scan" or "${TOOL} history"`,
  );
}

function sarifFile(
  log: Record<string, unknown>,
  source: string,
  fallbackName: string,
): ResultsFile {
  const runs = log.runs as unknown[];
  if (runs.length !== 1) throw new MergeError(`${source}: ${runs.length} runs, expected one`);
  const run = runs[0] as {
    tool?: { driver?: { name?: unknown; version?: unknown; rules?: { id?: unknown }[] } };
    results?: unknown;
    versionControlProvenance?: { repositoryUri?: unknown }[];
  };
  const driver = run.tool?.driver;
  if (driver?.name !== TOOL)
    throw new MergeError(
      `${source}: results of ${typeof driver?.name === 'string' ? `"${driver.name.slice(0, 80)}"` : 'an unknown tool'}, not ${TOOL}`,
    );
  const rules = (driver.rules ?? []).map((rule) => rule.id);
  if (rules.length !== 1 || rules[0] !== RULE_ID)
    throw new MergeError(
      `${source}: rules ${JSON.stringify(rules).slice(0, 120)}, expected ${RULE_ID}`,
    );
  if (!Array.isArray(run.results)) throw new MergeError(`${source}: no results list`);
  const calls = run.results.map((result, k) => {
    const uri = (
      result as {
        locations?: { physicalLocation?: { artifactLocation?: { uri?: unknown } } }[];
      }
    ).locations?.[0]?.physicalLocation?.artifactLocation?.uri;
    if (typeof uri !== 'string') throw new MergeError(`${source}: result ${k + 1} has no file`);
    return { file: uri };
  });
  const provenance = run.versionControlProvenance?.[0]?.repositoryUri;
  return {
    kind: 'results',
    repository: typeof provenance === 'string' ? repositoryName(provenance) : fallbackName,
    version: typeof driver.version === 'string' ? driver.version : undefined,
    calls,
  };
}

function findingsFile(data: unknown[], source: string, fallbackName: string): ResultsFile {
  const calls = data.map((item, k) => {
    const finding = item as { file?: unknown; ruleId?: unknown };
    if (typeof finding?.file !== 'string')
      throw new MergeError(`${source}: finding ${k + 1} has no file`);
    if (finding.ruleId !== RULE_ID)
      throw new MergeError(`${source}: finding ${k + 1} is of another rule or tool`);
    return { file: finding.file };
  });
  return { kind: 'results', repository: fallbackName, calls };
}

/** `https://github.com/org/repo.git` → `org/repo`. */
function repositoryName(uri: string): string {
  return uri
    .replace(/\.git$/, '')
    .replace(/^[a-z]+:\/\/[^/]+\//i, '')
    .slice(0, 200);
}

/** Puts the files' repositories together: results and history matched by repository name. */
export function mergeResults(
  files: readonly { source: string; file: ResultsFile }[],
  options: { toolVersion: string; now?: Date; forecast?: ForecastOptions },
): MergedReport {
  const notes: string[] = [];
  const results = new Map<
    string,
    { source: string; file: Extract<ResultsFile, { kind: 'results' }> }
  >();
  const histories = new Map<string, { source: string; history: HistoryReport }>();
  for (const { source, file } of files) {
    if (file.kind === 'results') {
      const before = results.get(file.repository);
      if (before)
        throw new MergeError(
          `the results of ${file.repository} are given twice (${before.source} and ${source}): keep one`,
        );
      if (file.version !== undefined && file.version !== options.toolVersion)
        throw new MergeError(
          `${source}: written by ${TOOL} ${file.version.slice(0, 40)}, this is ${options.toolVersion}: results of different versions do not add up`,
        );
      if (file.version === undefined)
        notes.push(
          `${source}: JSON findings do not say their version; taken as ${options.toolVersion}`,
        );
      results.set(file.repository, { source, file });
    } else {
      const before = histories.get(file.repository);
      if (before)
        throw new MergeError(
          `the history of ${file.repository} is given twice (${before.source} and ${source}): keep one`,
        );
      histories.set(file.repository, { source, history: file.history });
    }
  }
  for (const [name, { source }] of histories)
    if (!results.has(name))
      notes.push(`${source}: a history of ${name} without its results: left out`);
  const repositories: RepositoryResult[] = [...results].map(([name, { source, file }]) => ({
    name,
    source,
    calls: file.calls.length,
    files: new Set(file.calls.map((call) => call.file)).size,
    ...(histories.has(name) ? { history: histories.get(name)!.history } : {}),
  }));
  repositories.sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const owners = new Map<string, number>();
  let withOwners = 0;
  for (const repository of repositories) {
    const latest = repository.history?.points.at(-1);
    if (!latest || latest.groupedBy !== 'owner') continue;
    withOwners++;
    for (const owner of latest.owners)
      owners.set(owner.name, (owners.get(owner.name) ?? 0) + owner.calls);
  }
  const points = organisationPoints(repositories);
  const now = options.now ?? new Date();
  return {
    date: now.toISOString().slice(0, 10),
    repositories,
    total: repositories.reduce((sum, repository) => sum + repository.calls, 0),
    owners: tallyOf(owners),
    withOwners,
    points,
    ...(points.length ? { forecast: forecast(points, options.forecast) } : {}),
    notes,
  };
}

/**
 * The organisation's line: at each date of any history from the latest first date on (before it,
 * some repositories are not seen: their sum would look like a rise), the sum of each history's
 * calls at that date (its latest point not after it).
 */
function organisationPoints(
  repositories: readonly RepositoryResult[],
): { date: string; calls: number }[] {
  const histories = repositories.flatMap((repository) =>
    repository.history && repository.history.points.length ? [repository.history.points] : [],
  );
  if (histories.length === 0) return [];
  const start = histories
    .map((points) => points[0]!.date)
    .sort()
    .at(-1)!;
  const dates = [...new Set(histories.flatMap((points) => points.map((point) => point.date)))]
    .filter((date) => date >= start)
    .sort();
  const at = histories.map(() => 0);
  return dates.map((date) => {
    let calls = 0;
    histories.forEach((points, k) => {
      while (at[k]! + 1 < points.length && points[at[k]! + 1]!.date <= date) at[k]!++;
      calls += points[at[k]!]!.total;
    });
    return { date, calls };
  });
}
