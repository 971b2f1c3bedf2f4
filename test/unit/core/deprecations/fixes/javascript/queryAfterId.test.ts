import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeprecationEngine } from '../../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../../src/core/deprecations/lexers/languages';

const PETS = [
  { id: 1, name: 'Rex', status: 'available' },
  { id: 2, name: 'Tom', status: 'sold' },
];

/**
 * A query written after the id (`/pets/${id}?format=json`) is kept on the collection, and axios
 * adds the list's status and limit to it: each list request carries it, as the removed one did.
 */
const AXIOS = [
  "const axios = require('axios');",
  'const api = axios.create({ baseURL: BASE });',
  'const getPet = (id) => api.get(`/pets/${id}?format=json`).then((r) => r.data.name, (e) => `error ${e.response.status}`);',
  'module.exports = { getPet };',
  '',
].join('\n');

const FETCH = [
  'const getPet = (id) =>',
  '  fetch(`${BASE}/pets/${id}?format=json`).then((r) => (r.ok ? r.json().then((pet) => pet.name) : `error ${r.status}`));',
  'module.exports = { getPet };',
  '',
].join('\n');

describe('a query after the id goes with each list request', () => {
  it('axios and fetch: the same answers, every list request with the query the call wrote', async () => {
    const queries: string[] = [];
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      queries.push(`${url.pathname}?${url.searchParams.toString()}`);
      const one = /^\/pets\/(\d+)$/.exec(url.pathname);
      const body = one
        ? PETS.find((pet) => String(pet.id) === one[1])
        : url.pathname === '/pets'
          ? PETS.filter((pet) => pet.status === url.searchParams.get('status'))
          : undefined;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { code: 'not_found' }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const source of [AXIOS, FETCH]) {
        const language = languageOfPath('pets.js')!;
        const engine = new DeprecationEngine();
        const result = migrateText(
          { path: 'pets.js', text: source, language },
          engine.scan(source, language),
        );
        assert.deepEqual(result.manual, []);
        const run = async (code: string) => {
          const module = { exports: {} as { getPet: (id: number) => Promise<string> } };
          // eslint-disable-next-line @typescript-eslint/no-implied-eval
          const define = new Function('require', 'module', 'BASE', code) as (
            ...args: unknown[]
          ) => void;
          define(require, module, base);
          return [await module.exports.getPet(2), await module.exports.getPet(9)];
        };
        queries.length = 0;
        const before = await run(source);
        assert.deepEqual(before, ['Tom', 'error 404']);
        queries.length = 0;
        assert.deepEqual(await run(result.next), before);
        assert.ok(queries.length >= 4, queries.join(' '));
        for (const query of queries)
          assert.match(query, /^\/pets\?format=json&status=\w+&limit=100$/);
      }
    } finally {
      server.close();
    }
  });
});
