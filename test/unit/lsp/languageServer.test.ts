import assert from 'node:assert/strict';
import { POSSIBLE_NOTE } from '../../../src/core/deprecations/rule';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction } from 'vscode-languageserver';
import { SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import { TestClient } from './testClient';
import { ENGINE_FAILS_HERE, failOnMarker } from '../../support/failingEngine';

describe('language server (in-memory streams)', function () {
  this.timeout(20_000);
  let folder: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-'));
    await mkdir(join(folder, 'src'));
    await mkdir(join(folder, 'generated'));
    await writeFile(
      join(folder, 'src/client.ts'),
      'export async function load(id: string) {\n  return fetch(`${BASE}/pets/${id}`);\n}\n',
    );
    await writeFile(
      join(folder, 'src/list.py'),
      'requests.get(f"{BASE}/pets", params={"status": "sold"})\n',
    );
    await writeFile(
      join(folder, 'src/pets.go'),
      'func f() {\n\tpet, _, _ := api.GetPet(ctx, 1).Execute()\n}\n',
    );
    await writeFile(join(folder, 'generated/api.ts'), 'api.getPet(1);\n');
    await writeFile(join(folder, '.gitignore'), 'generated/\n');
    client = new TestClient();
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
      capabilities: { window: { workDoneProgress: true, showDocument: { support: true } } },
      initializationOptions: {
        explanationUri: 'petstore-docs:/deprecated-get-pet.md',
        exclude: ['**/node_modules'],
      },
    });
    await client.connection.sendNotification('initialized', {});
  });
  after(async () => {
    client.connection.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('scans the workspace at startup with progress, honouring .gitignore', async () => {
    const [ts] = await client.diagnostics(uri('src/client.ts'), (d) => d.length === 1);
    const [go] = await client.diagnostics(uri('src/pets.go'), (d) => d.length === 1);
    assert.deepEqual(ts!.range, {
      start: { line: 1, character: 15 },
      end: { line: 1, character: 35 },
    });
    assert.deepEqual(ts!.tags, [2]); // DiagnosticTag.Deprecated
    assert.equal(ts!.severity, 2); // Warning
    assert.equal(ts!.code, 'petstore/deprecated-get-pet');
    assert.equal(ts!.codeDescription?.href, 'petstore-docs:/deprecated-get-pet.md');
    assert.match(ts!.message as string, /removed on 5 December 2030 \(\d+ days left\)/);
    assert.equal(go!.range.start.line, 1);
    const result = await client.connection.sendRequest<{
      files: number;
      findings: number;
      listedBy: string;
    }>(SCAN_WORKSPACE_REQUEST);
    // Files with candidates: the two uses and list.py ("…/pets" may be a segment joined to an id).
    assert.deepEqual(result, { files: 3, findings: 2, listedBy: 'walker' });
    assert.equal(client.latest.has(uri('generated/api.ts')), false);
    assert.ok(client.progress.includes('begin') && client.progress.includes('end'));
  });

  it('shows a finding whose use is not seen as a hint, saying so', async () => {
    const doc = uri('src/paths.ts');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: doc,
        languageId: 'typescript',
        version: 1,
        text: "export const PET_PATH = '/pets/{petId}';\nfetch(`${BASE}/pets/${id}`);\n",
      },
    });
    const found = await client.diagnostics(doc, (d) => d.length === 2);
    assert.deepEqual(
      found.map((diagnostic) => [diagnostic.range.start.line, diagnostic.severity]),
      [
        [0, 4], // Hint
        [1, 2], // Warning
      ],
    );
    assert.ok((found[0]!.message as string).endsWith(POSSIBLE_NOTE));
    assert.ok(!(found[1]!.message as string).endsWith(POSSIBLE_NOTE));
  });

  it('diagnoses an open document as it is edited', async () => {
    const doc = uri('src/new.py');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: doc, languageId: 'python', version: 1, text: 'x = 1\n' },
    });
    await client.diagnostics(doc, (d) => d.length === 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc, version: 2 },
      contentChanges: [
        {
          range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
          text: '    pet = client.get_pet(7)\n',
        },
      ],
    });
    const [finding] = await client.diagnostics(doc, (d) => d.length === 1);
    assert.equal(finding!.range.start.line, 1);
  });

  it('a document the engine fails on loses its diagnostics, with a log line; the others stay', async () => {
    const doc = uri('src/failing.ts');
    const other = uri('src/other.ts');
    const call = 'fetch(`${BASE}/pets/${id}`);\n';
    for (const [name, text] of [
      [doc, call],
      [other, call],
    ] as const)
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: name, languageId: 'typescript', version: 1, text },
      });
    await client.diagnostics(doc, (d) => d.length === 1);
    const restore = failOnMarker();
    try {
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: doc, version: 2 },
        contentChanges: [{ text: `// ${ENGINE_FAILS_HERE}\n${call}` }],
      });
      await client.diagnostics(doc, (d) => d.length === 0);
      assert.ok(
        client.logs.some((line) =>
          /could not scan .*failing\.ts: RangeError: Maximum call stack/.test(line),
        ),
        client.logs.join('\n'),
      );
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: other, version: 2 },
        contentChanges: [{ text: `${call}${call}` }],
      });
      await client.diagnostics(other, (d) => d.length === 2);
    } finally {
      restore();
    }
  });

  it('offers the replacement first, in the file’s language, and suppressing last and never preferred; the comment is in the file’s syntax and silences it', async () => {
    const doc = uri('src/new.py');
    const diagnostics = client.latest.get(doc)!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: doc },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    // Suppressing comes last and is never the preferred fix: hiding the warning is not fixing it.
    const suppress = actions.at(-1)!;
    assert.equal(suppress.title, 'Suppress with petstore-ignore-next-line');
    assert.notEqual(suppress.isPreferred, true);
    const show = actions.find(
      (action) => action.title === 'Show the replacement (GET /pets with a status filter)',
    );
    assert.deepEqual(show?.command?.arguments, ['python']);
    const [edit] = suppress.edit!.changes![doc]!;
    assert.deepEqual(edit, {
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
      newText: '    # petstore-ignore-next-line\n',
    });
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc, version: 3 },
      contentChanges: [{ range: edit.range, text: edit.newText }],
    });
    await client.diagnostics(doc, (d) => d.length === 0);
  });

  it('shows the replacement through window/showDocument, in the language it is asked for', async () => {
    await client.connection.sendRequest('workspace/executeCommand', {
      command: 'petstore.deprecations.showReplacement',
      arguments: ['python'],
    });
    await client.connection.sendRequest('workspace/executeCommand', {
      command: 'petstore.deprecations.showReplacement',
      arguments: ['<script>'],
    });
    assert.deepEqual(client.shownDocuments, [
      'petstore-docs:/deprecated-get-pet.md?language=python',
      'petstore-docs:/deprecated-get-pet.md',
    ]);
  });

  it('follows files created, changed and deleted on disk', async () => {
    const created = uri('src/created.sh');
    await writeFile(join(folder, 'src/created.sh'), 'curl "$BASE/pets/$1"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: created, type: 1 }],
    });
    await client.diagnostics(created, (d) => d.length === 1);
    await writeFile(join(folder, 'src/created.sh'), 'curl -X DELETE "$BASE/pets/$1"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: created, type: 2 }],
    });
    await client.diagnostics(created, (d) => d.length === 0);
    await writeFile(join(folder, 'src/created.sh'), 'curl "$BASE/pets/$1"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: created, type: 2 }],
    });
    await client.diagnostics(created, (d) => d.length === 1);
    await unlink(join(folder, 'src/created.sh'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: created, type: 3 }],
    });
    await client.diagnostics(created, (d) => d.length === 0);
  });

  it('clears a deleted file’s findings even while its document is still open', async () => {
    const path = join(folder, 'src/deleted.ts');
    const doc = uri('src/deleted.ts');
    await writeFile(path, 'fetch(`/pets/${id}`);\n');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: doc,
        languageId: 'typescript',
        version: 1,
        text: 'fetch(`/pets/${id}`);\n',
      },
    });
    await client.diagnostics(doc, (d) => d.length === 1);
    await unlink(path);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: doc, type: 3 }],
    });
    await client.diagnostics(doc, (d) => d.length === 0);
  });

  it('clears the findings of every file below a deleted folder (one event for the folder)', async () => {
    await mkdir(join(folder, 'gone/deeper'), { recursive: true });
    await writeFile(join(folder, 'gone/deeper/a.sh'), 'curl "$BASE/pets/$1"\n');
    const fromDisk = uri('gone/deeper/a.sh');
    const open = uri('gone/b.ts');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: fromDisk, type: 1 }],
    });
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: open,
        languageId: 'typescript',
        version: 1,
        text: 'fetch(`/pets/${id}`);\n',
      },
    });
    await client.diagnostics(fromDisk, (d) => d.length === 1);
    await client.diagnostics(open, (d) => d.length === 1);
    await rm(join(folder, 'gone'), { recursive: true });
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('gone'), type: 3 }],
    });
    await client.diagnostics(fromDisk, (d) => d.length === 0);
    await client.diagnostics(open, (d) => d.length === 0);
  });

  it('a deletion wins over a read of the file that was under way', async () => {
    const path = join(folder, 'src/raced.ts');
    const doc = uri('src/raced.ts');
    await writeFile(path, 'fetch(`/pets/${id}`);\n');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: doc, languageId: 'typescript', version: 1, text: 'x;\n' },
    });
    await client.diagnostics(doc, (d) => d.length === 0);
    // Closing reads the file from disk; the deletion arrives while that read is under way.
    await client.connection.sendNotification('textDocument/didClose', {
      textDocument: { uri: doc },
    });
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: doc, type: 3 }],
    });
    // A marker file published after both: the raced read has had every chance to publish.
    const marker = uri('src/marker.sh');
    await writeFile(join(folder, 'src/marker.sh'), 'curl "$BASE/pets/$1"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: marker, type: 1 }],
    });
    await client.diagnostics(marker, (d) => d.length === 1);
    assert.deepEqual(client.latest.get(doc), []);
    await unlink(path);
  });

  it('applies new settings: severity, operation names, and disabling', async () => {
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { petstore: { deprecations: { severity: 'error' } } },
    });
    await client.diagnostics(uri('src/client.ts'), (d) => d.length === 1 && d[0]!.severity === 1);
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { petstore: { deprecations: { operationNames: ['fetchOnePet'] } } },
    });
    await client.diagnostics(uri('src/pets.go'), (d) => d.length === 0); // GetPet is no longer a name
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { petstore: { deprecations: { enable: false } } },
    });
    await client.diagnostics(uri('src/client.ts'), (d) => d.length === 0);
  });
});
