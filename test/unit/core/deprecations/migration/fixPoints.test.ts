import assert from 'node:assert/strict';
import {
  fixPointsHeadline,
  fixPointsOf,
  type PlacedCall,
} from '../../../../../src/core/deprecations/migration/fixPoints';
import { progressReport } from '../../../../../src/core/deprecations/migration/progress';
import { progressHtml } from '../../../../../src/core/deprecations/reports/progressHtml';
import {
  cell,
  progressMarkdown,
} from '../../../../../src/core/deprecations/reports/progressMarkdown';

const request = (file: string, line: number) => ({
  file,
  line,
  column: 5,
  snippet: `fetch(…) ${file}`,
});
const callOf = (
  file: string,
  line: number,
  to: { file: string; line: number; column: number },
) => ({
  file,
  line,
  column: 1,
  snippet: 'api.fetchPet(id)',
  through: 'fetchPet',
  reaches: { file: to.file, line: to.line, column: to.column },
});

describe('migration: fix points, the places that send the request', () => {
  const service = request('web/src/petService.ts', 12);
  const script = request('scripts/pet.sh', 3);
  const client = request('api/client.py', 20);
  const calls = [
    script,
    callOf('web/src/PetCard.tsx', 8, service),
    client,
    service,
    callOf('web/src/PetPage.ts', 4, service),
    callOf('api/views.py', 30, client),
    // Its request is not in the scan (a folder left out, say).
    callOf('web/src/Other.ts', 2, { file: 'vendor/sdk.ts', line: 1, column: 1 }),
  ];

  it('puts each call under the request its way ends at, most calls removed first', () => {
    const { points, unplaced } = fixPointsOf<PlacedCall>(calls);
    assert.deepEqual(
      points.map((point) => [point.request.file, point.removes, point.callers.length]),
      [
        ['web/src/petService.ts', 3, 2],
        ['api/client.py', 2, 1],
        ['scripts/pet.sh', 1, 0],
      ],
    );
    assert.deepEqual(
      unplaced.map((call) => call.file),
      ['web/src/Other.ts'],
    );
    // Every call is counted once: in a place or as unplaced.
    const counted = points.reduce((sum, point) => sum + point.removes, 0) + unplaced.length;
    assert.equal(counted, calls.length);
  });

  it('says it in one line: places, calls removed, and the calls it cannot place', () => {
    assert.equal(
      fixPointsHeadline(fixPointsOf(calls)),
      'Fix 3 places to remove 6 calls (1 more reach a request outside the scan)',
    );
    assert.equal(fixPointsHeadline(fixPointsOf([script])), 'Fix 1 place to remove 1 call');
    assert.equal(
      fixPointsHeadline(fixPointsOf([])),
      'No calls to GET /pets/{petId}: nothing to fix',
    );
  });

  it('leads the progress report, in HTML and Markdown, with the same places', () => {
    const report = progressReport({ calls, now: new Date(Date.UTC(2030, 0, 1)) });
    assert.equal(report.plan.headline, fixPointsHeadline(fixPointsOf(calls)));
    assert.deepEqual(
      report.plan.fixPoints.map((point) => [point.file, point.line, point.removes, point.owner]),
      [
        ['web/src/petService.ts', 12, 3, 'web/'],
        ['api/client.py', 20, 2, 'api/'],
        ['scripts/pet.sh', 3, 1, 'scripts/'],
      ],
    );
    const page = progressHtml(report, '1.0.0');
    assert.match(page, /<h2>Where to fix<\/h2>/);
    assert.ok(page.includes(`<strong id="plan-headline">${report.plan.headline}</strong>`));
    const rows = [...page.matchAll(/data-removes="(\d+)">\d+<\/td><td class="where">([^<]+)</g)];
    assert.deepEqual(
      rows.map((row) => [Number(row[1]), row[2]]),
      [
        [3, 'web/src/petService.ts:12'],
        [2, 'api/client.py:20'],
        [1, 'scripts/pet.sh:3'],
      ],
    );
    const markdown = progressMarkdown(report);
    assert.ok(markdown.includes(`**${cell(report.plan.headline)}**`));
    assert.match(
      markdown,
      /\| 3 \| `web\/src\/petService\.ts:12` \| `web\/` \| `fetch\(…\) web\/src\/petService\.ts` \|/,
    );
  });
});
