import * as vscode from 'vscode';
import {
  EXTENSION_ID,
  explorerApi,
  nextState,
  runCommandAndPick,
  setKeyThroughInput,
  showPetsView,
  testKeys,
  updateSetting,
  within,
} from './support/explorer';
import { hostAvailable, screenshot, waitForWorkbench } from './support/host';
import { startTestPetStoreServer, type TestPetStoreServer } from './support/petstoreServer';

const step = (title: string) =>
  waitForWorkbench(`button.getting-started-step[aria-checked="true"]:has-text("${title}")`);

/**
 * With the walkthrough open, each step completes when the user does what it asks (a setting, the
 * password box, the view loading, a create, the view shown), not when its button is pressed. Runs
 * second (index.ts), before any suite sets the context keys the steps complete on.
 */
describe('Walkthrough: getting started', function () {
  this.timeout(120_000);
  let staging: TestPetStoreServer;
  const csv = () =>
    vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'walkthrough-pets.csv');

  before(async function () {
    if (!hostAvailable()) this.skip(); // the walkthrough page is only readable in the code-server host
    const keys = await testKeys();
    staging = await startTestPetStoreServer(keys.staging);
    await explorerApi();
    await updateSetting('environments', undefined);
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${EXTENSION_ID}#petstore.gettingStarted`,
      false,
    );
    await waitForWorkbench('button.getting-started-step:has-text("Set its API key")');
  });

  after(async () => {
    // Leave the window as the later suites expect it: no editor, production active, no key, no setting.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await runCommandAndPick('petstore.switchEnvironment', 'Production');
    await vscode.commands.executeCommand('petstore.clearApiKey', 'staging');
    await vscode.workspace.fs.delete(csv()).then(undefined, () => undefined);
    await vscode.workspace.fs
      .delete(vscode.Uri.file(`${csv().fsPath}.results.json`))
      .then(undefined, () => undefined);
    await updateSetting('environments', undefined);
    await staging?.stop();
  });

  it('completes each step on its real event', async () => {
    const api = await explorerApi();
    const keys = await testKeys();
    // 1. An address in settings.
    await updateSetting('environments', { staging: { baseUrl: staging.baseUrl } });
    await step("Set the environment's address");
    await runCommandAndPick('petstore.switchEnvironment', 'Staging');
    // 2. The key typed into the password box.
    await setKeyThroughInput(keys.staging, 'staging');
    await step('Set its API key');
    // 3. The Pets view loaded with that address and key (what the step's button opens).
    const loaded = nextState(api, 'ready');
    await showPetsView(api);
    api.tree.refresh();
    await loaded;
    await step('Browse pets');
    // 4. A pet created (here from a file: the wizard completes it the same way).
    await vscode.workspace.fs.writeFile(
      csv(),
      new TextEncoder().encode('name,categoryId\nWalkthrough Wren,1\n'),
    );
    await within(
      vscode.commands.executeCommand('petstore.createPetsFromFile', csv()),
      'Create Pets from File to finish',
    );
    await step('Create a test pet');
    // 5. The Deprecated Calls view shown.
    await vscode.commands.executeCommand('petstore.deprecatedCalls.focus');
    await step('Find deprecated getPet calls');
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${EXTENSION_ID}#petstore.gettingStarted`,
      false,
    );
    await screenshot('walkthrough');
  });
});
