import assert from 'node:assert/strict';
import type { History } from '../../../../../src/core/deprecations/history/history';
import {
  agreeingWithScan,
  historyReport,
} from '../../../../../src/core/deprecations/history/historyReport';
import { parseHistoryFile } from '../../../../../src/core/deprecations/history/historyFile';
import { progressReport } from '../../../../../src/core/deprecations/migration/progress';
import { progressHtml } from '../../../../../src/core/deprecations/reports/progressHtml';
import { progressMarkdown } from '../../../../../src/core/deprecations/reports/progressMarkdown';

const NOW = new Date(Date.UTC(2030, 10, 25));

/** Monthly points whose totals are `totals`, by folder. */
function historyOf(totals: readonly number[]): History {
  return {
    points: totals.map((total, k) => ({
      date: `2030-${String(k + 1).padStart(2, '0')}-05`,
      commit: String(k).padStart(40, '0'),
      total,
      groupedBy: 'folder' as const,
      owners: total ? [{ name: 'web/', calls: total }] : [],
      languages: total ? [{ name: 'TypeScript', calls: total }] : [],
    })),
    notes: [],
    scanned: 0,
    cached: 0,
  };
}

const untracked = (calls: number) => ({
  calls,
  files: 1,
  examples: [{ path: 'demo/web/client.ts', calls }],
});

describe('history: the verdict never contradicts the calls left', () => {
  it('is "no history", never "done", when every call left is in files git does not track', () => {
    for (const totals of [[0, 0, 0], [], [6, 3, 0]]) {
      const report = historyReport(historyOf(totals), {
        version: '1',
        every: 'month',
        untracked: untracked(6),
      });
      assert.equal(report.forecast.total.verdict, 'no history', totals.join(','));
      assert.equal(
        report.forecast.total.summary,
        'no history: 6 calls in files git does not track',
      );
      assert.match(
        report.notes[0]!,
        /^6 calls in files git does not track .*demo\/web\/client\.ts/,
      );
    }
  });

  it('names the untracked calls after a forecast of the counted ones', () => {
    const report = historyReport(historyOf([12, 10, 8, 6]), {
      version: '1',
      every: 'month',
      untracked: untracked(1),
    });
    assert.equal(report.forecast.total.verdict, 'on track');
    assert.match(
      report.forecast.total.summary,
      /^on track: zero by \d{4}-\d{2}; and 1 call in files git does not track$/,
    );
  });

  it('stays "done" only when nothing is left anywhere; a history file keeps what it counted', () => {
    const done = historyReport(historyOf([3, 0]), {
      version: '1',
      every: 'month',
      untracked: untracked(0),
    });
    assert.equal(done.forecast.total.verdict, 'done');
    const read = parseHistoryFile(JSON.stringify(done), '1');
    assert.ok('history' in read, JSON.stringify(read));
    assert.deepEqual(read.history.untracked, untracked(0));
  });

  it('a report with calls left shows a "done" history as not done, on the page and in Markdown', () => {
    const done = historyReport(historyOf([3, 0]), { version: '1', every: 'month' });
    assert.equal(agreeingWithScan(done, { total: 0, groups: [] }).forecast.total.verdict, 'done');
    const report = progressReport({
      calls: Array.from({ length: 6 }, (_, k) => ({
        file: `web/${k}.ts`,
        line: 1,
        column: 1,
        snippet: 'x',
      })),
      now: NOW,
    });
    const page = progressHtml(report, '1', done);
    assert.match(page, /id="calls-left">6</);
    assert.doesNotMatch(page, /done: no calls left/);
    assert.match(page, /no history: 6 calls left that the history does not count/);
    assert.match(page, /<figcaption>web\/: no history: 6 calls left that the history/);
    const markdown = progressMarkdown(report, { history: done });
    assert.doesNotMatch(markdown, /done: no calls left/);
    assert.match(markdown, /\| Total \| no history \|/);
  });

  it('says "No history" where the burn-down would be, outside a repository', () => {
    const report = progressReport({ calls: [], now: NOW });
    const noHistory = { noHistory: 'no history: /tmp/x is not in a git repository' };
    assert.match(
      progressHtml(report, '1', noHistory),
      /<strong>No history\.<\/strong> \/tmp\/x is not in a git repository: no burn-down and no forecast\./,
    );
    assert.match(
      progressMarkdown(report, { history: noHistory }),
      /\*\*No history\.\*\* \/tmp\/x is not in a git repository: no burn-down and no forecast\./,
    );
    assert.doesNotMatch(progressHtml(report, '1', noHistory), /<svg/);
  });
});
