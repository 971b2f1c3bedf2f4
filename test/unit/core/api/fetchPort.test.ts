import assert from 'node:assert/strict';
import { PetStoreError } from '../../../../src/core/api/errors';
import { fetchPort } from '../../../../src/core/api/fetchPort';
import { PortablePetStoreClient } from '../../../../src/core/api/portableClient';
import type { ExchangeRecord } from '../../../../src/core/api/exchange';
import { describeFailure } from '../../../../src/core/explorer/failureView';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../../src/server/petStoreServer';
import { browserFetch } from '../../../support/browserFetch';
import { startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';

const KEY = 'fetch-port-key-3f1c';
const PAGE = 'https://editor.example.test';

function clientOver(
  baseUrl: string,
  port = fetchPort(),
  onExchange?: (record: ExchangeRecord) => void,
): PortablePetStoreClient {
  return new PortablePetStoreClient({ baseUrl, apiKey: () => KEY, http: port, onExchange });
}

async function failureOf(promise: Promise<unknown>): Promise<PetStoreError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PetStoreError, String(error));
    return error;
  }
  assert.fail('expected a failure');
}

describe('the fetch HTTP port (browser build) against the reference server', () => {
  let server: RunningPetStoreServer;
  before(async () => {
    server = await startPetStoreServer({ apiKeys: [KEY], seed: true, corsOrigins: [PAGE] });
  });
  after(() => server.close());

  it('lists and creates pets over the global fetch, int64 ids exact', async () => {
    const client = clientOver(server.baseUrl);
    const created = await client.createPet({
      name: 'Fetchy',
      categoryId: 9007199254740993n,
      status: 'pending',
    });
    assert.equal(created.categoryId, 9007199254740993n);
    const pending = await client.listPets({ status: 'pending', limit: 100 });
    assert.ok(pending.some((pet) => pet.id === created.id && pet.name === 'Fetchy'));
  });

  it('turns a wrong key into "unauthorized" and keeps it out of every message', async () => {
    const records: ExchangeRecord[] = [];
    const client = new PortablePetStoreClient({
      baseUrl: server.baseUrl,
      apiKey: () => `${KEY}-wrong`,
      http: fetchPort(),
      onExchange: (record) => records.push(record),
    });
    const failure = await failureOf(client.listPets());
    assert.equal(failure.kind, 'unauthorized');
    assert.equal(failure.details.status, 401);
    assert.doesNotMatch(JSON.stringify([failure.message, records]), new RegExp(KEY));
  });

  it('from a page the server allows (--cors-origin), lists pets through the browser CORS check', async () => {
    const pets = await clientOver(
      server.baseUrl,
      fetchPort({ fetch: browserFetch(PAGE), pageOrigin: PAGE }),
    ).listPets();
    assert.ok(pets.length > 0);
    // A POST's Content-Type: application/json is preflighted too, and allowed.
    const created = await clientOver(
      server.baseUrl,
      fetchPort({ fetch: browserFetch(PAGE), pageOrigin: PAGE }),
    ).createPet({ name: 'From a page', categoryId: 3n });
    assert.equal(created.name, 'From a page');
  });

  it('from a page the server does not allow, fails as blockedByBrowser naming both origins', async () => {
    const other = 'https://elsewhere.example.test';
    const failure = await failureOf(
      clientOver(
        server.baseUrl,
        fetchPort({ fetch: browserFetch(other), pageOrigin: other }),
      ).listPets(),
    );
    const apiOrigin = new URL(server.baseUrl).origin;
    assert.equal(failure.kind, 'blockedByBrowser');
    assert.equal(failure.details.status, undefined);
    assert.deepEqual(
      { pageOrigin: failure.details.pageOrigin, apiOrigin: failure.details.apiOrigin },
      { pageOrigin: other, apiOrigin },
    );
  });

  it('outside a browser (no page origin), an unreachable API is a network failure', async () => {
    const closed = await startScriptedServer(() => undefined);
    const origin = closed.origin;
    await closed.close();
    const failure = await failureOf(clientOver(`${origin}/v1`).listPets());
    assert.equal(failure.kind, 'network');
  });
});

describe('the fetch HTTP port: redirects, size cap, headers (scripted server)', () => {
  let scripted: ScriptedServer | undefined;
  afterEach(async () => {
    await scripted?.close();
    scripted = undefined;
  });

  it('sends the key only as a Bearer Authorization header, with no cookie and no user agent of its own', async () => {
    scripted = await startScriptedServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await clientOver(`${scripted.origin}/v1`).listPets();
    const [seen] = scripted.seen;
    assert.equal(seen!.headers.authorization, `Bearer ${KEY}`);
    assert.equal(seen!.headers.cookie, undefined);
    assert.notEqual(seen!.headers['user-agent'], 'pet-store-explorer');
  });

  it('never follows a redirect to another origin: the key stays with its environment', async () => {
    const elsewhere = await startScriptedServer((_, res) => res.writeHead(200).end('[]'));
    try {
      scripted = await startScriptedServer((_, res) => {
        res.writeHead(302, { location: `${elsewhere.origin}/v1/pets` }).end();
      });
      const failure = await failureOf(clientOver(`${scripted.origin}/v1`).listPets());
      assert.equal(failure.kind, 'unexpectedStatus');
      assert.equal(elsewhere.seen.length, 0);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows a redirect within the origin', async () => {
    scripted = await startScriptedServer((req, res) => {
      if (!req.url.includes('moved')) res.writeHead(307, { location: '/v1/pets?moved=1' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    assert.deepEqual(await clientOver(`${scripted.origin}/v1`).listPets(), []);
    assert.equal(scripted.seen.length, 2);
    assert.equal(scripted.seen[1]!.headers.authorization, `Bearer ${KEY}`);
  });

  it('stops reading past the size cap', async () => {
    scripted = await startScriptedServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        `[${'{"id":1,"name":"x","categoryId":1},'.repeat(2000)}{"id":1,"name":"x","categoryId":1}]`,
      );
    });
    const client = new PortablePetStoreClient({
      baseUrl: `${scripted.origin}/v1`,
      apiKey: () => KEY,
      http: fetchPort(),
      maxResponseBytes: 1024,
    });
    const failure = await failureOf(client.listPets());
    assert.equal(failure.kind, 'contract');
    assert.match(failure.message, /larger than the 1024 bytes limit/);
  });
});

describe('the Pets view when the browser blocks the request', () => {
  it('says the API does not allow the page, and both ways out, as one problem', () => {
    const view = describeFailure(
      new PetStoreError('blockedByBrowser', 'blocked', {
        pageOrigin: 'https://vscode.dev',
        apiOrigin: 'https://api.example.com',
      }),
      'Production',
    );
    assert.equal(
      view.message,
      'The browser blocked the request to https://api.example.com: the API does not allow requests from https://vscode.dev (CORS), or cannot be reached. Allow https://vscode.dev on the API, or use the desktop editor.',
    );
    assert.deepEqual(view.actions, ['retry', 'showLog']);
    assert.doesNotMatch(view.message, /network error|Could not reach/i);
  });
});
