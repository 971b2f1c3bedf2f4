import assert from 'node:assert/strict';
import {
  draftToNewPet,
  newPetJson,
  validateCategoryId,
  validateName,
} from '../../../../src/core/explorer/newPetForm';
import { petDescription, petJson } from '../../../../src/core/explorer/petPresentation';

describe('create-pet form logic', () => {
  it('validates the name as the client schema does', () => {
    assert.equal(validateName('Rex'), undefined);
    assert.equal(validateName(''), 'Name must not be empty');
    assert.equal(validateName('   '), 'Name must not be empty');
    assert.equal(validateName('x'.repeat(201)), 'Name must be at most 200 characters');
    assert.equal(validateName('x'.repeat(200)), undefined);
  });

  it('validates the category id as an exact int64', () => {
    assert.equal(validateCategoryId('9223372036854775807'), undefined);
    assert.equal(validateCategoryId('abc'), 'Must be a whole number (digits only)');
    assert.equal(validateCategoryId('1.5'), 'Must be a whole number (digits only)');
    assert.match(validateCategoryId('9223372036854775808')!, /^Must be an integer between/);
    assert.equal(validateCategoryId(''), 'Enter a whole number');
  });

  it('builds the request body, omitting status when the server decides', () => {
    assert.deepEqual(
      draftToNewPet({ name: 'Rex', categoryId: '9007199254740993', status: 'serverDefault' }),
      {
        newPet: { name: 'Rex', categoryId: 9007199254740993n },
      },
    );
    const withStatus = draftToNewPet({ name: 'Rex', categoryId: '2', status: 'sold' });
    assert.ok('newPet' in withStatus);
    assert.equal(newPetJson(withStatus.newPet), '{"name":"Rex","categoryId":2,"status":"sold"}');
    assert.deepEqual(draftToNewPet({ name: 'Rex', categoryId: 'x' }), {
      error: 'Category id: Must be a whole number (digits only)',
    });
  });

  it('shows and copies int64 ids exactly', () => {
    const pet = {
      id: 9223372036854775807n,
      name: 'Big',
      categoryId: 9007199254740993n,
      status: undefined,
    };
    assert.equal(petDescription(pet), '#9223372036854775807 · category 9007199254740993');
    assert.equal(
      petJson(pet),
      '{\n  "id": 9223372036854775807,\n  "name": "Big",\n  "categoryId": 9007199254740993\n}',
    );
  });
});
