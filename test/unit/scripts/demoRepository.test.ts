import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { HistoryReport } from '../../../src/core/deprecations/history/historyReport';
import { DEMO_HISTORY } from '../../../scripts/demo/demoHistory';
import { createDemoRepository, privateFolder } from '../../../scripts/demo/demoRepository';
import { runNodeToExit } from '../../support/runToExit';

const FIXTURES = resolve(__dirname, '../../fixtures');
const CLI = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

function filesUnder(folder: string, root = folder): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === '.git') return [];
    return statSync(path).isDirectory() ? filesUnder(path, root) : [relative(root, path)];
  });
}

describe('the demo repository (npm start)', function () {
  this.timeout(60_000);
  let folder: string;
  before(() => {
    folder = join(mkdtempSync(join(tmpdir(), 'petstore-demo-')), 'petshop-clients');
    createDemoRepository(folder, FIXTURES);
  });
  after(() => rmSync(resolve(folder, '..'), { recursive: true, force: true }));

  it('ends as the demo workspace is today, every file committed', () => {
    const today = join(FIXTURES, 'demo-workspace');
    const expected = filesUnder(today).sort();
    assert.deepEqual(
      filesUnder(folder)
        .filter((path) => path !== '.gitignore')
        .sort(),
      expected,
    );
    for (const path of expected)
      assert.equal(
        readFileSync(join(folder, path), 'utf8'),
        readFileSync(join(today, path), 'utf8'),
      );
    const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
    assert.equal(git('status', '--porcelain'), '');
    assert.equal(Number(git('rev-list', '--count', 'HEAD').trim()), DEMO_HISTORY.length);
    assert.equal(new Set(git('log', '--format=%an').trim().split('\n')).size, 3);
  });

  it('has a burn-down with a real trend: calls added, then migrated, on track in total and for both teams', async () => {
    const { code, stdout, stderr } = await runNodeToExit(
      [CLI, 'history', '--format', 'json', '--no-cache'],
      folder,
    );
    assert.equal(code, 0, stderr);
    const history = JSON.parse(stdout) as HistoryReport;
    const totals = history.points.map((point) => point.total);
    assert.equal(Math.max(...totals), 14, totals.join(', '));
    assert.equal(totals.at(-1), 6, 'the six calls the workspace has today');
    assert.ok(
      totals.indexOf(14) < totals.length - 1 && totals.at(-1)! < 14,
      'added, then migrated',
    );
    assert.equal(history.forecast.total.verdict, 'on track');
    assert.deepEqual(
      history.forecast.groups.map((group) => [group.name, group.forecast.verdict]).sort(),
      [
        ['@petshop/platform-team', 'on track'],
        ['@petshop/web-team', 'on track'],
      ],
    );
    assert.equal(history.untracked?.calls, 0, 'nothing the history cannot see');
  });
});

describe('the demo’s folder in the shared temporary folder (a name anyone can guess)', () => {
  let shared: string;
  beforeEach(() => (shared = mkdtempSync(join(tmpdir(), 'petstore-demo-shared-'))));
  afterEach(() => rmSync(shared, { recursive: true, force: true }));

  it('is made private, and a link or a folder others can enter, put there first, is refused', () => {
    const made = privateFolder(join(shared, 'pet-store-explorer-demo-me'));
    assert.equal(statSync(made).mode & 0o777, 0o700);
    assert.equal(privateFolder(made), made, 'the same folder, kept between runs');
    // Planted before the demo ran: a link to a folder of the user's, an open folder.
    mkdirSync(join(shared, 'victim'));
    symlinkSync(join(shared, 'victim'), join(shared, 'linked'));
    assert.throws(() => privateFolder(join(shared, 'linked')), /not a private folder of yours/);
    mkdirSync(join(shared, 'open'));
    chmodSync(join(shared, 'open'), 0o777);
    assert.throws(() => privateFolder(join(shared, 'open')), /not a private folder of yours/);
  });

  it('is where npm start makes its workspace', () => {
    const demo = readFileSync(resolve(__dirname, '../../../scripts/demo.ts'), 'utf8');
    assert.match(demo, /privateFolder\(dirname\(WORKSPACE\)\);\s*createDemoRepository\(WORKSPACE/);
  });
});
