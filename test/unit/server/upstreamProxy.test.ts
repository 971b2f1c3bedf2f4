import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer as createNetServer,
  connect,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBrownoutSchedule } from '../../../src/core/rehearsal/brownoutSchedule';
import {
  startPetStoreServer,
  UpstreamLoopError,
  type PetStoreServerOptions,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';
import { assertErrorBody, call } from '../../support/http';
import { makeTestCertificates, startHttpsApi } from '../../support/networkFixtures';
import { json, startScriptedServer, type ScriptedServer } from '../../support/scriptedServer';

const KEY = 'staging-key-7f3a9c';
const PET = '{"id":7,"name":"Rex","categoryId":1,"status":"available"}';

/** A stand-in for staging: it answers every operation and records what reached it. */
function startStaging(): Promise<ScriptedServer> {
  return startScriptedServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return json(response, 401, '{"code":"unauthorized","message":"no","status":401}');
    if (request.url.startsWith('/v1/pets/'))
      return json(response, 200, PET, { deprecation: '@1735689600', 'x-staging': 'yes' });
    if (request.method === 'POST') return json(response, 201, request.body);
    json(response, 200, `[${PET}]`);
  });
}

/** A raw TCP server: `answer` gets each connection (silence, garbage, a cut answer). */
async function startRawServer(answer: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    answer(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => closeNet(server, sockets),
  };
}

