import assert from 'node:assert/strict';
import { isAbsolute, relative } from 'node:path';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import type { RunningRehearsal } from '../../src/extension/rehearsal/removalRehearsal';
import { EXTENSION_ID, nextState, showPetsView, within } from '../integration/support/explorer';
import {
  countInWorkbench,
  hostAvailable,
  pressKey,
  screenshot,
  waitForWorkbench,
} from '../integration/support/host';

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

  it('migrates the demo: every request of a known shape rewritten in the refactor preview, the Feign client left with its reason', async () => {
    await api.deprecationsReady;
    await warningsOnceThere(5);
    const migration = vscode.commands.executeCommand<{
      fixed: number;
      manual: number;
      applied: boolean;
    }>('petstore.migrateAllDeprecatedCalls');
    if (hostAvailable()) {
      // Changes that need a look come unticked: each group is ticked, as a reviewer would.
      const groups = '.bulk-edit-panel .monaco-list-row[aria-level="1"] .edit-checkbox';
      await waitForWorkbench(groups);
      for (let nth = 1; nth <= (await countInWorkbench(groups)); nth++)
        await pressKey('Space', `:nth-match(${groups}, ${nth})`);
      await screenshot('demo-migrate-all-preview');
    } else await vscode.commands.executeCommand('refactorPreview.toggleCheckedState');
    await vscode.commands.executeCommand('refactorPreview.apply');
    const summary = await migration;
    assert.equal(summary.applied, true);
    // fetch (TypeScript), requests (Python), net/http (Go), curl (shell) and the .http file.
    assert.equal(summary.fixed, 5);
    assert.equal(summary.manual, 1);
    await vscode.workspace.saveAll();
    // What is left is the Feign interface's method only, which a person changes.
    const left = await within(
      new Promise<string[]>((resolve) => {
        const check = () => {
          const files = vscode.languages
            .getDiagnostics()
            .filter(([, diagnostics]) =>
              diagnostics.some(
                (d) =>
                  d.severity === vscode.DiagnosticSeverity.Warning &&
                  d.message.includes('GET /pets/{petId}'),
              ),
            )
            .map(([uri]) => vscode.workspace.asRelativePath(uri));
          if (files.length !== 1) return;
          subscription.dispose();
          resolve(files);
        };
        const subscription = vscode.languages.onDidChangeDiagnostics(check);
        check();
      }),
      () => 'the warnings of the migrated files to go',
      90_000,
    );
    assert.deepEqual(left, ['java/src/main/java/com/example/pets/PetApi.java']);
  });
});
