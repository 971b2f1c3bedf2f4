import assert from 'node:assert/strict';
import { PetStoreClient } from '../../../../src/core/api/client';
import { createDispatcher } from '../../../../src/core/api/dispatcher';
import { startForwardProxy, type TestProxy } from '../../../support/networkFixtures';
import { json, startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';

describe('proxy support', () => {
  let api: ScriptedServer;
  let proxy: TestProxy;
  const saved = { ...process.env };

  beforeEach(async () => {
    api = await startScriptedServer((_, res) => json(res, 200, '[]'));
    proxy = await startForwardProxy();
    for (const name of [
      'HTTP_PROXY',
      'HTTPS_PROXY',
      'NO_PROXY',
      'http_proxy',
      'https_proxy',
      'no_proxy',
    ])
      delete process.env[name];
  });
  afterEach(async () => {
    process.env = { ...saved };
    await api.close();
    await proxy.close();
  });

  const list = (dispatcher = createDispatcher()) =>
    new PetStoreClient({ baseUrl: `${api.origin}/v1`, apiKey: () => 'k', dispatcher }).listPets();

  it('connects directly when no proxy is configured', async () => {
    await list();
    assert.equal(proxy.seen.length, 0);
    assert.equal(api.seen.length, 1);
  });

  // An explicit proxy (http.proxy): network.test.ts, with a forward proxy that also forwards plain http.

  it('honours HTTP_PROXY from the environment', async () => {
    process.env.HTTP_PROXY = proxy.url;
    await list();
    assert.equal(proxy.seen.length, 1);
  });

  it('honours NO_PROXY for the hosts it names', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    await list();
    assert.equal(proxy.seen.length, 0);
    assert.equal(api.seen.length, 1);
  });
});
