import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

function run(args: string[], cwd: string) {
  return runNodeToExit([BIN, ...args], cwd);
}

describe('petstore-deprecations report', () => {
  let repo: string;
  beforeEach(async () => {
    repo = await mkdtemp(join(tmpdir(), 'petstore-report-'));
    await mkdir(join(repo, 'web/src'), { recursive: true });
    await mkdir(join(repo, 'services/api'), { recursive: true });
    await mkdir(join(repo, '.github'));
    await writeFile(
      join(repo, 'web/src/pets.ts'),
      'export const one = (id: string) => fetch(`${BASE}/pets/${id}`);\nexport const two = (id: string) => api.getPet(id);\n',
    );
    await writeFile(
      join(repo, 'services/api/client.py'),
      'import requests\npet = requests.get(f"{BASE}/pets/{pet_id}")\n',
    );
    await writeFile(join(repo, 'services/api/list.go'), 'http.Get(base + "/pets?status=sold")\n');
    await writeFile(
      join(repo, '.github/CODEOWNERS'),
      '*  @org/platform\n/web/ @org/frontend\n!oops @x\n',
    );
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  afterEach(() => rm(repo, { recursive: true, force: true }));

  it('prints Markdown with the calls by owner (CODEOWNERS) and by language, and notes skipped lines', async () => {
    const { code, stdout, stderr } = await run(['report', '--format', 'markdown'], repo);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /\*\*3\*\* calls left in 2 files · \*\*\d+ days left\*\*/);
    // Owners in code spans: a pull-request comment notifies nobody unless asked.
    assert.match(stdout, /\| `@org\/frontend` \| 2 \|\n\| `@org\/platform` \| 1 \|/);
    assert.match(stdout, /\| TypeScript \| 2 \|\n\| Python \| 1 \|/);
    assert.match(stdout, /\| `services\/api\/client\.py:2` \| `@org\/platform` \| `pet = requests/);
    assert.match(stderr, /note: \.github\/CODEOWNERS:3: skipped \(negation \(!\) is not supported/);
    assert.doesNotMatch(stderr, /oops/, 'a skipped line is named by its place, never quoted');
    assert.match(stderr, /3 calls left in 2 files, \d+ days left/);
    const mentioned = await run(['report', '--format', 'markdown', '--mention-owners'], repo);
    assert.match(mentioned.stdout, /\| @org\/frontend \| 2 \|\n\| @org\/platform \| 1 \|/);
  });

  it('writes one self-contained HTML page with --out, whole (no temporary file left)', async () => {
    const { code, stderr } = await run(['report', '--out', 'progress.html'], repo);
    assert.equal(code, 0, stderr);
    const page = readFileSync(join(repo, 'progress.html'), 'utf8');
    assert.match(page, /id="calls-left">3</);
    assert.match(page, /<td class="where">web\/src\/pets\.ts:2<\/td><td>@org\/frontend<\/td>/);
    assert.deepEqual(
      readdirSync(repo).filter((name) => name.endsWith('.tmp')),
      [],
    );
  });

  it('groups by top-level folder when the repository has no CODEOWNERS', async () => {
    await rm(join(repo, '.github'), { recursive: true });
    const { stdout } = await run(['report', '--format', 'markdown'], repo);
    assert.match(
      stdout,
      /\| Folder \| Calls \|\n\| --- \| ---: \|\n\| `web\/` \| 2 \|\n\| `services\/` \| 1 \|/,
    );
  });

  it('shows the progress since a baseline: calls removed, calls new', async () => {
    assert.equal((await run(['scan', '--write-baseline', 'baseline.json'], repo)).code, 0);
    await writeFile(
      join(repo, 'web/src/pets.ts'),
      'export const two = (id: string) => api.getPet(id);\n',
    );
    await writeFile(join(repo, 'services/api/new.py'), 'requests.get(f"/pets/{pid}")\n');
    const { code, stdout } = await run(
      ['report', '--baseline', 'baseline.json', '--format', 'markdown'],
      repo,
    );
    assert.equal(code, 0);
    assert.match(
      stdout,
      /Since the baseline: \*\*1 of 3\*\* baselined calls removed \(33\.3 %\), \*\*1\*\* new\./,
    );
    assert.match(stdout, /services\/api\/new\.py:1` .* \*\*new\*\* \|/);
  });

  const refusals: [string, string[], RegExp][] = [
    [
      'an output folder that does not exist',
      ['--out', 'missing/report.html'],
      /cannot write the report missing\/report\.html: no folder .*missing/,
    ],
    ['an unknown format', ['--format', 'pdf'], /--format must be html or markdown, not "pdf"/],
    [
      'an unreadable baseline',
      ['--baseline', 'nope.json'],
      /cannot read the baseline .*nope\.json/,
    ],
    [
      'a CODEOWNERS file that is not there',
      ['--codeowners', 'OWNERS'],
      /cannot read the CODEOWNERS file OWNERS/,
    ],
    ['an unknown option', ['--colour'], /Unknown option '--colour'/],
  ];
  for (const [what, args, message] of refusals)
    it(`refuses ${what} with a clear message and exit 2, writing nothing`, async () => {
      const before = readdirSync(repo).sort();
      const { code, stdout, stderr } = await run(['report', ...args], repo);
      assert.equal(code, 2);
      assert.match(stderr, message);
      assert.equal(stdout, '');
      assert.deepEqual(readdirSync(repo).sort(), before);
    });

  it('refuses a corrupt baseline rather than reading it as empty', async () => {
    await writeFile(
      join(repo, 'baseline.json'),
      '{"version": 1, "rule": "petstore/deprecated-get-pet", "entries": [',
    );
    const { code, stderr } = await run(['report', '--baseline', 'baseline.json'], repo);
    assert.equal(code, 2);
    assert.match(stderr, /is not valid JSON/);
  });

  it('names both commands in the help, and refuses a missing or unknown command', async () => {
    const help = await run(['--help'], repo);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /scan {6}find the calls/);
    assert.match(help.stdout, /report {4}the migration's progress/);
    const missing = await run([], repo);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing command "scan", "report", "history", "plan" or "fix"/);
    const unknown = await run(['lint'], repo);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "lint"/);
    assert.equal(existsSync(join(repo, 'report.html')), false);
  });
});
