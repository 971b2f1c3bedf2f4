import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
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
});
