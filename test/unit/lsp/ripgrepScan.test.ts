import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import type { WorkspaceScanResult } from '../../../src/lsp/workspaceScan';
import { ensureSystemPackages } from '../../host/systemPackages';
import { TestClient } from './testClient';

/** A workspace scanned by a server given `ripgrepPath`: its result and what it published. */
async function scanWith(folder: string, ripgrepPath: string) {
  const client = new TestClient();
  await client.connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }],
    capabilities: {},
    initializationOptions: { ripgrepPath, exclude: ['**/node_modules', 'generated/'] },
  });
  await client.connection.sendNotification('initialized', {});
  const result = await client.connection.sendRequest<WorkspaceScanResult>(SCAN_WORKSPACE_REQUEST);
  const published = [...client.latest]
    .filter(([, diagnostics]) => diagnostics.length > 0)
    .map(
      ([uri, diagnostics]) =>
        `${uri.slice(pathToFileURL(folder).href.length)}:${diagnostics.map((d) => d.range.start.line).join(',')}`,
    )
    .sort();
  client.connection.dispose();
  return { result, published };
}

describe('language server: the workspace listed by the editor’s ripgrep', function () {
  this.timeout(30_000);
  let folder: string;
  before(async function () {
    this.timeout(600_000); // a fresh machine installs Debian's ripgrep first (apt-get update)
    ensureSystemPackages((line) => console.log(line), ['ripgrep']);
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-rg-'));
    await mkdir(join(folder, 'src'));
    await mkdir(join(folder, 'node_modules/lib'), { recursive: true });
    await mkdir(join(folder, 'generated'));
    await writeFile(
      join(folder, 'src/a.ts'),
      'export const p = (id: string) => fetch(`/v1/pets/${id}`);\n',
    );
    await writeFile(join(folder, 'src/b.py'), 'x = 1\npet = api.get_pet(7)\n');
    await writeFile(join(folder, 'node_modules/lib/c.js'), 'fetch("/pets/" + id)\n');
    await writeFile(join(folder, 'generated/d.ts'), 'api.getPet(1);\n');
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it('publishes the same diagnostics as the walk, honouring the excludes, and says rg listed them', async () => {
    const walked = await scanWith(folder, '/nonexistent/rg');
    const listed = await scanWith(folder, '/usr/bin/rg');
    assert.deepEqual(listed.result, {
      files: 2,
      findings: 2,
      listedBy: 'ripgrep',
      ripgrep: '/usr/bin/rg',
    });
    assert.deepEqual(listed.published, ['/src/a.ts:0', '/src/b.py:1']);
    assert.deepEqual(walked.published, listed.published);
    // A rg that cannot run: the walk, and why.
    assert.equal(walked.result.listedBy, 'walker');
    assert.match(walked.result.ripgrepProblem ?? '', /\/nonexistent\/rg cannot run/);
  });
});
