/**
 * When the calls left reach zero at the pace of the recent past, and whether that is before the
 * removal. The pace is a Theil–Sen line (the median of the slopes between every two points, which
 * a few odd points do not move) over a window of recent points, after taking out one bulk step (a
 * codemod, a deleted folder) that would otherwise pass for a pace the team does not keep.
 */
import { REMOVAL_DATE } from '../rule';

export interface HistoryPoint {
  /** ISO date (UTC) of the point. */
  date: string;
  calls: number;
}

export type Verdict =
  | 'done'
  | 'on track'
  | 'late'
  | 'no progress'
  | 'not enough history'
  /** Calls remain that the history cannot see (files git does not track): never "done". */
  | 'no history';

export interface Forecast {
  verdict: Verdict;
  /** Calls fewer per 30 days (positive while calls disappear), from the points in the window. */
  perMonth?: number;
  /** ISO date (UTC) the fitted line reaches zero, when it falls. */
  zeroDate?: string;
  /** The zero date for the quarter- and three-quarter slopes of the pairs: a plausible range. */
  zeroRange?: [string, string];
  /** Whole months from the removal to the zero date, when late. */
  monthsLate?: number;
  /** A bulk step taken out before the fit: its date and the calls it removed (or added). */
  step?: { date: string; change: number };
  /** Points the fit used. */
  points: number;
  /** The method and its uncertainty, in one sentence for the reader. */
  method: string;
  /** The verdict in a few words: "on track: zero by 2029-04", "late: zero by 2031-03, 4 months after the removal". */
  summary: string;
}

export interface ForecastOptions {
  /** Months of history the fit uses (default 6). */
  windowMonths?: number;
  /** The removal (default: 5 December 2030). */
  removal?: Date;
}

const DAY = 86_400_000;
const MONTH_DAYS = 30;
export const MIN_POINTS = 3;
/** A change this many median absolute deviations from the typical change is one bulk step. */
const STEP_DEVIATIONS = 5;

export function forecast(
  history: readonly HistoryPoint[],
  options: ForecastOptions = {},
): Forecast {
  const removal = options.removal ?? REMOVAL_DATE;
  const windowMonths = options.windowMonths ?? 6;
  const sorted = [...history].sort((a, b) => a.date.localeCompare(b.date));
  const last = sorted[sorted.length - 1];
  if (last && last.calls === 0)
    return verdictOnly('done', sorted.length, 'done: no calls left', 'No calls are left.');
  const since = last ? time(last.date) - windowMonths * MONTH_DAYS * DAY : 0;
  const window = sorted.filter((point) => time(point.date) >= since);
  if (window.length < MIN_POINTS)
    return verdictOnly(
      'not enough history',
      window.length,
      `not enough history (${window.length} of ${MIN_POINTS} points in the last ${windowMonths} months)`,
      `A forecast needs at least ${MIN_POINTS} points in the last ${windowMonths} months.`,
    );
  const { points, step } = withoutBulkStep(window);
  const slopes = pairSlopes(points);
  const slope = quantile(slopes, 0.5);
  const perMonth = -slope * MONTH_DAYS;
  const method = `Theil–Sen line through ${points.length} points of the last ${windowMonths} months${
    step ? ` (one bulk change of ${signed(step.change)} calls on ${step.date} taken out)` : ''
  }: the median of the slopes between every two points`;
  if (!(slope < 0)) {
    return {
      verdict: 'no progress',
      perMonth: round(perMonth),
      points: points.length,
      method: `${method}; calls are not falling.`,
      summary: `no progress: ${perMonth === 0 ? 'flat' : `${round(-perMonth)} more calls a month`}`,
      ...(step ? { step } : {}),
    };
  }
  const anchor = points[points.length - 1]!;
  const zeroAt = (rate: number) => time(anchor.date) + (anchor.calls / -rate) * DAY;
  const zero = zeroAt(slope);
  // The steeper and the shallower quarter of the pairs' slopes: how far the date may move.
  const steep = quantile(slopes, 0.25);
  const shallow = quantile(slopes, 0.75);
  const zeroRange: [string, string] = [
    isoDate(zeroAt(steep)),
    shallow < 0 ? isoDate(zeroAt(shallow)) : 'never',
  ];
  const zeroDate = isoDate(zero);
  const late = zero > removal.getTime();
  const monthsLate = late ? monthsBetween(removal.getTime(), zero) : undefined;
  const range =
    zeroRange[1] === 'never'
      ? `from ${zeroRange[0]} to never`
      : `between ${zeroRange[0]} and ${zeroRange[1]}`;
  return {
    verdict: late ? 'late' : 'on track',
    perMonth: round(perMonth),
    zeroDate,
    zeroRange,
    ...(monthsLate !== undefined ? { monthsLate } : {}),
    ...(step ? { step } : {}),
    points: points.length,
    method: `${method}; the middle half of those slopes puts zero ${range}.`,
    summary: late
      ? `late: zero by ${zeroDate.slice(0, 7)}, ${monthsLate} month${monthsLate === 1 ? '' : 's'} after the removal`
      : `on track: zero by ${zeroDate.slice(0, 7)}`,
  };
}

function verdictOnly(verdict: Verdict, points: number, summary: string, method: string): Forecast {
  return { verdict, points, summary, method };
}

/**
 * The points with one outlying change between neighbours taken out (the earlier points moved by
 * it), when one change stands far from the others: a bulk removal is not the team's pace.
 */
function withoutBulkStep(points: readonly HistoryPoint[]): {
  points: HistoryPoint[];
  step?: { date: string; change: number };
} {
  if (points.length < 4) return { points: [...points] };
  const changes = points.slice(1).map((point, k) => point.calls - points[k]!.calls);
  const middle = quantile(changes, 0.5);
  const deviation = quantile(
    changes.map((change) => Math.abs(change - middle)),
    0.5,
  );
  let largest = 0;
  for (let k = 1; k < changes.length; k++)
    if (Math.abs(changes[k]! - middle) > Math.abs(changes[largest]! - middle)) largest = k;
  const change = changes[largest]!;
  const distance = Math.abs(change - middle);
  // With no spread at all (a steady line), any other change is a step; a tiny one is not.
  const isStep =
    distance > STEP_DEVIATIONS * Math.max(deviation, 1) &&
    distance > 0.2 * Math.max(...points.map((point) => point.calls));
  if (!isStep) return { points: [...points] };
  const at = largest + 1;
  const shift = change - middle;
  return {
    points: points.map((point, k) => (k < at ? { ...point, calls: point.calls + shift } : point)),
    step: { date: points[at]!.date, change },
  };
}

/** Slopes (calls per day) between every two points. */
function pairSlopes(points: readonly HistoryPoint[]): number[] {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const days = (time(points[j]!.date) - time(points[i]!.date)) / DAY;
      if (days > 0) slopes.push((points[j]!.calls - points[i]!.calls) / days);
    }
  return slopes;
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

function monthsBetween(from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return Math.max(1, b.getUTCDate() >= a.getUTCDate() ? months : months - 1);
}

function time(date: string): number {
  return Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
}

function isoDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}
