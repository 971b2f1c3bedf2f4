import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { PetStoreClient } from '../../../../src/core/api/client';
import { createDispatcher } from '../../../../src/core/api/dispatcher';
import { json, startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';

/** A minimal CONNECT proxy on loopback that counts the tunnels it opened. */
async function startTunnelProxy(): Promise<{
  url: string;
  tunnels: string[];
  close(): Promise<void>;
}> {
  const tunnels: string[] = [];
  const server: Server = createServer((_, res) => res.writeHead(405).end());
  server.on('connect', (request, clientSocket, head) => {
    tunnels.push(request.url ?? '');
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket).pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('proxy support', () => {
  let api: ScriptedServer;
  let proxy: Awaited<ReturnType<typeof startTunnelProxy>>;
  const saved = { ...process.env };

  beforeEach(async () => {
    api = await startScriptedServer((_, res) => json(res, 200, '[]'));
    proxy = await startTunnelProxy();
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
    assert.equal(proxy.tunnels.length, 0);
    assert.equal(api.seen.length, 1);
  });

  // An explicit proxy (http.proxy): network.test.ts, with a forward proxy that also forwards plain http.

  it('honours HTTP_PROXY from the environment', async () => {
    process.env.HTTP_PROXY = proxy.url;
    await list();
    assert.equal(proxy.tunnels.length, 1);
  });

  it('honours NO_PROXY for the hosts it names', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    await list();
    assert.equal(proxy.tunnels.length, 0);
    assert.equal(api.seen.length, 1);
  });
});
