import assert from 'node:assert/strict';
import { isAbsolute, relative } from 'node:path';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import type { RunningRehearsal } from '../../src/extension/rehearsal/removalRehearsal';
import { EXTENSION_ID, nextState, showPetsView, within } from '../integration/support/explorer';
import { restorePanel, tickEveryChange } from '../integration/support/refactorPreview';
import { hostAvailable, screenshot, waitForWorkbench } from '../integration/support/host';

/** The deprecation warnings in the workspace, once there are at least `count` (waits on the event). */
function warningsOnceThere(count: number): Promise<[vscode.Uri, vscode.Diagnostic[]][]> {
  const current = () =>
    vscode.languages
      .getDiagnostics()
      .map(
        ([uri, diagnostics]) =>
          [uri, diagnostics.filter((d) => d.message.includes('GET /pets/{petId}'))] as [
            vscode.Uri,
            vscode.Diagnostic[],
          ],
      )
      .filter(([, diagnostics]) => diagnostics.length > 0);
  const total = () => current().reduce((sum, [, diagnostics]) => sum + diagnostics.length, 0);
  return within(
    new Promise((resolve) => {
      const check = () => {
        if (total() < count) return;
        subscription.dispose();
        resolve(current());
      };
      const subscription = vscode.languages.onDidChangeDiagnostics(check);
      check();
    }),
    () => `${count} deprecation warnings (now ${total()})`,
    90_000,
  );
}

describe('the packaged extension (.vsix) installed into a clean profile', function () {
  this.timeout(120_000);
  let extension: vscode.Extension<PetStoreExplorerApi>;
  let api: PetStoreExplorerApi;

  before(async () => {
    extension = vscode.extensions.getExtension<PetStoreExplorerApi>(EXTENSION_ID)!;
    assert.ok(extension, 'the extension is installed');
    api = await extension.activate();
  });

  it('runs from the installed package, not from the checkout', () => {
    const checkout = process.env.PETSTORE_REPO_ROOT!;
    const fromCheckout = relative(checkout, extension.extensionPath);
    assert.ok(
      fromCheckout.startsWith('..') || isAbsolute(fromCheckout),
      `${extension.extensionPath} is outside ${checkout}`,
    );
    assert.match(extension.extensionPath, /extensions/);
  });

  it('starts its language server from the packaged files and diagnoses the demo’s calls', async () => {
    await api.deprecationsReady;
    const found = await warningsOnceThere(5);
    const files = found.map(([uri]) => vscode.workspace.asRelativePath(uri)).sort();
    for (const file of ['go/pets.go', 'python/pets.py', 'web/src/petClient.ts'])
      assert.ok(files.includes(file), `${file} in ${files.join(', ')}`);
  });

  it('loads the Pets view from the server the package ships (Rehearse the Removal, local)', async () => {
    await showPetsView(api);
    const ready = nextState(api, 'ready');
    const running = await vscode.commands.executeCommand<RunningRehearsal>(
      'petstore.rehearseRemoval',
      { target: { kind: 'local' }, mode: { kind: 'removed', status: 410 } },
    );
    await ready;
    assert.ok(running.baseUrl.startsWith('http://127.0.0.1:'));
    assert.ok(api.tree.loadedPets > 0, 'the demo pets are listed');
    if (hostAvailable()) {
      await waitForWorkbench('.statusbar-item:has-text("Rehearsal")');
      await screenshot('packaged-extension');
    }
    await vscode.commands.executeCommand('petstore.stopRehearsal');
  });

  it('migrates the demo: every request rewritten in the refactor preview, no warning left', async () => {
    await api.deprecationsReady;
    await warningsOnceThere(5);
    const migration = vscode.commands.executeCommand<{
      fixed: number;
      manual: number;
      applied: boolean;
    }>('petstore.migrateAllDeprecatedCalls');
    if (hostAvailable()) {
      // Changes that need a look come unticked: each is ticked, as a reviewer would.
      await waitForWorkbench('.bulk-edit-panel .monaco-list-row');
      assert.equal(await tickEveryChange(), 0, 'every change ticked');
      await screenshot('demo-migrate-all-preview');
      await restorePanel();
    } else await vscode.commands.executeCommand('refactorPreview.toggleCheckedState');
    await vscode.commands.executeCommand('refactorPreview.apply');
    const summary = await migration;
    assert.equal(summary.applied, true);
    // fetch (TypeScript), requests (Python), net/http (Go), curl (shell), the .http file and the
    // Feign interface (Java).
    assert.equal(summary.fixed, 6);
    assert.equal(summary.manual, 0);
    await vscode.workspace.saveAll();
    await within(
      new Promise<void>((resolve) => {
        const check = () => {
          const warned = vscode.languages
            .getDiagnostics()
            .some(([, diagnostics]) =>
              diagnostics.some(
                (d) =>
                  d.severity === vscode.DiagnosticSeverity.Warning &&
                  d.message.includes('GET /pets/{petId}'),
              ),
            );
          if (warned) return;
          subscription.dispose();
          resolve();
        };
        const subscription = vscode.languages.onDidChangeDiagnostics(check);
        check();
      }),
      () => 'the warnings of the migrated files to go',
      90_000,
    );
  });
});
