import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HistoryReport } from '../../../src/core/deprecations/history/historyReport';
import { FORECAST_REQUEST } from '../../../src/lsp/protocol';
import type { WorkspaceForecast } from '../../../src/lsp/workspaceForecast';
import { GitRepository } from '../../support/gitRepository';
import { runNodeToExit } from '../../support/runToExit';
import { TestClient } from './testClient';

const CLI = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

/** YYYY-MM-DD of the day `months` months before today (UTC), on the 3rd so every month has it. */
function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 3))
    .toISOString()
    .slice(0, 10);
}

const calls = (count: number) =>
  Array.from({ length: count }, (_, k) => `fetch(\`\${BASE}/pets/\${id${k}}\`);`).join('\n');

async function forecastOf(folder: string): Promise<WorkspaceForecast> {
  const client = new TestClient();
  try {
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
      capabilities: {},
      initializationOptions: { scanWorkspace: false },
    });
    return await client.connection.sendRequest<WorkspaceForecast>(FORECAST_REQUEST);
  } finally {
    client.connection.dispose();
  }
}

describe('language server: the forecast from the workspace’s git history', function () {
  this.timeout(60_000);
  let repository: GitRepository;

  before(() => {
    repository = new GitRepository();
    // Six months in which the web team removes three calls a month and the API team none.
    for (let month = 6; month >= 1; month--) {
      repository
        .write('web/pets.ts', calls(3 * month))
        .write('api/pets.ts', calls(4))
        .commit(monthsAgo(month));
    }
  });
  after(() => repository.dispose());

  it('answers the last year by month, with the forecast in total and per folder, as the CLI counts it', async () => {
    const answer = await forecastOf(repository.root);
    assert.ok('history' in answer, JSON.stringify(answer));
    const history: HistoryReport = answer.history;
    assert.equal(history.every, 'month');
    const last = history.points[history.points.length - 1]!;
    assert.equal(last.total, 3 + 4);
    assert.equal(history.forecast.total.verdict, 'on track');
    const api = history.forecast.groups.find((group) => group.name === 'api/');
    assert.equal(api?.forecast.verdict, 'no progress');
    // The CLI's history of the same repository counts the same calls at the same points.
    const cli = await runNodeToExit([CLI, 'history', '--format', 'json'], repository.root);
    assert.equal(cli.code, 0, cli.stderr);
    const fromCli = (JSON.parse(cli.stdout) as HistoryReport).points;
    assert.deepEqual(
      history.points.map((point) => [point.date, point.total]),
      fromCli.map((point) => [point.date, point.total]),
    );
    // Both keep (and share) the blob cache under .git.
    assert.ok(existsSync(join(repository.root, '.git/petstore-deprecations')));
  });

  it('counts only the workspace folder when it is a folder of a larger repository', async () => {
    const answer = await forecastOf(join(repository.root, 'api'));
    assert.ok('history' in answer, JSON.stringify(answer));
    assert.equal(answer.history.points[answer.history.points.length - 1]!.total, 4);
    assert.equal(answer.history.forecast.total.verdict, 'no progress');
  });

  it('never says done while files git does not track hold calls, and counts them at every ask', async () => {
    const untracked = new GitRepository();
    try {
      // Committed: no call left. In the working tree: an ignored folder and a new file with calls.
      untracked
        .write('.gitignore', 'generated/\n')
        .write('web/pets.ts', calls(0))
        .commit(monthsAgo(2));
      untracked.write('web/pets.ts', calls(0)).commit(monthsAgo(1));
      untracked.write('generated/client.ts', calls(2)).write('web/new.ts', calls(1));
      const folder = join(untracked.root, 'web');
      let answer = await forecastOf(untracked.root);
      assert.ok('history' in answer, JSON.stringify(answer));
      // The scan of the root honours .gitignore, as the history's working tree does: web/new.ts only.
      assert.equal(answer.history.forecast.total.verdict, 'no history');
      assert.equal(
        answer.history.forecast.total.summary,
        'no history: 1 call in files git does not track',
      );
      assert.deepEqual(answer.history.untracked?.examples, [{ path: 'web/new.ts', calls: 1 }]);
      untracked.write('web/newer.ts', calls(2));
      answer = await forecastOf(folder);
      assert.ok('history' in answer, JSON.stringify(answer));
      assert.equal(answer.history.untracked?.calls, 3);
      assert.equal(answer.history.points.at(-1)?.total, 0, 'the history itself is unchanged');
    } finally {
      untracked.dispose();
    }
  });

  it('says why there is no forecast outside a repository, or in one without commits', async () => {
    const plain = await mkdtemp(join(tmpdir(), 'petstore-lsp-no-git-'));
    const empty = new GitRepository();
    try {
      assert.deepEqual(await forecastOf(plain), {
        unavailable: 'no history: the workspace is not in a git repository',
      });
      assert.deepEqual(await forecastOf(empty.root), {
        unavailable: 'no history: the repository has no commits yet',
      });
    } finally {
      await rm(plain, { recursive: true, force: true });
      empty.dispose();
    }
  });
});
