import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { TOOL_VERSION } from '../../src/core/deprecations/toolVersion';
import { createDemoRepository } from '../../scripts/demo/demoRepository';
import { ensureSystemPackages } from '../host/systemPackages';
import { runNodeToExit } from '../support/runToExit';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'dist/cli/petstore-deprecations.js');
const REALISTIC = join(ROOT, 'test/fixtures/realistic');
const SCREENSHOTS = join(ROOT, 'test-results/screenshots');

/** A repository of three teams, their clients taken from the realistic fixtures. */
function buildRepository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'petstore-report-page-'));
  const place: [string, string][] = [
    ['petClient.ts', 'web/checkout/petClient.ts'],
    ['pets.py', 'services/inventory/pets.py'],
    ['client.go', 'services/adoption/client.go'],
    ['PetService.java', 'services/adoption/PetService.java'],
    ['PetsClient.cs', 'partners/dotnet/PetsClient.cs'],
    ['fetch-pet.sh', 'scripts/fetch-pet.sh'],
  ];
  for (const [from, to] of place) {
    mkdirSync(join(repo, to, '..'), { recursive: true });
    copyFileSync(join(REALISTIC, from), join(repo, to));
  }
  mkdirSync(join(repo, '.github'));
  writeFileSync(
    join(repo, '.github/CODEOWNERS'),
    '* @petshop/platform\n/web/ @petshop/storefront\n/services/ @petshop/backend\n/partners/ @petshop/partners\n',
  );
  execFileSync('git', ['init', '-q'], { cwd: repo });
  return repo;
}

