import assert from 'node:assert/strict';
import { findingsIn } from '../support';

describe('the definition a finding is in', () => {
  it('an annotation followed by a lone @ at the end of the file declares nothing, and ends', () => {
    // The walk past the annotation once started over from the file's first token here, forever.
    for (const name of ['A.java', 'a.kt', 'a.ts', 'a.py']) {
      const [finding] = findingsIn(name, '@GET("pets/{id}") @');
      assert.equal(finding?.within, undefined, name);
    }
  });

  it('names the method an annotation declares, with its interface', () => {
    const [finding] = findingsIn(
      'A.java',
      'public interface PetApi {\n  @GET("pets/{id}") @Headers({"A: b"})\n  Call<Pet> fetchPet(@Path("id") long id);\n}',
    );
    assert.deepEqual(finding?.within, {
      name: 'fetchPet',
      owner: 'PetApi',
      line: 2,
      character: 12,
    });
  });

  it('an object literal argument is not a body: the function around it is', () => {
    const [finding] = findingsIn(
      'service.js',
      [
        "angular.module('app').service('petsService', function ($http) {",
        '  this.getOnePet = function (id) {',
        "    return $http({ method: 'GET', url: baseUrl + '/pets/' + id });",
        '  };',
        '});',
      ].join('\n'),
    );
    assert.equal(finding?.within?.name, 'getOnePet');
  });

  it('names the second method of an object literal, after the first one’s comma', () => {
    const [finding] = findingsIn(
      'PetService.js',
      [
        'export default {',
        "  getListOfAllPets() { return http.get('pets'); },",
        '  getPetDetailsById(id) {',
        '    return http.get(`pets/${id}`);',
        '  },',
        '};',
      ].join('\n'),
    );
    assert.equal(finding?.within?.name, 'getPetDetailsById');
  });
});
