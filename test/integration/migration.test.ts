import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import type {
  CallsNode,
  DeprecatedCallsTree,
} from '../../src/extension/deprecations/deprecatedCallsTree';
import { viewSettles } from './support/deprecatedCallsView';
import { EXTENSION_ID, explorerApi } from './support/explorer';
import { hostAvailable, screenshot, waitForWorkbench } from './support/host';

/** Every node of the view, depth first, with the tree items VS Code would show. */
function walk(
  tree: DeprecatedCallsTree,
  node?: CallsNode,
): { node: CallsNode; item: vscode.TreeItem }[] {
  return tree
    .getChildren(node)
    .flatMap((child) => [{ node: child, item: tree.getTreeItem(child) }, ...walk(tree, child)]);
}

const NEW_FILE = 'src/adoption/adoptions.ts';
const CODE = [
  'export const first = (id: string) => fetch(`${BASE}/pets/${id}`);',
  'export const list = () => fetch(`${BASE}/pets?status=available`);',
  'export const second = (id: string) => petApi.getPet(id);',
  '',
].join('\n');

describe('Migration in the editor: the Deprecated Calls view and the baseline', function () {
  this.timeout(120_000);
  let api: PetStoreExplorerApi;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (path: string) => vscode.Uri.joinPath(folder(), path);
  const callsIn = (name: string) =>
    api.deprecatedCalls.current.calls.filter((call) => call.file === name);

  before(async () => {
    api = await explorerApi();
    await api.deprecationsReady;
    await vscode.workspace.fs.writeFile(file(NEW_FILE), Buffer.from(CODE));
    await vscode.commands.executeCommand('petstore.scanWorkspaceForDeprecatedCalls');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const path of [NEW_FILE, '.github/CODEOWNERS', 'petstore-baseline.json', 'report.html'])
      await vscode.workspace.fs.delete(file(path), { useTrash: false }).then(
        () => undefined,
        () => undefined,
      );
    await vscode.workspace
      .getConfiguration('petstore.deprecations')
      .update('baseline', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('lists the calls by folder and file with counts, the total on its badge and the days left', async () => {
    const tree = api.deprecatedCalls;
    await viewSettles(tree, () => callsIn(NEW_FILE).length === 2);
    const nodes = walk(tree);
    const groups = nodes.filter(({ node }) => node.kind === 'group');
    const calls = nodes.filter(({ node }) => node.kind === 'call');
    assert.equal(calls.length, tree.current.total);
    const groupCounts = groups.map(({ item }) =>
      Number(/^(\d+) call/.exec(String(item.description))?.[1]),
    );
    assert.equal(
      groupCounts.reduce((sum, value) => sum + value, 0),
      calls.length,
    );
    const src = groups.find(({ item }) => item.label === 'src/');
    assert.ok(src, groups.map(({ item }) => String(item.label as string)).join(', '));
    const fileNode = nodes.find(({ node }) => node.kind === 'file' && node.file === NEW_FILE);
    assert.equal(fileNode?.item.label, 'adoptions.ts');
    assert.equal(fileNode?.item.description, 'src/adoption · 2 calls');
    const inFile = tree.getChildren(fileNode.node).map((node) => tree.getTreeItem(node));
    assert.deepEqual(
      inFile.map((item) => [item.label, item.description]),
      [
        ['{…}/pets/{…}', 'line 1'],
        ['getPet()', 'line 3'],
      ],
    );
    const view = api.deprecatedCallsView;
    assert.equal(view.badge?.value, tree.current.total);
    // The workspace is not a repository (the forecast suite removed its .git): no history.
    assert.match(String(view.description), /^(?:no history · )?\d+ days left$/);

    await vscode.commands.executeCommand('petstore.deprecatedCalls.focus');
    await view.reveal(fileNode.node, { select: true, focus: true, expand: true });
    if (hostAvailable()) {
      await waitForWorkbench('.monaco-list-row:has-text("adoptions.ts")');
      await screenshot('deprecated-calls-view');
    }
  });

  it('opens the file at the call when a call is clicked', async () => {
    const fileNode = walk(api.deprecatedCalls).find(
      ({ node }) => node.kind === 'file' && node.file === NEW_FILE,
    )!;
    const second = api.deprecatedCalls.getChildren(fileNode.node)[1]!;
    const command = api.deprecatedCalls.getTreeItem(second).command!;
    await vscode.commands.executeCommand(command.command, ...(command.arguments as unknown[]));
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), file(NEW_FILE).toString());
    assert.equal(editor?.selection.start.line, 2);
    assert.equal(editor?.document.getText(editor.selection), 'getPet');
  });

  it('groups by the owners CODEOWNERS names, and back by folder', async () => {
    await vscode.workspace.fs.writeFile(
      file('.github/CODEOWNERS'),
      Buffer.from('* @petshop/platform\n/src/adoption/ @petshop/adoption\n'),
    );
    await vscode.commands.executeCommand('petstore.deprecatedCalls.groupByOwner');
    const tree = api.deprecatedCalls;
    assert.equal(tree.current.groupedBy, 'owner');
    const groups = tree.getChildren().map((node) => tree.getTreeItem(node));
    assert.deepEqual(
      groups.find((item) => item.label === '@petshop/adoption')?.description,
      '2 calls',
    );
    await vscode.commands.executeCommand('petstore.deprecatedCalls.groupByFolder');
    assert.equal(tree.current.groupedBy, 'folder');
  });

  it('exports the HTML report of what the view shows', async () => {
    const target = file('report.html');
    const written = await vscode.commands.executeCommand<vscode.Uri>(
      'petstore.exportDeprecationReport',
      target,
    );
    assert.equal(written?.toString(), target.toString());
    const page = readFileSync(target.fsPath, 'utf8');
    assert.match(page, new RegExp(`id="calls-left">${api.deprecatedCalls.current.total}<`));
    assert.match(
      page,
      /<td class="where">src\/adoption\/adoptions\.ts:3<\/td><td>@petshop\/adoption<\/td><td>TypeScript<\/td><td><code>export const second = \(id: string\) =&gt; petApi\.getPet\(id\);<\/code>/,
    );
  });

  it('honours the team’s baseline: recorded calls become hints marked baselined, a new one stays a warning', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const cli = join(extension.extensionPath, 'dist/cli/petstore-deprecations.js');
    execFileSync(process.execPath, [cli, 'scan', '--write-baseline', 'petstore-baseline.json'], {
      cwd: folder().fsPath,
      stdio: 'ignore',
    });
    await vscode.workspace
      .getConfiguration('petstore.deprecations')
      .update('baseline', 'petstore-baseline.json', vscode.ConfigurationTarget.Workspace);
    const tree = api.deprecatedCalls;
    await viewSettles(tree, () => callsIn(NEW_FILE).every((call) => call.baselined));
    const hints = vscode.languages
      .getDiagnostics(file(NEW_FILE))
      .filter((diagnostic) => diagnostic.source === 'petstore');
    assert.deepEqual(
      hints.map((diagnostic) => diagnostic.severity),
      [vscode.DiagnosticSeverity.Hint, vscode.DiagnosticSeverity.Hint],
    );
    // A call added now is new: a warning, not in the baseline.
    const editor = await vscode.window.showTextDocument(file(NEW_FILE));
    await editor.edit((edit) =>
      edit.insert(
        new vscode.Position(3, 0),
        'export const third = (id: string) => fetch(`/v1/pets/${id}`);\n',
      ),
    );
    await viewSettles(tree, () => callsIn(NEW_FILE).length === 3);
    assert.deepEqual(
      callsIn(NEW_FILE).map((call) => [call.line, call.baselined]),
      [
        [1, true],
        [3, true],
        [4, false],
      ],
    );
    const third = api.deprecatedCalls
      .getChildren(
        walk(tree).find(({ node }) => node.kind === 'file' && node.file === NEW_FILE)!.node,
      )
      .map((node) => tree.getTreeItem(node).description);
    assert.deepEqual(third, ['line 1 · baselined', 'line 3 · baselined', 'line 4']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
