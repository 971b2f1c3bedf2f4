import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCAN_WORKSPACE_REQUEST } from '../../../src/lsp/protocol';
import { TestClient } from './testClient';

const WRAPPER = [
  "import axios from 'axios';",
  'export async function getPetInfo(id: number) {',
  '  return (await axios.get(`/api/pets/${id}`)).data;',
  '}',
  '',
].join('\n');

describe('language server: calls of wrappers, across files', function () {
  this.timeout(20_000);
  let folder: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-lsp-wrappers-'));
    await mkdir(join(folder, 'src/services'), { recursive: true });
    await mkdir(join(folder, 'src/components'), { recursive: true });
    await writeFile(join(folder, 'src/services/petService.ts'), WRAPPER);
    await writeFile(
      join(folder, 'src/components/PetCard.tsx'),
      "import { getPetInfo } from '../services/petService';\nexport const load = (id) => getPetInfo(id);\n",
    );
    await writeFile(
      join(folder, 'openapi.json'),
      JSON.stringify({
        openapi: '3.0.0',
        paths: { '/v1/pets/{petId}': { get: { operationId: 'fetchOnePet' } } },
      }),
    );
    await writeFile(
      join(folder, 'src/generatedUse.ts'),
      "import { PetsApi } from './generated/api';\nconst pet = await new PetsApi().fetchOnePet({ petId: 1 });\n",
    );
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

  it('diagnoses a call of a wrapper in a file that never mentions the URL, linking each step', async () => {
    await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    const [call] = await client.diagnostics(
      uri('src/components/PetCard.tsx'),
      (d) => d.length === 1,
    );
    assert.deepEqual(call!.range.start, { line: 1, character: 28 });
    assert.match(
      call!.message as string,
      /`getPetInfo\(\)`, which reaches GET \/pets\/\{petId\} through getPetInfo \(src\/services\/petService\.ts:2\) → \/api\/pets\/\{…\} \(src\/services\/petService\.ts:3\)/,
    );
    assert.deepEqual(
      call!.relatedInformation!.map((info) => [info.location.uri, info.location.range.start.line]),
      [
        [uri('src/services/petService.ts'), 1],
        [uri('src/services/petService.ts'), 2],
      ],
    );
  });

  it('takes the operation’s name from the workspace’s OpenAPI document', async () => {
    await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    const [call] = await client.diagnostics(uri('src/generatedUse.ts'), (d) => d.length === 1);
    assert.match(call!.message as string, /`fetchOnePet\(\)`/);
  });

  it('follows an edit of the wrapper: its callers lose the call when the request goes, and get it back', async () => {
    const service = uri('src/services/petService.ts');
    const card = uri('src/components/PetCard.tsx');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: service, languageId: 'typescript', version: 1, text: WRAPPER },
    });
    const replaceLine3 = async (version: number, text: string) =>
      client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: service, version },
        contentChanges: [
          { range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, text },
        ],
      });
    // The list-and-filter replacement: the wrapper no longer sends GET /pets/{id}.
    await replaceLine3(2, '  return (await axios.get(`/api/pets`, { params: { id } })).data;\n');
    await client.diagnostics(service, (d) => d.length === 0);
    await client.diagnostics(card, (d) => d.length === 0);
    await replaceLine3(3, '  return (await axios.get(`/api/pets/${id}`)).data;\n');
    await client.diagnostics(card, (d) => d.length === 1);
  });

  it('follows an edit of a caller: a new call in an open document is diagnosed as typed', async () => {
    const page = uri('src/components/PetPage.tsx');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: page,
        languageId: 'typescriptreact',
        version: 1,
        text: "import { getPetInfo } from '../services/petService';\n",
      },
    });
    await client.diagnostics(page, (d) => d.length === 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: page, version: 2 },
      contentChanges: [
        {
          range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
          text: 'export async function show(id) { return getPetInfo(id); }\n',
        },
      ],
    });
    const [call] = await client.diagnostics(page, (d) => d.length === 1);
    assert.equal(call!.range.start.line, 1);
  });
});
