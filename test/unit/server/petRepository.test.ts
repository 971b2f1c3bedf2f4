import assert from 'node:assert/strict';
import { PetRepository, type StoredPet } from '../../../src/server/petRepository';

describe('PetRepository', () => {
  it('without persistence, stores at once with increasing ids', async () => {
    const repository = new PetRepository();
    const a = await repository.create({ name: 'A', categoryId: 1n });
    const b = await repository.create({ name: 'B', categoryId: 1n, status: 'sold' });
    assert.deepEqual([a.id, b.id], [1n, 2n]);
    assert.equal(a.status, 'available');
    assert.deepEqual(repository.list({ limit: 10, status: 'sold' }), [b]);
    assert.equal(repository.find(2n), b);
    assert.equal(repository.find(3n), undefined);
  });

  it('group-commits creates that arrive during a write, acknowledging each only after its write', async () => {
    const writes: StoredPet[][] = [];
    let release: () => void = () => undefined;
    const repository = new PetRepository(undefined, (added) => {
      writes.push(added);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const acknowledged: bigint[] = [];
    const first = repository
      .create({ name: 'first', categoryId: 1n })
      .then((pet) => acknowledged.push(pet.id));
    const rest = Array.from({ length: 9 }, (_, i) =>
      repository
        .create({ name: `pet ${i}`, categoryId: 1n })
        .then((pet) => acknowledged.push(pet.id)),
    );
    await Promise.resolve();
    assert.equal(writes.length, 1);
    assert.equal(repository.size, 0, 'nothing is visible before its write completes');
    assert.deepEqual(acknowledged, []);
    release();
    await first;
    await new Promise(setImmediate);
    assert.equal(writes.length, 2, 'the nine that waited are written together');
    assert.equal(writes[1]!.length, 9, 'only the new pets are written');
    release();
    await Promise.all(rest);
    assert.equal(acknowledged.length, 10);
    assert.equal(repository.size, 10);
  });

  it('offers the store after the commit for compaction, its next id above every pet in it', async () => {
    let after: { nextId: bigint; pets: StoredPet[] } | undefined;
    let release: () => void = () => undefined;
    const repository = new PetRepository(undefined, (_added, snapshot) => {
      after = snapshot();
      return new Promise<void>((resolve) => (release = resolve));
    });
    const first = repository.create({ name: 'a', categoryId: 1n });
    const queued = repository.create({ name: 'b', categoryId: 1n }); // waits for the next commit
    await Promise.resolve();
    assert.deepEqual(
      after?.pets.map((pet) => pet.name),
      ['a'],
    );
    assert.equal(after?.nextId, 2n, 'the queued pet (id 2) is not in this snapshot');
    release();
    await first;
    await new Promise(setImmediate);
    release();
    await queued;
  });

  it('fails the creates of a failed write and keeps them invisible; later creates still work', async () => {
    let fail = true;
    const repository = new PetRepository(undefined, () =>
      fail ? Promise.reject(new Error('disk full')) : Promise.resolve(),
    );
    await assert.rejects(repository.create({ name: 'lost', categoryId: 1n }), /disk full/);
    assert.equal(repository.size, 0);
    fail = false;
    const kept = await repository.create({ name: 'kept', categoryId: 1n });
    assert.equal(kept.id, 2n, 'ids stay unique even across a failed write');
    assert.deepEqual(
      repository.list({ limit: 10 }).map((pet) => pet.name),
      ['kept'],
    );
  });
});
