/**
 * Throughput of the local server's GET /v1/pets?limit=20 against a bare node:http handler that
 * returns the same JSON, measured in one run with alternating rounds so machine noise hits both.
 * Prints requests per second for each and their ratio. Run: npm run bench:server
 */
import { startListeningProcess, startSeededServer } from './listeningProcess';
import { resolve } from 'node:path';
import { Pool } from 'undici';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS_PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONCURRENCY = 32;
const KEY = 'bench-key';
const PATH = '/v1/pets?limit=20';

async function fire(pool: Pool, count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next++ < count) {
      const response = await pool.request({
        method: 'GET',
        path: PATH,
        headers: { authorization: `Bearer ${KEY}` },
      });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      await response.body.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count / ((performance.now() - started) / 1000);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const server = await startSeededServer(KEY);
  const serverPool = new Pool(server.origin, { connections: CONCURRENCY });
  const sample = await serverPool.request({
    method: 'GET',
    path: PATH,
    headers: { authorization: `Bearer ${KEY}` },
  });
  const body = Buffer.from(await sample.body.arrayBuffer());
  const bare = await startListeningProcess([resolve(__dirname, 'bareJsonServer.mjs')], body);
  const barePool = new Pool(bare.origin, { connections: CONCURRENCY });

  await fire(serverPool, 2000); // warm-up: JIT, connections
  await fire(barePool, 2000);
  const serverRates: number[] = [];
  const bareRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    serverRates.push(await fire(serverPool, REQUESTS_PER_ROUND));
    bareRates.push(await fire(barePool, REQUESTS_PER_ROUND));
  }
  const serverRate = median(serverRates);
  const bareRate = median(bareRates);
  console.log(
    `GET ${PATH}: ${body.length} bytes, ${ROUNDS} rounds x ${REQUESTS_PER_ROUND} requests, concurrency ${CONCURRENCY}`,
  );
  console.log(`  petstore-server  ${serverRate.toFixed(0).padStart(7)} req/s (median)`);
  console.log(`  bare node:http   ${bareRate.toFixed(0).padStart(7)} req/s (median)`);
  console.log(`  ratio petstore-server / bare = ${(serverRate / bareRate).toFixed(2)}`);

  await serverPool.close();
  await barePool.close();
  server.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
