import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import { TestClient } from './testClient';

const APP = "const petsRouter = require('./routes/pets');\napp.use('/pets', petsRouter);\n";
const ROUTER =
  "const router = require('express').Router();\nrouter.get('/', list);\nrouter.get('/:id', show);\nmodule.exports = router;\n";

describe('language server: routes of a router mounted on the pets collection', function () {
  this.timeout(20_000);
  let folder: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-mounted-'));
    await mkdir(join(folder, 'routes'));
    await writeFile(join(folder, 'app.js'), APP);
    await writeFile(join(folder, 'routes/pets.js'), ROUTER);
    client = new TestClient();
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
      capabilities: {},
      initializationOptions: { explanationUri: 'petstore-docs:/deprecated-get-pet.md' },
    });
    await client.connection.sendNotification('initialized', {});
  });
  after(async () => {
    client.connection.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('shows the item route as a hint that links to the mount, and follows an edit of the mount', async () => {
    await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    const [route] = await client.diagnostics(uri('routes/pets.js'), (d) => d.length === 1);
    assert.deepEqual(route!.range.start, { line: 2, character: 11 });
    assert.equal(route!.severity, DiagnosticSeverity.Hint);
    assert.match(
      route!.message as string,
      /`\/pets\/:id`, a router's route mounted by use\('\/pets'\) \(.*app\.js:2\)/,
    );
    assert.deepEqual(
      route!.relatedInformation!.map((info) => [
        info.location.uri,
        info.location.range.start.line,
        info.message,
      ]),
      [[uri('app.js'), 1, "mounts this router: use('/pets')"]],
    );
    // Mounted elsewhere now: the route no longer serves the operation.
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('app.js'), languageId: 'javascript', version: 1, text: APP },
    });
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri('app.js'), version: 2 },
      contentChanges: [{ text: APP.replace("'/pets'", "'/owners'") }],
    });
    await client.diagnostics(uri('routes/pets.js'), (d) => d.length === 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri('app.js'), version: 3 },
      contentChanges: [{ text: APP }],
    });
    await client.diagnostics(uri('routes/pets.js'), (d) => d.length === 1);
  });
});
