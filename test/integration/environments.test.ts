import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Environment } from '../../src/core/explorer/environments';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import {
  explorerApi,
  nextState,
  showPetsView,
  testKeys,
  updateSetting,
  within,
  type TestKeys,
} from './support/explorer';
import {
  clickInWorkbench,
  fillInput,
  hostAvailable,
  inputValue,
  pressKey,
  screenshot,
  submitInput,
  typeText,
  waitForWorkbench,
} from './support/host';
import { startTestPetStoreServer, type TestPetStoreServer } from './support/petstoreServer';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const row = (label: string) => `${QUICK_INPUT} .monaco-list-row[aria-label^="${label}"]`;

/** The environments written in the user's settings (where Add Environment… puts them). */
function userEnvironments(): Record<string, unknown> | undefined {
  return vscode.workspace
    .getConfiguration('petstore')
    .inspect<Record<string, unknown>>('environments')?.globalValue;
}

describe('Environments without settings.json: add, edit and remove from the picker', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  let keys: TestKeys;
  let server: TestPetStoreServer;

  before(async function () {
    // The picker's buttons and the inputs are driven as a person drives them: only in the host.
    if (!hostAvailable()) this.skip();
    keys = await testKeys();
    api = await explorerApi();
    server = await startTestPetStoreServer(keys.staging, ['--seed']);
    // Only production, which is protected: no test environment yet.
    await updateSetting('environments', { production: { baseUrl: server.baseUrl } });
    await showPetsView(api);
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('petstore')
      .update('environments', undefined, vscode.ConfigurationTarget.Global);
    await updateSetting('environments', undefined);
    await server?.stop();
  });

  it('adds one from the palette: the base URL checked as the client checks it, its key asked at once, then active', async () => {
    const added = vscode.commands.executeCommand<Environment>('petstore.addEnvironment');
    await waitForWorkbench(`${QUICK_INPUT_BOX}[placeholder="e.g. Local"]`);
    await typeText('Local QA', QUICK_INPUT_BOX);
    await pressKey('Enter', QUICK_INPUT_BOX);
    await waitForWorkbench(`${QUICK_INPUT_BOX}[placeholder="http://127.0.0.1:8787/v1"]`);
    const wrong = server.baseUrl.replace(/\/v1$/, '/v2');
    await typeText(wrong, QUICK_INPUT_BOX);
    await waitForWorkbench(`${QUICK_INPUT}:has-text("The base URL must end with /v1")`);
    await screenshot('environment-add-invalid-url');
    await pressKey('Enter', QUICK_INPUT_BOX); // refused while invalid: still on step 2
    assert.equal(await inputValue(QUICK_INPUT_BOX), wrong);
    await fillInput(QUICK_INPUT_BOX, server.baseUrl);
    await pressKey('Enter', QUICK_INPUT_BOX);
    await waitForWorkbench(
      `${QUICK_INPUT} .monaco-list-row.focused:has-text("A test environment")`,
    );
    await pressKey('Enter', QUICK_INPUT_BOX);
    // Its key, right after adding it.
    const password = `${QUICK_INPUT} input[type="password"]`;
    await waitForWorkbench(password);
    await waitForWorkbench(`${QUICK_INPUT}:has-text("API Key for Local QA")`);
    await screenshot('environment-add-key-prompt');
    const ready = nextState(api, 'ready');
    await submitInput(password, keys.staging);
    const environment = await within(added, 'Add Environment… to finish');
    assert.equal(environment.id, 'local-qa');
    await ready; // the Pets view loads from it, with the key just given
    assert.match(String(api.view.description), /^Local QA · /);
    assert.deepEqual(userEnvironments()?.['local-qa'], {
      label: 'Local QA',
      baseUrl: server.baseUrl,
      protected: false,
    });
    await waitForWorkbench('.statusbar-item:not(.warning-kind):has-text("Pet Store: Local QA")');
  });

  it('edits it from the picker’s pencil and removes it from its bin, coming back to the picker', async () => {
    const picking = vscode.commands.executeCommand('petstore.switchEnvironment');
    await waitForWorkbench(row('Local QA'));
    await waitForWorkbench(`${QUICK_INPUT}:has-text("Add Environment…")`);
    await screenshot('environment-picker');
    await clickInWorkbench(`${row('Local QA')} .action-label.codicon-edit`);
    await waitForWorkbench(`${QUICK_INPUT_BOX}[placeholder="e.g. Local"]`);
    assert.equal(await inputValue(QUICK_INPUT_BOX), 'Local QA');
    await fillInput(QUICK_INPUT_BOX, 'QA Box');
    await pressKey('Enter', QUICK_INPUT_BOX);
    await waitForWorkbench(`${QUICK_INPUT_BOX}[placeholder="http://127.0.0.1:8787/v1"]`);
    assert.equal(await inputValue(QUICK_INPUT_BOX), server.baseUrl);
    await pressKey('Enter', QUICK_INPUT_BOX);
    await waitForWorkbench(
      `${QUICK_INPUT} .monaco-list-row.focused:has-text("A test environment")`,
    );
    await pressKey('ArrowDown', QUICK_INPUT_BOX);
    await waitForWorkbench(`${QUICK_INPUT} .monaco-list-row.focused:has-text("Protected")`);
    await pressKey('Enter', QUICK_INPUT_BOX);
    // Back in the picker, under its new name.
    await waitForWorkbench(row('QA Box'));
    assert.deepEqual(userEnvironments()?.['local-qa'], {
      label: 'QA Box',
      baseUrl: server.baseUrl,
      protected: true,
    });
    await clickInWorkbench(`${row('QA Box')} .action-label.codicon-trash`);
    await waitForWorkbench(`${QUICK_INPUT}:has-text("Remove the environment QA Box?")`);
    await screenshot('environment-remove');
    await pressKey('ArrowDown', QUICK_INPUT_BOX);
    await waitForWorkbench(`${QUICK_INPUT} .monaco-list-row.focused:has-text("Remove QA Box")`);
    await pressKey('Enter', QUICK_INPUT_BOX);
    await waitForWorkbench(row('Production'));
    await waitForWorkbench(row('QA Box'), 'hidden');
    await pressKey('Escape', QUICK_INPUT_BOX);
    assert.equal(await picking, undefined);
    assert.equal(userEnvironments()?.['local-qa'], undefined);
    // It was the active one: the workspace is back on an environment that exists.
    assert.match(String(api.view.description), /^Production · /);
  });
});
