import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';
import { call } from '../../support/http';
import { runServerToExit, startServerProcess } from '../../support/serverProcess';
import { parseBrownoutSchedule } from '../../../src/core/rehearsal/brownoutSchedule';
import { startPetStoreServer } from '../../../src/server/petStoreServer';

const KEY = 'record-key';
const CLI = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

describe('petstore-server --record: the calls to GET /pets/{petId}, one JSON line each', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-record-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records each call with its answer, user agent and client, and sums them up at exit', async () => {
    const file = join(dir, 'calls.ndjson');
    const server = await startServerProcess(['--api-key', KEY, '--seed', '--record', file]);
    let pet: { id: number } | undefined;
    // Stopped whatever happens: a server left running would keep the test run from ending.
    try {
      [pet] = (await call(server.baseUrl, 'GET', '/pets?limit=1', { key: KEY })).json as {
        id: number;
      }[];
      await call(server.baseUrl, 'GET', `/pets/${pet!.id}`, { key: KEY, userAgent: 'shop/1.0' });
      await call(server.baseUrl, 'GET', '/pets/999999', { key: KEY, userAgent: 'shop/1.0' });
      await call(server.baseUrl, 'GET', `/pets/${pet!.id}`, {
        key: KEY,
        userAgent: 'worker/2',
      });
      // Not the deprecated operation, or never reaching it: not recorded.
      await call(server.baseUrl, 'GET', '/pets?limit=2', { key: KEY });
      await call(server.baseUrl, 'GET', `/pets/${pet!.id}`, { key: 'wrong' });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      lines.map(({ id, status, userAgent, brownout }) => ({ id, status, userAgent, brownout })),
      [
        { id: String(pet!.id), status: 200, userAgent: 'shop/1.0', brownout: false },
        { id: '999999', status: 404, userAgent: 'shop/1.0', brownout: false },
        { id: String(pet!.id), status: 200, userAgent: 'worker/2', brownout: false },
      ],
    );
    for (const line of lines) {
      assert.match(String(line.time), /^\d{4}-\d{2}-\d{2}T/);
      assert.match(String(line.client), /127\.0\.0\.1/);
    }
    assert.match(
      server.output(),
      /^3 calls to GET \/pets\/\{petId\} from 2 user agents \(recorded in .*calls\.ndjson\)$/m,
    );
    assert.ok(!server.output().includes(KEY));
  });

  it('report --observed adds what the rehearsal saw beside the calls in the code', async () => {
    const file = join(dir, 'calls.ndjson');
    const server = await startServerProcess(['--api-key', KEY, '--seed', '--record', file]);
    try {
      for (const agent of ['shop/1.0', 'shop/1.0', 'cron/3'])
        await call(server.baseUrl, 'GET', '/pets/1', { key: KEY, userAgent: agent });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // A truncated last line (a killed server) is passed over with a note.
    appendFileSync(file, '{"time":"2026-11-26T10:00');
    writeFileSync(join(dir, 'app.ts'), 'export const one = (id) => fetch(`/api/pets/${id}`);\n');
    const markdown = await runNodeToExit(
      [CLI, 'report', '--format', 'markdown', '--observed', file],
      dir,
    );
    assert.equal(markdown.code, 0, markdown.stderr);
    assert.match(
      markdown.stdout,
      /Observed by a rehearsal \(`petstore-server --record`\): \*\*3\*\* calls to GET \/pets\/\{petId\} from 2 user agents \(/,
    );
    assert.match(markdown.stdout, /^\| `shop\/1\.0` \| 2 \|$/m);
    assert.match(markdown.stdout, /1 line of the record is not a recorded call: passed over/);
    assert.match(markdown.stdout, /\*\*1\*\* call left/);
    const page = await runNodeToExit([CLI, 'report', '--observed', file], dir);
    assert.match(page.stdout, /id="observed-calls">3<\/div><div class="label">calls observed/);
    const wrong = join(dir, 'other.json');
    writeFileSync(wrong, '{"not":"a record"}\n');
    const refused = await runNodeToExit([CLI, 'report', '--observed', wrong], dir);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /none of its lines is a call recorded by petstore-server --record/,
    );
  });

  it('counts the calls answered inside brownout windows', async () => {
    const file = join(dir, 'calls.ndjson');
    let clock = Date.parse('2026-11-26T10:05:00Z');
    const server = await startPetStoreServer({
      apiKeys: [KEY],
      seed: true,
      recordFile: file,
      removed: {
        status: 410,
        schedule: parseBrownoutSchedule('10m/1h', clock),
        now: () => clock,
      },
    });
    try {
      assert.equal((await call(server.baseUrl, 'GET', '/pets/1', { key: KEY })).status, 410);
      clock = Date.parse('2026-11-26T10:20:00Z');
      assert.equal((await call(server.baseUrl, 'GET', '/pets/1', { key: KEY })).status, 200);
    } finally {
      await server.close();
    }
    assert.match(
      server.recordSummary() ?? '',
      /^2 calls to GET .* from 1 user agent, 1 during brownouts/,
    );
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.deepEqual(
      lines.map((line) => (JSON.parse(line) as { brownout: boolean }).brownout),
      [true, false],
    );
  });

  it('keeps serving when the record fails (a full disk), saying so once', async () => {
    // A file already at the size limit the server runs under: its next write fails as on a full disk.
    const file = join(dir, 'calls.ndjson');
    writeFileSync(file, 'x'.repeat(4096));
    const server = await startServerProcess(['--api-key', KEY, '--seed', '--record', file], {
      maxFileBytes: 4096,
    });
    try {
      for (let k = 0; k < 3; k++)
        assert.equal((await call(server.baseUrl, 'GET', '/pets/1', { key: KEY })).status, 200);
      await server.waitForOutput(
        /cannot record the calls to .*calls\.ndjson any more: .*(EFBIG|ENOSPC)/,
      );
      assert.equal((await call(server.baseUrl, 'GET', '/pets/2', { key: KEY })).status, 200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    assert.equal(server.output().match(/cannot record the calls/g)?.length, 1);
    assert.match(server.output(), /^4 calls to GET \/pets\/\{petId\} from 1 user agent/m);
  });

  it('refuses a record file it cannot open, at start', async () => {
    const result = await runServerToExit([
      '--api-key',
      KEY,
      '--port',
      '0',
      '--record',
      join(dir, 'missing-folder', 'calls.ndjson'),
    ]);
    assert.equal(result.code, 1);
    assert.match(
      result.output,
      /could not start: cannot record the calls to .*missing-folder.*ENOENT/,
    );
  });
});
