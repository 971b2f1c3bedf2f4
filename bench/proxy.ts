/**
 * What the rehearsal proxy (petstore-server --upstream) adds to a request: the latency of
 * GET /v1/pets?limit=20 sent to the local server directly and through a proxy in front of it, one
 * request at a time, in alternating rounds of the same run (machine noise hits both); then 500
 * connections held open at once through the proxy, each sending a request. Prints the medians and
 * p99s, what the proxy adds, and how many of the 500 were answered. Run: npm run bench:proxy
 */
import { SERVER, startListeningProcess, startSeededServer } from './listeningProcess';
import { Client, Pool } from 'undici';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const REQUESTS_PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 1500);
const HELD_CONNECTIONS = 500;
const KEY = 'bench-key';
const PATH = '/v1/pets?limit=20';

/** Milliseconds of each of `count` requests sent one after another on one kept-alive connection. */
async function latencies(client: Client, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let k = 0; k < count; k++) {
    const started = performance.now();
    const response = await client.request({
      method: 'GET',
      path: PATH,
      headers: { authorization: `Bearer ${KEY}` },
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
    times.push(performance.now() - started);
  }
  return times;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

async function main(): Promise<void> {
  const upstream = await startSeededServer(KEY);
  const proxy = await startListeningProcess([
    SERVER,
    '--upstream',
    `${upstream.origin}/v1`,
    '--removed',
    '--quiet',
    '--port',
    '0',
    '--max-connections',
    String(HELD_CONNECTIONS + 12),
  ]);
  const direct = new Client(upstream.origin);
  const through = new Client(proxy.origin);
  await latencies(direct, 500); // warm-up: JIT, connections
  await latencies(through, 500);
  const directTimes: number[] = [];
  const proxiedTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    directTimes.push(...(await latencies(direct, REQUESTS_PER_ROUND)));
    proxiedTimes.push(...(await latencies(through, REQUESTS_PER_ROUND)));
  }
  const line = (label: string, times: number[]) =>
    `${label}: median ${quantile(times, 0.5).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms`;
  console.log(`${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests each, one at a time`);
  console.log(line('direct ', directTimes));
  console.log(line('proxied', proxiedTimes));
  console.log(
    `the proxy adds: median ${(quantile(proxiedTimes, 0.5) - quantile(directTimes, 0.5)).toFixed(3)} ms (goal ≤ 1), p99 ${(
      quantile(proxiedTimes, 0.99) - quantile(directTimes, 0.99)
    ).toFixed(3)} ms (goal ≤ 3)`,
  );

  // 500 connections open at once, each with a request in flight.
  const held = new Pool(proxy.origin, { connections: HELD_CONNECTIONS, pipelining: 1 });
  const started = performance.now();
  const answers = await Promise.allSettled(
    Array.from({ length: HELD_CONNECTIONS }, () =>
      held
        .request({ method: 'GET', path: PATH, headers: { authorization: `Bearer ${KEY}` } })
        .then(async (response) => {
          await response.body.arrayBuffer();
          return response.statusCode;
        }),
    ),
  );
  const ok = answers.filter((answer) => answer.status === 'fulfilled' && answer.value === 200);
  console.log(
    `${HELD_CONNECTIONS} concurrent connections through the proxy: ${ok.length} answered 200 in ${(performance.now() - started).toFixed(0)} ms`,
  );
  await Promise.all([direct.close(), through.close(), held.close()]);
  upstream.child.kill('SIGTERM');
  proxy.child.kill('SIGTERM');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
