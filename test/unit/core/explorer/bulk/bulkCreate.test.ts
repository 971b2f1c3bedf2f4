import assert from 'node:assert/strict';
import { PetStoreError } from '../../../../../src/core/api/errors';
import type { NewPet, Pet } from '../../../../../src/core/api/schemas';
import { createInBulk, type RowOutcome } from '../../../../../src/core/explorer/bulk/bulkCreate';
import {
  bulkResultsText,
  parseBulkResults,
  rowsAlreadyCreated,
} from '../../../../../src/core/explorer/bulk/bulkResults';
import type { PetRow } from '../../../../../src/core/explorer/bulk/petRows';

const rowsOf = (count: number): PetRow[] =>
  Array.from({ length: count }, (_, index) => ({
    row: index + 1,
    newPet: { name: `pet ${index + 1}`, categoryId: BigInt(index) },
  }));

describe('bulk creation runner', () => {
  it('never has more than `concurrency` requests in flight, and creates every row once', async () => {
    let inFlight = 0;
    let most = 0;
    const created: string[] = [];
    const create = async (pet: NewPet): Promise<Pet> => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      created.push(pet.name);
      return { id: BigInt(created.length), ...pet, status: 'available' };
    };
    const { outcomes, cancelled } = await createInBulk({
      rows: rowsOf(25),
      create,
      concurrency: 4,
    });
    assert.equal(most, 4);
    assert.equal(cancelled, false);
    assert.equal(outcomes.length, 25);
    assert.deepEqual(
      [...created].sort(),
      rowsOf(25)
        .map((row) => row.newPet.name)
        .sort(),
    );
  });

  it('waits out a 429 as Retry-After says and sends the row again; too long a wait fails the row', async () => {
    const waits: number[] = [];
    let calls = 0;
    const create = (pet: NewPet): Promise<Pet> => {
      calls++;
      if (pet.name === 'pet 1' && calls === 1)
        return Promise.reject(
          new PetStoreError('rateLimited', 'slow down', { status: 429, retryAfterSeconds: 2 }),
        );
      if (pet.name === 'pet 2')
        return Promise.reject(
          new PetStoreError('rateLimited', 'slow down', {
            status: 429,
            retryAfterSeconds: 3600,
            retryAt: new Date(Date.UTC(2026, 10, 30, 14, 5)),
          }),
        );
      return Promise.resolve({ id: 10n, ...pet, status: 'available' });
    };
    const { outcomes } = await createInBulk({
      rows: rowsOf(2),
      create,
      concurrency: 1,
      environmentLabel: 'Staging',
      wait: (milliseconds) => {
        waits.push(milliseconds);
        return Promise.resolve();
      },
    });
    assert.deepEqual(waits, [2000]);
    assert.deepEqual(outcomes[0], { row: 1, id: 10n });
    assert.match(
      (outcomes[1] as { error: string }).error,
      /^Rate limited by Staging; the server asks to wait until 2026-11-30 14:05 UTC$/,
    );
  });

  it('a failed row is recorded and the run goes on', async () => {
    const create = (pet: NewPet): Promise<Pet> =>
      pet.name === 'pet 2'
        ? Promise.reject(new PetStoreError('validation', 'duplicate name', { status: 400 }))
        : Promise.resolve({ id: 1n, ...pet, status: 'available' });
    const { outcomes } = await createInBulk({ rows: rowsOf(3), create, concurrency: 1 });
    assert.deepEqual(
      outcomes.map((outcome) => ('id' in outcome ? 'ok' : outcome.error)),
      ['ok', 'duplicate name', 'ok'],
    );
  });

  it('cancelling stops new rows but records the ones already sent', async () => {
    const controller = new AbortController();
    const settled: RowOutcome[] = [];
    let started = 0;
    const create = async (pet: NewPet): Promise<Pet> => {
      started++;
      if (started === 5) controller.abort(); // the user cancels while rows 1..5 are sent
      await new Promise((resolve) => setImmediate(resolve));
      return { id: BigInt(started), ...pet, status: 'available' };
    };
    const { outcomes, cancelled } = await createInBulk({
      rows: rowsOf(20),
      create,
      concurrency: 2,
      signal: controller.signal,
      onSettled: (outcome) => void settled.push(outcome),
    });
    assert.equal(cancelled, true);
    assert.equal(outcomes.length, started, 'every row sent has its outcome');
    assert.ok(started >= 5 && started <= 6, `started ${started}`);
    assert.deepEqual(settled, outcomes);
  });
});

describe('bulk results file', () => {
  const baseUrl = 'https://staging.example/v1';

  it('a second run skips exactly the rows created before, by content and environment', () => {
    const rows = rowsOf(4);
    const text = bulkResultsText('pets.csv', baseUrl, rows, new Map(), [
      { row: 1, id: 101n },
      { row: 2, error: 'timeout' },
      { row: 3, id: 103n },
    ]);
    const previous = parseBulkResults(text);
    assert.deepEqual(
      [...rowsAlreadyCreated(rows, previous, baseUrl)],
      [
        [1, '101'],
        [3, '103'],
      ],
    );
    // Rows moved and one edited: still matched by content, the edited one sent again.
    const edited: PetRow[] = [
      { row: 1, newPet: { name: 'pet 3', categoryId: 2n } },
      { row: 2, newPet: { name: 'pet 1 (renamed)', categoryId: 0n } },
    ];
    assert.deepEqual([...rowsAlreadyCreated(edited, previous, baseUrl)], [[1, '103']]);
    // Another environment: nothing skipped.
    assert.equal(rowsAlreadyCreated(rows, previous, 'https://api.example/v1').size, 0);
  });

  it('keeps the ids of skipped rows in the next results file, and ignores a broken one', () => {
    const rows = rowsOf(2);
    const text = bulkResultsText('pets.csv', baseUrl, rows, new Map([[1, '101']]), [
      { row: 2, id: 9007199254740993n },
    ]);
    assert.match(text, /"id": "101"/);
    assert.match(text, /"id": "9007199254740993"/);
    assert.equal(parseBulkResults('{not json'), undefined);
    assert.equal(parseBulkResults('{"rows": []}'), undefined);
  });

  it('two identical rows need two created results to both be skipped', () => {
    const twins: PetRow[] = [
      { row: 1, newPet: { name: 'Twin', categoryId: 1n } },
      { row: 2, newPet: { name: 'Twin', categoryId: 1n } },
    ];
    const once = parseBulkResults(
      bulkResultsText('t.json', baseUrl, twins, new Map(), [{ row: 1, id: 5n }]),
    );
    assert.deepEqual([...rowsAlreadyCreated(twins, once, baseUrl).keys()], [1]);
  });
});
