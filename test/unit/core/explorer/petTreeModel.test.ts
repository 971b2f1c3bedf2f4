import assert from 'node:assert/strict';
import type { ListPetsQuery } from '../../../../src/core/api/client';
import type { Pet } from '../../../../src/core/api/schemas';
import { loadPets } from '../../../../src/core/explorer/petTreeModel';

function pet(id: number, status?: Pet['status']): Pet {
  return { id: BigInt(id), name: `pet ${id}`, categoryId: 1n, status };
}

/** A list operation over fixed pets that records its queries. */
function listOver(pets: Pet[]) {
  const queries: ListPetsQuery[] = [];
  const list = (query: ListPetsQuery) => {
    queries.push(query);
    const matching = pets.filter((p) => query.status === undefined || p.status === query.status);
    return Promise.resolve(matching.slice(0, query.limit ?? 20));
  };
  return { list, queries };
}

describe('pet tree model', () => {
  const pets = [
    pet(1, 'available'),
    pet(2, 'sold'),
    pet(3),
    pet(4, 'available'),
    pet(5, 'pending'),
    pet(6, 'available'),
  ];

  it('groups by status with one request per status, and a group for pets without status', async () => {
    const { list, queries } = listOver(pets);
    const snapshot = await loadPets(list, { kind: 'grouped' }, 20);
    assert.equal(snapshot.mode.kind, 'grouped');
    if (snapshot.mode.kind !== 'grouped' || !('groups' in snapshot)) return assert.fail();
    assert.deepEqual(
      snapshot.groups.map((g) => [g.key, g.pets.map((p) => Number(p.id)), g.truncated]),
      [
        ['available', [1, 4, 6], false],
        ['pending', [5], false],
        ['sold', [2], false],
        ['none', [3], false],
      ],
    );
    assert.deepEqual(queries, [
      { limit: 20 },
      { status: 'available', limit: 20 },
      { status: 'pending', limit: 20 },
      { status: 'sold', limit: 20 },
    ]);
  });

  it('says when a group is cut at the limit', async () => {
    const { list } = listOver(pets);
    const snapshot = await loadPets(list, { kind: 'grouped' }, 2);
    if (!('groups' in snapshot)) return assert.fail();
    assert.deepEqual(
      snapshot.groups.map((g) => [g.key, g.truncated]),
      [
        ['available', true],
        ['pending', false],
        ['sold', false],
      ],
    );
  });

  it('lists one status flat with a single filtered request', async () => {
    const { list, queries } = listOver(pets);
    const snapshot = await loadPets(list, { kind: 'status', status: 'available' }, 2);
    if (!('group' in snapshot)) return assert.fail();
    assert.deepEqual(
      snapshot.group.pets.map((p) => Number(p.id)),
      [1, 4],
    );
    assert.equal(snapshot.group.truncated, true);
    assert.deepEqual(queries, [{ status: 'available', limit: 2 }]);
  });

  it('keeps pets created in this session in their group even past the limit', async () => {
    const { list } = listOver(pets);
    const created = pet(99, 'available');
    const snapshot = await loadPets(list, { kind: 'grouped' }, 2, [created]);
    if (!('groups' in snapshot)) return assert.fail();
    assert.deepEqual(
      snapshot.groups[0]!.pets.map((p) => Number(p.id)),
      [1, 4, 99],
    );
  });
});
