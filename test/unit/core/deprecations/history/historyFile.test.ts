import assert from 'node:assert/strict';
import { parseHistoryFile } from '../../../../../src/core/deprecations/history/historyFile';
import { HISTORY_TOOL } from '../../../../../src/core/deprecations/history/historyReport';

const forecast = {
  verdict: 'on track',
  summary: 'zero by 2027-01',
  method: 'Theil–Sen through 12 points',
  points: 12,
  perMonth: -3.5,
  zeroDate: '2027-01-01',
};
const history = {
  tool: HISTORY_TOOL,
  version: '1.2.3',
  operation: 'GET /pets/{petId}',
  removalDate: '5 December 2030',
  every: 'month',
  points: [
    {
      date: '2026-01-01',
      commit: 'a'.repeat(40),
      total: 4,
      groupedBy: 'owner',
      owners: [{ name: '@pets', calls: 4 }],
      languages: [{ name: 'TypeScript', calls: 4 }],
    },
  ],
  forecast: { total: forecast, groups: [{ name: '@pets', forecast }] },
  notes: [],
};

describe('a history file read back', () => {
  it('takes a whole history, and names the first member that is wrong by its path', () => {
    assert.deepEqual(parseHistoryFile(JSON.stringify(history), '1.2.3'), { history });
    const wrong = (change: (copy: typeof history) => void) => {
      const copy = structuredClone(history);
      change(copy);
      return parseHistoryFile(JSON.stringify(copy), '1.2.3');
    };
    assert.deepEqual(
      wrong((copy) => (copy.points[0]!.date = '1 January')),
      { problem: 'points.0.date: expected a date (YYYY-MM-DD)' },
    );
    assert.deepEqual(
      wrong((copy) => (copy.points[0]!.owners[0]!.calls = -1)),
      { problem: 'points.0.owners.0.calls: expected a whole number, 0 or more' },
    );
    assert.deepEqual(
      wrong((copy) => Object.assign(copy.forecast.total, { extra: 1 })),
      { problem: 'forecast.total: unexpected member "extra"' },
    );
    assert.deepEqual(
      wrong((copy) => delete (copy as Partial<typeof history>).notes),
      { problem: 'notes: missing' },
    );
  });
});