describe('the progress report in Chromium', () => {
  let browser: Browser;
  let repo: string;
  before(async function () {
    this.timeout(900_000); // a fresh machine installs Debian's Chromium first (apt-get)
    ensureSystemPackages((line) => console.log(line), ['chromium']);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    repo = buildRepository();
  });
  after(async () => {
    await browser?.close();
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it('renders the numbers the scan found, loads nothing from the network, and is screenshotted', async () => {
    // A baseline of the start, then one script's call removed and a new call added.
    const written = await runNodeToExit([BIN, 'scan', '--write-baseline', 'baseline.json'], repo);
    assert.equal(written.code, 0, written.stderr);
    const recorded = (
      JSON.parse(readFileSync(join(repo, 'baseline.json'), 'utf8')) as { entries: unknown[] }
    ).entries.length;
    rmSync(join(repo, 'scripts/fetch-pet.sh'));
    writeFileSync(
      join(repo, 'web/checkout/quickLook.ts'),
      'export const look = (id: string) => fetch(`/v1/pets/${id}`);\n',
    );
    const markdown = await runNodeToExit(
      [BIN, 'report', '--format', 'markdown', '--baseline', 'baseline.json'],
      repo,
    );
    const scan = await runNodeToExit([BIN, 'scan', '--format', 'json'], repo);
    const calls = JSON.parse(scan.stdout) as { file: string }[];
    assert.ok(calls.length >= 8, `${calls.length} calls in the realistic fixtures`);
    const result = await runNodeToExit(
      [BIN, 'report', '--out', 'progress.html', '--baseline', 'baseline.json'],
      repo,
    );
    assert.equal(result.code, 0, result.stderr);

    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => refused.push(message.text()));
    const address = pathToFileURL(join(repo, 'progress.html')).href;
    await page.goto(address);

    assert.deepEqual(requests, [address], 'the page itself, nothing else');
    assert.deepEqual(refused, [], 'no policy violation or error in the console');
    assert.equal(await page.textContent('#calls-left'), String(calls.length));
    assert.match((await page.textContent('#days-left')) ?? '', /^\d+$/);
    const removedCalls = recorded - (calls.length - 1);
    assert.ok(removedCalls > 0);
    assert.equal(await page.textContent('#removed'), `${removedCalls} of ${recorded}`);
    assert.equal(await page.textContent('#new-calls'), '1');
    assert.equal(await page.locator('#calls strong.new').count(), 1);
    // Every call is a row; the owners' rows and the chart's bars add up to the total.
    assert.equal(await page.locator('#calls tbody tr').count(), calls.length);
    const owners = await page.locator('#by-group tbody td:first-child').allTextContents();
    const counts = await page.locator('#by-group tbody td:last-child').allTextContents();
    const byOwner = new Map(owners.map((owner, index) => [owner, Number(counts[index])]));
    const expected = new Map<string, number>();
    for (const call of calls) {
      const owner = call.file.startsWith('web/')
        ? '@petshop/storefront'
        : call.file.startsWith('services/')
          ? '@petshop/backend'
          : call.file.startsWith('partners/')
            ? '@petshop/partners'
            : '@petshop/platform';
      expected.set(owner, (expected.get(owner) ?? 0) + 1);
    }
    assert.deepEqual(byOwner, expected);
    const bars = (await page.locator('svg.chart .bar-value').allTextContents()).map(Number);
    assert.equal(
      bars.reduce((sum, value) => sum + value, 0),
      calls.length,
    );
    // The Markdown form says the same total.
    assert.match(markdown.stdout, new RegExp(`\\*\\*${calls.length}\\*\\* calls left`));

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'progress-report.png'), fullPage: false });
    await page.close();
  });

  it('adds up 200 repositories’ results in one page (report --merge), with the right sums', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-merged-page-'));
    try {
      let total = 0;
      for (let k = 0; k < 200; k++) {
        const calls = (k * 7) % 23;
        total += calls;
        const results = Array.from({ length: calls }, (_, n) => ({
          ruleId: 'petstore/deprecated-get-pet',
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: `src/f${n % 5}.ts` },
                region: { startLine: n + 1 },
              },
            },
          ],
        }));
        mkdirSync(join(folder, `repo-${k}`));
        writeFileSync(
          join(folder, `repo-${k}`, 'results.sarif'),
          JSON.stringify({
            version: '2.1.0',
            runs: [
              {
                tool: {
                  driver: {
                    name: 'petstore-deprecations',
                    version: TOOL_VERSION,
                    rules: [{ id: 'petstore/deprecated-get-pet' }],
                  },
                },
                results,
              },
            ],
          }),
        );
      }
      const result = await runNodeToExit(
        [BIN, 'report', '--merge', folder, '--out', join(folder, 'organisation.html')],
        folder,
      );
      assert.equal(result.code, 0, result.stderr);
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const address = pathToFileURL(join(folder, 'organisation.html')).href;
      await page.goto(address);
      assert.deepEqual(requests, [address], 'the page itself, nothing else');
      assert.equal(await page.textContent('#calls-left .value'), String(total));
      assert.equal(await page.textContent('#repositories .value'), '200');
      assert.equal(await page.locator('#by-repository tbody tr').count(), 200);
      const counts = (
        await page.locator('#by-repository tbody td:nth-child(2)').allTextContents()
      ).map(Number);
      assert.equal(
        counts.reduce((sum, value) => sum + value, 0),
        total,
      );
      // Most calls first.
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => b - a),
      );
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'merged-report.png'), fullPage: false });
      await page.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('draws the burn-down of the git history and its forecast, and is screenshotted', async () => {
    const history = mkdtempSync(join(tmpdir(), 'petstore-burn-down-'));
    try {
      const git = (...args: string[]) => execFileSync('git', args, { cwd: history, stdio: 'pipe' });
      git('init', '-q', '-b', 'main');
      git('config', 'user.email', 'dev@example.com');
      git('config', 'user.name', 'Dev');
      mkdirSync(join(history, '.github'));
      writeFileSync(
        join(history, '.github/CODEOWNERS'),
        '/web/ @petshop/storefront\n/services/ @petshop/backend\n',
      );
      mkdirSync(join(history, 'web'));
      mkdirSync(join(history, 'services'));
      // Eleven months: the storefront removes two calls a month, the backend one every other month.
      for (let month = 0; month < 11; month++) {
        const web = 30 - 2 * month;
        const backend = 14 - Math.floor(month / 2);
        writeFileSync(
          join(history, 'web/pets.ts'),
          Array.from({ length: web }, (_, k) => `fetch(\`/v1/pets/\${id${k}}\`);`).join('\n'),
        );
        writeFileSync(
          join(history, 'services/pets.py'),
          Array.from({ length: backend }, (_, k) => `requests.get(f"{B}/pets/{p${k}}")`).join('\n'),
        );
        const date = `2026-${String(month + 1).padStart(2, '0')}-03T12:00:00Z`;
        git('add', '-A');
        execFileSync('git', ['commit', '-q', '-m', `month ${month + 1}`], {
          cwd: history,
          stdio: 'pipe',
          env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
        });
      }
      const written = await runNodeToExit(
        [BIN, 'history', '--since', '2026-01-05', '--format', 'json', '--out', 'history.json'],
        history,
      );
      assert.equal(written.code, 0, written.stderr);
      const points = (
        JSON.parse(readFileSync(join(history, 'history.json'), 'utf8')) as {
          points: { total: number }[];
        }
      ).points;
      const result = await runNodeToExit(
        [BIN, 'report', '--history', 'history.json', '--out', 'progress.html'],
        history,
      );
      assert.equal(result.code, 0, result.stderr);
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const requests: string[] = [];
      const console: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => console.push(message.text()));
      const address = pathToFileURL(join(history, 'progress.html')).href;
      await page.goto(address);
      assert.deepEqual(requests, [address], 'the page itself, nothing else');
      assert.deepEqual(console, []);
      assert.match(
        (await page.textContent('#forecast-verdict strong')) ?? '',
        /^(on track: zero by \d{4}-\d{2}|late: .*)\.$/,
      );
      // The large chart has a dot per point, with the point's count in its title.
      const titles = await page
        .locator('svg.burn-down')
        .first()
        .locator('circle title')
        .allTextContents();
      assert.deepEqual(
        titles.map((title) => Number(title.split(': ')[1])),
        points.map((point) => point.total),
      );
      assert.equal(await page.locator('.small-burn-down').count(), 2);
      assert.deepEqual(await page.locator('#forecast tbody td:first-child').allTextContents(), [
        'Total',
        '@petshop/storefront',
        '@petshop/backend',
      ]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.locator('section', { hasText: 'Burn-down' }).screenshot({
        path: join(SCREENSHOTS, 'burn-down.png'),
      });
      await page.close();
    } finally {
      rmSync(history, { recursive: true, force: true });
    }
  });

  it('the demo’s report (npm start’s project): calls added, then migrated, on track for both teams', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'petstore-demo-report-'));
    const demo = join(parent, 'petshop-clients');
    try {
      createDemoRepository(demo, join(ROOT, 'test/fixtures'));
      const result = await runNodeToExit(
        [BIN, 'report', '--history', 'auto', '--out', 'report.html'],
        demo,
      );
      assert.equal(result.code, 0, result.stderr);
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await page.goto(pathToFileURL(join(demo, 'report.html')).href);
      assert.equal(await page.textContent('#calls-left'), '6');
      assert.match(
        (await page.textContent('#forecast-verdict strong')) ?? '',
        /^on track: zero by \d{4}-\d{2}\.$/,
      );
      const counts = (
        await page.locator('svg.burn-down').first().locator('circle title').allTextContents()
      ).map((title) => Number(title.split(': ')[1]));
      assert.equal(Math.max(...counts), 14, counts.join(', '));
      assert.equal(counts.at(-1), 6);
      assert.deepEqual(await page.locator('#forecast tbody td:first-child').allTextContents(), [
        'Total',
        '@petshop/platform-team',
        '@petshop/web-team',
      ]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.locator('section', { hasText: 'Burn-down' }).screenshot({
        path: join(SCREENSHOTS, 'demo-burn-down.png'),
      });
      await page.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
