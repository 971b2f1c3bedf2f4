import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPetStoreServer } from '../../../src/server/petStoreServer';
import { assertErrorBody, call } from '../../support/http';
import { runServerToExit, startServerProcess } from '../../support/serverProcess';

const KEY = 'persist-key';

describe('reference server: persistence with --data', () => {
  let folder: string;
  let dataFile: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-data-'));
    dataFile = join(folder, 'pets.json');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const create = (baseUrl: string, name: string, categoryId = '1') =>
    call(baseUrl, 'POST', '/pets', {
      key: KEY,
      body: `{"name":"${name}","categoryId":${categoryId}}`,
    });
  const listAll = async (baseUrl: string) =>
    (await call(baseUrl, 'GET', '/pets?limit=100', { key: KEY })).json as {
      id: number;
      name: string;
    }[];

  it('refuses a create once no int64 id is left (507), never acknowledging one it cannot read back', async () => {
    const nearTheEnd = 9223372036854775806n;
    await writeFile(
      dataFile,
      `{"format":"petstore-data","version":1,"nextId":${nearTheEnd},"pets":[]}`,
    );
    let server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    const last = await create(server.baseUrl, 'Last');
    assert.equal(last.status, 201, last.text);
    assert.match(last.text, /^\{"id":9223372036854775806,/);
    const refused = await create(server.baseUrl, 'One too many');
    assertErrorBody(refused, 507);
    assert.match(refused.text, /"code":"store_full"/);
    await server.close();
    // The store still opens, holding exactly what was acknowledged, and still refuses.
    server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    assert.deepEqual(
      (await listAll(server.baseUrl)).map((pet) => pet.name),
      ['Last'],
    );
    assertErrorBody(await create(server.baseUrl, 'Again'), 507);
    await server.close();
  });

  it('keeps pets across a restart, with exact int64 values, and continues the ids', async () => {
    let server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    await create(server.baseUrl, 'Keeper', '9223372036854775807');
    await server.close();
    server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    const text = (await call(server.baseUrl, 'GET', '/pets', { key: KEY })).text;
    assert.equal(
      text,
      '[{"id":1,"name":"Keeper","categoryId":9223372036854775807,"status":"available"}]',
    );
    assert.equal(((await create(server.baseUrl, 'Next')).json as { id: number }).id, 2);
    await server.close();
  });

  it('survives SIGKILL: every acknowledged create is there after a restart, and the file is whole', async () => {
    const first = await startServerProcess(['--api-key', KEY, '--data', dataFile, '--quiet']);
    const acknowledged: string[] = [];
    // Creates keep flowing when the process is killed, so some writes are in flight at that moment.
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      create(first.baseUrl, `pet-${i}`).then(
        (result) => {
          if (result.status === 201) acknowledged.push(`pet-${i}`);
          if (acknowledged.length === 20) first.child.kill('SIGKILL');
        },
        () => undefined, // connection cut by the kill: not acknowledged, may or may not be stored
      ),
    );
    await Promise.all(inFlight);
    assert.equal((await first.exited).signal, 'SIGKILL');
    assert.ok(acknowledged.length >= 20);

    const second = await startServerProcess(['--api-key', KEY, '--data', dataFile, '--quiet']);
    const stored = new Set((await listAll(second.baseUrl)).map((pet) => pet.name));
    for (const name of acknowledged)
      assert.ok(stored.has(name), `${name} was acknowledged but lost`);
    JSON.parse(await readFile(dataFile, 'utf8')); // never torn
    assert.deepEqual(
      (await readdir(folder)).sort(),
      ['pets.json', 'pets.json.journal', 'pets.json.lock'],
      'the temporary files the kill left behind were removed',
    );
    second.child.kill('SIGTERM');
    assert.equal((await second.exited).code, 0);
  });

  it('refuses to start on a corrupt data file, says why, and leaves it untouched', async () => {
    for (const corrupt of [
      '{"format":"petstore-data","version":1,"nextId":3,"pets":[{"id":1',
      '[1,2,3]',
      '{"format":"petstore-data","version":1,"nextId":1,"pets":[{"id":5,"name":"A","categoryId":1,"status":"sold"}]}',
    ]) {
      await writeFile(dataFile, corrupt);
      const result = await runServerToExit(['--api-key', KEY, '--port', '0', '--data', dataFile]);
      assert.equal(result.code, 1);
      assert.match(result.output, /data file .* is corrupt .*left untouched/s);
      assert.equal(await readFile(dataFile, 'utf8'), corrupt);
    }
  });

  it('refuses to start on a data file that is a folder', async () => {
    const result = await runServerToExit(['--api-key', KEY, '--port', '0', '--data', folder]);
    assert.equal(result.code, 1);
    assert.match(result.output, /is not a regular file/);
  });

  it('answers 500 and acknowledges nothing when the write fails', async () => {
    const server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    await rm(folder, { recursive: true }); // every later write fails (this works for root too)
    const result = await create(server.baseUrl, 'Doomed');
    assertErrorBody(result, 500, 'storage_failure');
    assert.deepEqual(await listAll(server.baseUrl), []);
    await server.close();
  });

  it('seeds a fresh data file, but never one that already holds pets', async () => {
    let server = await startPetStoreServer({ apiKeys: [KEY], dataFile, seed: true });
    const seeded = (await listAll(server.baseUrl)).length;
    assert.ok(seeded >= 30);
    await create(server.baseUrl, 'Mine');
    await server.close();
    server = await startPetStoreServer({ apiKeys: [KEY], dataFile, seed: true });
    assert.equal((await listAll(server.baseUrl)).length, seeded + 1);
    await server.close();
  });

  it('loses none of 50 concurrent creates, durably', async () => {
    let server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create(server.baseUrl, `c${i}`)),
    );
    assert.ok(results.every((result) => result.status === 201));
    await server.close();
    server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    const ids = (await listAll(server.baseUrl)).map((pet) => pet.id);
    assert.deepEqual(
      ids,
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    await server.close();
  });
});
