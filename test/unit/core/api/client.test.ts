import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { PetStoreClient, type PetStoreClientOptions } from '../../../../src/core/api/client';
import { PetStoreError, type PetStoreErrorKind } from '../../../../src/core/api/errors';
import type { ExchangeRecord } from '../../../../src/core/api/exchange';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../../src/server/petStoreServer';
import { json, startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';

const KEY = 'test-key-Zq81xv';

/** Asserts the promise fails with a PetStoreError of that kind whose text never shows the key. */
async function failsWith(
  promise: Promise<unknown>,
  kind: PetStoreErrorKind,
  message?: RegExp,
): Promise<PetStoreError> {
  const error = await promise.then(
    () => assert.fail(`expected a ${kind} failure`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof PetStoreError, `not a PetStoreError: ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  if (message) assert.match(error.message, message);
  const shown = `${inspect(error)} ${JSON.stringify(error)} ${error.message}`.toLowerCase();
  assert.ok(!shown.includes(KEY.toLowerCase()), `the key leaked into the error: ${shown}`);
  return error;
}

describe('PetStoreClient against the reference server', () => {
  let server: RunningPetStoreServer;
  const exchanges: ExchangeRecord[] = [];
  let client: PetStoreClient;

  before(async () => {
    server = await startPetStoreServer({ apiKeys: [KEY], seed: true });
    client = new PetStoreClient({
      baseUrl: server.baseUrl,
      apiKey: () => KEY,
      onExchange: (r) => exchanges.push(r),
    });
  });
  after(() => server.close());

  it('lists at most 20 pets by default, and at most `limit` when given', async () => {
    assert.equal((await client.listPets()).length, 20);
    assert.equal((await client.listPets({ limit: 3 })).length, 3);
    assert.equal((await client.listPets({ limit: 100 })).length, server.repository.size);
  });

  it('filters by status', async () => {
    const sold = await client.listPets({ status: 'sold', limit: 100 });
    assert.ok(sold.length > 0);
    assert.ok(sold.every((pet) => pet.status === 'sold'));
  });

  it('creates a pet and keeps an int64 categoryId beyond 2^53 exact both ways', async () => {
    const created = await client.createPet({
      name: 'Exact',
      categoryId: 9223372036854775807n,
      status: 'pending',
    });
    assert.equal(created.categoryId, 9223372036854775807n);
    assert.equal(typeof created.id, 'bigint');
    const listed = await client.listPets({ status: 'pending', limit: 100 });
    assert.deepEqual(
      listed.find((pet) => pet.id === created.id),
      created,
    );
  });

  it('reads the deprecation signals the server sends with getPet, exactly, also on a 404', async () => {
    const seen: [string, unknown][] = [];
    const malformed: string[] = [];
    const watching = new PetStoreClient({
      baseUrl: server.baseUrl,
      apiKey: () => KEY,
      onDeprecation: (operation, signals) => seen.push([operation, signals]),
      onMalformedHeader: (message) => malformed.push(message),
    });
    const [first] = await watching.listPets({ limit: 1 });
    assert.deepEqual(seen, [], 'GET /pets is not deprecated');
    await watching.getPet(first!.id);
    await watching.getPet(987654321n).catch(() => undefined);
    const expected = {
      deprecatedSince: new Date('2025-01-01T00:00:00Z'),
      sunset: new Date('2030-12-05T00:00:00Z'),
      successor: new URL('/v1/pets', server.baseUrl).href,
    };
    assert.deepEqual(seen, [
      ['GET /pets/{petId}', expected],
      ['GET /pets/{petId}', expected],
    ]);
    assert.deepEqual(malformed, []);
  });

  it('getPet (deprecated) still reads one pet', async () => {
    const [first] = await client.listPets({ limit: 1 });
    assert.deepEqual(await client.getPet(first!.id), first);
    await failsWith(client.getPet(987654321n), 'notFound', /No pet with id 987654321/);
  });

  it('maps the server 400 to a validation failure with the server message', async () => {
    await failsWith(
      new PetStoreClient({ baseUrl: server.baseUrl, apiKey: () => KEY }).createPet({
        name: 'x',
        categoryId: 1n,
        status: 'lost' as 'sold',
      }),
      'validation',
      /status: must be one of/,
    );
  });

  it('maps a wrong key to unauthorized, and a missing key to missingKey without a request', async () => {
    const wrong = new PetStoreClient({ baseUrl: server.baseUrl, apiKey: () => 'wrong' });
    await failsWith(wrong.listPets(), 'unauthorized', /missing or invalid/);
    const before = exchanges.length;
    const none = new PetStoreClient({
      baseUrl: server.baseUrl,
      apiKey: () => undefined,
      onExchange: (r) => exchanges.push(r),
    });
    await failsWith(none.listPets(), 'missingKey');
    assert.equal(exchanges.length, before);
  });

  it('logs each exchange with method, path, status and duration, and never the key', () => {
    assert.ok(exchanges.length > 0);
    const record = exchanges.find((r) => r.status === 201)!;
    assert.equal(record.method, 'POST');
    assert.equal(record.url, '/v1/pets');
    assert.ok(record.durationMs >= 0);
    assert.ok(!JSON.stringify(exchanges).includes(KEY));
  });

  it('checks its own inputs before sending anything', async () => {
    await assert.rejects(client.listPets({ limit: 0 }), RangeError);
    await assert.rejects(client.listPets({ limit: 101 }), RangeError);
    await failsWith(
      client.createPet({ name: '', categoryId: 1n }),
      'validation',
      /name: must not be empty/,
    );
  });

  it('refuses a base URL that does not end in /v1', () => {
    assert.throws(
      () => new PetStoreClient({ baseUrl: 'https://example.test/v2', apiKey: () => KEY }),
      /must end with \/v1/,
    );
    assert.throws(
      () => new PetStoreClient({ baseUrl: 'ftp://example.test/v1', apiKey: () => KEY }),
      /http or https/,
    );
  });
});

describe('PetStoreClient failure kinds (scripted server)', () => {
  let scripted: ScriptedServer | undefined;
  let other: ScriptedServer | undefined;
  afterEach(async () => {
    await scripted?.close();
    await other?.close();
    scripted = other = undefined;
  });

  function clientFor(origin: string, options: Partial<PetStoreClientOptions> = {}): PetStoreClient {
    return new PetStoreClient({ baseUrl: `${origin}/v1`, apiKey: () => KEY, ...options });
  }

  it('sends Authorization: Bearer <key>, Accept and a JSON body', async () => {
    scripted = await startScriptedServer((_, res) =>
      json(res, 201, '{"id":1,"name":"A","categoryId":2}'),
    );
    await clientFor(scripted.origin).createPet({ name: 'A', categoryId: 2n });
    const [request] = scripted.seen;
    assert.equal(request!.headers.authorization, `Bearer ${KEY}`);
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers.accept, 'application/json');
    assert.deepEqual(JSON.parse(request!.body), { name: 'A', categoryId: 2 });
  });

  it('passes a GET /pets that turns deprecated, and ignores malformed signals with a note, never failing', async () => {
    scripted = await startScriptedServer((_, res) =>
      json(res, 200, '[]', {
        deprecation: `@broken-${KEY}`,
        sunset: 'Sat, 01 Jun 2030 00:00:00 GMT',
        link: '<../v2/pets>; rel="successor-version"',
      }),
    );
    const seen: [string, unknown][] = [];
    const notes: string[] = [];
    const client = clientFor(scripted.origin, {
      onDeprecation: (operation, signals) => {
        seen.push([operation, signals]);
        throw new Error('a listener that fails');
      },
      onMalformedHeader: (message) => notes.push(message),
    });
    assert.deepEqual(await client.listPets(), []);
    assert.deepEqual(seen, [
      [
        'GET /pets',
        { sunset: new Date('2030-06-01T00:00:00Z'), successor: `${scripted.origin}/v2/pets` },
      ],
    ]);
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, /^GET \/pets: Deprecation "@broken-\[redacted\]" is not a date/);
  });

  const statusCases: [number, PetStoreErrorKind][] = [
    [400, 'validation'],
    [401, 'unauthorized'],
    [404, 'notFound'],
    [429, 'rateLimited'],
    [500, 'server'],
    [503, 'server'],
    [403, 'unexpectedStatus'],
    [418, 'unexpectedStatus'],
  ];
  for (const [status, kind] of statusCases) {
    it(`maps ${status} with an Error body to ${kind}, with the server's message and code`, async () => {
      scripted = await startScriptedServer((_, res) =>
        json(res, status, `{"code":"c${status}","message":"says ${status}","status":${status}}`),
      );
      const error = await failsWith(
        clientFor(scripted.origin).listPets(),
        kind,
        new RegExp(`says ${status}`),
      );
      assert.deepEqual(error.details, { status, code: `c${status}`, retryAfterSeconds: undefined });
    });
  }

  it('still gives a clear message when the error body is missing or malformed', async () => {
    scripted = await startScriptedServer((_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    await failsWith(
      clientFor(scripted.origin).listPets(),
      'server',
      /answered 502 without a readable error body/,
    );
  });

  it('reads Retry-After of a 429 in seconds', async () => {
    scripted = await startScriptedServer((_, res) =>
      json(res, 429, '{"code":"slow","message":"slow down","status":429}', { 'retry-after': '7' }),
    );
    const error = await failsWith(clientFor(scripted.origin).listPets(), 'rateLimited');
    assert.equal(error.details.retryAfterSeconds, 7);
  });

  it('reads any Retry-After, however far, with the time it ends (seconds or an HTTP date)', async () => {
    const date = 'Wed, 02 Dec 2026 10:00:00 GMT';
    let answer = '864000';
    scripted = await startScriptedServer((_, res) =>
      json(res, 429, '{"code":"slow","message":"slow down","status":429}', {
        'retry-after': answer,
      }),
    );
    const before = Date.now();
    const days = await failsWith(clientFor(scripted.origin).listPets(), 'rateLimited');
    assert.equal(days.details.retryAfterSeconds, 864_000);
    const end = days.details.retryAt!.getTime();
    assert.ok(end >= before + 864_000_000 && end <= Date.now() + 864_000_000);
    answer = date;
    const dated = await failsWith(clientFor(scripted.origin).listPets(), 'rateLimited');
    assert.equal(dated.details.retryAt?.toUTCString(), date);
    answer = '9'.repeat(40);
    const absurd = await failsWith(clientFor(scripted.origin).listPets(), 'rateLimited');
    assert.equal(absurd.details.retryAfterSeconds, undefined, 'not a number worth waiting for');
  });

  describe('never shows the key, wherever a hostile server puts it', () => {
    const placements: [string, (res: ServerResponse, origin: string) => void, PetStoreErrorKind][] =
      [
        [
          'the status text',
          (res) => {
            res.writeHead(500, `Broken ${KEY}`, { 'content-type': 'text/plain' });
            res.end('oops');
          },
          'server',
        ],
        [
          'a header read into the message (content type of a 2xx)',
          (res) => {
            res.writeHead(200, { 'content-type': `text/${KEY}` });
            res.end('not json');
          },
          'contract',
        ],
        [
          'the error body, upper-cased',
          (res) =>
            json(res, 400, JSON.stringify({ code: KEY, message: `bad ${KEY.toUpperCase()}` })),
          'validation',
        ],
        [
          'a 2xx body that breaks the schema',
          (res) => json(res, 200, JSON.stringify([{ id: 1, name: 7, categoryId: KEY }])),
          'contract',
        ],
        [
          'a redirect to another origin named after the key',
          (res) => {
            res.writeHead(302, { location: `http://${KEY}.localhost:9/v1/pets` });
            res.end();
          },
          'unexpectedStatus',
        ],
        [
          'a redirect to another origin with the key in its user info and path',
          (res) => {
            res.writeHead(307, {
              location: `http://${KEY}:${encodeURIComponent(KEY)}@localhost:9/${KEY}`,
            });
            res.end();
          },
          'unexpectedStatus',
        ],
      ];
    for (const [where, respond, kind] of placements) {
      it(`in ${where}`, async () => {
        const records: ExchangeRecord[] = [];
        scripted = await startScriptedServer((_, res) => respond(res, scripted!.origin));
        await failsWith(
          clientFor(scripted.origin, { onExchange: (record) => records.push(record) }).listPets(),
          kind,
        );
        assert.ok(!JSON.stringify(records).toLowerCase().includes(KEY.toLowerCase()));
      });
    }

    it('in a redirect within the origin whose path carries the key (the request log)', async () => {
      const records: ExchangeRecord[] = [];
      scripted = await startScriptedServer((req, res) => {
        if (req.url.startsWith('/v1/pets')) {
          res.writeHead(302, { location: `/v1/${KEY}/pets` });
          res.end();
        } else json(res, 200, '[]');
      });
      await clientFor(scripted.origin, { onExchange: (record) => records.push(record) }).listPets();
      assert.equal(records.length, 2);
      assert.ok(!JSON.stringify(records).includes(KEY), JSON.stringify(records));
    });
  });

  it('reports a 2xx body that breaks the schema as a contract violation', async () => {
    scripted = await startScriptedServer((_, res) =>
      json(res, 200, '[{"id":"one","name":"A","categoryId":1}]'),
    );
    await failsWith(
      clientFor(scripted.origin).listPets(),
      'contract',
      /does not match the Pet Store interface: 0\.id/,
    );
  });

  it('reports a non-JSON 2xx body as a contract violation', async () => {
    scripted = await startScriptedServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login page</html>');
    });
    await failsWith(
      clientFor(scripted.origin).listPets(),
      'contract',
      /not JSON \(content type "text\/html"\)/,
    );
  });

  it('caps the response size, declared or streamed', async () => {
    const big = `[${'{"id":1,"name":"A","categoryId":1},'.repeat(40_000)}{"id":1,"name":"A","categoryId":1}]`;
    scripted = await startScriptedServer((req, res) => {
      if (req.url.includes('limit=1')) {
        res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
        res.write(big.slice(0, 700_000));
        res.end(big.slice(700_000));
      } else json(res, 200, big);
    });
    const client = clientFor(scripted.origin, { maxResponseBytes: 1024 * 1024 });
    await failsWith(client.listPets(), 'contract', /larger than the 1 MB limit/);
    await failsWith(client.listPets({ limit: 1 }), 'contract', /larger than/);
  });

  it('times out when no answer comes, or the body never ends', async () => {
    scripted = await startScriptedServer((req, res) => {
      if (req.url.includes('status=sold')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
      } // otherwise: never answer
    });
    const client = clientFor(scripted.origin, { timeoutMs: 300 });
    await failsWith(client.listPets(), 'timeout', /within 0.3 s/);
    await failsWith(client.listPets({ status: 'sold' }), 'timeout');
  });

  it('reports an unreachable server as a network failure', async () => {
    scripted = await startScriptedServer(() => undefined);
    const origin = scripted.origin;
    await scripted.close();
    scripted = undefined;
    await failsWith(
      clientFor(origin).listPets(),
      'network',
      /Could not reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
  });

  it('reports an abort by the caller as cancelled (which UIs keep silent)', async () => {
    scripted = await startScriptedServer(() => undefined);
    const controller = new AbortController();
    const pending = clientFor(scripted.origin).listPets({}, { signal: controller.signal });
    setImmediate(() => controller.abort());
    await failsWith(pending, 'cancelled');
  });

  it('follows a redirect within the same origin, with the key', async () => {
    scripted = await startScriptedServer((req, res) => {
      if (req.url.startsWith('/v1/')) {
        res.writeHead(308, { location: '/moved/v1/pets' });
        res.end();
      } else json(res, 200, '[]');
    });
    assert.deepEqual(await clientFor(scripted.origin).listPets(), []);
    assert.deepEqual(
      scripted.seen.map((r) => [r.url, r.headers.authorization]),
      [
        ['/v1/pets', `Bearer ${KEY}`],
        ['/moved/v1/pets', `Bearer ${KEY}`],
      ],
    );
  });

  it('never follows a redirect to another origin, so the key stays home', async () => {
    other = await startScriptedServer((_, res) => json(res, 200, '[]'));
    const elsewhere = other.origin.replace('127.0.0.1', 'localhost');
    scripted = await startScriptedServer((_, res) => {
      res.writeHead(302, { location: `${elsewhere}/v1/pets` });
      res.end();
    });
    await failsWith(
      clientFor(scripted.origin).listPets(),
      'unexpectedStatus',
      /redirected to another origin/,
    );
    assert.equal(other.seen.length, 0);
  });

  it('redacts the key when a server echoes it in an error', async () => {
    scripted = await startScriptedServer((req, res) =>
      json(
        res,
        401,
        JSON.stringify({
          code: 'bad',
          message: `rejected ${String(req.headers.authorization)}`,
          status: 401,
        }),
      ),
    );
    const error = await failsWith(clientFor(scripted.origin).listPets(), 'unauthorized');
    assert.equal(error.message, 'rejected Bearer [redacted]');
  });
});
