import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { explorerApi } from './support/explorer';
import {
  hostAvailable,
  screenshot,
  textsInWorkbench,
  waitForWebviewText,
  waitForWorkbench,
} from './support/host';

const SOURCE = 'petstore';

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
}

/** Resolves when the file's diagnostics satisfy the predicate, waiting on onDidChangeDiagnostics. */
function diagnosticsOf(
  uri: vscode.Uri,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve) => {
    const check = () => {
      const current = ours(uri);
      if (!predicate(current)) return false;
      subscription.dispose();
      resolve(current);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) check();
    });
    check();
  });
}

/** Resolves with the first tab opened that satisfies the predicate (waits on the tab events). */
function nextTab(predicate: (tab: vscode.Tab) => boolean): Promise<vscode.Tab> {
  return new Promise((resolve) => {
    const subscription = vscode.window.tabGroups.onDidChangeTabs(({ opened, changed }) => {
      const tab = [...opened, ...changed].find(predicate);
      if (!tab) return;
      subscription.dispose();
      resolve(tab);
    });
  });
}

describe('Deprecated getPet finder in the editor', function () {
  this.timeout(120_000);
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (path: string) => vscode.Uri.joinPath(folder(), path);

  before(async () => {
    await (
      await explorerApi()
    ).deprecationsReady;
  });

  it('diagnoses the workspace at startup, with the Deprecated tag and a link to the explanation', async () => {
    const [ts] = await diagnosticsOf(file('src/petClient.ts'), (d) => d.length === 1);
    assert.deepEqual(ts!.tags, [vscode.DiagnosticTag.Deprecated]);
    assert.equal(ts!.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(ts!.range.start.line, 7);
    const code = ts!.code as { value: string; target: vscode.Uri };
    assert.equal(code.value, 'petstore/deprecated-get-pet');
    assert.equal(code.target.scheme, 'petstore-docs');
    assert.match(ts!.message, /removed on 5 December 2030 \(\d+ days left\)/);
    const python = await diagnosticsOf(file('scripts/pets.py'), (d) => d.length === 1);
    assert.equal(
      python[0]!.range.start.line,
      7,
      'the docstring and the suppressed call are not findings',
    );
    const result = await vscode.commands.executeCommand<{
      files: number;
      findings: number;
      listedBy: string;
      ripgrep?: string;
    }>('petstore.scanWorkspaceForDeprecatedCalls');
    // The candidates were listed by the editor's own ripgrep (the one its search uses).
    assert.deepEqual(result, {
      files: 2,
      findings: 2,
      listedBy: 'ripgrep',
      ripgrep: result.ripgrep,
    });
    assert.ok(result.ripgrep?.startsWith(vscode.env.appRoot), result.ripgrep);
    assert.deepEqual(ours(file('scripts/clean.go')), []);
  });

  it('counts the calls in the status bar', async function () {
    if (!hostAvailable()) this.skip();
    await waitForWorkbench('.statusbar-item:has-text("2 deprecated Pet Store calls")');
    assert.equal(
      (await textsInWorkbench('.statusbar-item:has-text("deprecated Pet Store")')).length,
      1,
    );
  });

  it('updates a file’s diagnostics as it is edited, and shows them in the Problems panel', async () => {
    const uri = file('src/petClient.ts');
    const editor = await vscode.window.showTextDocument(uri);
    const end = editor.document.lineCount;
    await editor.edit((edit) =>
      edit.insert(
        new vscode.Position(end, 0),
        '\nexport const again = (id: string) =>\n  fetch(`/v1/pets/${id}`);\n',
      ),
    );
    const diagnostics = await diagnosticsOf(uri, (d) => d.length === 2);
    assert.equal(diagnostics[1]!.range.start.line, end + 1); // the insert starts on the last (empty) line
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    if (hostAvailable()) {
      await waitForWorkbench('.markers-panel .monaco-list-row:has-text("petClient.ts")');
      // Each line leads with what to do; the date comes after (a narrow panel cuts the end off).
      const lines = await textsInWorkbench(
        '.markers-panel .monaco-list-row .marker-message-details, .markers-panel .monaco-list-row .marker-message',
      );
      const ours = lines.filter((line) => line.includes('GET /pets/{petId}'));
      assert.ok(ours.length > 0, lines.join('\n'));
      for (const line of ours) assert.match(line, /^(Use|Serve) GET \/pets with a status filter/);
      await screenshot('problems-panel');
    }
  });

  it('diagnoses a file VS Code opens as plain text (.http without REST Client) as it is edited', async () => {
    const uri = file('requests.http');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('GET {{base}}/pets?status=sold\n'));
    // Whatever this VS Code calls .http files, make it plain text: then only the file pattern selects it.
    const opened = await vscode.workspace.openTextDocument(uri);
    const document = await vscode.languages.setTextDocumentLanguage(opened, 'plaintext');
    assert.equal(document.languageId, 'plaintext');
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) =>
      edit.insert(new vscode.Position(1, 0), '\n###\nGET {{base}}/pets/{{petId}}\n'),
    );
    const [finding] = await diagnosticsOf(uri, (d) => d.length === 1);
    assert.equal(finding!.range.start.line, 3);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri);
    await diagnosticsOf(uri, (d) => d.length === 0);
  });

  it('diagnoses the recipes of a Makefile (selected by its name) as it is edited', async () => {
    const uri = file('Makefile');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('smoke:\n\t@echo "$(BASE)/pets/1"\n'));
    const editor = await vscode.window.showTextDocument(uri);
    await editor.edit((edit) =>
      edit.insert(new vscode.Position(2, 0), '\t@curl -fsS "$(BASE)/pets/1"\n'),
    );
    // Exactly one: the echoed URL on line 1 is output, not a request.
    const [finding] = await diagnosticsOf(uri, (d) => d.length === 1);
    assert.equal(finding!.range.start.line, 2);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri);
    await diagnosticsOf(uri, (d) => d.length === 0);
  });

  it('diagnoses the script of a Vue file, not its template, and judges a stored URL by its use', async () => {
    const uri = file('src/PetCard.vue');
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from(
        [
          '<template>',
          '  <router-link :to="`/pets/${id}`">Don\'t follow "/pets/1"</router-link>',
          '</template>',
          '<script setup lang="ts">',
          'const url = `/v1/pets/${props.id}`;',
          'const pet = await fetch(url);',
          '</script>',
          '',
        ].join('\n'),
      ),
    );
    const editor = await vscode.window.showTextDocument(uri);
    const [finding] = await diagnosticsOf(uri, (d) => d.length === 1);
    assert.equal(finding!.range.start.line, 4);
    // The stored URL is now only sent with DELETE: no longer a use of GET /pets/{petId}.
    const sendLine = editor.document.lineAt(5);
    await editor.edit((edit) =>
      edit.replace(sendLine.range, "await fetch(url, { method: 'DELETE' });"),
    );
    await diagnosticsOf(uri, (d) => d.length === 0);
    await editor.edit((edit) =>
      edit.insert(new vscode.Position(6, 0), "await fetch(url, { method: 'GET' });\n"),
    );
    const [again] = await diagnosticsOf(uri, (d) => d.length === 1);
    assert.equal(again!.range.start.line, 4);
    // A deleted file has no findings, even while VS Code still holds its (closed) document.
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri);
    await diagnosticsOf(uri, (d) => d.length === 0);
  });

  it('shows a finding whose use is not seen as a hint, and a Dart call as a warning', async () => {
    const uri = file('src/pet_paths.dart');
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from(
        [
          "const petPath = '/pets/{petId}';",
          "final res = await http.get(Uri.parse('$base/pets/$id'));",
          '',
        ].join('\n'),
      ),
    );
    await vscode.window.showTextDocument(uri);
    const found = await diagnosticsOf(uri, (d) => d.length === 2);
    assert.deepEqual(
      found.map((diagnostic) => [diagnostic.range.start.line, diagnostic.severity]),
      [
        [0, vscode.DiagnosticSeverity.Hint],
        [1, vscode.DiagnosticSeverity.Warning],
      ],
    );
    assert.match(found[0]!.message, /Possible: how this is used is not seen in the file/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri);
    await diagnosticsOf(uri, (d) => d.length === 0);
  });

  it('quick fix: inserts the suppression comment above the call, and the diagnostic goes away', async () => {
    const uri = file('src/petClient.ts');
    const document = await vscode.workspace.openTextDocument(uri);
    const [first] = ours(uri);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      first!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const suppress = actions.find(
      (action) => action.title === 'Suppress with petstore-ignore-next-line',
    );
    assert.ok(suppress?.edit, actions.map((action) => action.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(suppress.edit));
    assert.equal(document.lineAt(7).text, '  // petstore-ignore-next-line');
    assert.equal(document.lineAt(8).text, '  return fetch(`${BASE_URL}/pets/${petId}`);');
    await diagnosticsOf(uri, (d) => d.length === 1 && d[0]!.range.start.line > 8);
  });

  it('quick fix: the migration first and preferred, then the replacement, Suppress last and never preferred; the replacement opens rendered, in the call’s language', async () => {
    const uri = file('src/petClient.ts');
    const [remaining] = ours(uri);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      remaining!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const titles = actions.map((action) => action.title);
    assert.equal(titles[0], 'Migrate to GET /pets with a status filter…', titles.join(', '));
    assert.equal(actions[0]!.isPreferred, true);
    assert.match(titles[1]!, /^Show the replacement/, titles.join(', '));
    assert.equal(titles.at(-1), 'Suppress with petstore-ignore-next-line');
    assert.equal(actions.at(-1)!.isPreferred ?? false, false);
    const show = actions[1]!;
    assert.deepEqual(show.command?.arguments, ['typescript']);
    if (hostAvailable()) {
      // The quick fix menu as a person opens it on the call (Ctrl+.): the migration pre-selected.
      const editor = await vscode.window.showTextDocument(uri);
      editor.selection = new vscode.Selection(remaining!.range.start, remaining!.range.start);
      await vscode.commands.executeCommand('editor.action.quickFix');
      await waitForWorkbench('.action-widget .monaco-list-row.focused:has-text("Migrate to GET")');
      await screenshot('quick-fixes');
      await vscode.commands.executeCommand('hideCodeActionWidget');
    }
    // The page the command opens: Markdown rendered in the preview, not its source.
    const previewed = nextTab((tab) => tab.label.includes('deprecated-get-pet.md'));
    await vscode.commands.executeCommand(
      show.command.command,
      ...((show.command.arguments ?? []) as unknown[]),
    );
    const tab = await previewed;
    assert.ok(
      tab.input instanceof vscode.TabInputWebview,
      `a preview, not an editor: ${tab.label}`,
    );
    assert.match(tab.input.viewType, /markdown\.preview/);
    const page = await vscode.workspace.openTextDocument(
      vscode.Uri.parse('petstore-docs:/deprecated-get-pet.md?language=typescript'),
    );
    assert.match(
      page.getText(),
      /## In TypeScript\n\n```ts\nimport \{ parse \} from 'lossless-json';/,
    );
    assert.match(page.getText(), /at most 100 pets\*\* a request/);
    if (hostAvailable()) {
      // Rendered: the headings as headings, the example in TypeScript, the reach said.
      await waitForWebviewText('How far it reaches');
      await waitForWebviewText('In TypeScript');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await screenshot('replacement-page');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads files from disk as VS Code shows them: CR, mixed line ends, BOM, UTF-16, odd names', async () => {
    const code = ['const a = 1;', 'const b = 2;', 'export const p = fetch(`/pets/${id}`);', ''];
    const files: Record<string, Uint8Array> = {
      'odd/cr.ts': Buffer.from(code.join('\r')),
      'odd/mixed.ts': Buffer.from(`${code[0]}\r\n${code[1]}\r${code[2]}\n`),
      'odd/bom.ts': Buffer.from(`\uFEFF${code.join('\n')}`),
      'odd/utf16le.ts': Buffer.from(`\uFEFF${code.join('\r\n')}`, 'utf16le'),
      'odd/utf16be.ts': Buffer.from(`\uFEFF${code.join('\n')}`, 'utf16le').swap16(),
      'odd/a #1 %41?.ts': Buffer.from(code.join('\n')),
    };
    for (const [path, bytes] of Object.entries(files))
      await vscode.workspace.fs.writeFile(file(path), bytes);
    // A scan reads them from disk now (the file watcher may report files of a new folder late).
    await vscode.commands.executeCommand('petstore.scanWorkspaceForDeprecatedCalls');
    for (const path of Object.keys(files)) {
      // First the findings of the file read from disk (it is not open), then VS Code's own lines.
      const [finding] = await diagnosticsOf(file(path), (d) => d.length === 1);
      const document = await vscode.workspace.openTextDocument(file(path));
      assert.equal(document.lineCount, 4, `${path}: VS Code sees four lines`);
      assert.equal(finding!.range.start.line, 2, path);
      assert.equal(document.getText(finding!.range), '`/pets/${id}`', path);
    }
    await vscode.workspace.fs.delete(file('odd'), { recursive: true });
    for (const path of Object.keys(files)) await diagnosticsOf(file(path), (d) => d.length === 0);
  });

  it('is restarted by the client when its process dies, and diagnoses again', async () => {
    const before = languageServerProcesses();
    assert.equal(before.length, 1, 'one language server for this extension host');
    process.kill(before[0]!, 'SIGKILL');
    const uri = file('src/afterRestart.ts');
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from('export const p = fetch(`/pets/${id}`);\n'),
    );
    await vscode.window.showTextDocument(uri);
    await diagnosticsOf(uri, (d) => d.length === 1);
    // The killed process may still be on its way out (a loaded machine reaps it late): one new
    // server besides it, not two.
    const started = languageServerProcesses().filter((id) => id !== before[0]);
    assert.equal(
      started.length,
      1,
      `language servers started after the kill: ${started.join(', ')}`,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(uri);
    await diagnosticsOf(uri, (d) => d.length === 0);
  });
});

/** Process ids of the deprecation language servers started by this extension host. */
/**
 * The language servers of this extension host, by their command line. A process the server is
 * forking (to run ripgrep) shows the server's command line until it execs, so children of a
 * server are not counted.
 */
function languageServerProcesses(): number[] {
  const ids: number[] = [];
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (
      commandLine.includes('dist/lsp/server.js') &&
      commandLine.includes(`--clientProcessId=${process.pid}`)
    ) {
      ids.push(Number(entry));
      parents.set(Number(entry), parentOf(entry));
    }
  }
  return ids.filter((id) => !ids.includes(parents.get(id)!));
}

/** A process's parent id from /proc/PID/stat (after the command name in parentheses). */
function parentOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1; // ended meanwhile
  }
}
