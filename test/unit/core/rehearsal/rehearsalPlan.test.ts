import assert from 'node:assert/strict';
import {
  asRehearsalPlan,
  deprecatedCallIn,
  listeningAddress,
  serverArguments,
  type RehearsalPlan,
} from '../../../../src/core/rehearsal/rehearsalPlan';
import { call } from '../../../support/http';
import { startServerProcess } from '../../../support/serverProcess';

describe('a removal rehearsal’s plan: the server it runs and the log it reads back', function () {
  this.timeout(20_000);

  it('runs the real server with the plan’s arguments and reads its address and each getPet call from its log', async () => {
    const plan: RehearsalPlan = {
      target: { kind: 'local' },
      mode: { kind: 'removed', status: 404 },
    };
    const key = 'rehearsal-key-1';
    const server = await startServerProcess(['--api-key', key, ...serverArguments(plan)]);
    try {
      assert.equal((await call(server.baseUrl, 'GET', '/pets/3', { key })).status, 404);
      assert.equal((await call(server.baseUrl, 'GET', '/pets?limit=1', { key })).status, 200);
      assert.equal((await call(server.baseUrl, 'GET', '/pets/12?x=1', {})).status, 401);
      await server.waitForOutput(/GET \/v1\/pets\/12\?x=1 401/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const lines = server.output().split('\n');
    assert.deepEqual(lines.map(listeningAddress).filter(Boolean), [server.baseUrl]);
    assert.deepEqual(lines.map(deprecatedCallIn).filter(Boolean), [
      { petId: '3', status: 404 },
      { petId: '12', status: 401 },
    ]);
  });

  it('gives the proxy its upstream and the brownout its schedule', () => {
    assert.deepEqual(
      serverArguments({
        target: { kind: 'proxy', upstream: 'https://staging.example/v1' },
        mode: { kind: 'brownout', schedule: '10m/1h', status: 410 },
      }),
      [
        '--host',
        '127.0.0.1',
        '--port',
        '0',
        '--upstream',
        'https://staging.example/v1',
        '--brownout',
        '10m/1h',
      ],
    );
  });

  it('takes a plan from a caller only when it is whole', () => {
    const whole = { target: { kind: 'local' }, mode: { kind: 'removed', status: 410 } };
    assert.deepEqual(asRehearsalPlan(whole), whole);
    for (const broken of [
      undefined,
      null,
      'local',
      { target: { kind: 'local' } },
      { target: { kind: 'proxy' }, mode: { kind: 'removed', status: 410 } },
      { target: { kind: 'local' }, mode: { kind: 'removed', status: 500 } },
      { target: { kind: 'local' }, mode: { kind: 'brownout', status: 410 } },
    ])
      assert.equal(asRehearsalPlan(broken), undefined, JSON.stringify(broken));
  });
});
