import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StdioLanguageServer } from './stdioServer';

const CALL = 'const pet = await fetch(`/pets/${id}`);\n';

async function initialized(server: StdioLanguageServer, params: unknown): Promise<void> {
  const reply = await server.request('initialize', params);
  assert.equal(reply.error, undefined, JSON.stringify(reply.error));
  server.notify('initialized', {});
}

describe('language server over real stdio: hostile and unlucky clients', function () {
  this.timeout(20_000);
  let folder: string;
  let server: StdioLanguageServer;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-stdio-'));
    await writeFile(join(folder, 'client.ts'), CALL);
  });
  after(() => rm(folder, { recursive: true, force: true }));
  beforeEach(async () => {
    server = new StdioLanguageServer();
    await initialized(server, {
      processId: null,
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }],
      capabilities: {},
    });
  });
  afterEach(() => server.stop());

  const ODD_URIS = [
    'file://fileserver/share/src/client.ts', // a Windows UNC path
    'file:///tmp/a%2Fb/client.ts', // an encoded separator
    'file:///tmp/a%5Cb/client.ts',
    'untitled:Untitled-1',
    'vscode-notebook-cell:/nb/client.ipynb#W0sZmlsZQ%3D%3D',
    'gitlens://7f3a/src/client.ts?%7B%22ref%22%3A%22abc%22%7D',
    'file:///tmp/%E0%A4%A.ts', // a broken escape
  ];

  for (const uri of ODD_URIS) {
    it(`analyses ${uri} from the text the client sent, and clears it on close`, async () => {
      server.notify('textDocument/didOpen', {
        textDocument: { uri, languageId: 'typescript', version: 1, text: CALL },
      });
      const [found] = await server.diagnostics(uri, (d) => d.length === 1);
      assert.equal(found!.range.start.line, 0);
      server.notify('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: `// moved\n${CALL}` }],
      });
      await server.diagnostics(uri, (d) => d[0]?.range.start.line === 1);
      server.notify('textDocument/didClose', { textDocument: { uri } });
      await server.diagnostics(uri, (d) => d.length === 0);
      server.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
      assert.equal(await server.answers(), true);
    });
  }

  it('survives malformed parameters in every handler, and still diagnoses afterwards', async () => {
    const huge = 'x'.repeat(2_000_000);
    const notifications: [string, unknown][] = [
      ['textDocument/didOpen', {}],
      ['textDocument/didOpen', null],
      ['textDocument/didOpen', { textDocument: null }],
      [
        'textDocument/didOpen',
        { textDocument: { uri: 42, languageId: 'typescript', version: 1, text: CALL } },
      ],
      [
        'textDocument/didOpen',
        { textDocument: { uri: 'file:///w/a.ts', languageId: 7, version: 'one', text: 123 } },
      ],
      [
        'textDocument/didOpen',
        {
          textDocument: {
            uri: 'file:///w/b.ts',
            languageId: 'typescript',
            version: 1,
            text: [CALL],
          },
        },
      ],
      [
        'textDocument/didOpen',
        {
          textDocument: {
            uri: `file:///${huge}.ts`,
            languageId: 'typescript',
            version: 1e308,
            text: CALL,
          },
        },
      ],
      [
        'textDocument/didOpen',
        { textDocument: { uri: 'mailto:x@y', languageId: 'plaintext', version: -1, text: huge } },
      ],
      [
        'textDocument/didChange',
        {
          textDocument: { uri: 'file:///never-opened.ts', version: 2 },
          contentChanges: [{ text: 'x' }],
        },
      ],
      [
        'textDocument/didChange',
        { textDocument: { uri: 'file:///w/a.ts', version: 2 }, contentChanges: 'x' },
      ],
      [
        'textDocument/didChange',
        {
          textDocument: { uri: 'file:///w/b.ts', version: 2 },
          contentChanges: [{ range: 'all', text: 5 }],
        },
      ],
      ['textDocument/didChange', null],
      ['textDocument/didClose', {}],
      ['textDocument/didClose', { textDocument: { uri: 'file://host/never/opened.ts' } }],
      ['textDocument/didClose', { textDocument: { uri: 42 } }],
      ['workspace/didChangeWatchedFiles', { changes: null }],
      ['workspace/didChangeWatchedFiles', null],
      [
        'workspace/didChangeWatchedFiles',
        {
          changes: [
            null,
            42,
            { uri: 42, type: 1 },
            { uri: 'file://host/share/x.ts', type: 2 },
            { uri: '%%%', type: 3 },
            { uri: 'file:///tmp/a%2Fb.ts', type: 1 },
            { uri: `file://${folder}/client.ts`, type: 'changed' },
          ],
        },
      ],
      ['workspace/didChangeWorkspaceFolders', { event: null }],
      ['workspace/didChangeConfiguration', { settings: 42 }],
      ['workspace/didChangeConfiguration', null],
      [
        'workspace/didChangeConfiguration',
        {
          settings: {
            petstore: {
              deprecations: {
                enable: 'yes',
                operationNames: 'getPet',
                exclude: [1, null],
                severity: {},
              },
            },
          },
        },
      ],
      ['$/cancelRequest', { id: { nested: true } }],
      ['petstore/unknownNotification', { anything: [1, 2, 3] }],
    ];
    for (const [method, params] of notifications) server.notify(method, params);
    const requests: [string, unknown][] = [
      ['textDocument/codeAction', {}],
      ['textDocument/codeAction', null],
      [
        'textDocument/codeAction',
        { textDocument: { uri: 'file:///nope.ts' }, range: null, context: null },
      ],
      [
        'textDocument/codeAction',
        {
          textDocument: { uri: 'file:///w/b.ts' },
          range: {},
          context: {
            diagnostics: [
              null,
              1,
              { code: 'petstore/deprecated-get-pet', range: { start: { line: 'a' } } },
              {
                code: 'petstore/deprecated-get-pet',
                range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
                data: { anchorLine: 1e12, lineComment: {} },
              },
            ],
          },
        },
      ],
      ['workspace/executeCommand', {}],
      ['workspace/executeCommand', null],
      ['workspace/executeCommand', { command: 42, arguments: 'x' }],
      ['petstore/scanWorkspace', { junk: true }],
    ];
    for (const [method, params] of requests) {
      const reply = await server.request(method, params);
      assert.ok('result' in reply || reply.error, `${method} answered`);
    }
    assert.equal(await server.answers(), true);
    const uri = 'file:///w/after.ts';
    server.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'typescript', version: 1, text: CALL },
    });
    await server.diagnostics(uri, (d) => d.length === 1);
    assert.doesNotMatch(server.stderr, /Uncaught|TypeError/);
  });

  it('answers initialize with malformed parameters and still works', async () => {
    const other = new StdioLanguageServer();
    try {
      const refused = await other.request('initialize', { capabilities: null });
      assert.equal(refused.error?.code, -32603, 'an error answer, not a crash');
      await initialized(other, {
        processId: 'me',
        rootUri: 42,
        workspaceFolders: 'all of them',
        capabilities: { window: 'none' },
        initializationOptions: { explanationUri: 7, exclude: 'x' },
      });
      const uri = 'untitled:Untitled-2';
      other.notify('textDocument/didOpen', {
        textDocument: {
          uri,
          languageId: 'python',
          version: 1,
          text: 'requests.get(f"/pets/{i}")\n',
        },
      });
      await other.diagnostics(uri, (d) => d.length === 1);
    } finally {
      await other.stop();
    }
  });

  const BROKEN_FRAMES: [string, string][] = [
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}'],
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc\r\n\r\n{}'],
    ['a header line without a colon', 'Content-Length 2\r\n\r\n{}'],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}'],
    ['a Content-Length beyond any message', 'Content-Length: 99999999999\r\n\r\n{}'],
    ['a header block that never ends', `Content-Length: 2${' '.repeat(9000)}`],
  ];
  for (const [what, frame] of BROKEN_FRAMES) {
    it(`ends with a clear line and a non-zero status on ${what}, so the client restarts it`, async () => {
      assert.equal(await server.answers(), true);
      server.writeRaw(frame);
      const code = await server.exited;
      assert.notEqual(code, 0);
      assert.match(server.stderr, /unrecoverable framing error .*exiting so that it restarts/);
    });
  }

  it('keeps reading after a frame whose body is not JSON (the framing is intact)', async () => {
    server.writeRaw('Content-Length: 5\r\n\r\n{oops');
    assert.equal(await server.answers(), true);
  });
});
