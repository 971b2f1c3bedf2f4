import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, explorerApi } from './support/explorer';

/** Which of the extension's bundles Node has loaded in this extension host. */
function loadedBundles(): string[] {
  const folder = `${vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath}/dist/extension/`;
  return Object.keys(require.cache)
    .filter((path) => path.startsWith(folder))
    .map((path) => path.slice(folder.length))
    .sort();
}

// Runs first (files run in name order): nothing has used the Pets view yet.
describe('activation: a light start', () => {
  it('loads the small bundle, then the language client, and the API client only on first use', async () => {
    const api = await explorerApi();
    await api.deprecationsReady;
    assert.deepEqual(loadedBundles(), ['extension.js', 'languageClient.js']);
    // The numbers are for bench:activation; here only that they were measured.
    assert.ok(api.activation.activateMs > 0 && api.activation.bundleMs > 0);
  });
});
