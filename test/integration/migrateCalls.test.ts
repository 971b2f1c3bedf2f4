import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import { explorerApi } from './support/explorer';
import {
  countInWorkbench,
  hostAvailable,
  pressKey,
  screenshot,
  waitForWorkbench,
} from './support/host';

const FOLDER = 'src/migrate';
const SERVICE = `${FOLDER}/petService.ts`;
const CARD = `${FOLDER}/PetCard.ts`;
const SCRIPT = `${FOLDER}/adopt.js`;
const SERVICE_CODE = [
  'export async function fetchPetDetails(id: number) {',
  '  const response = await fetch(`${process.env.API}/pets/${id}`);',
  '  return response.ok ? response.json() : undefined;',
  '}',
  '',
].join('\n');
const CARD_CODE = [
  "import { fetchPetDetails } from './petService';",
  'export async function cardTitle(id: number) {',
  '  return (await fetchPetDetails(id)).name;',
  '}',
  '',
].join('\n');
const SCRIPT_CODE = "const res = await fetch(process.env.API + '/pets/' + process.argv[2]);\n";

/** Resolves once a file's diagnostics from the finder satisfy `done` (event-driven). */
function diagnosticsOf(
  uri: vscode.Uri,
  done: (diagnostics: vscode.Diagnostic[]) => boolean,
): Promise<vscode.Diagnostic[]> {
  const ours = () =>
    vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'petstore');
  return new Promise((resolve) => {
    if (done(ours())) return resolve(ours());
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((changed) => changed.toString() === uri.toString())) return;
      if (!done(ours())) return;
      listener.dispose();
      resolve(ours());
    });
  });
}

describe('Migrating calls in the editor: the quick fix and Migrate All, previewed', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (path: string) => vscode.Uri.joinPath(folder(), path);

  before(async () => {
    api = await explorerApi();
    await api.deprecationsReady;
    await vscode.workspace.fs.writeFile(file(SERVICE), Buffer.from(SERVICE_CODE));
    await vscode.workspace.fs.writeFile(file(CARD), Buffer.from(CARD_CODE));
    await vscode.workspace.fs.writeFile(file(SCRIPT), Buffer.from(SCRIPT_CODE));
    await vscode.commands.executeCommand('petstore.scanWorkspaceForDeprecatedCalls');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(file(FOLDER), { recursive: true, useTrash: false });
  });

  it('offers the migration first and preferred on a call through a wrapper; it changes the wrapper’s request only', async () => {
    const [call] = await diagnosticsOf(file(CARD), (found) => found.length === 1);
    // Code actions are asked of an open document, as the editor's light bulb does.
    await vscode.window.showTextDocument(file(CARD));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      file(CARD),
      call!.range,
    );
    const ours = actions.filter((action) => /GET \/pets|petstore-ignore/.test(action.title));
    assert.equal(ours[0]!.title, 'Migrate to GET /pets with a status filter…');
    assert.equal(ours[0]!.isPreferred, true);
    assert.equal(ours.at(-1)!.title, 'Suppress with petstore-ignore-next-line');
    assert.deepEqual(
      ours[0]!.edit!.entries().map(([uri]) => vscode.workspace.asRelativePath(uri)),
      [SERVICE],
    );
  });

  it('Migrate All shows the refactor preview; applied, no call is left; one undo brings every file back', async () => {
    await diagnosticsOf(file(SCRIPT), (found) => found.length === 1);
    // The whole workspace is migrated (the fixture's own clients, what other tests left): every
    // file's text is kept to check that one undo brings each back.
    const originals = new Map<string, string>();
    for (const uri of await vscode.workspace.findFiles('**/*', '**/node_modules/**'))
      originals.set(
        uri.toString(),
        new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)),
      );
    const migration = vscode.commands.executeCommand<{ fixed: number; applied: boolean }>(
      'petstore.migrateAllDeprecatedCalls',
    );
    if (hostAvailable()) {
      // Changes that need confirmation come unticked: each file (or owner's group) is ticked.
      const groups = '.bulk-edit-panel .monaco-list-row[aria-level="1"]';
      await waitForWorkbench(groups);
      // Groups only, in a maximised panel, so they are in sight (the list draws only the rows
      // that fit); each unticked one is ticked, then the list's end is brought into sight.
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
      await pressKey('Home', `${groups} >> nth=0`);
      await vscode.commands.executeCommand('list.collapseAll');
      const unticked = `${groups} .edit-checkbox:not(.checked)`;
      for (const key of ['Home', 'End']) {
        await pressKey(key, `${groups} >> nth=0`);
        for (let tries = 0; (await countInWorkbench(unticked)) > 0 && tries < 50; tries++)
          await pressKey('Space', `${unticked} >> nth=0`);
      }
      assert.equal(await countInWorkbench(unticked), 0, 'every group ticked');
      await screenshot('migrate-all-preview');
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    } else
      // Another host (desktop VS Code): its preview is ticked through its command.
      await vscode.commands.executeCommand('refactorPreview.toggleCheckedState');
    await vscode.commands.executeCommand('refactorPreview.apply');
    const summary = await migration;
    assert.equal(summary.applied, true);
    // This test's two requests and the fixture's own (fetch in TypeScript, requests in Python).
    assert.ok(summary.fixed >= 4, String(summary.fixed));
    for (const [path, call] of [
      [SERVICE, 'fetchPetFromList(`${process.env.API}/pets`, id)'],
      [SCRIPT, "fetchPetFromList(process.env.API + '/pets', process.argv[2])"],
    ]) {
      const document = await vscode.workspace.openTextDocument(file(path!));
      assert.ok(document.getText().includes(call!), document.getText());
    }
    await diagnosticsOf(file(CARD), (found) => found.length === 0);
    await diagnosticsOf(file(SERVICE), (found) => found.length === 0);
    await diagnosticsOf(file(SCRIPT), (found) => found.length === 0);

    // One undo takes the whole migration back, in every file.
    await vscode.window.showTextDocument(file(SERVICE));
    await vscode.commands.executeCommand('undo');
    // Every document the migration touched (all open now) is as its file was.
    let touched = 0;
    for (const document of vscode.workspace.textDocuments) {
      const code = originals.get(document.uri.toString());
      if (code === undefined) continue;
      touched++;
      assert.equal(document.getText(), code, document.uri.toString());
    }
    assert.ok(touched >= 4, `${touched} documents compared`);
  });
});
