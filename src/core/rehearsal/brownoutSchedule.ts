/**
 * When a brownout applies: planned windows in which the deprecated operation already answers as
 * removed, so that clients notice before the real date. Three forms, all in UTC (a schedule reads
 * the same on every machine of a CI fleet):
 *   - `10m/1h`: the first 10 minutes of every hour (windows aligned to the epoch: hours start on
 *     the hour, days at midnight UTC);
 *   - `at 14:00 for 30m`: every day from 14:00 UTC for 30 minutes;
 *   - ISO 8601 intervals, separated by commas: `2026-12-01T10:00Z/2026-12-01T11:00Z` or
 *     `2026-12-01T10:00Z/PT1H30M`.
 * A schedule that is malformed, empty, overlapping or never active again is refused with the reason.
 */

export interface Window {
  start: number;
  end: number;
}

export interface BrownoutSchedule {
  /** Whether `now` (milliseconds since the epoch) is inside a window. */
  isActive(now: number): boolean;
  /** The window `now` is in, or the next one; undefined when none comes again. */
  windowAt(now: number): Window | undefined;
  /** The schedule as the log says it. */
  readonly text: string;
}

export class ScheduleError extends Error {}

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const DAY = 86_400_000;
/** ISO intervals listed at most. */
const MAX_INTERVALS = 1000;
/** The last instant a JavaScript date holds (+275760-09-13T00:00:00Z): no window may end after it. */
const LAST_INSTANT = 8.64e15;
const BEYOND_DATES = 'after the last date a clock can hold (the year 275760)';

export function parseBrownoutSchedule(text: string, now: number): BrownoutSchedule {
  const source = text.trim();
  if (!source) throw new ScheduleError('the brownout schedule is empty');
  if (source.length > 20_000) throw new ScheduleError('the brownout schedule is too long');
  const periodic = /^(\d+[smhd])\/(\d+[smhd])$/.exec(source);
  if (periodic) return repeating(source, duration(periodic[1]!), duration(periodic[2]!), 0, now);
  const daily = /^at (\d{1,2}):(\d{2}) for (\d+[smhd])$/.exec(source);
  if (daily) {
    const hours = Number(daily[1]);
    const minutes = Number(daily[2]);
    if (hours > 23 || minutes > 59)
      throw new ScheduleError(`"${daily[1]}:${daily[2]}" is not a time of day`);
    return repeating(source, duration(daily[3]!), DAY, (hours * 60 + minutes) * 60_000, now);
  }
  return intervals(source, now);
}

/** `length` in every `period`, from `offset` past each period's start (the epoch's multiples). */
function repeating(
  text: string,
  length: number,
  period: number,
  offset: number,
  now: number,
): BrownoutSchedule {
  if (length <= 0) throw new ScheduleError(`"${text}" is never active: its windows are empty`);
  if (length >= period)
    throw new ScheduleError(
      `"${text}": a window as long as its period is not a brownout, it is --removed`,
    );
  const windowAt = (at: number): Window | undefined => {
    const start = Math.floor((at - offset) / period) * period + offset;
    const window =
      at < start + length
        ? { start, end: start + length }
        : { start: start + period, end: start + period + length };
    // Past the last date there is no next window (no Date could say when it is).
    return window.end <= LAST_INSTANT ? window : undefined;
  };
  if (!windowAt(now))
    throw new ScheduleError(`"${text}": its next window would end ${BEYOND_DATES}`);
  return {
    text,
    windowAt,
    isActive: (at) => {
      const window = windowAt(at);
      return window !== undefined && window.start <= at && at < window.end;
    },
  };
}

function intervals(text: string, now: number): BrownoutSchedule {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_INTERVALS)
    throw new ScheduleError(`more than ${MAX_INTERVALS} brownout intervals`);
  const windows = parts.map((part) => {
    const [from, to, extra] = part.split('/');
    if (!from || !to || extra !== undefined || !/^\d{4}-/.test(from))
      throw new ScheduleError(
        `"${part.slice(0, 80)}" is not a brownout schedule: use 10m/1h, "at 14:00 for 30m" or ISO intervals (2026-12-01T10:00Z/PT1H)`,
      );
    const start = instant(from);
    const end = to.startsWith('P') ? start + isoDuration(to) : instant(to);
    if (end <= start)
      throw new ScheduleError(`the interval "${part.slice(0, 80)}" ends before it starts`);
    if (!(end <= LAST_INSTANT))
      throw new ScheduleError(`the interval "${part.slice(0, 80)}" ends ${BEYOND_DATES}`);
    return { start, end };
  });
  windows.sort((a, b) => a.start - b.start);
  for (let k = 1; k < windows.length; k++)
    if (windows[k]!.start < windows[k - 1]!.end)
      throw new ScheduleError(
        `the brownout intervals overlap (${new Date(windows[k - 1]!.start).toISOString()} and ${new Date(windows[k]!.start).toISOString()})`,
      );
  if (windows.every((window) => window.end <= now))
    throw new ScheduleError(
      'the brownout intervals are all over: the schedule is never active again',
    );
  const windowAt = (at: number) => windows.find((window) => at < window.end);
  return {
    text,
    windowAt,
    isActive: (at) => {
      const window = windowAt(at);
      return window !== undefined && window.start <= at;
    },
  };
}

function duration(text: string): number {
  const amount = Number(text.slice(0, -1));
  const value = amount * UNIT_MS[text.slice(-1)]!;
  if (!Number.isSafeInteger(value) || value > LAST_INSTANT)
    throw new ScheduleError(`"${text}" is too long a duration: it would end ${BEYOND_DATES}`);
  return value;
}

/** An instant with a date, a time and a zone (`Z` or `+02:00`): never the machine's local time. */
function instant(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    throw new ScheduleError(
      `"${text.slice(0, 40)}" is not an ISO date and time with its zone (2026-12-01T10:00Z)`,
    );
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new ScheduleError(`"${text.slice(0, 40)}" is not a valid date`);
  return time;
}

/** PT1H30M, P1D, PT45S (days and times; months and years have no fixed length). */
function isoDuration(text: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!match || text === 'P' || text === 'PT')
    throw new ScheduleError(
      `"${text.slice(0, 40)}" is not an ISO duration in days, hours, minutes and seconds (PT1H30M)`,
    );
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return (
    Number(days) * DAY +
    Number(hours) * 3_600_000 +
    Number(minutes) * 60_000 +
    Number(seconds) * 1000
  );
}
