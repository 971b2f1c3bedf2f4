import assert from 'node:assert/strict';
import type { Pet } from '../../../../src/core/api/schemas';
import { filterSnapshot, nameMatches, petCount } from '../../../../src/core/explorer/nameFilter';
import type { PetsSnapshot } from '../../../../src/core/explorer/petTreeModel';

const pet = (id: number, name: string, status: Pet['status']): Pet => ({
  id: BigInt(id),
  name,
  categoryId: 1n,
  status,
});

describe('name filter (client-side, over the loaded pets)', () => {
  it('finds every occurrence, ignoring case, as ranges to highlight', () => {
    assert.deepEqual(nameMatches('Bobby Bob', 'bob'), [
      [0, 3],
      [6, 9],
    ]);
    assert.deepEqual(nameMatches('Biscuit', '  SCU '), [[2, 5]]);
    assert.equal(nameMatches('Biscuit', 'dog'), undefined);
    assert.deepEqual(nameMatches('Biscuit', ''), []);
  });

  it('matches names whose lower case changes length, without highlighting the wrong letters', () => {
    assert.deepEqual(nameMatches('İstanbul Cat', 'cat'), []);
    assert.equal(nameMatches('İstanbul Cat', 'dog'), undefined);
  });

  it('keeps only matching pets, drops groups left empty, and counts what is shown', () => {
    const snapshot: PetsSnapshot = {
      mode: { kind: 'grouped' },
      limit: 20,
      groups: [
        {
          key: 'available',
          pets: [pet(1, 'Biscuit', 'available'), pet(2, 'Luna', 'available')],
          truncated: true,
        },
        { key: 'sold', pets: [pet(3, 'Lucky', 'sold')], truncated: false },
        { key: 'pending', pets: [pet(4, 'Pepper', 'pending')], truncated: false },
      ],
    };
    const filtered = filterSnapshot(snapshot, 'lu');
    assert.ok('groups' in filtered);
    assert.deepEqual(
      filtered.groups.map((group) => [
        group.key,
        group.pets.map((each) => each.name),
        group.truncated,
      ]),
      [
        ['available', ['Luna'], true],
        ['sold', ['Lucky'], false],
      ],
    );
    assert.equal(petCount(filtered), 2);
    assert.equal(petCount(snapshot), 4);
    assert.equal(filterSnapshot(snapshot, ' '), snapshot);
  });
});
