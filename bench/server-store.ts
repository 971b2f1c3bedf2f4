/**
 * The local server's store under load, in one run (machines here are noisy, so compare within it):
 * acknowledged creates per second from 50 concurrent clients, and GET /v1/pets latency (p99) idle
 * and during those creates, at 0, 20,000 and 200,000 pets already stored.
 * Goals (issue 13): >= 1,500 creates/s at 200,000 pets; GET p99 under load within 2x of idle.
 * Two loads: "saturating" (each client sends its next create as soon as the last is answered, so the
 * server and this process share the 2 cores at full tilt) and "paced" (the same 50 clients together
 * offering the goal's 1,500 creates/s), because a p99 under saturation measures the CPU queue, not
 * the store.
 * Run: npm run bench:store
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { writeDataFile } from '../src/server/dataFile';
import type { StoredPet } from '../src/server/petRepository';
import { startServerProcess } from '../test/support/serverProcess';

const KEY = 'bench-key';
const CLIENTS = 50;
const LOAD_MS = 4000;
const PACED_RATE = 1500;
const HEADERS = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
const p99 = (values: number[]) => quantile(values, 0.99);

async function getLatency(pool: Pool, path: string): Promise<number> {
  const started = performance.now();
  const { statusCode, body } = await pool.request({ method: 'GET', path, headers: HEADERS });
  await body.text();
  if (statusCode !== 200) throw new Error(`GET answered ${statusCode}`);
  return performance.now() - started;
}

interface LoadResult {
  rate: number;
  latencies: number[];
}

/** CLIENTS creators for LOAD_MS (as fast as answered when `offeredRate` is 0) and one GET reader. */
async function underLoad(readers: Pool, writers: Pool, offeredRate: number): Promise<LoadResult> {
  let created = 0;
  const started = performance.now();
  const until = started + LOAD_MS;
  const interval = offeredRate > 0 ? (1000 * CLIENTS) / offeredRate : 0;
  const creator = async (client: number) => {
    // Paced clients are staggered so their requests spread evenly over each interval.
    let next = started + (interval * client) / CLIENTS;
    while (performance.now() < until) {
      if (interval > 0) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += interval;
      }
      const { statusCode, body } = await writers.request({
        method: 'POST',
        path: '/v1/pets',
        headers: HEADERS,
        body: '{"name":"load","categoryId":1}',
      });
      await body.text();
      if (statusCode !== 201) throw new Error(`POST answered ${statusCode}`);
      created++;
    }
  };
  const latencies: number[] = [];
  const reader = async () => {
    while (performance.now() < until)
      latencies.push(await getLatency(readers, '/v1/pets?limit=20'));
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => creator(i)), reader()]);
  return { rate: created / ((performance.now() - started) / 1000), latencies };
}

async function measure(stored: number): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-bench-store-'));
  const dataFile = join(folder, 'pets.json');
  const pets: StoredPet[] = Array.from({ length: stored }, (_, i) => ({
    id: BigInt(i + 1),
    name: `pet ${i + 1}`,
    categoryId: BigInt(i % 7),
    status: (['available', 'pending', 'sold'] as const)[i % 3]!,
  }));
  await writeDataFile(dataFile, { nextId: BigInt(stored + 1), pets });
  // BENCH_SERVER_BIN compares another build (e.g. an earlier commit's dist) in the same way.
  const server = await startServerProcess(['--api-key', KEY, '--data', dataFile, '--quiet'], {
    bin: process.env.BENCH_SERVER_BIN,
  });
  const origin = new URL(server.baseUrl).origin;
  const readers = new Pool(origin, { connections: 1 });
  const writers = new Pool(origin, { connections: CLIENTS });
  try {
    for (let i = 0; i < 500; i++) await getLatency(readers, '/v1/pets?limit=20'); // warm-up
    const idle: number[] = [];
    for (let i = 0; i < 1000; i++) idle.push(await getLatency(readers, '/v1/pets?limit=20'));
    const saturated = await underLoad(readers, writers, 0);
    const paced = await underLoad(readers, writers, PACED_RATE);
    const line = (label: string, load: LoadResult) =>
      `${label} ${load.rate.toFixed(0).padStart(6)} creates/s, GET p50/p99 ${quantile(load.latencies, 0.5).toFixed(1)}/${p99(load.latencies).toFixed(1)} ms (p99 ratio ${(p99(load.latencies) / p99(idle)).toFixed(2)})`;
    return [
      `${String(stored).padStart(7)} pets  GET p50/p99 idle ${quantile(idle, 0.5).toFixed(1)}/${p99(idle).toFixed(1)} ms`,
      line('    saturating:', saturated),
      line(`    paced ${PACED_RATE}/s:`, paced),
    ].join('\n');
  } finally {
    await readers.close();
    await writers.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `petstore-server --data, ${CLIENTS} concurrent creating clients for ${LOAD_MS / 1000} s, one reader`,
  );
  for (const stored of [0, 20_000, 200_000]) console.log(await measure(stored));
}

void main();
