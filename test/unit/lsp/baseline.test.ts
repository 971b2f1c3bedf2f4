import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import { BASELINED_NOTE } from '../../../src/core/deprecations/rule';
import { TestClient } from './testClient';

const CLI = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const HINT = 4;
const WARNING = 2;

const OLD_CALLS =
  'export const one = (id: string) => fetch(`${BASE}/pets/${id}`);\nexport const two = (id: string) => api.getPet(id);\n';
const NEW_CALL = 'export const three = (id: string) => fetch(`/v1/pets/${id}`);\n';

/** [line, severity, baselined] of each diagnostic, for one assertion per state. */
function shown(diagnostics: Diagnostic[]) {
  return diagnostics.map((diagnostic) => [
    diagnostic.range.start.line,
    diagnostic.severity,
    (diagnostic.message as string).endsWith(BASELINED_NOTE),
  ]);
}

describe('language server: the team’s baseline (petstore.deprecations.baseline)', function () {
  this.timeout(20_000);
  let folder: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;
  const writeBaseline = () =>
    execFileSync(process.execPath, [CLI, 'scan', '--write-baseline', 'petstore-baseline.json'], {
      cwd: folder,
      stdio: 'ignore',
    });

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-baseline-'));
    await mkdir(join(folder, '.git')); // the repository root the baseline names files from
    await mkdir(join(folder, 'src'));
    await writeFile(join(folder, 'src/pets.ts'), OLD_CALLS);
    writeBaseline();
    // A call added since the baseline was written: the one the team must not ship.
    await writeFile(join(folder, 'src/pets.ts'), OLD_CALLS + NEW_CALL);
    client = new TestClient();
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
      initializationOptions: { baseline: 'petstore-baseline.json' },
    });
    await client.connection.sendNotification('initialized', {});
  });
  after(async () => {
    client.connection.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('shows baselined calls as hints, saying so, and a new call with the configured severity', async () => {
    const found = await client.diagnostics(uri('src/pets.ts'), (d) => d.length === 3);
    assert.deepEqual(shown(found), [
      [0, HINT, true],
      [1, HINT, true],
      [2, WARNING, false],
    ]);
  });

  it('asks the client to watch the baseline file, so a rewritten baseline is read again', () => {
    const watch = client.registrations.find(
      (registration) => registration.method === 'workspace/didChangeWatchedFiles',
    );
    assert.deepEqual(watch?.registerOptions, {
      watchers: [
        {
          globPattern: { baseUri: pathToFileURL(folder).href, pattern: 'petstore-baseline.json' },
        },
      ],
    });
  });

  it('keeps a baselined call baselined in an open document when code moves and is re-indented', async () => {
    const doc = uri('src/pets.ts');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: doc,
        languageId: 'typescript',
        version: 1,
        text: `// moved down by a comment\n\n${NEW_CALL}    ${OLD_CALLS.replace('\n', '\n    ')}`,
      },
    });
    const found = await client.diagnostics(
      doc,
      (d) => d.length === 3 && d[0]!.range.start.line === 2,
    );
    assert.deepEqual(shown(found), [
      [2, WARNING, false],
      [3, HINT, true],
      [4, HINT, true],
    ]);
    await client.connection.sendNotification('textDocument/didClose', {
      textDocument: { uri: doc },
    });
    await client.diagnostics(doc, (d) => d.length === 3 && d[0]!.range.start.line === 0);
  });

  it('hides baselined calls when baselinedFindings is "hide"', async () => {
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: {
        petstore: {
          deprecations: { baseline: 'petstore-baseline.json', baselinedFindings: 'hide' },
        },
      },
    });
    const found = await client.diagnostics(uri('src/pets.ts'), (d) => d.length === 1);
    assert.deepEqual(shown(found), [[2, WARNING, false]]);
  });

  it('reads the baseline again when it is rewritten: the new call is then baselined too', async () => {
    writeBaseline();
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('petstore-baseline.json'), type: 2 }],
    });
    await client.diagnostics(uri('src/pets.ts'), (d) => d.length === 0);
  });

  it('says a corrupt baseline cannot be used and shows every call as new, never hiding them', async () => {
    await writeFile(join(folder, 'petstore-baseline.json'), '{"version": 99, "rule": "x"}');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('petstore-baseline.json'), type: 2 }],
    });
    const found = await client.diagnostics(uri('src/pets.ts'), (d) => d.length === 3);
    assert.deepEqual(
      found.map((diagnostic) => diagnostic.severity),
      [WARNING, WARNING, WARNING],
    );
    const warning = client.messages.find((message) => message.message.includes('baseline'));
    assert.equal(warning?.type, 2); // MessageType.Warning
    assert.match(
      warning.message,
      /the baseline petstore-baseline\.json cannot be used \(.*version 99, newer than .*\); its calls are shown as new/,
    );
  });
});
