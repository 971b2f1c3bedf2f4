import assert from 'node:assert/strict';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';
import { DEMO_PETS } from '../../../src/server/seed';
import { assertErrorBody, call, type CallOptions } from '../../support/http';

const KEY = 'server-key-1';
const SECOND_KEY = 'server-key-2';

describe('reference server: HTTP rules of the interface', () => {
  let server: RunningPetStoreServer;
  const logLines: string[] = [];
  const api = (method: string, path: string, options: CallOptions = {}) =>
    call(server.baseUrl, method, path, { key: KEY, ...options });
  const post = (body: string | Uint8Array, options: CallOptions = {}) =>
    api('POST', '/pets', { body, ...options });

  beforeEach(async () => {
    logLines.length = 0;
    server = await startPetStoreServer({
      apiKeys: [KEY, SECOND_KEY],
      seed: true,
      log: (line) => logLines.push(line),
    });
  });
  afterEach(() => server.close());

  describe('authentication', () => {
    it('accepts every configured key, with the scheme name in any case', async () => {
      for (const authorization of [`Bearer ${KEY}`, `bearer ${KEY}`, `BEARER ${SECOND_KEY}`]) {
        assert.equal((await api('GET', '/pets', { authorization })).status, 200, authorization);
      }
    });
    it('answers 401 with an Error body and WWW-Authenticate otherwise', async () => {
      for (const authorization of [
        '',
        `Basic ${KEY}`,
        'Bearer wrong',
        'Bearer',
        `Bearer ${KEY} extra`,
        `Token ${KEY}`,
      ]) {
        const result = await call(server.baseUrl, 'GET', '/pets', { authorization });
        assertErrorBody(result, 401, 'unauthorized');
        assert.match(result.headers.get('www-authenticate') ?? '', /^Bearer/);
      }
      assertErrorBody(await call(server.baseUrl, 'POST', '/pets', { body: '{}' }), 401);
      assertErrorBody(await call(server.baseUrl, 'GET', '/pets/1'), 401);
    });
  });

  describe('GET /pets (listPets)', () => {
    it('returns at most 20 pets without limit, in id order', async () => {
      const { status, json } = await api('GET', '/pets');
      assert.equal(status, 200);
      const pets = json as { id: number }[];
      assert.equal(pets.length, 20);
      assert.deepEqual(
        pets.map((pet) => pet.id),
        [...pets.map((pet) => pet.id)].sort((a, b) => a - b),
      );
    });
    it('returns at most `limit` pets for every limit in 1..100', async () => {
      for (const limit of [1, 7, 20, 34, 100]) {
        const pets = (await api('GET', `/pets?limit=${limit}`)).json as unknown[];
        assert.equal(pets.length, Math.min(limit, DEMO_PETS.length), `limit=${limit}`);
      }
    });
    it('rejects a limit outside 1..100 or not an integer with 400', async () => {
      for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e1', '0x10', '1000000000000']) {
        assertErrorBody(
          await api('GET', `/pets?limit=${encodeURIComponent(limit)}`),
          400,
          'invalid_request',
        );
      }
    });
    it('returns only pets of the given status', async () => {
      for (const status of ['available', 'pending', 'sold']) {
        const pets = (await api('GET', `/pets?status=${status}&limit=100`)).json as {
          status: string;
        }[];
        assert.equal(pets.length, DEMO_PETS.filter((pet) => pet.status === status).length);
        assert.ok(pets.every((pet) => pet.status === status));
      }
    });
    it('rejects an unknown status, and repeated parameters, with 400', async () => {
      for (const query of [
        'status=archived',
        'status=',
        'status=Available',
        'limit=5&limit=6',
        'status=sold&status=pending',
      ]) {
        assertErrorBody(await api('GET', `/pets?${query}`), 400, 'invalid_request');
      }
    });
  });

  describe('POST /pets (createPet)', () => {
    it('creates a pet with a new id and answers 201 with it', async () => {
      const result = await post('{"name":"Rex","categoryId":3,"status":"pending"}');
      assert.equal(result.status, 201);
      assert.deepEqual(result.json, {
        id: DEMO_PETS.length + 1,
        name: 'Rex',
        categoryId: 3,
        status: 'pending',
      });
      const listed = (await api('GET', '/pets?status=pending&limit=100')).json as {
        name: string;
      }[];
      assert.ok(listed.some((pet) => pet.name === 'Rex'));
    });
    it('stores `available` when status is omitted, and ignores unknown fields and a client id', async () => {
      const result = await post('{"name":"Tom","categoryId":2,"id":1,"color":"grey"}');
      assert.equal(result.status, 201);
      assert.deepEqual(result.json, {
        id: DEMO_PETS.length + 1,
        name: 'Tom',
        categoryId: 2,
        status: 'available',
      });
    });
    it('keeps categoryId exact beyond 2^53 and up to the int64 maximum', async () => {
      for (const categoryId of [
        '9007199254740993',
        '9223372036854775807',
        '-9223372036854775808',
      ]) {
        const result = await post(`{"name":"Big","categoryId":${categoryId}}`);
        assert.equal(result.status, 201);
        assert.match(result.text, new RegExp(`"categoryId":${categoryId}[,}]`));
      }
    });
    it('rejects invalid fields with 400 and a message that names the field', async () => {
      const cases: [string, RegExp][] = [
        ['{"categoryId":1}', /name: is required/],
        ['{"name":"","categoryId":1}', /name: must not be empty/],
        ['{"name":"   ","categoryId":1}', /name: must not be empty/],
        [`{"name":"${'x'.repeat(201)}","categoryId":1}`, /name: must be at most 200/],
        ['{"name":7,"categoryId":1}', /name: must be a string/],
        ['{"name":"A"}', /categoryId: is required/],
        ['{"name":"A","categoryId":"1"}', /categoryId: must be an integer/],
        ['{"name":"A","categoryId":1.5}', /categoryId: must be an integer/],
        ['{"name":"A","categoryId":9223372036854775808}', /categoryId: must be an integer between/],
        [
          '{"name":"A","categoryId":-9223372036854775809}',
          /categoryId: must be an integer between/,
        ],
        [
          '{"name":"A","categoryId":1,"status":"lost"}',
          /status: must be one of available, pending, sold/,
        ],
        ['{"name":"A","categoryId":1,"status":null}', /status: must be one of/],
      ];
      for (const [body, message] of cases) {
        const result = await post(body);
        assertErrorBody(result, 400, 'invalid_request');
        assert.match((result.json as { message: string }).message, message, body);
      }
    });
    it('accepts a name of exactly 200 characters', async () => {
      assert.equal((await post(`{"name":"${'x'.repeat(200)}","categoryId":1}`)).status, 201);
    });
    it('rejects malformed JSON, a missing body and a non-object body with 400', async () => {
      for (const body of [
        '{"name":',
        '{"name":"A","categoryId":1,}',
        '',
        '[]',
        '"pet"',
        'null',
        '42',
        '{"name":"A","name":"B","categoryId":1}',
      ]) {
        assertErrorBody(await post(body), 400, 'invalid_request');
      }
      assertErrorBody(await post(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])), 400); // invalid UTF-8
    });
    it('answers 415 to a body that is not application/json', async () => {
      assertErrorBody(
        await post('{"name":"A","categoryId":1}', { contentType: 'text/plain' }),
        415,
        'unsupported_media_type',
      );
      assertErrorBody(
        await post(new TextEncoder().encode('{"name":"A","categoryId":1}'), { contentType: null }),
        415,
      );
      assert.equal(
        (
          await post('{"name":"A","categoryId":1}', {
            contentType: 'application/json; charset=utf-8',
          })
        ).status,
        201,
      );
    });
    it('answers 413 to a body over 1 MB, and creates nothing', async () => {
      const huge = `{"name":"A","categoryId":1,"pad":"${'x'.repeat(1024 * 1024)}"}`;
      assertErrorBody(await post(huge), 413, 'payload_too_large');
      assert.equal(server.repository.size, DEMO_PETS.length);
    });
    it('assigns unique, increasing ids to 50 concurrent creates and loses none', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(`{"name":"Pet ${i}","categoryId":${i}}`)),
      );
      assert.ok(results.every((r) => r.status === 201));
      const ids = results.map((r) => (r.json as { id: number }).id);
      assert.equal(new Set(ids).size, 50);
      assert.ok(Math.min(...ids) > DEMO_PETS.length);
      assert.equal(server.repository.size, DEMO_PETS.length + 50);
    });
  });

  describe('GET /pets/{petId} (getPet, deprecated)', () => {
    it('returns the pet and announces its removal with Deprecation, Sunset and Link', async () => {
      const result = await api('GET', '/pets/3');
      assert.equal(result.status, 200);
      assert.deepEqual(result.json, {
        id: 3,
        ...DEMO_PETS[2],
        categoryId: Number(DEMO_PETS[2]!.categoryId),
      });
      assert.match(result.headers.get('deprecation') ?? '', /^@\d+$/);
      assert.equal(result.headers.get('sunset'), 'Thu, 05 Dec 2030 00:00:00 GMT');
      assert.equal(result.headers.get('link'), '</v1/pets>; rel="successor-version"');
    });
    it('keeps a pet id and category beyond 2^53 exact', async () => {
      const rare = DEMO_PETS.findIndex((pet) => pet.categoryId > 2n ** 53n) + 1;
      assert.match((await api('GET', `/pets/${rare}`)).text, /"categoryId":9007199254740993/);
    });
    it('answers 404 with the headers for an unknown or non-numeric id', async () => {
      for (const petId of ['999', '0', '-1', 'abc', '9223372036854775808', '1.0']) {
        const result = await api('GET', `/pets/${petId}`);
        assertErrorBody(result, 404, 'not_found');
        assert.equal(result.headers.get('sunset'), 'Thu, 05 Dec 2030 00:00:00 GMT');
      }
    });
  });

  describe('routing', () => {
    it('answers 404 to unknown paths', async () => {
      for (const path of [
        '/',
        '/v1',
        '/v1/',
        '/v1/other',
        '/pets',
        '/v2/pets',
        '/v1/pets/1/owner',
        '/v1/pets/',
      ]) {
        assertErrorBody(
          await call(server.baseUrl.replace(/\/v1$/, ''), 'GET', path, { key: KEY }),
          404,
          'not_found',
        );
      }
    });
    it('answers 405 with Allow to another method on a known path', async () => {
      for (const [method, path, allow] of [
        ['DELETE', '/pets', 'GET, POST'],
        ['PUT', '/pets', 'GET, POST'],
        ['POST', '/pets/1', 'GET'],
        ['DELETE', '/pets/1', 'GET'],
        ['PATCH', '/pets/1', 'GET'],
      ] as const) {
        const result = await api(method, path);
        assertErrorBody(result, 405, 'method_not_allowed');
        assert.equal(result.headers.get('allow'), allow);
      }
    });
  });

  it('logs one line per request with method, path, status and duration, never the key', async () => {
    await api('GET', '/pets?limit=2');
    await call(server.baseUrl, 'GET', `/pets?api_key=${KEY}`, { key: SECOND_KEY });
    await api('POST', '/pets', { body: '{"name":"A","categoryId":1}' });
    const requestLines = logLines.filter((line) => /^(GET|POST) /.test(line));
    assert.equal(requestLines.length, 3);
    assert.match(requestLines[0]!, /^GET \/v1\/pets\?limit=2 200 \d+\.\dms$/);
    assert.match(requestLines[1]!, /api_key=\[redacted\]/);
    assert.match(requestLines[2]!, /^POST \/v1\/pets 201 /);
    assert.ok(!logLines.join('\n').includes(KEY) && !logLines.join('\n').includes(SECOND_KEY));
  });
});
