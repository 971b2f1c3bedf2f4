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
});
