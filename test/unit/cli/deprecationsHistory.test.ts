import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

function run(args: string[], cwd: string) {
  return runNodeToExit([BIN, 'history', ...args], cwd);
}

/** Monthly commits from `start`, each leaving `counts[k]` calls in web/ and half as many in api/. */
function makeRepository(counts: readonly number[]): string {
  const root = mkdtempSync(join(tmpdir(), 'petstore-history-cli-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'dev@example.com');
  git('config', 'user.name', 'Dev');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('.github/CODEOWNERS', '/web/ @org/web\n/api/ @org/api\n');
  counts.forEach((count, month) => {
    const web = Array.from({ length: count }, (_, k) => `fetch(\`\${BASE}/pets/\${id${k}}\`);`);
    const api = Array.from(
      { length: Math.floor(count / 2) },
      (_, k) => `r${k} = requests.get(f"{BASE}/pets/{pid${k}}")`,
    );
    write('web/pets.js', `${web.join('\n')}\n`);
    write('api/pets.py', `import requests\n${api.join('\n')}\n`);
    const date = `2026-${String(month + 1).padStart(2, '0')}-05T12:00:00Z`;
    git('add', '-A');
    execFileSync('git', ['commit', '-q', '--allow-empty', '-m', `month ${month + 1}`], {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
  });
  return root;
}

describe('petstore-deprecations history', function () {
  this.timeout(60_000);
  let repo: string;
  before(() => {
    repo = makeRepository([40, 36, 32, 28, 24, 20, 16, 12, 10, 8, 6]);
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('prints each month’s calls, the forecast in total and by owner, from the real finder', async () => {
    const { code, stdout, stderr } = await run(['--since', '2026-01-10'], repo);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^ {2}2026-01-10 {2}[0-9a-f]{10} {5}60$/m);
    assert.match(stdout, /^ {2}2026-02-10 {2}[0-9a-f]{10} {5}54 {2}-6$/m);
    assert.match(stdout, /^ {2}2026-11-10 {2}[0-9a-f]{10} {6}9 {2}-3$/m);
    assert.match(stdout, /^Forecast: on track: zero by 2027-0\d\.$/m);
    assert.match(stdout, /Theil–Sen line through \d+ points of the last 6 months/);
    assert.match(stdout, /^By owner:\n {2}@org\/web {2}on track: zero by/m);
    assert.match(stderr, /file versions scanned, \d+ from the cache; on track: zero by/);
    assert.ok(existsSync(join(repo, '.git/petstore-deprecations/blob-counts.json')));
    const again = await run(['--since', '2026-01-10'], repo);
    assert.equal(again.stdout, stdout);
    assert.match(again.stderr, / 0 file versions scanned/);
  });

  it('writes JSON with the points, the forecasts and the method; --out writes it whole', async () => {
    const out = join(repo, '..', `history-${Date.now()}.json`);
    try {
      const { code, stderr } = await run(
        ['--since', '2026-01-10', '--format', 'json', '--out', out, '--window', '12'],
        repo,
      );
      assert.equal(code, 0, stderr);
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        tool: string;
        every: string;
        points: { date: string; total: number; owners: { name: string; calls: number }[] }[];
        forecast: {
          total: { verdict: string; perMonth: number; method: string };
          groups: { name: string }[];
        };
      };
      assert.equal(report.tool, 'petstore-deprecations history');
      assert.equal(report.every, 'month');
      assert.deepEqual(
        report.points.slice(0, 3).map((point) => point.total),
        [60, 54, 48],
      );
      assert.deepEqual(report.points[0]!.owners, [
        { name: '@org/web', calls: 40 },
        { name: '@org/api', calls: 20 },
      ]);
      assert.equal(report.forecast.total.verdict, 'on track');
      assert.match(report.forecast.total.method, /through 1[12] points of the last 12 months/);
      assert.deepEqual(
        report.forecast.groups.map((group) => group.name),
        ['@org/web', '@org/api'],
      );
    } finally {
      rmSync(out, { force: true });
    }
  });

  it('writes CSV a spreadsheet cannot run: cells that start a formula are quoted as text', async () => {
    const { code, stdout } = await run(['--since', '2026-10-01', '--format', 'csv'], repo);
    assert.equal(code, 0);
    const rows = stdout.trimEnd().split('\r\n');
    assert.equal(rows[0], 'date,commit,group,name,calls');
    assert.match(rows[1]!, /^2026-10-01,[0-9a-f]{40},total,,15$/);
    assert.match(stdout, /,owner,'@org\/web,10\r\n/);
    assert.match(stdout, /,owner,'@org\/api,5\r\n/);
    assert.match(stdout, /,language,JavaScript,10\r\n/);
    assert.ok(!/,=|,@/.test(stdout));
  });

  it('counts only the folders named', async () => {
    const { stdout } = await run(['api', '--since', '2026-11-01', '--format', 'json'], repo);
    const report = JSON.parse(stdout) as { points: { total: number }[] };
    // October's commit (8 calls in web, 4 in api), then November's (6 and 3).
    assert.deepEqual(
      report.points.map((point) => point.total),
      [4, 3],
    );
  });

  it('report --history draws the burn-down and the forecast table; --history auto counts it now', async () => {
    const file = join(repo, '..', `history-${process.pid}-report.json`);
    try {
      await run(['--since', '2026-01-10', '--format', 'json', '--out', file], repo);
      const history = JSON.parse(readFileSync(file, 'utf8')) as {
        points: unknown[];
        forecast: { groups: unknown[] };
      };
      const page = await runNodeToExit([BIN, 'report', '--history', file], repo);
      assert.equal(page.code, 0, page.stderr);
      assert.match(page.stdout, /<h2>Burn-down<\/h2>/);
      assert.match(
        page.stdout,
        /id="forecast-verdict"><strong>on track: zero by 2027-0\d\.<\/strong>/,
      );
      // One dot per point in the large chart, and one per point in each owner's small chart.
      const dots = page.stdout.match(/<circle class="point"/g) ?? [];
      assert.equal(dots.length, history.points.length * (1 + history.forecast.groups.length));
      assert.match(page.stdout, /<table id="forecast">.*<td>Total<\/td><td>on track<\/td>/s);
      assert.match(page.stdout, /<line class="removal"/);
      assert.doesNotMatch(page.stdout, /<script/i);
      const markdown = await runNodeToExit(
        [BIN, 'report', '--history', file, '--format', 'markdown'],
        repo,
      );
      assert.match(markdown.stdout, /^\*\*Forecast: on track: zero by 2027-0\d\.\*\*/m);
      assert.match(markdown.stdout, /^\| `@org\/web` \| on track \| [\d.]+ \| 2027-/m);
      const auto = await runNodeToExit([BIN, 'report', '--history', 'auto'], repo);
      assert.equal(auto.code, 0, auto.stderr);
      assert.match(auto.stdout, /<h2>Burn-down<\/h2>/);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('report --history refuses a file that is not a whole history of this version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-bad-history-'));
    try {
      const good = (await run(['--since', '2026-09-01', '--format', 'json'], repo)).stdout;
      const cases: [string, string, RegExp][] = [
        ['truncated.json', good.slice(0, good.length / 2), /it is not JSON \(truncated\?\)/],
        ['sarif.json', '{"version":"2.1.0","runs":[]}', /it is not a history written by/],
        [
          'other-tool.json',
          JSON.stringify({ ...JSON.parse(good), tool: 'other' }),
          /its tool is "other"/,
        ],
        [
          'old.json',
          JSON.stringify({ ...JSON.parse(good), version: '0.0.1' }),
          /written by version 0\.0\.1, this is/,
        ],
        ['negative.json', good.replace(/"total": \d+/, '"total": -4'), /points\.0\.total: /],
      ];
      for (const [name, text, message] of cases) {
        writeFileSync(join(dir, name), text);
        const { code, stderr } = await runNodeToExit(
          [BIN, 'report', '--history', join(dir, name)],
          repo,
        );
        assert.equal(code, 2, name);
        assert.match(stderr, message, name);
        assert.doesNotMatch(stderr, /\n\s+at /);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts the calls in files git does not track, and never says done while they remain', async () => {
    const root = makeRepository([4, 0]);
    try {
      mkdirSync(join(root, 'demo/workspace/web'), { recursive: true });
      writeFileSync(join(root, '.gitignore'), 'demo/\n');
      writeFileSync(
        join(root, 'demo/workspace/web/client.js'),
        'fetch(`${BASE}/pets/${a}`);\nfetch(`${BASE}/pets/${b}`);\n',
      );
      writeFileSync(join(root, 'demo/workspace/get.py'), 'requests.get(f"{BASE}/pets/{pid}")\n');
      const { code, stdout, stderr } = await run(['demo/workspace', '--since', '2026-01-10'], root);
      assert.equal(code, 0, stderr);
      assert.match(stdout, /^Forecast: no history: 3 calls in files git does not track\.$/m);
      assert.doesNotMatch(stdout, /done/);
      assert.match(
        stdout,
        /^note: 3 calls in files git does not track \(untracked or ignored\), not in the history: demo\/workspace\/get\.py \(1, Python\), demo\/workspace\/web\/client\.js \(2, JavaScript\); commit them/m,
      );
      const json = await run(['demo/workspace', '--since', '2026-01-10', '--format', 'json'], root);
      const report = JSON.parse(json.stdout) as {
        forecast: { total: { verdict: string } };
        untracked: { calls: number; files: number };
      };
      assert.equal(report.forecast.total.verdict, 'no history');
      assert.deepEqual([report.untracked.calls, report.untracked.files], [3, 2]);
      // The whole repository: demo/ is ignored there, as the scan of the root ignores it.
      const whole = await run(['--since', '2026-01-10'], root);
      assert.match(whole.stdout, /^Forecast: done: no calls left\.$/m);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses bad options and a folder outside git, with status 2 and a clear message', async () => {
    for (const [args, message] of [
      [['--every', 'day'], /--every must be week or month, not "day"/],
      [['--since', '2026-02-30'], /--since must be a date YYYY-MM-DD, not "2026-02-30"/],
      [['--since', '2999-01-01'], /--since 2999-01-01 is in the future/],
      [['--format', 'xml'], /--format must be text, json or csv/],
      [['--window', '0'], /--window must be a whole number of months/],
      [['--since', '1900-01-01', '--every', 'week'], /too many \(at most 2000\)/],
    ] as const) {
      const { code, stderr } = await run([...args], repo);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message);
    }
    const outside = mkdtempSync(join(tmpdir(), 'petstore-no-git-'));
    try {
      const { code, stderr } = await run([], outside);
      assert.equal(code, 2);
      assert.match(stderr, /^petstore-deprecations: no history: .* is not in a git repository/);
      assert.doesNotMatch(stderr, /Forecast|done/);
      assert.doesNotMatch(stderr, /\n\s+at /);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
