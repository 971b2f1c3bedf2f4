import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PetStoreClient } from '../../../../../src/core/api/client';
import { createInBulk } from '../../../../../src/core/explorer/bulk/bulkCreate';
import {
  bulkResultsText,
  parseBulkResults,
  rowsAlreadyCreated,
} from '../../../../../src/core/explorer/bulk/bulkResults';
import { readPetRows } from '../../../../../src/core/explorer/bulk/petRows';
import { loadDataFile } from '../../../../../src/server/dataFile';
import { startServerProcess } from '../../../../support/serverProcess';

const KEY = 'bulk-test-key';

describe('bulk creation against petstore-server: 1,000 pets, cancelled and resumed', function () {
  this.timeout(120_000);

  it('creates exactly 1,000 pets, none twice, every int64 exact', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-bulk-'));
    const dataFile = join(folder, 'pets.json');
    try {
      const csv = [
        'name,categoryId,status',
        ...Array.from(
          { length: 1000 },
          (_, i) => `Bulk pet ${i + 1},${9_007_199_254_740_993n + BigInt(i)},pending`,
        ),
      ].join('\n');
      const { rows, problems } = readPetRows(csv, 'csv');
      assert.deepEqual(problems, []);
      let server = await startServerProcess(['--api-key', KEY, '--data', dataFile, '--quiet']);
      const client = new PetStoreClient({ baseUrl: server.baseUrl, apiKey: () => KEY });
      const controller = new AbortController();
      let settled = 0;
      const first = await createInBulk({
        rows,
        create: (pet) => client.createPet(pet),
        concurrency: 4,
        signal: controller.signal,
        onSettled: () => {
          if (++settled === 300) controller.abort(); // the user cancels
        },
      });
      assert.equal(first.cancelled, true);
      assert.ok(first.outcomes.length >= 300 && first.outcomes.length < 1000);
      const results = bulkResultsText('pets.csv', server.baseUrl, rows, new Map(), first.outcomes);
      // The second run: the rows the results file records as created are skipped.
      const skipped = rowsAlreadyCreated(rows, parseBulkResults(results), server.baseUrl);
      assert.equal(skipped.size, first.outcomes.length);
      const second = await createInBulk({
        rows: rows.filter((row) => !skipped.has(row.row)),
        create: (pet) => client.createPet(pet),
        concurrency: 4,
      });
      assert.equal(second.cancelled, false);
      assert.ok(second.outcomes.every((outcome) => 'id' in outcome));
      server.child.kill('SIGTERM');
      await server.exited;
      // A restart compacts the journal into the data file, which then holds every pet.
      server = await startServerProcess(['--api-key', KEY, '--data', dataFile, '--quiet']);
      server.child.kill('SIGTERM');
      await server.exited;
      const stored = (await loadDataFile(dataFile))!.pets;
      assert.equal(stored.length, 1000);
      assert.deepEqual(
        stored.map((pet) => pet.name).sort(),
        rows.map((row) => row.newPet.name).sort(),
      );
      assert.deepEqual(
        stored.map((pet) => pet.categoryId).sort((a, b) => (a < b ? -1 : 1)),
        rows.map((row) => row.newPet.categoryId),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
