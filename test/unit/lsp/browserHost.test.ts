import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import type {
  CodeAction,
  PublishDiagnosticsParams,
  TextDocumentEdit,
  TextEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startDeprecationServer } from '../../../src/lsp/deprecationServer';
import { browserServerHost } from '../../../src/lsp/browser/browserServerHost';
import { MIGRATE_TITLE } from '../../../src/lsp/codeActions';
import type { MigrationEditResult } from '../../../src/lsp/migrationEdit';
import {
  LIST_FILES_REQUEST,
  MIGRATION_EDIT_REQUEST,
  READ_FILE_REQUEST,
  SCAN_BUDGET_NOTIFICATION,
  SCAN_WORKSPACE_REQUEST,
  STAT_FILE_REQUEST,
} from '../../../src/lsp/protocol';
import { PublishedDiagnostics } from './publishedDiagnostics';

/**
 * The language server as the browser runs it: the browser's host, no disk, every file asked of
 * the client. The client here is a fake editor whose files are a map, named as a browser's URIs
 * name them (a folder of `vscode-vfs://github/owner/repo`, paths from its URI).
 */
const FOLDER = 'vscode-vfs://github/owner/repo';
const SERVICE = [
  'export async function getPetInfo(id: number) {',
  '  const response = await fetch(`/api/pets/${id}`);',
  '  return response.ok ? response.json() : undefined;',
  '}',
  '',
].join('\n');
const FILES = new Map([
  ['/owner/repo/src/petService.ts', SERVICE],
  ['/owner/repo/src/other file.ts', 'export const other = 1;\n'],
  ['/owner/repo/README.md', '# nothing to scan\n'],
]);
const SERVICE_URI = `${FOLDER}/src/petService.ts`;

describe('language server in the browser: files asked of the client, no disk', function () {
  this.timeout(20_000);
  let client: MessageConnection;
  const published = new PublishedDiagnostics();
  const asked: string[] = [];
  let budget: Promise<unknown>;

  before(async () => {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const connection = createConnection(
      new StreamMessageReader(toServer),
      new StreamMessageWriter(toClient),
    );
    startDeprecationServer(connection, {
      defaultExplanationUri: 'petstore-docs:/deprecated-get-pet.md',
      debounceMs: 20,
      host: browserServerHost(connection),
    });
    client = createMessageConnection(
      new StreamMessageReader(toClient),
      new StreamMessageWriter(toServer),
    );
    client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) =>
      published.record(params),
    );
    budget = new Promise((resolve) => client.onNotification(SCAN_BUDGET_NOTIFICATION, resolve));
    client.onRequest(LIST_FILES_REQUEST, () => {
      asked.push('list');
      return [...FILES.keys()];
    });
    client.onRequest(STAT_FILE_REQUEST, ({ path }: { path: string }) => {
      const text = FILES.get(path);
      return text === undefined ? null : { size: new TextEncoder().encode(text).length };
    });
    client.onRequest(READ_FILE_REQUEST, ({ path }: { path: string }) => {
      asked.push(`read ${path}`);
      const text = FILES.get(path);
      if (text === undefined) throw new Error('no such file');
      // Over JSON the bytes are numbers (a browser's MessagePort clones a Uint8Array).
      return Array.from(new TextEncoder().encode(text));
    });
    client.onRequest('window/workDoneProgress/create', () => null);
    client.onRequest('client/registerCapability', () => null);
    client.listen();
    await client.sendRequest('initialize', {
      processId: null,
      rootUri: FOLDER,
      capabilities: {},
      workspaceFolders: [{ uri: FOLDER, name: 'repo' }],
      initializationOptions: {},
    });
    await client.sendNotification('initialized', {});
  });

  after(() => client.dispose());

  it("publishes a file's calls under the folder's URI, read through the client", async () => {
    const diagnostics = await published.diagnostics(SERVICE_URI, (list) => list.length > 0);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]!.range.start.line, 1);
    assert.match(diagnostics[0]!.message as string, /GET \/pets\/\{petId\}/);
    assert.ok(asked.includes('list'));
    assert.ok(asked.includes('read /owner/repo/src/petService.ts'));
    // The Markdown file is no source: never read.
    assert.ok(!asked.includes('read /owner/repo/README.md'));
    // The browser's budget: everything was read, and the client is told so.
    assert.deepEqual(await budget, { candidates: 2, listed: 2, overBytes: 0, partial: false });
  });

  it('offers the migration, the replacement and the suppression on a call', async () => {
    const diagnostics = await published.diagnostics(SERVICE_URI, (list) => list.length > 0);
    await client.sendNotification('textDocument/didOpen', {
      textDocument: { uri: SERVICE_URI, languageId: 'typescript', version: 1, text: SERVICE },
    });
    const actions = await client.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: SERVICE_URI },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    assert.deepEqual(
      actions.map((action) => action.title),
      [
        MIGRATE_TITLE,
        'Show the replacement (GET /pets with a status filter)',
        'Suppress with petstore-ignore-next-line',
      ],
    );
    const change = actions[0]!.edit?.documentChanges?.[0] as TextDocumentEdit;
    assert.equal(change.textDocument.uri, SERVICE_URI);
    assert.equal(change.textDocument.version, 1);
    const migrated = TextDocument.applyEdits(
      TextDocument.create(SERVICE_URI, 'typescript', 1, SERVICE),
      change.edits.filter((edit): edit is TextEdit => 'newText' in edit),
    );
    assert.doesNotMatch(migrated, /\/api\/pets\/\$\{id\}/);
    assert.match(migrated, /status=/);
  });

  it("reads each file once in a scan: the wrappers' search takes the texts the scan read", async () => {
    await published.diagnostics(SERVICE_URI, (list) => list.length > 0);
    const before = asked.length;
    await client.sendRequest(SCAN_WORKSPACE_REQUEST);
    const reads = asked.slice(before).filter((entry) => entry.startsWith('read '));
    assert.deepEqual(reads.sort(), [
      'read /owner/repo/src/other file.ts',
      'read /owner/repo/src/petService.ts',
    ]);
  });

  it('migrates every call of the workspace in one edit, grouped by top folder', async () => {
    const result = await client.sendRequest<MigrationEditResult | null>(MIGRATION_EDIT_REQUEST);
    assert.ok(result);
    assert.equal(result.fixed, 1);
    assert.equal(result.files, 1);
    const uris = (result.edit.documentChanges ?? []).map((change): string =>
      'textDocument' in change ? change.textDocument.uri : (change as { uri: string }).uri,
    );
    assert.deepEqual(uris, [SERVICE_URI]);
    assert.deepEqual(Object.keys(result.edit.changeAnnotations ?? {}), ['petstore.migrate:src/']);
  });
});
