import assert from 'node:assert/strict';
import { assertErrorBody, call } from '../../support/http';
import {
  runServerToExit,
  startServerProcess,
  type ServerProcess,
} from '../../support/serverProcess';

const KEY = 'rehearsal-key';

/** The removal rehearsed on real sockets, through the bundled `petstore-server`. */
describe('reference server: --removed rehearses the removal of GET /pets/{petId}', function () {
  this.timeout(30_000);
  const running: ServerProcess[] = [];
  const start = async (...args: string[]) => {
    const server = await startServerProcess(['--api-key', KEY, '--seed', ...args]);
    running.push(server);
    return server;
  };
  after(async () => {
    for (const server of running) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('answers 410 Gone with the Error body and the Sunset and Link headers; the rest unchanged', async () => {
    const server = await start('--removed');
    await server.waitForOutput(/Rehearsing the removal: GET \/pets\/\{petId\} answers 410 Gone/);
    const listed = await call(server.baseUrl, 'GET', '/pets?limit=5', { key: KEY });
    assert.equal(listed.status, 200);
    const [first] = listed.json as { id: number }[];
    const gone = await call(server.baseUrl, 'GET', `/pets/${first!.id}`, { key: KEY });
    assertErrorBody(gone, 410, 'removed');
    assert.match((gone.json as { message: string }).message, /GET \/pets/);
    assert.ok(gone.headers.get('sunset'), 'Sunset header');
    assert.match(gone.headers.get('link') ?? '', /rel="successor-version"/);
    const created = await call(server.baseUrl, 'POST', '/pets', {
      key: KEY,
      body: '{"name":"Rehearsal","categoryId":1}',
    });
    assert.equal(created.status, 201);
    // Still a protected operation: no key, no answer about it.
    assertErrorBody(await call(server.baseUrl, 'GET', '/pets/1'), 401, 'unauthorized');
    await server.waitForOutput(new RegExp(`GET /pets/${first!.id}: answered 410`));
  });

  it('answers 404 not_found with --removed-status 404', async () => {
    const server = await start('--removed', '--removed-status', '404');
    assertErrorBody(await call(server.baseUrl, 'GET', '/pets/1', { key: KEY }), 404, 'not_found');
  });

  it('refuses a status other than 410 or 404, and --removed-status alone, with the usage', async () => {
    for (const args of [
      ['--removed', '--removed-status', '500'],
      ['--removed-status', '404'],
    ]) {
      const result = await runServerToExit(['--api-key', KEY, '--port', '0', ...args]);
      assert.equal(result.code, 2, result.output);
      assert.match(result.output, /--removed-status (must be 410 or 404|needs --removed)/);
      assert.match(result.output, /Usage: petstore-server/);
    }
  });
});
