import assert from 'node:assert/strict';
import { assertErrorBody, call } from '../../support/http';
import { runServerToExit, startServerProcess } from '../../support/serverProcess';
import { parseBrownoutSchedule, ScheduleError } from '../../../src/core/rehearsal/brownoutSchedule';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-26T09:00:00Z');
const KEY = 'brownout-key';

describe('brownout schedules', () => {
  it('10m/1h: the first ten minutes of every hour (UTC)', () => {
    const schedule = parseBrownoutSchedule('10m/1h', NOW);
    assert.equal(schedule.isActive(at('2026-11-26T10:00:00Z')), true);
    assert.equal(schedule.isActive(at('2026-11-26T10:09:59Z')), true);
    assert.equal(schedule.isActive(at('2026-11-26T10:10:00Z')), false);
    assert.deepEqual(schedule.windowAt(at('2026-11-26T10:30:00Z')), {
      start: at('2026-11-26T11:00:00Z'),
      end: at('2026-11-26T11:10:00Z'),
    });
  });

  it('at 14:00 for 30m: every day, in UTC', () => {
    const schedule = parseBrownoutSchedule('at 14:00 for 30m', NOW);
    assert.equal(schedule.isActive(at('2026-11-26T14:15:00Z')), true);
    assert.equal(schedule.isActive(at('2026-11-26T14:30:00Z')), false);
    assert.equal(schedule.isActive(at('2026-11-27T13:59:59Z')), false);
    assert.deepEqual(schedule.windowAt(at('2026-11-26T15:00:00Z')), {
      start: at('2026-11-27T14:00:00Z'),
      end: at('2026-11-27T14:30:00Z'),
    });
  });

  it('ISO intervals: with an end or a duration, with zones; none after the last', () => {
    const schedule = parseBrownoutSchedule(
      '2026-12-01T10:00Z/PT1H30M, 2026-12-15T12:00+02:00/2026-12-15T12:30+02:00',
      NOW,
    );
    assert.equal(schedule.isActive(at('2026-12-01T11:29:00Z')), true);
    assert.equal(schedule.isActive(at('2026-12-01T11:30:00Z')), false);
    assert.equal(schedule.isActive(at('2026-12-15T10:10:00Z')), true);
    assert.deepEqual(schedule.windowAt(at('2026-12-02T00:00:00Z')), {
      start: at('2026-12-15T10:00:00Z'),
      end: at('2026-12-15T10:30:00Z'),
    });
    assert.equal(schedule.windowAt(at('2026-12-16T00:00:00Z')), undefined);
  });

  it('refuses malformed, empty, overlapping and never active schedules with the reason', () => {
    for (const [text, reason] of [
      ['', /is empty/],
      ['sometimes', /is not a brownout schedule/],
      ['10x/1h', /is not a brownout schedule/],
      ['0m/1h', /is never active/],
      ['1h/1h', /as long as its period is not a brownout, it is --removed/],
      ['at 25:00 for 10m', /is not a time of day/],
      ['2026-12-01T10:00/PT1H', /with its zone/],
      ['2026-12-01T10:00Z/P1M', /is not an ISO duration/],
      ['2026-12-01T11:00Z/2026-12-01T10:00Z', /ends before it starts/],
      ['2026-12-01T10:00Z/PT1H,2026-12-01T10:30Z/PT1H', /overlap/],
      ['2020-01-01T10:00Z/PT1H', /never active again/],
      // Windows past what a date can hold: every later request would answer 500.
      ['1m/104000000d', /would end after the last date a clock can hold/],
      ['1m/9007199254740d', /too long a duration/],
      ['2026-12-01T10:00Z/P100000000D', /ends after the last date a clock can hold/],
      ['2026-12-01T10:00Z/P100000000000000D', /ends after the last date a clock can hold/],
    ] as const) {
      assert.throws(
        () => parseBrownoutSchedule(text, NOW),
        (error: unknown) => error instanceof ScheduleError && reason.test(error.message),
        text,
      );
    }
  });
});

describe('reference server: --brownout rehearses the removal in windows (real sockets, a fake clock)', function () {
  this.timeout(30_000);
  let server: RunningPetStoreServer;
  let clock = at('2026-11-26T10:05:00Z');
  const logged: string[] = [];
  before(async () => {
    server = await startPetStoreServer({
      apiKeys: [KEY],
      seed: true,
      log: (line) => logged.push(line),
      removed: {
        status: 410,
        schedule: parseBrownoutSchedule('10m/1h', NOW),
        now: () => clock,
      },
    });
  });
  after(() => server.close());

  it('answers 410 inside a window, saying until when; serves the pet outside, naming the next window', async () => {
    const listed = await call(server.baseUrl, 'GET', '/pets?limit=1', { key: KEY });
    const [pet] = listed.json as { id: number }[];
    clock = at('2026-11-26T10:05:00Z');
    const gone = await call(server.baseUrl, 'GET', `/pets/${pet!.id}`, { key: KEY });
    assertErrorBody(gone, 410, 'removed');
    assert.equal(gone.headers.get('petstore-brownout-until'), '2026-11-26T10:10:00.000Z');
    assert.match((gone.json as { message: string }).message, /browned out until 2026-11-26T10:10/);
    assert.ok(gone.headers.get('sunset'));
    clock = at('2026-11-26T10:10:00Z');
    const served = await call(server.baseUrl, 'GET', `/pets/${pet!.id}`, { key: KEY });
    assert.equal(served.status, 200);
    assert.equal(
      served.headers.get('petstore-brownout-next'),
      '2026-11-26T11:00:00.000Z/2026-11-26T11:10:00.000Z',
    );
    assert.equal(served.headers.get('petstore-brownout-until'), null);
    // Every other operation is the same in a window.
    clock = at('2026-11-26T11:01:00Z');
    assert.equal((await call(server.baseUrl, 'GET', '/pets?limit=1', { key: KEY })).status, 200);
    assert.ok(
      logged.some((line) =>
        line.includes(
          `GET /pets/${pet!.id}: answered 410 (browned out until 2026-11-26T10:10:00.000Z)`,
        ),
      ),
    );
  });
});

describe('petstore-server --brownout', function () {
  this.timeout(30_000);
  it('starts with the schedule said, and refuses a bad one or one beside --removed', async () => {
    const server = await startServerProcess(['--api-key', KEY, '--brownout', '10m/1h']);
    try {
      assert.match(
        server.output(),
        /Rehearsing the removal: GET \/pets\/\{petId\} answers 410 Gone in the brownout windows 10m\/1h \(UTC\), next /,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const [args, message] of [
      [['--brownout', 'sometimes'], /--brownout: "sometimes" is not a brownout schedule/],
      [['--brownout', '10m/1h', '--removed'], /--removed and --brownout are used one at a time/],
      [['--brownout', '2020-01-01T00:00Z/PT1H'], /never active again/],
      [['--brownout', '1m/104000000d'], /--brownout: .*after the last date a clock can hold/],
      [['--brownout', '2026-12-01T10:00Z/P100000000D'], /after the last date a clock can hold/],
    ] as const) {
      const result = await runServerToExit(['--api-key', KEY, '--port', '0', ...args]);
      assert.equal(result.code, 2, result.output);
      assert.match(result.output, message);
    }
  });
});
