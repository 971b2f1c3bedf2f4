import assert from 'node:assert/strict';
import { forecast, type HistoryPoint } from '../../../../../src/core/deprecations/history/forecast';
import {
  historyCsv,
  historyReport,
} from '../../../../../src/core/deprecations/history/historyReport';

/** Monthly points from `start` (YYYY-MM), one per month, on the first day. */
function monthly(start: string, calls: readonly number[]): HistoryPoint[] {
  const [year, month] = start.split('-').map(Number) as [number, number];
  return calls.map((count, k) => ({
    date: new Date(Date.UTC(year, month - 1 + k, 1)).toISOString().slice(0, 10),
    calls: count,
  }));
}

describe('burn-down forecast', () => {
  it('a steady decline: its pace, the month it reaches zero, on track', () => {
    const result = forecast(monthly('2026-01', [120, 110, 100, 90, 80, 70]));
    assert.equal(result.verdict, 'on track');
    assert.ok(result.perMonth! > 9.5 && result.perMonth! < 10.5, String(result.perMonth));
    // 70 calls at ~10 a month from 2026-06-01: the turn of the year.
    assert.match(result.zeroDate!, /^(2026-12|2027-01)/);
    assert.equal(result.summary, `on track: zero by ${result.zeroDate!.slice(0, 7)}`);
    assert.equal(result.points, 6);
    assert.ok(result.zeroRange![0] <= result.zeroDate! && result.zeroDate! <= result.zeroRange![1]);
    assert.match(result.method, /Theil–Sen line through 6 points/);
  });

  it('a stall and a regression: no progress, never a date', () => {
    const stall = forecast(monthly('2026-01', [50, 50, 50, 50]));
    assert.equal(stall.verdict, 'no progress');
    assert.equal(stall.zeroDate, undefined);
    assert.equal(stall.summary, 'no progress: flat');
    const regression = forecast(monthly('2026-01', [40, 45, 50, 55]));
    assert.equal(regression.verdict, 'no progress');
    assert.match(regression.summary, /^no progress: [45](\.\d)? more calls a month$/);
  });

  it('one bulk removal is taken out: the pace is the team’s, not the codemod’s', () => {
    const result = forecast(monthly('2026-01', [1000, 990, 980, 470, 460, 450]));
    assert.deepEqual(result.step, { date: '2026-04-01', change: -510 });
    assert.ok(result.perMonth! > 9 && result.perMonth! < 11, String(result.perMonth));
    assert.equal(result.verdict, 'on track');
    // 450 calls at ~10 a month from mid-2026: 2030.
    assert.match(result.zeroDate!, /^2030-/);
    assert.match(result.method, /one bulk change of -510 calls on 2026-04-01 taken out/);
  });

  it('late: the months after the removal', () => {
    const result = forecast(monthly('2030-03', [300, 290, 280, 270]));
    assert.equal(result.verdict, 'late');
    assert.ok(result.monthsLate! >= 20, String(result.monthsLate));
    assert.equal(
      result.summary,
      `late: zero by ${result.zeroDate!.slice(0, 7)}, ${result.monthsLate} months after the removal`,
    );
  });

  it('too few points in the window: not enough history; older points do not count', () => {
    assert.equal(forecast(monthly('2026-01', [10, 8])).verdict, 'not enough history');
    assert.equal(forecast([]).verdict, 'not enough history');
    // A year of points, but only two in the last six months.
    const sparse = [
      ...monthly('2025-01', [90, 85, 80, 75, 70, 65]),
      { date: '2025-12-01', calls: 40 },
      { date: '2026-03-01', calls: 30 },
    ];
    const result = forecast(sparse);
    assert.equal(result.verdict, 'not enough history');
    assert.match(result.summary, /2 of 3 points in the last 6 months/);
    assert.equal(forecast(sparse, { windowMonths: 24 }).verdict, 'on track');
  });

  it('the window decides: an old rise does not hide a recent decline', () => {
    const result = forecast([
      ...monthly('2025-01', [10, 20, 30, 40, 50, 60]),
      ...monthly('2025-09', [60, 55, 50, 45, 40, 35, 30]),
    ]);
    assert.equal(result.verdict, 'on track');
    assert.ok(result.perMonth! > 4 && result.perMonth! < 6, String(result.perMonth));
  });

  it('no calls left: done, whatever came before', () => {
    const result = forecast(monthly('2026-01', [5, 3, 0]));
    assert.equal(result.verdict, 'done');
    assert.equal(result.summary, 'done: no calls left');
  });

  it('points out of order are read in date order', () => {
    const points = monthly('2026-01', [120, 110, 100, 90]);
    assert.deepEqual(forecast([...points].reverse()), forecast(points));
  });
});

describe('history as CSV', () => {
  it('quotes cells a spreadsheet would run as a formula, and cells with commas or quotes', () => {
    const csv = historyCsv(
      historyReport(
        {
          points: [
            {
              date: '2026-01-01',
              commit: 'a'.repeat(40),
              total: 3,
              groupedBy: 'folder',
              owners: [
                { name: '=HYPERLINK("x")/', calls: 1 },
                { name: '+1/', calls: 1 },
                { name: 'a,b/', calls: 1 },
              ],
              languages: [{ name: 'JavaScript', calls: 3 }],
            },
          ],
          notes: [],
          scanned: 1,
          cached: 0,
        },
        { version: 'test', every: 'month' },
      ),
    );
    const rows = csv.split('\r\n');
    assert.equal(rows[2], `2026-01-01,${'a'.repeat(40)},folder,"'=HYPERLINK(""x"")/",1`);
    assert.equal(rows[3], `2026-01-01,${'a'.repeat(40)},folder,'+1/,1`);
    assert.equal(rows[4], `2026-01-01,${'a'.repeat(40)},folder,"a,b/",1`);
  });
});