/** Closes a server and the connections it still holds (a silent upstream's). */
function closeNet(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('petstore-server --upstream: the rehearsal proxy in front of an environment', function () {
  this.timeout(20_000);
  let staging: ScriptedServer;
  const running: RunningPetStoreServer[] = [];
  const logs: string[] = [];

  const proxy = async (options: Partial<PetStoreServerOptions> & { upstreamUrl: string }) => {
    const { upstreamUrl, ...rest } = options;
    const server = await startPetStoreServer({
      apiKeys: [],
      upstream: { url: new URL(upstreamUrl), timeoutMs: 2_000 },
      log: (line) => logs.push(line),
      ...rest,
    });
    running.push(server);
    return server;
  };

  beforeEach(async () => {
    logs.length = 0;
    staging = await startStaging();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    await staging.close();
  });

  it('forwards every other operation with the client’s key and relays the answer as it came', async () => {
    const server = await proxy({ upstreamUrl: `${staging.origin}/v1`, removed: { status: 410 } });
    const listed = await call(server.baseUrl, 'GET', '/pets?limit=5&status=available', {
      key: KEY,
    });
    assert.equal(listed.status, 200);
    assert.equal(listed.text, `[${PET}]`);
    const created = await call(server.baseUrl, 'POST', '/pets', {
      key: KEY,
      body: '{"name":"Rex","categoryId":1}',
    });
    assert.equal(created.status, 201);
    assert.equal(created.text, '{"name":"Rex","categoryId":1}');
    const refused = await call(server.baseUrl, 'GET', '/pets', { key: 'wrong' });
    assert.equal(refused.status, 401, 'the upstream checks the keys');
    assert.deepEqual(
      staging.seen.map((request) => [request.method, request.url, request.headers.authorization]),
      [
        ['GET', '/v1/pets?limit=5&status=available', `Bearer ${KEY}`],
        ['POST', '/v1/pets', `Bearer ${KEY}`],
        ['GET', '/v1/pets', 'Bearer wrong'],
      ],
    );
    assert.equal(staging.seen[0]!.headers.host, new URL(staging.origin).host);
    // The key is never in the proxy's log.
    assert.ok(logs.length > 0);
    assert.ok(!logs.some((line) => line.includes(KEY)), logs.join('\n'));
  });

  it('answers GET /pets/{petId} as removed without asking the upstream; brownouts only in their windows', async () => {
    const removed = await proxy({ upstreamUrl: `${staging.origin}/v1`, removed: { status: 410 } });
    const gone = await call(removed.baseUrl, 'GET', '/pets/7', { key: KEY });
    assertErrorBody(gone, 410, 'removed');
    assert.equal(gone.headers.get('sunset'), 'Thu, 05 Dec 2030 00:00:00 GMT');
    assert.equal(staging.seen.length, 0);

    let now = Date.parse('2026-11-26T10:05:00Z');
    const brownout = await proxy({
      upstreamUrl: `${staging.origin}/v1`,
      removed: {
        status: 404,
        schedule: parseBrownoutSchedule('10m/1h', now),
        now: () => now,
      },
    });
    assertErrorBody(await call(brownout.baseUrl, 'GET', '/pets/7', { key: KEY }), 404, 'not_found');
    assert.equal(staging.seen.length, 0);
    now = Date.parse('2026-11-26T10:30:00Z');
    const served = await call(brownout.baseUrl, 'GET', '/pets/7', { key: KEY });
    assert.equal(served.status, 200);
    assert.equal(served.text, PET);
    assert.equal(served.headers.get('x-staging'), 'yes');
    assert.equal(
      served.headers.get('petstore-brownout-next'),
      '2026-11-26T11:00:00.000Z/2026-11-26T11:10:00.000Z',
    );
    assert.deepEqual(
      staging.seen.map((request) => request.url),
      ['/v1/pets/7'],
    );
  });

  it('records the deprecated calls it relays and the ones it answers as removed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-proxy-record-'));
    try {
      let now = Date.parse('2026-11-26T10:05:00Z');
      const server = await proxy({
        upstreamUrl: `${staging.origin}/v1`,
        removed: { status: 410, schedule: parseBrownoutSchedule('10m/1h', now), now: () => now },
        recordFile: join(folder, 'calls.ndjson'),
      });
      await call(server.baseUrl, 'GET', '/pets/7', { key: KEY, userAgent: 'app/1' });
      now = Date.parse('2026-11-26T10:30:00Z');
      await call(server.baseUrl, 'GET', '/pets/8', { key: KEY, userAgent: 'app/1' });
      await call(server.baseUrl, 'GET', '/pets', { key: KEY });
      await server.close();
      running.splice(running.indexOf(server), 1);
      const lines = readFileSync(join(folder, 'calls.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; status: number; brownout: boolean });
      assert.deepEqual(
        lines.map(({ id, status, brownout }) => [id, status, brownout]),
        [
          ['7', 410, true],
          ['8', 200, false],
        ],
      );
      assert.ok(!readFileSync(join(folder, 'calls.ndjson'), 'utf8').includes(KEY));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('never follows a redirect: the key stays with the upstream’s origin', async () => {
    const elsewhere = await startScriptedServer((_request, response) => json(response, 200, '[]'));
    const redirecting = await startScriptedServer((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}/v1/pets?token=abc` }).end();
    });
    try {
      const server = await proxy({ upstreamUrl: `${redirecting.origin}/v1` });
      const answer = await call(server.baseUrl, 'GET', '/pets', { key: KEY });
      assertErrorBody(answer, 502, 'bad_gateway');
      assert.match(
        (answer.json as { message: string }).message,
        new RegExp(`redirected \\(307\\) to ${elsewhere.origin}: the proxy does not follow`),
      );
      assert.ok(!answer.text.includes('token=abc'), 'the redirect’s path is not repeated');
      assert.equal(elsewhere.seen.length, 0);
    } finally {
      await elsewhere.close();
      await redirecting.close();
    }
  });

  it('answers 502 for an upstream that is down, closes, or speaks something else, and 504 for a silent one', async () => {
    const down = await startRawServer(() => undefined);
    const downUrl = down.url;
    await down.close();
    const garbage = await startRawServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    const hangsUp = await startRawServer((socket) => socket.destroy());
    const silent = await startRawServer(() => undefined);
    try {
      const cases: [string, number, RegExp][] = [
        [downUrl, 502, /refused the connection/],
        [garbage.url, 502, /not HTTP|closed the connection/],
        [hangsUp.url, 502, /closed the connection/],
        [silent.url, 504, /did not answer within 0\.3 s/],
      ];
      for (const [url, status, message] of cases) {
        const server = await startPetStoreServer({
          apiKeys: [],
          upstream: { url: new URL(url), timeoutMs: 300 },
        });
        running.push(server);
        const answer = await call(server.baseUrl, 'GET', '/pets', { key: KEY });
        assertErrorBody(answer, status);
        assert.match((answer.json as { message: string }).message, message, url);
        assert.ok(!answer.text.includes(KEY));
      }
    } finally {
      await Promise.all([garbage.close(), hangsUp.close(), silent.close()]);
    }
  });

  it('cuts the answer off when the upstream stops mid-body, never passing it as whole', async () => {
    const cut = await startRawServer((socket) => {
      socket.once('data', () =>
        socket.end(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n[{"id":1',
        ),
      );
    });
    try {
      const server = await proxy({ upstreamUrl: cut.url });
      await assert.rejects(call(server.baseUrl, 'GET', '/pets', { key: KEY }));
    } finally {
      await cut.close();
    }
  });

  it('trusts a TLS upstream through the CA it is given, and refuses it without', async () => {
    const certificates = await makeTestCertificates();
    const api = await startHttpsApi(certificates);
    try {
      const untrusted = await proxy({ upstreamUrl: api.baseUrl });
      const refused = await call(untrusted.baseUrl, 'GET', '/pets', { key: KEY });
      assertErrorBody(refused, 502, 'bad_gateway');
      assert.match((refused.json as { message: string }).message, /not trusted .*--upstream-ca/);
      assert.equal(api.requests, 0);

      const trusted = await startPetStoreServer({
        apiKeys: [],
        upstream: { url: new URL(api.baseUrl), extraCertificates: [certificates.caPem] },
      });
      running.push(trusted);
      const listed = await call(trusted.baseUrl, 'GET', '/pets', { key: KEY });
      assert.equal(listed.status, 200);
      assert.equal(listed.text, '[]');
      assert.equal(api.requests, 1);
    } finally {
      await api.close();
      certificates.remove();
    }
  });

  it('refuses an upstream that is itself, at start or when a request comes back to it', async () => {
    const taken = await startRawServer(() => undefined);
    const port = Number(new URL(taken.url).port);
    await taken.close();
    await assert.rejects(
      startPetStoreServer({
        apiKeys: [],
        port,
        upstream: { url: new URL(`http://localhost:${port}/v1`) },
      }),
      UpstreamLoopError,
    );
    // A loop the address does not show: a TCP relay that leads back to the proxy.
    let proxyPort = 0;
    const relay = createNetServer((socket) => {
      const back = connect(proxyPort, '127.0.0.1');
      socket.pipe(back).pipe(socket);
      back.on('error', () => socket.destroy());
      socket.on('error', () => back.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const server = await proxy({
        upstreamUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/v1`,
      });
      proxyPort = server.port;
      const answer = await call(server.baseUrl, 'GET', '/pets', { key: KEY });
      assertErrorBody(answer, 508, 'loop_detected');
    } finally {
      relay.close();
      relay.unref();
    }
  });

  it('keeps the upstream’s base path: nothing outside /v1 is forwarded, dot segments included', async () => {
    const server = await proxy({ upstreamUrl: `${staging.origin}/v1` });
    for (const path of ['/admin', '/v1/../admin', '/v2/pets', '/%2e%2e/admin'])
      assertErrorBody(
        await fetchRaw(
          server.port,
          `GET ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${KEY}\r\nconnection: close\r\n\r\n`,
        ),
        404,
        'not_found',
      );
    // An absolute-form target names a host: the proxy still goes only to its upstream.
    const absolute = await fetchRaw(
      server.port,
      `GET http://evil.example/v1/pets HTTP/1.1\r\nhost: evil.example\r\nauthorization: Bearer ${KEY}\r\nconnection: close\r\n\r\n`,
    );
    assert.equal(absolute.status, 200);
    assert.deepEqual(
      staging.seen.map((request) => [request.url, request.headers.host]),
      [['/v1/pets', new URL(staging.origin).host]],
    );
  });

  it('refuses smuggling shapes and oversized headers as the store does, forwarding nothing', async () => {
    const server = await proxy({ upstreamUrl: `${staging.origin}/v1` });
    const smuggled = await fetchRaw(
      server.port,
      `POST /v1/pets HTTP/1.1\r\nhost: x\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n0\r\n\r\nGET /v1/pets/1 HTTP/1.1\r\nhost: x\r\n\r\n`,
    );
    assert.equal(smuggled.status, 400);
    const oversized = await fetchRaw(
      server.port,
      `GET /v1/pets HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\nconnection: close\r\n\r\n`,
    );
    assert.equal(oversized.status, 431);
    assert.equal(staging.seen.length, 0);
  });
});

/** One raw request on a fresh socket: the status and the body (as JSON when it is). */
function fetchRaw(port: number, raw: string) {
  return new Promise<{ status: number; headers: Headers; text: string; json: unknown }>(
    (resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const headers = new Headers();
        for (const line of head.split('\r\n').slice(1)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
        }
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        resolve({ status, headers, text: body, json });
      });
      // Written, not ended: every request here says `connection: close`, so the server closes.
      socket.write(raw);
    },
  );
}
