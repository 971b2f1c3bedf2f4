import assert from 'node:assert/strict';
import { findingsIn } from '../support';

/** `line name` of each finding (1-based), `-` when it is in no function. */
function sites(name: string, code: string): string[] {
  return findingsIn(name, code).map(
    (finding) => `${finding.start.line + 1} ${finding.within?.name ?? '-'}`,
  );
}

describe('a URL kept in a constant is found where the constant is sent', () => {
  it('Java: a static final path, sent by a method (the method is what callers reach)', () => {
    const code = [
      'public class PetClient {',
      '  private static final String PET_BY_ID = "/pets/{id}";',
      '  public Pet fetch(long id) {',
      '    return rest.getForObject(PET_BY_ID, Pet.class, id);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(sites('PetClient.java', code), ['4 fetch']);
  });

  it('Go: a path built from constants in a const block, sent by a package function', () => {
    const code = [
      'package pet',
      '',
      'const (',
      '\tResource = "pets"',
      '\tById     = Resource + "/%d"',
      ')',
      '',
      'func requestById(petId uint32) requests.Request[RestModel] {',
      '\treturn rest.MakeGetRequest[RestModel](fmt.Sprintf(getBaseRequest()+ById, petId))',
      '}',
    ].join('\n');
    assert.deepEqual(sites('requests.go', code), ['9 requestById']);
  });

  it('Python: a module constant formatted in two methods: both are requests', () => {
    const code = [
      'GET_PET = "/pets/{}"',
      'class PetApi:',
      '    def pet(self, pet_id):',
      '        return self.client.get(GET_PET.format(pet_id))',
      '    def pet_name(self, pet_id):',
      '        return requests.get(BASE + GET_PET.format(pet_id)).json()["name"]',
    ].join('\n');
    assert.deepEqual(sites('api.py', code), ['4 pet', '6 pet_name']);
  });

  it('stays where it is defined when no function of the file uses it (used elsewhere)', () => {
    assert.deepEqual(sites('paths.ts', 'export const PET_URL = `${BASE}/pets/${ID}`;'), ['1 -']);
  });

  it('a parameter or a local of the same name is not the constant', () => {
    const code = [
      "const url = '/pets/1';",
      'function show(url) { return fetch(url); }',
      'function other() { const url = "/owners"; return fetch(url); }',
    ].join('\n');
    assert.deepEqual(sites('a.js', code), ['1 -']);
  });
});
