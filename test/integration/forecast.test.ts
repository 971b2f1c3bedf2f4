import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import { explorerApi } from './support/explorer';
import { hostAvailable, screenshot, waitForWorkbench } from './support/host';

const LEGACY = 'src/forecast/legacy.ts';

/** YYYY-MM-DD, the 3rd of the month `months` months before this one (UTC). */
function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 3))
    .toISOString()
    .slice(0, 10);
}

/** The view's message after the plan's sentence that leads it ("Fix 2 places to remove 5 calls."). */
function afterPlan(message: string | undefined): string {
  return String(message).replace(/^Fix \d+ places? to remove \d+ calls?\. /, '');
}

describe('Migration forecast in the editor: the verdict in the Deprecated Calls view', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const git = (args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd: root(),
      stdio: 'pipe',
      env: date
        ? {
            ...process.env,
            GIT_AUTHOR_DATE: `${date}T12:00:00Z`,
            GIT_COMMITTER_DATE: `${date}T12:00:00Z`,
          }
        : process.env,
    });
  /** Resolves with the view's description once the forecast has changed and it satisfies `accept`. */
  const descriptionOnceForecast = (accept: (description: string) => boolean) =>
    new Promise<string>((resolve) => {
      const subscription = api.forecast.onDidChange(() => {
        const description = String(api.deprecatedCallsView.description);
        if (!accept(description)) return;
        subscription.dispose();
        resolve(description);
      });
    });

  before(async () => {
    api = await explorerApi();
    await api.deprecationsReady;
    // The workspace becomes a repository whose last six months removed two calls a month.
    git(['init', '-q', '-b', 'main']);
    git(['config', 'user.email', 'dev@example.com']);
    git(['config', 'user.name', 'Dev']);
    git(['config', 'commit.gpgsign', 'false']);
    for (let month = 6; month >= 1; month--) {
      const calls = Array.from(
        { length: 2 * month },
        (_, k) => `export const get${k} = (id: string) => fetch(\`\${BASE}/pets/\${id}\`);`,
      );
      await vscode.workspace.fs.writeFile(
        vscode.Uri.file(join(root(), LEGACY)),
        Buffer.from(`${calls.join('\n')}\n`),
      );
      git(['add', '-A']);
      git(['commit', '-q', '-m', `month -${month}`], monthsAgo(month));
    }
  });
  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.file(join(root(), LEGACY)), { useTrash: false });
    await vscode.workspace.fs
      .delete(vscode.Uri.file(join(root(), 'forecast-report.html')), {
        useTrash: false,
      })
      .then(
        () => undefined,
        () => undefined,
      );
    rmSync(join(root(), '.git'), { recursive: true, force: true });
  });

  it('says the verdict before the days left once a scan asks for it, and the export draws the burn-down', async () => {
    const shown = descriptionOnceForecast((description) => description.includes('on track'));
    await vscode.commands.executeCommand('petstore.scanWorkspaceForDeprecatedCalls');
    const description = await shown;
    assert.match(description, /^on track: zero by \d{4}-\d{2} · \d+ days left$/);
    assert.match(
      afterPlan(api.deprecatedCallsView.message),
      /^Forecast from the git history: on track: zero by \d{4}-\d{2}\. The exported report has the burn-down chart\.$/,
    );
    const history = api.forecast.history!;
    assert.equal(history.forecast.total.verdict, 'on track');
    // A point a month since the first commit (none before it), two calls fewer each month.
    const totals = history.points.map((point) => point.total);
    assert.equal(totals.length, 7, totals.join(', '));
    assert.deepEqual(
      totals.slice(1, 6).map((total, k) => totals[k]! - total),
      [2, 2, 2, 2, 2],
    );

    const target = vscode.Uri.file(join(root(), 'forecast-report.html'));
    await vscode.commands.executeCommand('petstore.exportDeprecationReport', target);
    const page = readFileSync(target.fsPath, 'utf8');
    assert.match(page, /<svg class="burn-down"/);
    assert.ok(page.includes(history.forecast.total.summary));

    await vscode.commands.executeCommand('petstore.deprecatedCalls.focus');
    if (hostAvailable()) {
      await waitForWorkbench('.pane-header:has-text("on track")');
      await screenshot('deprecated-calls-forecast');
    }
  });

  it('never says done while calls remain: with every file out of the index, their calls have no history', async () => {
    const settled = descriptionOnceForecast((description) => description.startsWith('no history'));
    // The history reads git's objects: a HEAD whose tree is empty counts no call, but the files
    // (and their calls) are still there, untracked.
    git(['rm', '-r', '-q', '--cached', '.']);
    git(['commit', '-q', '--allow-empty', '-m', 'everything out of the index']);
    assert.match(await settled, /^no history · \d+ days left$/);
    const history = api.forecast.history!;
    assert.equal(history.forecast.total.verdict, 'no history');
    assert.ok((history.untracked?.calls ?? 0) > 0, JSON.stringify(history.untracked));
    assert.equal(
      afterPlan(api.deprecatedCallsView.message),
      `No history for ${history.untracked!.calls} calls: they are in files git does not track. Commit them to follow their burn-down.`,
    );
    const target = vscode.Uri.file(join(root(), 'forecast-report.html'));
    await vscode.commands.executeCommand('petstore.exportDeprecationReport', target);
    const page = readFileSync(target.fsPath, 'utf8');
    assert.doesNotMatch(page, /done: no calls left/);
    assert.match(page, /no history: \d+ calls in files git does not track/);
    if (hostAvailable()) {
      await waitForWorkbench('.pane-header:has-text("no history")');
      await screenshot('deprecated-calls-no-history');
    }
  });

  it('outside any repository says "no history", in the view and in the exported report', async () => {
    rmSync(join(root(), '.git'), { recursive: true, force: true });
    await api.forecast.refresh();
    assert.equal(api.forecast.history, undefined);
    assert.match(String(api.deprecatedCallsView.description), /^no history · \d+ days left$/);
    assert.equal(
      afterPlan(api.deprecatedCallsView.message),
      'No history to forecast from: the workspace is not in a git repository.',
    );
    const target = vscode.Uri.file(join(root(), 'forecast-report.html'));
    await vscode.commands.executeCommand('petstore.exportDeprecationReport', target);
    const page = readFileSync(target.fsPath, 'utf8');
    assert.match(page, /<strong>No history\.<\/strong> the workspace is not in a git repository/);
    assert.doesNotMatch(page, /<svg class="burn-down"/);
  });
});
