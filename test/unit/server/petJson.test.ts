import assert from 'node:assert/strict';
import { Pets } from '../../../src/core/api/schemas';
import { parseJsonLossless, stringifyJsonLossless } from '../../../src/core/json/losslessJson';
import type { StoredPet } from '../../../src/server/petRepository';
import { petJson, petsJson } from '../../../src/server/petJson';

describe('pet JSON (cached serialization)', () => {
  const pets: StoredPet[] = [
    { id: 1n, name: 'Plain', categoryId: 2n, status: 'available' },
    {
      id: 9223372036854775807n,
      name: 'Quote " backslash \\ newline \n tab \t',
      categoryId: -9223372036854775808n,
      status: 'sold',
    },
    { id: 3n, name: 'Ünïcödé 🐶 \u2028 \u0000', categoryId: 9007199254740993n, status: 'pending' },
  ];

  it('is exactly what the lossless serializer writes, and parses back to the same pets', () => {
    assert.equal(petsJson(pets), stringifyJsonLossless(pets));
    assert.deepEqual(Pets.parse(parseJsonLossless(petsJson(pets))), pets);
    assert.equal(petsJson([]), '[]');
  });

  it('returns the same text for the same pet on later calls', () => {
    assert.equal(petJson(pets[1]!), petJson(pets[1]!));
  });
});
