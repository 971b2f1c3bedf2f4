import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { call } from '../../support/http';
import { runServerToExit, startServerProcess } from '../../support/serverProcess';

describe('petstore-server command line', () => {
  it('prints usage and exits 2 without an API key, on unknown options and on a bad port', async () => {
    for (const args of [
      [],
      ['--api-key', 'k', '--bogus'],
      ['--api-key', 'k', '--port', 'http'],
      ['--api-key', 'k', 'extra'],
    ]) {
      const result = await runServerToExit(args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.output, /Usage: petstore-server/);
    }
  });

  it('prints help and exits 0', async () => {
    const result = await runServerToExit(['--help']);
    assert.equal(result.code, 0);
    assert.match(result.output, /--api-key KEY/);
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const result = await runServerToExit(['--api-key', 'k', '--port', String(port)]);
    blocker.close();
    assert.equal(result.code, 1);
    assert.match(result.output, /could not start: .*EADDRINUSE/);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves, logs each request without the key, and stops cleanly on ${signal}`, async () => {
      const key = 'cli-secret-key-42';
      const server = await startServerProcess(['--api-key', key, '--seed']);
      assert.equal((await call(server.baseUrl, 'GET', '/pets?limit=1', { key })).status, 200);
      assert.equal((await call(server.baseUrl, 'GET', '/pets', { key: 'nope' })).status, 401);
      server.child.kill(signal);
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      const output = server.output();
      assert.match(output, /^GET \/v1\/pets\?limit=1 200 [\d.]+ms$/m);
      assert.match(output, /^GET \/v1\/pets 401 [\d.]+ms$/m);
      assert.ok(!output.includes(key));
    });
  }

  it('also takes keys from PETSTORE_SERVER_API_KEYS', async () => {
    const previous = process.env.PETSTORE_SERVER_API_KEYS;
    process.env.PETSTORE_SERVER_API_KEYS = 'env-a,env-b';
    try {
      const server = await startServerProcess(['--quiet']);
      assert.equal((await call(server.baseUrl, 'GET', '/pets', { key: 'env-b' })).status, 200);
      server.child.kill('SIGTERM');
      await server.exited;
    } finally {
      if (previous === undefined) delete process.env.PETSTORE_SERVER_API_KEYS;
      else process.env.PETSTORE_SERVER_API_KEYS = previous;
    }
  });

  it('runs as a rehearsal proxy in front of another server: forwards, removes, never logs the key', async () => {
    const key = 'proxied-secret-key-9';
    const upstream = await startServerProcess(['--api-key', key, '--seed', '--quiet']);
    const proxy = await startServerProcess(['--upstream', upstream.baseUrl, '--removed']);
    try {
      const listed = await call(proxy.baseUrl, 'GET', '/pets?limit=2', { key });
      assert.equal(listed.status, 200);
      assert.equal((listed.json as unknown[]).length, 2);
      assert.equal((await call(proxy.baseUrl, 'GET', '/pets', { key: 'nope' })).status, 401);
      assert.equal((await call(proxy.baseUrl, 'GET', '/pets/1', { key })).status, 410);
    } finally {
      proxy.child.kill('SIGTERM');
      upstream.child.kill('SIGTERM');
      await Promise.all([proxy.exited, upstream.exited]);
    }
    const output = proxy.output();
    assert.match(output, /^Rehearsal proxy in front of http:\/\/127\.0\.0\.1:\d+\/v1/m);
    assert.match(output, /^GET \/v1\/pets\/1 410 [\d.]+ms$/m);
    assert.ok(!output.includes(key));
  });

  it('refuses an upstream that is not an environment’s http(s) base URL, or options a proxy has no use for', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--upstream', 'ftp://staging.example/v1'],
        /--upstream: The base URL must use http or https/,
      ],
      [['--upstream', 'https://staging.example/api'], /must end with \/v1/],
      [['--upstream', 'https://user:pw@staging.example/v1'], /user name or password/],
      [['--upstream', 'http://staging.example/v1'], /plain http to another machine.*use https/],
      [
        ['--upstream', 'https://staging.example/v1', '--api-key', 'k'],
        /--api-key does not go with --upstream/,
      ],
      [
        ['--upstream', 'https://staging.example/v1', '--data', 'pets.json'],
        /--data and --seed do not go/,
      ],
      [
        ['--upstream', 'https://staging.example/v1', '--upstream-ca', '/nonexistent.pem'],
        /--upstream-ca \/nonexistent\.pem: no such file/,
      ],
      [
        ['--upstream', 'https://staging.example/v1', '--upstream-ca', __filename],
        /no PEM certificate in it/,
      ],
      [
        ['--upstream', 'https://staging.example/v1', '--upstream-timeout', '0'],
        /--upstream-timeout must be a number of seconds/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runServerToExit(args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.output, message, args.join(' '));
    }
  });

  it('refuses an upstream that is its own address', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    const result = await runServerToExit([
      '--upstream',
      `http://127.0.0.1:${port}/v1`,
      '--port',
      String(port),
    ]);
    assert.equal(result.code, 2);
    assert.match(
      result.output,
      /--upstream: the upstream http:\/\/127\.0\.0\.1:\d+ is this server itself/,
    );
  });
});
