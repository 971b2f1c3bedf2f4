import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import { allNodes, viewSettles } from './support/deprecatedCallsView';
import { explorerApi } from './support/explorer';
import { hostAvailable, screenshot, waitForWorkbench } from './support/host';

const SERVICE = 'src/wrappers/petService.ts';
const CARD = 'src/wrappers/PetCard.ts';
const SERVICE_CODE = [
  "import axios from 'axios';",
  'export async function getPetInfo(id: number) {',
  '  return (await axios.get(`/api/pets/${id}`)).data;',
  '}',
  '',
].join('\n');
const CARD_CODE = [
  "import { getPetInfo } from './petService';",
  'export async function cardTitle(id: number) {',
  '  return (await getPetInfo(id)).name;',
  '}',
  '',
].join('\n');

describe('Calls through wrappers in the editor', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (path: string) => vscode.Uri.joinPath(folder(), path);

  before(async () => {
    api = await explorerApi();
    await api.deprecationsReady;
    await vscode.workspace.fs.writeFile(file(SERVICE), Buffer.from(SERVICE_CODE));
    await vscode.workspace.fs.writeFile(file(CARD), Buffer.from(CARD_CODE));
    await vscode.commands.executeCommand('petstore.scanWorkspaceForDeprecatedCalls');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(file('src/wrappers'), { recursive: true, useTrash: false });
  });

  it('diagnoses the call of a wrapper in another file, linking the wrapper and the request', async () => {
    const tree = api.deprecatedCalls;
    await viewSettles(tree, () => tree.current.calls.some((call) => call.file.endsWith(CARD)));
    const [call] = vscode.languages
      .getDiagnostics(file(CARD))
      .filter((diagnostic) => diagnostic.source === 'petstore');
    assert.equal(call!.range.start.line, 2);
    assert.match(
      call!.message,
      /`getPetInfo\(\)`, which reaches GET \/pets\/\{petId\} through getPetInfo \(src\/wrappers\/petService\.ts:2\)/,
    );
    assert.deepEqual(
      call!.relatedInformation!.map((info) => [
        vscode.workspace.asRelativePath(info.location.uri),
        info.location.range.start.line,
      ]),
      [
        [SERVICE, 1],
        [SERVICE, 2],
      ],
    );
  });

  it('shows the call under the request it reaches in the Deprecated Calls view', async () => {
    const tree = api.deprecatedCalls;
    const request = allNodes(tree).find(
      (node) => node.kind === 'call' && node.call.file.endsWith(SERVICE),
    );
    assert.ok(request && request.kind === 'call');
    const item = tree.getTreeItem(request);
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(item.description, 'line 3 · 1 call through a wrapper');
    const callers = tree.getChildren(request).map((node) => tree.getTreeItem(node));
    assert.deepEqual(
      callers.map((caller) => [
        (caller.label as string).replace(/^.*src\//, 'src/'),
        caller.description,
      ]),
      [[`${CARD}:3`, 'through getPetInfo']],
    );
    const inCard = allNodes(tree).find(
      (node) => node.kind === 'call' && node.call.file.endsWith(CARD),
    );
    assert.equal(tree.getTreeItem(inCard!).description, 'line 3 · through getPetInfo');
    // Above the tree, what a lead reads first: the requests to change and the calls that removes.
    const calls = tree.current.calls;
    const places = calls.filter((call) => !call.reaches).length;
    assert.ok(places < calls.length, 'a call through a wrapper is under its request');
    assert.ok(
      String(api.deprecatedCallsView.message).startsWith(
        `Fix ${places} place${places === 1 ? '' : 's'} to remove ${calls.length} calls.`,
      ),
      String(api.deprecatedCallsView.message),
    );

    await vscode.commands.executeCommand('petstore.deprecatedCalls.focus');
    await api.deprecatedCallsView.reveal(request, { select: true, focus: true, expand: true });
    if (hostAvailable()) {
      await waitForWorkbench('.monaco-list-row:has-text("through getPetInfo")');
      await screenshot('deprecated-calls-through-wrappers');
    }
  });

  it('drops the call when the wrapper stops sending the request', async () => {
    const editor = await vscode.window.showTextDocument(file(SERVICE));
    await editor.edit((edit) =>
      edit.replace(
        new vscode.Range(2, 0, 3, 0),
        '  return (await axios.get(`/api/pets`, { params: { id } })).data;\n',
      ),
    );
    const tree = api.deprecatedCalls;
    await viewSettles(tree, () => !tree.current.calls.some((call) => call.file.endsWith(CARD)));
    assert.deepEqual(
      vscode.languages.getDiagnostics(file(CARD)).filter((d) => d.source === 'petstore'),
      [],
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
