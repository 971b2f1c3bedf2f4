import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const VERSION = '0.1.0';

function sarif(
  files: readonly string[],
  options: { tool?: string; version?: string; uri?: string } = {},
) {
  return JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: options.tool ?? 'petstore-deprecations',
            version: options.version ?? VERSION,
            rules: [{ id: 'petstore/deprecated-get-pet' }],
          },
        },
        ...(options.uri ? { versionControlProvenance: [{ repositoryUri: options.uri }] } : {}),
        results: files.map((file) => ({
          ruleId: 'petstore/deprecated-get-pet',
          locations: [
            { physicalLocation: { artifactLocation: { uri: file }, region: { startLine: 1 } } },
          ],
        })),
      },
    ],
  });
}

/** A history as `history --format json` writes it: monthly totals, one owner. */
function history(owner: string, totals: readonly number[]) {
  const forecast = { verdict: 'not enough history', summary: 's', method: 'm', points: 0 };
  return JSON.stringify({
    tool: 'petstore-deprecations history',
    version: VERSION,
    operation: 'GET /pets/{petId}',
    removalDate: '5 December 2030',
    every: 'month',
    points: totals.map((total, k) => ({
      date: `2026-0${k + 1}-01`,
      commit: 'a'.repeat(40),
      total,
      groupedBy: 'owner',
      owners: [{ name: owner, calls: total }],
      languages: [{ name: 'Go', calls: total }],
    })),
    forecast: { total: forecast, groups: [] },
    notes: [],
  });
}

describe('petstore-deprecations report --merge', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-merge-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const merge = (...args: string[]) => runNodeToExit([BIN, 'report', '--merge', ...args], dir);

  it('adds up the repositories, their owners and the organisation’s line, from files only', async () => {
    write('results/shop-web.sarif', sarif(['a.ts', 'a.ts', 'b.ts']));
    write('results/shop-web.history.json', history('@org/web', [9, 7, 5, 3]));
    write('results/shop-api/results.sarif', sarif(['x.go']));
    write('results/shop-api/history.json', history('@org/api', [4, 3, 2, 1]));
    write(
      'results/other.sarif',
      sarif(['p.py', 'q.py'], { uri: 'https://github.com/org/legacy.git' }),
    );
    const { code, stdout, stderr } = await merge('results', '--format', 'markdown');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /\*\*6\*\* calls left in 3 repositories/);
    assert.match(stdout, /^\| `shop-web` \| 3 \| 2 \| /m);
    assert.match(stdout, /^\| `org\/legacy` \| 2 \| 2 \| no history \|$/m);
    assert.match(stdout, /^\| `shop-api` \| 1 \| 1 \| /m);
    assert.match(stdout, /^\| `@org\/web` \| 3 \|$/m);
    assert.match(stdout, /^\| `@org\/api` \| 1 \|$/m);
    // The organisation's line: 13, 10, 7, 4 a month: on track.
    assert.match(stdout, /\*\*Forecast: on track: zero by 2026-0\d\.\*\*/);
    const page = await merge('results', '--out', join(dir, 'org.html'));
    assert.equal(page.code, 0, page.stderr);
  });

  it('refuses what does not add up: another tool, another version, a repository twice, a broken file', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'a.sarif',
        sarif(['a.ts'], { tool: 'semgrep' }),
        /results of "semgrep", not petstore-deprecations/,
      ],
      [
        'a.sarif',
        sarif(['a.ts'], { version: '0.0.9' }),
        /written by petstore-deprecations 0\.0\.9, this is 0\.1\.0/,
      ],
      ['a.sarif', sarif(['a.ts']).slice(0, 80), /a\.sarif: not JSON \(truncated\?\)/],
      ['a.json', '{"hello": 1}', /neither a SARIF log nor the JSON/],
      [
        'a.json',
        '[{"file": "a.ts", "ruleId": "other/rule"}]',
        /finding 1 is of another rule or tool/,
      ],
    ];
    for (const [name, text, message] of cases) {
      rmSync(join(dir, 'in'), { recursive: true, force: true });
      write(`in/${name}`, text);
      const { code, stderr } = await merge('in');
      assert.equal(code, 2, `${name}: ${stderr}`);
      assert.match(stderr, message);
      assert.doesNotMatch(stderr, /\n\s+at /);
    }
    rmSync(join(dir, 'in'), { recursive: true, force: true });
    write('in/shop.sarif', sarif(['a.ts']));
    write('in/shop/results.sarif', sarif(['b.ts']));
    const twice = await merge('in');
    assert.equal(twice.code, 2);
    assert.match(twice.stderr, /the results of shop are given twice/);
    const mixed = await merge('in', '--baseline', 'b.json');
    assert.equal(mixed.code, 2);
    assert.match(mixed.stderr, /--merge reads results files/);
  });

  it('notes a history without its results, and leaves it out', async () => {
    write('in/web.sarif', sarif(['a.ts']));
    write('in/gone.history.json', history('@org/gone', [3, 2, 1]));
    const { code, stdout, stderr } = await merge('in', '--format', 'markdown');
    assert.equal(code, 0, stderr);
    assert.match(stderr, /a history of gone without its results: left out/);
    assert.doesNotMatch(stdout, /^\| `gone`/m);
    assert.match(stdout, /\*\*1\*\* call left in 1 repository/);
  });
});
