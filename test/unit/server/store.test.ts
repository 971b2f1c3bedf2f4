import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPetStoreServer } from '../../../src/server/petStoreServer';
import { call } from '../../support/http';
import { runToExit as runToExitWithin } from '../../support/runToExit';
import { SERVER_BIN, runServerToExit, startServerProcess } from '../../support/serverProcess';

const KEY = 'store-key';
const record = (id: number, name = `p${id}`) =>
  `{"id":${id},"name":"${name}","categoryId":1,"status":"available"}\n`;

describe('reference server store: journal, lock and start-up checks (real processes)', function () {
  this.timeout(20_000);
  let folder: string;
  let dataFile: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-store-'));
    dataFile = join(folder, 'pets.json');
  });
  afterEach(async () => {
    await chmod(folder, 0o700).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  });

  const start = (...extra: string[]) =>
    startServerProcess(['--api-key', KEY, '--data', dataFile, ...extra]);
  const runToExit = (...extra: string[]) =>
    runServerToExit(['--api-key', KEY, '--port', '0', '--data', dataFile, ...extra]);
  const names = async (baseUrl: string) =>
    ((await call(baseUrl, 'GET', '/pets?limit=100', { key: KEY })).json as { name: string }[]).map(
      (pet) => pet.name,
    );
  const create = (baseUrl: string, name: string) =>
    call(baseUrl, 'POST', '/pets', { key: KEY, body: `{"name":"${name}","categoryId":1}` });

  it('refuses a second server on the same data file (exit 2, naming the first), and takes over a stale lock', async () => {
    const first = await start('--quiet');
    const second = await runToExit();
    assert.equal(second.code, 2);
    assert.match(
      second.output,
      new RegExp(`in use by another petstore-server \\(process ${first.child.pid}`),
    );
    first.child.kill('SIGKILL'); // leaves its lock behind
    await first.exited;
    const third = await start();
    assert.match(third.output(), /Loaded 0 pets/);
    third.child.kill('SIGTERM');
    assert.equal((await third.exited).code, 0);
    assert.deepEqual(await readdir(folder), ['pets.json', 'pets.json.journal'], 'lock released');
  });

  it('writes through a symlinked data file to its target', async () => {
    await mkdir(join(folder, 'real'));
    const target = join(folder, 'real/pets.json');
    await symlink(target, dataFile);
    const server = await start('--quiet');
    assert.equal((await create(server.baseUrl, 'Linked')).status, 201);
    server.child.kill('SIGTERM');
    await server.exited;
    assert.ok((await lstat(dataFile)).isSymbolicLink(), 'the link is still a link');
    const again = await start('--quiet');
    assert.deepEqual(await names(again.baseUrl), ['Linked']);
    again.child.kill('SIGTERM');
    await again.exited;
    assert.ok((await readdir(join(folder, 'real'))).includes('pets.json.journal'));
  });

  it('never follows a link out of the data file’s folder: the data file, its journal, the call record', async () => {
    // A folder (a checkout) holding the names the server writes as links to files of the user's.
    const outside = await mkdtemp(join(tmpdir(), 'petstore-store-outside-'));
    // Bounded: a server that starts regardless is stopped, and the test fails.
    const refused = (...extra: string[]) =>
      runToExitWithin(
        process.execPath,
        [SERVER_BIN, '--api-key', KEY, '--port', '0', '--data', dataFile, ...extra],
        folder,
        process.env,
        5_000,
      );
    try {
      await writeFile(join(outside, 'existing'), '');
      await symlink(join(outside, 'created.json'), dataFile);
      let result = await refused();
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /outside .*not written/);
      await rm(dataFile);
      for (const target of ['existing', 'journal-created']) {
        await symlink(join(outside, target), `${dataFile}.journal`);
        result = await refused();
        assert.equal(result.code, 1, result.output);
        assert.match(result.output, /journal .*symbolic link/);
        await rm(`${dataFile}.journal`);
      }
      await symlink(join(outside, 'calls.ndjson'), join(folder, 'calls.ndjson'));
      result = await refused('--record', join(folder, 'calls.ndjson'));
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /outside .*not written/);
      assert.deepEqual(await readdir(outside), ['existing'], 'nothing created outside');
      assert.equal(
        await readFile(join(outside, 'existing'), 'utf8'),
        '',
        'nothing written outside',
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses a read-only data file, a read-only folder, a FIFO and a device, with a clear message', async () => {
    await writeFile(dataFile, '{"format":"petstore-data","version":1,"nextId":1,"pets":[]}');
    await chmod(dataFile, 0o444);
    let result = await runToExit();
    assert.equal(result.code, 1);
    assert.match(result.output, /is read-only/);
    await rm(dataFile, { force: true });
    await chmod(folder, 0o555);
    result = await runToExit();
    assert.equal(result.code, 1);
    assert.match(result.output, /folder of the data file .* is read-only/);
    await chmod(folder, 0o700);
    execFileSync('mkfifo', [dataFile]);
    result = await runToExit();
    assert.equal(result.code, 1);
    assert.match(result.output, /not a regular file/);
    result = await runServerToExit(['--api-key', KEY, '--port', '0', '--data', '/dev/null']);
    assert.equal(result.code, 1);
    assert.match(result.output, /not a regular file/);
  });

  it('removes the temporary files of interrupted writes at start', async () => {
    await writeFile(join(folder, '.pets.json.12345.tmp'), 'half a snapshot');
    await writeFile(join(folder, '.other.json.1.tmp'), 'not ours');
    const server = await start();
    assert.match(server.output(), /Removed 1 temporary files/);
    assert.deepEqual((await readdir(folder)).sort(), [
      '.other.json.1.tmp',
      'pets.json',
      'pets.json.journal',
      'pets.json.lock',
    ]);
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('drops a last record cut off by a crash, with a log line, and keeps the rest', async () => {
    await writeFile(`${dataFile}.journal`, `${record(1)}${record(2)}{"id":3,"na`);
    const server = await start();
    assert.match(server.output(), /Dropped the last record/);
    assert.deepEqual(await names(server.baseUrl), ['p1', 'p2']);
    assert.equal(((await create(server.baseUrl, 'next')).json as { id: number }).id, 3);
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('refuses damage elsewhere in the journal with its position, untouched; --repair keeps every complete record', async () => {
    const damaged = `${record(1)}{"id":2,"name":oops}\n${record(3)}${record(2)}${record(4)}`;
    await writeFile(`${dataFile}.journal`, damaged);
    const refused = await runToExit();
    assert.equal(refused.code, 1);
    assert.match(
      refused.output,
      /journal .* is damaged at line 2 \(byte 57\): not a pet record.*--repair/s,
    );
    assert.equal(await readFile(`${dataFile}.journal`, 'utf8'), damaged);
    const repaired = await start('--repair');
    assert.match(
      repaired.output(),
      /recovered 3 records, skipped 2 damaged; the original is .*damaged-\d+/,
    );
    assert.deepEqual(await names(repaired.baseUrl), ['p1', 'p3', 'p4']);
    repaired.child.kill('SIGTERM');
    await repaired.exited;
    const aside = (await readdir(folder)).find((name) => name.includes('.damaged-'))!;
    assert.equal(await readFile(join(folder, aside), 'utf8'), damaged);
  });

  it('treats a record the API would refuse as damage: a 2 MB name, an empty one, id 0', async () => {
    for (const bad of [
      `{"id":2,"name":"${'x'.repeat(2_000_000)}","categoryId":1,"status":"available"}\n`,
      '{"id":2,"name":"  ","categoryId":1,"status":"available"}\n',
      '{"id":0,"name":"zero","categoryId":1,"status":"available"}\n',
    ]) {
      const journal = `${record(1)}${bad}${record(3)}`;
      await writeFile(`${dataFile}.journal`, journal);
      const refused = await runToExit();
      assert.equal(refused.code, 1);
      assert.match(refused.output, /damaged at line 2 .*not a pet the API would accept/s);
      assert.ok(refused.output.length < 2_000, 'the damage is described, not quoted');
      assert.equal(await readFile(`${dataFile}.journal`, 'utf8'), journal);
    }
    const repaired = await start('--repair');
    assert.deepEqual(await names(repaired.baseUrl), ['p1', 'p3']);
    repaired.child.kill('SIGTERM');
    await repaired.exited;
  });

  it('refuses a data file holding a pet the API would refuse, untouched', async () => {
    const text = `{"format":"petstore-data","version":1,"nextId":3,"pets":[{"id":1,"name":"${'y'.repeat(201)}","categoryId":1,"status":"sold"}]}`;
    await writeFile(dataFile, text);
    const refused = await runToExit();
    assert.equal(refused.code, 1);
    assert.match(refused.output, /corrupt .*name: must be at most 200 characters/);
    assert.equal(await readFile(dataFile, 'utf8'), text);
  });

  it('compacts the journal into the data file at start and past its size threshold', async () => {
    const server = await startPetStoreServer({ apiKeys: [KEY], dataFile, compactAboveBytes: 400 });
    for (let i = 0; i < 30; i++) assert.equal((await create(server.baseUrl, `c${i}`)).status, 201);
    assert.ok((await stat(`${dataFile}.journal`)).size <= 400 + 200, 'compacted while running');
    await server.close();
    const snapshot = JSON.parse(await readFile(dataFile, 'utf8')) as { pets: unknown[] };
    const journal = (await readFile(`${dataFile}.journal`, 'utf8')).split('\n').filter(Boolean);
    assert.equal(snapshot.pets.length + journal.length, 30);
    const again = await startPetStoreServer({ apiKeys: [KEY], dataFile });
    assert.equal((await names(again.baseUrl)).length, 30);
    assert.equal((await stat(`${dataFile}.journal`)).size, 0, 'compacted at start');
    await again.close();
  });
});
