import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { MIGRATION_EDIT_REQUEST, SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import type { MigrationEditResult } from '../../../src/lsp/migrationEdit';
import { TestClient } from './testClient';

const SERVICE = [
  'export async function getPetInfo(id: number) {',
  '  const response = await fetch(`/api/pets/${id}`);',
  '  return response.ok ? response.json() : undefined;',
  '}',
  '',
].join('\n');
const CARD =
  "import { getPetInfo } from './petService';\nexport const load = (id: number) => getPetInfo(id);\n";
const UNKNOWN =
  "import { http } from './http';\nexport const pet = (id: number) => http.request(`/api/pets/${id}`);\n";

/** The text a WorkspaceEdit makes of one file. */
function applied(edit: WorkspaceEdit, uri: string, text: string): string {
  const change = edit.documentChanges?.find(
    (item): item is TextDocumentEdit => 'textDocument' in item && item.textDocument.uri === uri,
  );
  assert.ok(change, `no edit of ${uri}`);
  return TextDocument.applyEdits(
    TextDocument.create(uri, 'typescript', 1, text),
    change.edits.filter((edit): edit is TextEdit => 'newText' in edit),
  );
}

describe('language server: migrating calls to GET /pets with a status filter', function () {
  this.timeout(20_000);
  let folder: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-migrate-'));
    await mkdir(join(folder, 'src'), { recursive: true });
    await writeFile(join(folder, 'src/petService.ts'), SERVICE);
    await writeFile(join(folder, 'src/PetCard.tsx'), CARD);
    await writeFile(join(folder, 'src/unknown.ts'), UNKNOWN);
    await writeFile(join(folder, 'CODEOWNERS'), 'src/ @web-team\n');
    client = new TestClient();
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
      capabilities: {},
    });
    await client.connection.sendNotification('initialized', {});
    await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    await client.diagnostics(uri('src/PetCard.tsx'), (d) => d.length === 1);
  });
  after(async () => {
    client.connection.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  const actionsFor = async (name: string, text: string) => {
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri(name), languageId: 'typescriptreact', version: 7, text },
    });
    const diagnostics = await client.diagnostics(uri(name), (d) => d.length === 1);
    return client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: uri(name) },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
  };

  it('on a call through a wrapper, the preferred fix rewrites the wrapper’s request in its own file, previewed', async () => {
    const actions = await actionsFor('src/PetCard.tsx', CARD);
    assert.deepEqual(
      actions.map((action) => action.title),
      [
        'Migrate to GET /pets with a status filter…',
        'Show the replacement (GET /pets with a status filter)',
        'Suppress with petstore-ignore-next-line',
      ],
    );
    const migrate = actions[0]!;
    assert.equal(migrate.isPreferred, true);
    const edit = migrate.edit!;
    // Only the request's file changes: the caller and the wrapper's signature stay.
    assert.deepEqual(
      edit.documentChanges!.map((change) =>
        'textDocument' in change ? change.textDocument.uri : '',
      ),
      [uri('src/petService.ts')],
    );
    const after = applied(edit, uri('src/petService.ts'), SERVICE);
    assert.match(after, /await fetchPetFromList\(`\/api\/pets`, id\);/);
    assert.match(after, /async function fetchPetFromList\(/);
    assert.match(after, /^export async function getPetInfo\(id: number\) \{$/m);
    // A change the editor shows in its refactor preview, under the owner's name.
    const annotations = Object.values(edit.changeAnnotations ?? {});
    assert.equal(annotations.length, 1);
    assert.equal(annotations[0]!.needsConfirmation, true);
    assert.match(annotations[0]!.label, /@web-team/);
    assert.match(annotations[0]!.description ?? '', /first 100 pets of each status/);
  });

  it('ties an open document’s edit to its version, so an edited document is not changed', async () => {
    const actions = await actionsFor('src/petService.ts', SERVICE);
    const change = actions[0]!.edit!.documentChanges![0] as TextDocumentEdit;
    assert.equal(change.textDocument.version, 7);
  });

  it('offers no migration for a request it cannot rewrite: the replacement and the suppression stay', async () => {
    const actions = await actionsFor('src/unknown.ts', UNKNOWN);
    assert.deepEqual(
      actions.map((action) => action.title),
      [
        'Show the replacement (GET /pets with a status filter)',
        'Suppress with petstore-ignore-next-line',
      ],
    );
  });

  it('migrates the whole workspace in one edit, and says what it left and why', async () => {
    const result = await client.connection.sendRequest<MigrationEditResult>(MIGRATION_EDIT_REQUEST);
    assert.equal(result.fixed, 1);
    assert.equal(result.files, 1);
    assert.deepEqual(
      result.manual.map((left) => [left.uri, left.line, left.reason]),
      [[uri('src/unknown.ts'), 2, 'no rewrite knows this shape of request yet']],
    );
    const service = await readFile(join(folder, 'src/petService.ts'), 'utf8');
    assert.match(applied(result.edit, uri('src/petService.ts'), service), /fetchPetFromList/);
  });
});
