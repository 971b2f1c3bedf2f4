import assert from 'node:assert/strict';
import { PetStoreClient } from '../../../../src/core/api/client';
import { petDetailsText } from '../../../../src/core/explorer/petDetailsText';
import { json, startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';

const KEY = 'find-key-Pq72';
const PET = { id: 9007199254740993n, name: 'Rex', categoryId: 1n, status: 'sold' as const };

/** Lists by status: "sold" is empty (the pet changed status), "pending" holds it. */
function listing(url: string): string {
  const status = new URL(url, 'http://localhost').searchParams.get('status');
  return status === 'pending'
    ? '[{"id":9007199254740992,"name":"Other","categoryId":1,"status":"pending"},{"id":9007199254740993,"name":"Rex","categoryId":1,"status":"pending"}]'
    : '[]';
}

describe('finding a pet the supported way, with what each response said', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('asks its status’s list, then the other statuses, never GET /pets/{petId}; the id compared exactly', async () => {
    server = await startScriptedServer((request, response) =>
      json(response, 200, listing(request.url), {
        deprecation: '@1767225600',
        sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
        'x-request-id': `echo ${KEY}`,
        'set-cookie': 'session=secret',
        'x-ratelimit-remaining': '99',
      }),
    );
    const client = new PetStoreClient({ baseUrl: `${server.origin}/v1`, apiKey: () => KEY });
    const found = await client.findPet(PET.id, PET.status);
    assert.deepEqual(
      server.seen.map((request) => request.url),
      [
        '/v1/pets?status=sold&limit=100',
        '/v1/pets?status=available&limit=100',
        '/v1/pets?status=pending&limit=100',
      ],
    );
    assert.equal(found.pet?.name, 'Rex');
    assert.equal(found.pet?.status, 'pending');
    assert.deepEqual(
      found.responses.map((response) => [response.status, response.listed]),
      [
        [200, 0],
        [200, 0],
        [200, 2],
      ],
    );
    const [first] = found.responses;
    const names = first!.headers.map(([name]) => name);
    assert.deepEqual(names, [
      'content-type',
      'date',
      'deprecation',
      'sunset',
      'x-request-id',
      'x-ratelimit-remaining',
    ]);
    assert.ok(!JSON.stringify(found.responses).includes(KEY), 'the key never in a header shown');
    assert.ok(!names.includes('set-cookie'));
    assert.ok(first!.durationMs >= 0);
  });

  it('looks for a pet without status in the unfiltered list, and says where getPet would have answered 404', async () => {
    server = await startScriptedServer((_, response) => json(response, 200, '[]'));
    const client = new PetStoreClient({ baseUrl: `${server.origin}/v1`, apiKey: () => KEY });
    const found = await client.findPet(5n, undefined);
    assert.deepEqual(
      server.seen.map((request) => request.url),
      ['/v1/pets?limit=100'],
    );
    assert.equal(found.pet, undefined);
    const text = petDetailsText({
      listed: { id: 5n, name: 'Gone', categoryId: 1n, status: undefined },
      environmentLabel: 'Test',
      lookup: { found },
      at: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
    });
    assert.match(text, /^# Gone · #5 · Test · 2030-01-02 03:04:05 UTC$/m);
    assert.match(text, /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?limit=100$/m);
    assert.match(text, /^HTTP 200 OK · \d+ ms · 0 pets listed$/m);
    assert.match(text, /^# Deprecation: not sent \(the API does not deprecate this request\)$/m);
    assert.match(text, /GET \/pets\/\{petId\} would have answered 404/);
    assert.match(text, /^# As the Pets view last listed it:\n\{\n {2}"id": 5,/m);
  });

  it('shows the response, its headers and the pet, one header a line whatever a server sends', () => {
    const text = petDetailsText({
      listed: PET,
      environmentLabel: 'Production',
      lookup: {
        found: {
          pet: PET,
          responses: [
            {
              method: 'GET',
              url: 'https://api.example.com/v1/pets?status=sold&limit=100',
              status: 200,
              headers: [
                ['content-type', 'application/json'],
                ['deprecation', '@1767225600'],
                ['link', '</v2/pets>;\r\nrel="successor-version"'],
              ],
              durationMs: 12,
              listed: 3,
            },
          ],
        },
      },
      at: new Date(Date.UTC(2030, 0, 2)),
    });
    assert.match(
      text,
      /^GET https:\/\/api\.example\.com\/v1\/pets\?status=sold&limit=100\nHTTP 200 OK · 12 ms · 3 pets listed\nContent-Type: application\/json\nDeprecation: @1767225600\nLink: <\/v2\/pets>; rel="successor-version"\n# Sunset: not sent/m,
    );
    assert.match(text, /"id": 9007199254740993,/);
  });

  it('says why the lookup failed, and shows the pet as last listed', () => {
    const text = petDetailsText({
      listed: PET,
      environmentLabel: 'Production',
      lookup: { failure: 'Production rejected the API key (401)\nset it again' },
      at: new Date(),
    });
    assert.match(
      text,
      /^# The request failed: Production rejected the API key \(401\) set it again$/m,
    );
    assert.match(text, /"name": "Rex"/);
  });
});
