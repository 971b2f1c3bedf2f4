import assert from 'node:assert/strict';
import type { Confidence } from '../../../../src/core/deprecations/model/confidence';
import { meetsConfidence } from '../../../../src/core/deprecations/model/confidence';
import { findingsIn } from './support';

/** [file name, code, the confidence of its one finding]. */
type ConfidenceCase = [name: string, code: string, confidence: Confidence];

/** An HTTP call with GET, stated or by default, or a generated client's getPet, in view. */
const CERTAIN: ConfidenceCase[] = [
  ['a.ts', 'const pet = await fetch(`${BASE}/pets/${id}`);', 'certain'],
  ['a.ts', 'const { data } = await axios.get(`/pets/${id}`);', 'certain'],
  ['a.py', 'r = requests.get(f"{BASE}/pets/{pet_id}")', 'certain'],
  ['a.py', 'url = f"{BASE}/pets/{pet_id}"\nr = session.get(url)', 'certain'],
  ['a.go', 'resp, err := http.Get(base + "/pets/" + id)', 'certain'],
  ['A.java', '@GetMapping("/pets/{id}")\nPet find(@PathVariable long id);', 'certain'],
  ['a.sh', 'curl -fsS "$BASE/pets/$ID"', 'certain'],
  ['a.http', 'GET {{base}}/pets/1', 'certain'],
  ['a.ts', 'const api = new PetApi(config);\nawait api.getPet({ petId: 1 });', 'certain'],
  ['a.rb', 'api_instance = Petstore::PetApi.new\napi_instance.get_pet(1)', 'certain'],
];

/** A URL that flows into a request helper or wrapper whose method is not seen. */
const LIKELY: ConfidenceCase[] = [
  ['a.ts', 'return apiFetch<Pet>(`/pets/${petId}`);', 'likely'],
  ['a.ts', 'const url = `${BASE}/pets/${id}`;\nreturn this.send(url);', 'likely'],
  ['a.py', 'return self._request(f"/pets/{pet_id}")', 'likely'],
  ['a.py', 'def pet_url(pet_id):\n    return BASE + "/pets/" + str(pet_id)', 'likely'],
  ['A.java', 'return execute(base + "/pets/" + id);', 'likely'],
  ['a.go', 'return c.do(ctx, fmt.Sprintf("/pets/%d", id))', 'likely'],
  [
    'A.java',
    'Request request = new Request.Builder().url(base + "/pets/" + id).build();\nclient.newCall(request).execute();',
    'likely',
  ],
  [
    'a.swift',
    'let metadataURL = URL(string: "https://\\(host)/api/pets/\\(id)")!\nreturn PetGalleryReference(metadataURL: metadataURL)',
    'likely',
  ],
];

/** A /pets/{id} string, or a getPet call, whose use is not seen in the file. */
const POSSIBLE: ConfidenceCase[] = [
  ['a.ts', "export const PET_PATH = '/pets/{petId}';", 'possible'],
  ['a.py', 'PET_ENDPOINT = "{base}/pets/{id}"', 'possible'],
  ['a.go', 'const petPath = "/pets/%d"', 'possible'],
  ['a.rb', 'PET_URL = "#{BASE}/pets/%d"', 'possible'],
  ['a.ts', 'const pet = store.getPet(id);', 'possible'],
  ['A.java', 'Pet pet = repository.getPet(id);', 'possible'],
];

describe('deprecated getPet finder: confidence', () => {
  for (const [name, code, confidence] of [...CERTAIN, ...LIKELY, ...POSSIBLE]) {
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')} → ${confidence}`, () => {
      const found = findingsIn(name, code);
      assert.deepEqual(
        found.map((finding) => finding.confidence),
        [confidence],
      );
    });
  }

  it('orders the levels: certain meets every minimum, possible only its own', () => {
    assert.ok(meetsConfidence('certain', 'likely'));
    assert.ok(meetsConfidence('likely', 'likely'));
    assert.ok(!meetsConfidence('possible', 'likely'));
    assert.ok(meetsConfidence('possible', 'possible'));
    assert.ok(!meetsConfidence('likely', 'certain'));
  });
});
