/**
 * A history and its forecasts as JSON, CSV and text: the total's forecast and one per owner (or
 * top-level folder), each from the same points.
 */
import { visibleText } from '../../text/visibleText';
import { REMOVAL_DATE_TEXT } from '../rule';
import { forecast, type Forecast, type ForecastOptions } from './forecast';
import type { History, Period } from './history';
import { untrackedNote, untrackedWords, type UntrackedCalls } from './untrackedWords';

export interface HistoryReport {
  tool: string;
  version: string;
  operation: string;
  removalDate: string;
  every: Period;
  points: History['points'];
  forecast: { total: Forecast; groups: { name: string; forecast: Forecast }[] };
  notes: string[];
  /** Calls in files git does not track, which no point counts (absent in older files). */
  untracked?: UntrackedCalls;
}

export const HISTORY_TOOL = 'petstore-deprecations history';

export function historyReport(
  history: History,
  input: {
    version: string;
    every: Period;
    forecast?: ForecastOptions;
    /** The calls the scan sees in files git does not track. */
    untracked?: UntrackedCalls;
  },
): HistoryReport {
  const points = history.points;
  const untracked = input.untracked;
  const counted = forecast(
    points.map((point) => ({ date: point.date, calls: point.total })),
    input.forecast,
  );
  // Each owner's line over the points: absent at a point is no calls there.
  const names = new Set(points.flatMap((point) => point.owners.map((owner) => owner.name)));
  const groups = [...names]
    .map((name) => ({
      name,
      forecast: forecast(
        points.map((point) => ({
          date: point.date,
          calls: point.owners.find((owner) => owner.name === name)?.calls ?? 0,
        })),
        input.forecast,
      ),
      left: points[points.length - 1]?.owners.find((owner) => owner.name === name)?.calls ?? 0,
    }))
    .sort((a, b) => b.left - a.left || (a.name < b.name ? -1 : 1))
    .map(({ name, forecast: result }) => ({ name, forecast: result }));
  return {
    tool: HISTORY_TOOL,
    version: input.version,
    operation: 'GET /pets/{petId}',
    removalDate: REMOVAL_DATE_TEXT,
    every: input.every,
    points,
    forecast: { total: withUntracked(counted, untracked), groups },
    notes: untracked?.calls ? [untrackedNote(untracked), ...history.notes] : history.notes,
    ...(untracked ? { untracked } : {}),
  };
}

export function historyJson(report: HistoryReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * One row per point and tally: `date,commit,group,name,calls` (group: total, owner, folder,
 * language). Cells a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@team`) start with `'`.
 */
export function historyCsv(report: HistoryReport): string {
  const rows = [['date', 'commit', 'group', 'name', 'calls']];
  for (const point of report.points) {
    rows.push([point.date, point.commit, 'total', '', String(point.total)]);
    for (const owner of point.owners)
      rows.push([point.date, point.commit, point.groupedBy, owner.name, String(owner.calls)]);
    for (const language of point.languages)
      rows.push([point.date, point.commit, 'language', language.name, String(language.calls)]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function historyText(report: HistoryReport): string {
  const lines: string[] = [];
  const points = report.points;
  if (points.length === 0) lines.push('No points in the history.');
  else {
    lines.push(
      `Calls to ${report.operation} at each ${report.every} (first-parent history), removed on ${report.removalDate}:`,
    );
    const width = Math.max(5, ...points.map((point) => String(point.total).length));
    let before: number | undefined;
    for (const point of points) {
      const change = before === undefined ? '' : signed(point.total - before);
      lines.push(
        `  ${point.date}  ${point.commit.slice(0, 10)}  ${String(point.total).padStart(width)}  ${change}`.trimEnd(),
      );
      before = point.total;
    }
    const { total, groups } = report.forecast;
    lines.push('', `Forecast: ${total.summary}.`, `  ${total.method}`);
    if (groups.length) {
      lines.push('', `By ${points[points.length - 1]!.groupedBy}:`);
      const nameWidth = Math.max(...groups.map((group) => visibleText(group.name).length));
      for (const group of groups)
        lines.push(`  ${visibleText(group.name).padEnd(nameWidth)}  ${group.forecast.summary}`);
    }
  }
  for (const note of report.notes) lines.push(`note: ${visibleText(note)}`);
  return `${lines.join('\n')}\n`;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : value === 0 ? '±0' : String(value);
}

/**
 * The total's forecast told with the calls the history cannot see: while any remain it is never
 * "done" (and with no counted calls left there is nothing to fit: "no history"), else they are
 * named after the verdict.
 */
function withUntracked(total: Forecast, untracked: UntrackedCalls | undefined): Forecast {
  if (!untracked?.calls) return total;
  if (total.verdict === 'done' || total.points === 0)
    return noHistory(
      total.points,
      untrackedWords(untracked),
      'The history counts the files of each commit; these calls are in files git does not track, so no point counts them.',
    );
  return { ...total, summary: `${total.summary}; and ${untrackedWords(untracked)}` };
}

function noHistory(points: number, why: string, method: string): Forecast {
  return { verdict: 'no history', points, summary: `no history: ${why}`, method };
}

/**
 * A history shown beside a scan that found calls: where the history says "done" but the scan has
 * calls (in total, or for an owner or folder of the same name), it says so instead of "done"
 * (changes not committed yet, or a history file from before). A report never contradicts its own
 * count.
 */
export function agreeingWithScan(
  history: HistoryReport,
  scan: { total: number; groups: readonly { name: string; calls: number }[] },
): HistoryReport {
  const left = (forecastOf: Forecast, calls: number): Forecast =>
    calls === 0 || forecastOf.verdict !== 'done'
      ? forecastOf
      : noHistory(
          forecastOf.points,
          `${calls} call${calls === 1 ? '' : 's'} left that the history does not count`,
          'The history counts committed files; the calls left are in changes not committed yet or in files git does not track.',
        );
  const callsOf = new Map(scan.groups.map((group) => [group.name, group.calls]));
  return {
    ...history,
    forecast: {
      total: left(history.forecast.total, scan.total),
      groups: history.forecast.groups.map((group) => ({
        ...group,
        forecast: left(group.forecast, callsOf.get(group.name) ?? 0),
      })),
    },
  };
}
