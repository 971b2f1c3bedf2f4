import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import type { RunningRehearsal } from '../../src/extension/rehearsal/removalRehearsal';
import {
  explorerApi,
  nextState,
  runCommandAndPick,
  setKeyThroughInput,
  showPetsView,
  testKeys,
  updateSetting,
  within,
  type TestKeys,
} from './support/explorer';
import { hostAvailable, screenshot, waitForWorkbench } from './support/host';
import { startTestPetStoreServer, type TestPetStoreServer } from './support/petstoreServer';

const NOTIFICATION = '.notifications-center .notification-list-item';

describe('Rehearse the Removal: a server in a removal mode behind a temporary environment', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  let keys: TestKeys;
  let staging: TestPetStoreServer;

  /** Resolves once the rehearsal has seen `calls` calls to GET /pets/{petId} (its change event). */
  const callsSeen = (calls: number) =>
    within(
      new Promise<void>((resolve) => {
        const check = () => {
          if ((api.rehearsal.running?.calls ?? 0) < calls) return;
          subscription.dispose();
          resolve();
        };
        const subscription = api.rehearsal.onDidChange(check);
        check();
      }),
      `the rehearsal to see ${calls} calls`,
    );
  const rehearse = async (plan: unknown) => {
    const ready = nextState(api, 'ready');
    const running = await vscode.commands.executeCommand<RunningRehearsal>(
      'petstore.rehearseRemoval',
      plan,
    );
    await ready;
    return running;
  };

  before(async () => {
    keys = await testKeys();
    api = await explorerApi();
    staging = await startTestPetStoreServer(keys.staging, ['--seed']);
    await updateSetting('environments', { staging: { baseUrl: staging.baseUrl } });
    await showPetsView(api);
    await runCommandAndPick('petstore.switchEnvironment', 'Staging');
    const ready = nextState(api, 'ready');
    await setKeyThroughInput(keys.staging);
    await ready;
  });
  after(async () => {
    await vscode.commands.executeCommand('petstore.stopRehearsal');
    await staging?.stop();
    await updateSetting('environments', undefined);
  });

  it('runs the local server with removal on: the Pets view uses it, the status bar counts getPet calls, stopping restores Staging', async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    const running = await rehearse({
      target: { kind: 'local' },
      mode: { kind: 'removed', status: 410 },
    });
    assert.match(running.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    assert.match(String(api.view.description), /^Rehearsal \(local, removed, 410 Gone\) · /);
    assert.ok(api.tree.loadedPets > 0, 'the demo pets are listed');
    // An application's call to the removed operation (its key is not needed to be counted).
    const answer = await fetch(`${running.baseUrl}/pets/1`);
    assert.equal(answer.status, 401);
    await callsSeen(1);
    if (hostAvailable()) {
      await waitForWorkbench('.statusbar-item:has-text("Rehearsal: 1 getPet call")');
      await screenshot('rehearsal-status-bar');
      // A notification for as long as it runs, counting what it sees (Cancel stops it).
      await vscode.commands.executeCommand('notifications.showList');
      await waitForWorkbench(
        `${NOTIFICATION}:has-text("rehearsing the removal at ${running.baseUrl}"):has-text("1 call to GET /pets/{petId} so far")`,
      );
      await screenshot('rehearsal-notification');
    }

    const back = nextState(api, 'ready');
    await vscode.commands.executeCommand('petstore.stopRehearsal');
    await back;
    if (hostAvailable()) {
      // Gone once it stopped, and what it saw said instead.
      await waitForWorkbench(`${NOTIFICATION}:has-text("rehearsing the removal")`, 'hidden');
      await waitForWorkbench(
        `${NOTIFICATION}:has-text("The rehearsal ran"):has-text("saw 1 call to GET /pets/{petId}: 1 answered 401")`,
      );
      await screenshot('rehearsal-summary');
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
    }
    assert.equal(api.rehearsal.running, undefined);
    assert.match(String(api.view.description), /^Staging · /);
    await assert.rejects(fetch(`${running.baseUrl}/pets`), 'the server is gone');
    if (hostAvailable()) await waitForWorkbench('.statusbar-item:has-text("Rehearsal:")', 'hidden');
  });

  it('runs the proxy in front of Staging with its key: everything else reaches Staging, getPet is removed', async () => {
    const running = await rehearse({
      target: { kind: 'proxy', upstream: staging.baseUrl },
      mode: { kind: 'removed', status: 404 },
    });
    assert.match(String(api.view.description), /^Rehearsal \(Staging, removed, 404\) · /);
    assert.ok(api.tree.loadedPets > 0, 'Staging’s pets are listed through the proxy');
    const removed = await fetch(`${running.baseUrl}/pets/1`, {
      headers: { authorization: `Bearer ${keys.staging}` },
    });
    assert.equal(removed.status, 404);
    assert.equal(((await removed.json()) as { code: string }).code, 'not_found');
    const direct = await fetch(`${staging.baseUrl}/pets/1`, {
      headers: { authorization: `Bearer ${keys.staging}` },
    });
    assert.equal(direct.status, 200, 'Staging itself still serves it');
    await callsSeen(1);
  });

  it('ends when another environment is chosen, and stops its server', async () => {
    const running =
      api.rehearsal.running ??
      (await rehearse({
        target: { kind: 'local' },
        mode: { kind: 'brownout', schedule: '10m/1h', status: 410 },
      }));
    const stopped = within(
      new Promise<void>((resolve) => {
        const subscription = api.rehearsal.onDidChange(() => {
          if (api.rehearsal.running) return;
          subscription.dispose();
          resolve();
        });
      }),
      'the rehearsal to stop',
    );
    await runCommandAndPick('petstore.switchEnvironment', 'Staging');
    await stopped;
    assert.match(String(api.view.description), /^Staging · /);
    await assert.rejects(fetch(`${running.baseUrl}/pets`), 'the server is gone');
  });
});
