import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import { TestClient } from './testClient';

const RG = execFileSync('sh', ['-c', 'command -v rg || true'], { encoding: 'utf8' }).trim();

/**
 * The language server reads the workspace as every front end does: a file reached through a link
 * that leaves the workspace folders is not read (an OpenAPI document included), and a FIFO in the
 * workspace never stops it answering.
 */
for (const listing of RG ? ['walker', 'ripgrep'] : ['walker'])
  describe(`language server: a hostile workspace (listed by the ${listing})`, function () {
    this.timeout(20_000);
    let folder: string;
    let outside: string;
    let client: TestClient;
    const uri = (name: string) => pathToFileURL(join(folder, name)).href;

    before(async () => {
      folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-hostile-'));
      outside = await mkdtemp(join(tmpdir(), 'petstore-lsp-outside-'));
      await mkdir(join(folder, 'src'), { recursive: true });
      // Outside the workspace: a document that would name the operation, and a source file.
      await writeFile(
        join(outside, 'openapi.json'),
        JSON.stringify({
          openapi: '3.0.0',
          paths: { '/pets/{petId}': { get: { operationId: 'fetchOutsidePet' } } },
        }),
      );
      await writeFile(join(outside, 'secret.ts'), 'fetch(`/pets/${secret}`);\n');
      await symlink(join(outside, 'openapi.json'), join(folder, 'openapi.json'));
      await symlink(join(outside, 'secret.ts'), join(folder, 'src', 'linked.ts'));
      await writeFile(
        join(folder, 'src', 'generatedUse.ts'),
        "import { PetsApi } from './generated/api';\nconst pet = await new PetsApi().fetchOutsidePet({ petId: 1 });\n",
      );
      await writeFile(join(folder, 'src', 'plain.ts'), 'fetch(`/pets/${id}`);\n');
      execFileSync('mkfifo', [join(folder, 'src', 'pipe.ts')]);
      client = new TestClient();
      await client.connection.sendRequest('initialize', {
        processId: null,
        rootUri: null,
        workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'hostile' }],
        capabilities: {},
        initializationOptions: listing === 'ripgrep' ? { ripgrepPath: RG } : {},
      });
      await client.connection.sendNotification('initialized', {});
    });
    after(async () => {
      client.connection.dispose();
      await rm(folder, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    });

    it('never reads a linked OpenAPI document or source file outside the workspace', async () => {
      await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
      await client.diagnostics(uri('src/plain.ts'), (d) => d.length === 1);
      // The scan is over: what it published for the other files is all there is.
      assert.deepEqual(client.latest.get(uri('src/generatedUse.ts')) ?? [], []);
      assert.deepEqual(client.latest.get(uri('src/linked.ts')) ?? [], []);
      // Told the linked file changed, it still does not read it.
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uri('src/linked.ts'), type: 2 }],
      });
      await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
      assert.deepEqual(client.latest.get(uri('src/linked.ts')) ?? [], []);
    });

    it('keeps answering, shutdown included, after being told a FIFO changed', async () => {
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uri('src/pipe.ts'), type: 2 }],
      });
      await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
      await client.diagnostics(uri('src/plain.ts'), (d) => d.length === 1);
      await client.connection.sendRequest('shutdown');
    });
  });
