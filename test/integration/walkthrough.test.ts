import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support/explorer';
import { hostAvailable, screenshot, textsInWorkbench, waitForWorkbench } from './support/host';

const STEPS = [
  "Set the environment's address",
  'Set its API key',
  'Browse pets',
  'Create a test pet',
  'Find deprecated getPet calls',
];

/**
 * Runs last (files run in name order): by now the earlier suites have done, through the real UI,
 * what each step asks — set an address in settings, typed a key into the password box, loaded the
 * Pets view, created pets with the wizard and from a file, shown the Deprecated Calls view — and
 * each step completed on that event (a context key or the view), not on its button.
 */
describe('Walkthrough: getting started', function () {
  this.timeout(60_000);

  it('lists five steps, each completed by what the user did', async function () {
    if (!hostAvailable()) this.skip(); // the walkthrough page is only readable in the code-server host
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${EXTENSION_ID}#petstore.gettingStarted`,
      false,
    );
    for (const step of STEPS)
      await waitForWorkbench(
        `button.getting-started-step[aria-checked="true"]:has-text("${step}")`,
      );
    const titles = await textsInWorkbench('button.getting-started-step .step-title');
    assert.deepEqual(
      titles.map((title) => title.trim()),
      STEPS,
    );
    await screenshot('walkthrough');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
