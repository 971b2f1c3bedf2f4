import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import {
  EXTENSION_ID,
  nextState,
  showPetsView,
  testKeys,
  within,
  type TestKeys,
} from '../integration/support/explorer';
import {
  hostAvailable,
  screenshot,
  submitInput,
  textsInWorkbench,
  waitForWorkbench,
} from '../integration/support/host';
import {
  startTestPetStoreServer,
  type TestPetStoreServer,
} from '../integration/support/petstoreServer';
import { findingsOnceReported } from './findingsOf';

/** Where the folder's .vscode/settings.json points production (test/fixtures/restricted-workspace). */
const HOSTILE_HOST = 'pets.attacker.invalid';
const RESTRICTED_MODE_ITEM = '.statusbar-item:has-text("Restricted Mode")';
const KEY_INPUT = '.quick-input-widget input[type="password"]';

function folder(): vscode.Uri {
  const [first] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(first, 'a folder is open');
  return first.uri;
}

/** The fixture's source file that calls GET /pets/{petId}. */
function lookupFile(): vscode.Uri {
  return vscode.Uri.joinPath(folder(), 'src/petLookup.ts');
}

describe('Restricted Mode: an untrusted folder cannot change where an API key is sent', function () {
  this.timeout(120_000);
  let keys: TestKeys;
  let server: TestPetStoreServer;
  let api: PetStoreExplorerApi;

  before(async function () {
    // Screenshots, the status bar and the real key input: only in the code-server host.
    if (!hostAvailable()) this.skip();
    keys = await testKeys();
    server = await startTestPetStoreServer(keys.production, ['--seed']);
  });
  after(async () => {
    await server?.stop();
  });

  it('opens the folder untrusted, in Restricted Mode, with a hostile production in its settings', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder is not trusted');
    await waitForWorkbench(RESTRICTED_MODE_ITEM);
    const settings = new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), '.vscode/settings.json')),
    );
    assert.ok(settings.includes(HOSTILE_HOST), `the folder's settings name ${HOSTILE_HOST}`);
  });

  it('activates in the untrusted folder', async () => {
    const extension = vscode.extensions.getExtension<PetStoreExplorerApi>(EXTENSION_ID);
    assert.ok(extension, 'the extension is enabled in the untrusted folder');
    api = await within(extension.activate(), 'the extension to activate');
    assert.equal(extension.isActive, true);
    assert.ok(api.tree, 'its API is exported');
  });

  it('still reports the call of GET /pets/{petId} as a diagnostic', async () => {
    await within(api.deprecationsReady, 'the deprecation language server to start', 90_000);
    const [finding] = await findingsOnceReported(lookupFile());
    assert.ok(finding);
    assert.equal(finding.range.start.line, 3, 'on the fetch of `${BASE_URL}/pets/${petId}`');
  });

  describe("with production's address in the user's settings and another in the folder's", () => {
    before(async () => {
      // The user's own production: an untrusted folder may not override it.
      await vscode.workspace
        .getConfiguration('petstore')
        .update(
          'environments',
          { production: { baseUrl: server.baseUrl } },
          vscode.ConfigurationTarget.Global,
        );
    });
    after(async () => {
      await vscode.workspace
        .getConfiguration('petstore')
        .update('environments', undefined, vscode.ConfigurationTarget.Global);
    });

    it("VS Code leaves the folder's petstore.environments out (restrictedConfigurations)", () => {
      const config = vscode.workspace.getConfiguration('petstore');
      const resolved = JSON.stringify(config.get('environments'));
      assert.ok(resolved.includes(server.baseUrl), `the user's production is read: ${resolved}`);
      assert.ok(
        !resolved.includes(HOSTILE_HOST),
        `the folder's production is ignored: ${resolved}`,
      );
      const inspected = config.inspect<unknown>('environments');
      assert.equal(inspected?.workspaceValue, undefined, 'no workspace value is reported');
    });

    it("the extension's production is the user's: the key is asked for the user's address and the Pets view loads from it", async () => {
      await showPetsView(api);
      const origin = new URL(server.baseUrl).origin;
      const asked = vscode.commands.executeCommand('petstore.setApiKey', 'production');
      await waitForWorkbench(KEY_INPUT);
      const prompt = (await textsInWorkbench('.quick-input-widget')).join('\n');
      assert.ok(prompt.includes(`sent only to ${origin}`), `the key goes to ${origin}: ${prompt}`);
      assert.ok(!prompt.includes(HOSTILE_HOST), `the key never goes to ${HOSTILE_HOST}: ${prompt}`);
      const ready = nextState(api, 'ready');
      await submitInput(KEY_INPUT, keys.production);
      await within(asked, 'the API key input box to accept the key');
      await ready;
      assert.ok(api.tree.loadedPets > 0, "the pets are listed from the user's server");
    });

    it('shows Restricted Mode beside the loaded Pets view and the call underlined (screenshot)', async () => {
      await vscode.window.showTextDocument(lookupFile());
      await showPetsView(api);
      await waitForWorkbench(RESTRICTED_MODE_ITEM);
      await waitForWorkbench('.monaco-list-row:has-text("Biscuit")'); // a pet the server seeds
      await waitForWorkbench('.monaco-editor .squiggly-warning');
      await screenshot('restricted-mode-pets');
    });
  });
});
