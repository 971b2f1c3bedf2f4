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

  it('a call taking a trailing closure (Kotlin, Swift) is not a declaration: the function around it is', () => {
    const kotlin = findingsIn(
      'PetApiSpec.kt',
      [
        'class PetApiSpec : DescribeSpec({',
        '    describe("the pets endpoint") {',
        '        it("returns one pet") {',
        '            client.get("$baseUrl/pets/1").status shouldBe HttpStatusCode.OK',
        '        }',
        '    }',
        '})',
        'fun checkPet(id: Long) = runTest {',
        '    withClient(token) { it.get("$baseUrl/pets/$id") }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(
      kotlin.map((finding) => finding.within?.name),
      [undefined, 'checkPet'],
    );
    const swift = findingsIn(
      'PetAPISpec.swift',
      [
        'final class PetAPISpec: QuickSpec {',
        '    override class func spec() {',
        '        it("loads a pet") {',
        '            _ = try await session.data(from: URL(string: "\\(base)/pets/\\(id)")!)',
        '        }',
        '    }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(
      swift.map((finding) => finding.within?.name),
      ['spec'],
    );
  });

  it('Go: a request in a t.Run closure, after many subtests, is in the test function', () => {
    const subtest = (name: string, path: string, checks: string[]) => [
      '',
      '\t// ---------------------------------------------------',
      `\t// GET ${path}`,
      '\t// ---------------------------------------------------',
      `\tt.Run("${name}", func(t *testing.T) {`,
      `\t\tresp, err := client.Get(ts.URL + "${path}")`,
      '\t\trequire.NoError(t, err)',
      '\t\tdefer resp.Body.Close()',
      '',
      '\t\tassert.Equal(t, http.StatusOK, resp.StatusCode)',
      '',
      '\t\tvar body struct {',
      '\t\t\tData  []Pet `json:"data"`',
      '\t\t\tTotal int64 `json:"total"`',
      '\t\t}',
      '\t\trequire.NoError(t, json.NewDecoder(resp.Body).Decode(&body))',
      ...checks,
      '\t})',
    ];
    const lines = ['package api', '', 'func TestPets(t *testing.T) {', '\tclient := ts.Client()'];
    for (let page = 0; page < 6; page++)
      lines.push(
        ...subtest(
          `page ${page}`,
          `/pets?page=${page}`,
          page % 2
            ? [
                '\t\tfor _, pet := range body.Data {',
                '\t\t\tassert.Less(t, 1.0, pet.Price)',
                '\t\t}',
              ]
            : ['\t\tassert.Len(t, body.Data, 2)'],
        ),
      );
    lines.push(
      ...subtest('one pet', '/pets/1', ['\t\tassert.Equal(t, int64(1), body.Total)']),
      '}',
    );
    const found = findingsIn('pets_test.go', lines.join('\n'));
    assert.deepEqual(
      found.map((finding) => [finding.detail, finding.within?.name]),
      [['{…}/pets/1', 'TestPets']],
    );
  });
});
