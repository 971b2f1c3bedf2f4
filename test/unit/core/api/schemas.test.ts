import assert from 'node:assert/strict';
import { INT64_MAX, INT64_MIN, Int64, parseInt64Text } from '../../../../src/core/api/int64';
import {
  ErrorBody,
  NewPet,
  Pet,
  Pets,
  PetStatus,
  describeIssues,
} from '../../../../src/core/api/schemas';
import { parseJsonLossless } from '../../../../src/core/json/losslessJson';

function issuesOf(result: { success: boolean; error?: unknown }): string {
  assert.equal(result.success, false);
  return describeIssues(result.error as Parameters<typeof describeIssues>[0]);
}

describe('schemas', () => {
  it('PetStatus allows exactly available, pending and sold', () => {
    for (const status of ['available', 'pending', 'sold'])
      assert.equal(PetStatus.parse(status), status);
    for (const status of ['Available', 'archived', '', null, 1])
      assert.equal(PetStatus.safeParse(status).success, false);
  });

  describe('Int64', () => {
    it('accepts the int64 extremes and yields bigints', () => {
      assert.equal(Int64.parse(INT64_MAX), INT64_MAX);
      assert.equal(Int64.parse(INT64_MIN), INT64_MIN);
      assert.equal(Int64.parse(7), 7n);
    });
    it('rejects values beyond int64, fractions and non-numbers', () => {
      assert.match(issuesOf(Int64.safeParse(INT64_MAX + 1n)), /between/);
      assert.match(issuesOf(Int64.safeParse(INT64_MIN - 1n)), /between/);
      assert.match(issuesOf(Int64.safeParse(1.5)), /must be an integer/);
      assert.match(issuesOf(Int64.safeParse('12')), /must be an integer/);
      assert.match(issuesOf(Int64.safeParse(1e300)), /between/);
    });
  });

  describe('NewPet', () => {
    it('accepts a minimal and a full pet', () => {
      assert.deepEqual(NewPet.parse({ name: 'Rex', categoryId: 1 }), {
        name: 'Rex',
        categoryId: 1n,
      });
      assert.deepEqual(NewPet.parse({ name: 'Rex', categoryId: 2n, status: 'sold' }), {
        name: 'Rex',
        categoryId: 2n,
        status: 'sold',
      });
    });
    it('names each missing or invalid field', () => {
      assert.equal(issuesOf(NewPet.safeParse({})), 'name: is required; categoryId: is required');
      assert.equal(
        issuesOf(NewPet.safeParse({ name: '  ', categoryId: 1 })),
        'name: must not be empty',
      );
      assert.equal(
        issuesOf(NewPet.safeParse({ name: 3, categoryId: 1 })),
        'name: must be a string',
      );
      assert.match(
        issuesOf(NewPet.safeParse({ name: 'a', categoryId: 1, status: 'gone' })),
        /^status: must be one of/,
      );
    });
    it('limits names to 200 characters, counted as code points', () => {
      assert.equal(NewPet.safeParse({ name: 'x'.repeat(200), categoryId: 1 }).success, true);
      assert.equal(NewPet.safeParse({ name: '🐶'.repeat(200), categoryId: 1 }).success, true); // 400 UTF-16 units
      assert.match(
        issuesOf(NewPet.safeParse({ name: 'x'.repeat(201), categoryId: 1 })),
        /at most 200/,
      );
    });
  });

  describe('Pet and Pets', () => {
    it('parse a response with an int64 id beyond 2^53 exactly', () => {
      const pets = Pets.parse(
        parseJsonLossless('[{"id":9007199254740993,"name":"A","categoryId":1,"status":"sold"}]'),
      );
      assert.equal(pets[0]!.id, 9007199254740993n);
    });
    it('read a missing or null status as no status', () => {
      assert.equal(Pet.parse({ id: 1, name: 'A', categoryId: 1 }).status, undefined);
      assert.equal(Pet.parse({ id: 1, name: 'A', categoryId: 1, status: null }).status, undefined);
    });
    it('reject a pet without id or with a wrong type', () => {
      assert.match(issuesOf(Pet.safeParse({ name: 'A', categoryId: 1 })), /id: is required/);
      assert.match(
        issuesOf(Pets.safeParse([{ id: 'x', name: 'A', categoryId: 1 }])),
        /0\.id: must be an integer/,
      );
    });
  });

  it('ErrorBody needs code, message and an integer status', () => {
    assert.equal(ErrorBody.safeParse({ code: 'x', message: 'y', status: 400 }).success, true);
    assert.equal(ErrorBody.safeParse({ code: 'x', message: 'y' }).success, false);
    assert.equal(ErrorBody.safeParse({ code: 'x', message: 'y', status: 400.5 }).success, false);
  });

  describe('parseInt64Text (typed by a person)', () => {
    it('reads digits with an optional sign, exactly', () => {
      assert.deepEqual(parseInt64Text(' 9223372036854775807 '), { value: INT64_MAX });
      assert.deepEqual(parseInt64Text('-12'), { value: -12n });
    });
    it('explains what is wrong', () => {
      assert.deepEqual(parseInt64Text(''), { error: 'Enter a whole number' });
      assert.deepEqual(parseInt64Text('1.5'), { error: 'Must be a whole number (digits only)' });
      assert.deepEqual(parseInt64Text('1e3'), { error: 'Must be a whole number (digits only)' });
      assert.match(
        (parseInt64Text('9223372036854775808') as { error: string }).error,
        /^Must be an integer between/,
      );
    });
  });
});
