import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createCors, parseCorsOrigins } from '../../../src/server/cors';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';

const KEY = 'cors-test-key';
const PAGE = 'https://editor.example.test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** One raw request (no fetch: it would apply no CORS in Node anyway, and add headers). */
function send(
  server: RunningPetStoreServer,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.baseUrl}${path}`);
    const req = request(url, { method, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const preflight = (origin: string) => ({
  origin,
  'access-control-request-method': 'GET',
  'access-control-request-headers': 'authorization',
});

describe('reference server: CORS (--cors-origin)', () => {
  describe('started with an allowed origin', () => {
    let server: RunningPetStoreServer;
    before(async () => {
      server = await startPetStoreServer({ apiKeys: [KEY], seed: true, corsOrigins: [PAGE] });
    });
    after(() => server.close());

    it("answers the preflight of the key's Authorization header for that origin", async () => {
      const answer = await send(server, 'OPTIONS', '/pets', preflight(PAGE));
      assert.equal(answer.status, 204);
      assert.equal(answer.headers['access-control-allow-origin'], PAGE);
      assert.match(String(answer.headers['access-control-allow-headers']), /Authorization/);
      assert.match(String(answer.headers['access-control-allow-methods']), /GET/);
      assert.match(String(answer.headers['access-control-allow-methods']), /POST/);
    });

    it('lets that origin read a listing, with the deprecation headers exposed', async () => {
      const answer = await send(server, 'GET', '/pets', {
        origin: PAGE,
        authorization: `Bearer ${KEY}`,
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['access-control-allow-origin'], PAGE);
      assert.equal(answer.headers.vary, 'Origin');
      for (const name of ['Deprecation', 'Sunset', 'Link', 'Retry-After'])
        assert.match(String(answer.headers['access-control-expose-headers']), new RegExp(name));
    });

    it('lets it read a 401 too (the view says the key is wrong, not "blocked")', async () => {
      const answer = await send(server, 'GET', '/pets', { origin: PAGE });
      assert.equal(answer.status, 401);
      assert.equal(answer.headers['access-control-allow-origin'], PAGE);
    });

    it('refuses any other origin: no CORS header, and its preflight is not answered', async () => {
      const other = 'https://elsewhere.example.test';
      const listed = await send(server, 'GET', '/pets', {
        origin: other,
        authorization: `Bearer ${KEY}`,
      });
      assert.equal(listed.headers['access-control-allow-origin'], undefined);
      assert.equal(listed.headers['access-control-expose-headers'], undefined);
      const asked = await send(server, 'OPTIONS', '/pets', preflight(other));
      assert.notEqual(asked.status, 204);
      assert.equal(asked.headers['access-control-allow-origin'], undefined);
      assert.equal(asked.headers['access-control-allow-headers'], undefined);
    });
  });

  it('sends no CORS header at all without the flag', async () => {
    const server = await startPetStoreServer({ apiKeys: [KEY], seed: true });
    try {
      const listed = await send(server, 'GET', '/pets', {
        origin: PAGE,
        authorization: `Bearer ${KEY}`,
      });
      assert.equal(listed.status, 200);
      const asked = await send(server, 'OPTIONS', '/pets', preflight(PAGE));
      assert.notEqual(asked.status, 204);
      for (const answer of [listed, asked])
        for (const name of Object.keys(answer.headers))
          assert.doesNotMatch(name, /^access-control-|^vary$/, name);
    } finally {
      await server.close();
    }
  });

  it('takes only exact origins', () => {
    assert.deepEqual(parseCorsOrigins([PAGE, 'http://127.0.0.1:8080/']), {
      origins: [PAGE, 'http://127.0.0.1:8080'],
    });
    for (const bad of ['https://editor.example.test/path', 'file:///x', 'not a url', '*'])
      assert.ok('error' in parseCorsOrigins([bad]), bad);
    assert.equal(createCors([]), undefined);
  });
});
