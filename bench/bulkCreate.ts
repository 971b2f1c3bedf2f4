/**
 * Create Pets from File's runner against petstore-server (--data, durable): 1,000 pets at
 * concurrency 1, 4 (the default) and 8, in one run; times and creates/s, and the ratio to
 * concurrency 1. Run: npm run bench:bulk
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PetStoreClient } from '../src/core/api/client';
import { createInBulk } from '../src/core/explorer/bulk/bulkCreate';
import { readPetRows } from '../src/core/explorer/bulk/petRows';
import { startServerProcess } from '../test/support/serverProcess';

const KEY = 'bench-bulk-key';
const ROWS = 1000;

async function main(): Promise<void> {
  const csv = [
    'name,categoryId,status',
    ...Array.from(
      { length: ROWS },
      (_, i) => `Bench pet ${i},${9_007_199_254_740_993n + BigInt(i)},`,
    ),
  ].join('\n');
  const { rows } = readPetRows(csv, 'csv');
  let reference: number | undefined;
  for (const concurrency of [1, 4, 8]) {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-bench-bulk-'));
    const server = await startServerProcess([
      '--api-key',
      KEY,
      '--data',
      join(folder, 'pets.json'),
      '--quiet',
    ]);
    try {
      const client = new PetStoreClient({ baseUrl: server.baseUrl, apiKey: () => KEY });
      const started = performance.now();
      const { outcomes } = await createInBulk({
        rows,
        create: (pet) => client.createPet(pet),
        concurrency,
      });
      const seconds = (performance.now() - started) / 1000;
      if (outcomes.some((outcome) => 'error' in outcome)) throw new Error('a row failed');
      reference ??= seconds;
      console.log(
        `concurrency ${String(concurrency).padStart(2)}: ${ROWS} pets in ${seconds.toFixed(2)} s (${(ROWS / seconds).toFixed(0)} creates/s), ${(reference / seconds).toFixed(2)}x concurrency 1`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

void main();
