import { itFindsExactly } from '../support';

describe('URLs built from a named collection URL (petsUrl = BASE + "/pets")', () => {
  itFindsExactly([
    // A constant, then `${petsUrl}/${id}`.
    [
      'a.ts',
      "const petsUrl = BASE + '/pets';\nexport const one = (id) => fetch(`${petsUrl}/${id}`);",
      [2],
    ],
    // An Angular service's field, set where it is declared or in the constructor.
    [
      'pet.service.ts',
      [
        '@Injectable()',
        'export class PetService {',
        "  private entityUrl = environment.api + '/pets';",
        '  constructor(private http: HttpClient) {}',
        '  find(id: number) { return this.http.get<Pet>(`${this.entityUrl}/${id}`); }',
        '  all() { return this.http.get<Pet[]>(this.entityUrl); }',
        '}',
      ].join('\n'),
      [5],
    ],
    [
      'pet.service.ts',
      [
        'export class PetService {',
        '  private readonly url: string;',
        '  constructor(private http: HttpClient) { this.url = `${environment.api}/pets`; }',
        "  find(id: number) { return this.http.get<Pet>(this.url + '/' + id); }",
        '}',
      ].join('\n'),
      [4],
    ],
    ['a.py', 'PETS = f"{BASE}/pets"\ndef one(i):\n    return requests.get(f"{PETS}/{i}")', [3]],
    ['a.sh', 'URL_PATH=/pets\ncurl -s "$BASE$URL_PATH/$ID"', [2]],
    ['a.sh', 'PETS="$BASE/pets"\ncurl -s "${PETS}/${ID}"', [2]],
    [
      'a.kt',
      'val petsUrl = "$base/pets"\nsuspend fun one(id: Long) = client.get("$petsUrl/$id")',
      [2],
    ],
    // Swift: a segment chain ending with "pets", interpolated later.
    [
      'PetAPI.swift',
      'let petsURL = baseURL.appendingPathComponent("pets")\nlet (data, _) = try await URLSession.shared.data(from: URL(string: "\\(petsURL)/\\(id)")!)',
      [2],
    ],
    // A collection URL that ends with a slash, completed by any operand: `this.path + id`.
    [
      'pet.service.ts',
      [
        'export class PetService {',
        '  constructor(private http: HttpClient) { }',
        '  path = "http://localhost:3000/pets/";',
        '  getPetDetails(id: number) {',
        '    return this.http.get<Pet>(this.path + id)',
        '  }',
        '  deletePet(petId: number) { return this.http.delete<any>(this.path + petId); }',
        '  photos(id: number) { return this.http.get(this.path + id + "/photos"); }',
        '}',
      ].join('\n'),
      [5],
    ],
    [
      'a.js',
      "const API = 'http://host/api/pets/';\nconst one = (id) => fetch(`${API}${id}`);",
      [2],
    ],
    // Not the deprecated call: another method, a sub-resource, the collection itself, a name the
    // file binds to something else.
    ['a.ts', "const petsUrl = BASE + '/pets';\nawait axios.delete(`${petsUrl}/${id}`);", []],
    ['a.ts', "const petsUrl = BASE + '/pets';\nawait fetch(`${petsUrl}/${id}/photos`);", []],
    ['a.ts', "const petsUrl = BASE + '/pets';\nawait fetch(`${petsUrl}?status=sold`);", []],
    ['a.ts', "const ownersUrl = BASE + '/owners';\nawait fetch(`${ownersUrl}/${id}`);", []],
    [
      'PetAPI.swift',
      'let petsURL = baseURL.appendingPathComponent("pets")\nvar request = URLRequest(url: URL(string: "\\(petsURL)/\\(id)")!)\nrequest.httpMethod = "DELETE"',
      [],
    ],
    ['a.sh', 'P="$BASE/pets"\ncurl -s -X DELETE "${P}/${ID}"', []],
  ]);
});

describe('a collection URL kept in a name and handed to a format call', () => {
  itFindsExactly([
    [
      'pets.go',
      'const petsPath = "/pets"\nfunc Pet(c *http.Client, id int64) (*http.Response, error) {\n\treturn c.Get(fmt.Sprintf("%s%s/%d", base, petsPath, id))\n}',
      [3],
    ],
    [
      'pets.rs',
      'const PETS: &str = "/pets";\npub async fn pet(c: &Client, id: i64) -> Result<Pet> {\n    c.get(format!("{}{}/{}", BASE, PETS, id)).send().await?.json().await\n}',
      [3],
    ],
    [
      'pets.py',
      'PETS_URL = BASE + "/pets"\ndef pet(pid):\n    return requests.get("{}/{}".format(PETS_URL, pid))\ndef pet2(pid):\n    return requests.get("%s/%s" % (PETS_URL, pid))',
      [3, 5],
    ],
    [
      'PetClient.java',
      'class PetClient {\n  private static final String PETS = BASE + "/pets";\n  Pet pet(long id) { return rest.getForObject(String.format("%s/%d", PETS, id), Pet.class); }\n}',
      [3],
    ],
    [
      'PetClient.cs',
      'class PetClient {\n  private const string PetsUrl = Base + "/pets";\n  public Task<Pet?> Pet(long id) => _http.GetFromJsonAsync<Pet>(string.Format("{0}/{1}", PetsUrl, id));\n}',
      [3],
    ],
    // Not the deprecated call: another method, a sub-resource, the collection, an unrelated name,
    // a format without a collection name.
    [
      'pets.go',
      'const petsPath = "/pets"\nfunc Del(c *Client, id int64) { c.Delete(fmt.Sprintf("%s/%d", petsPath, id)) }',
      [],
    ],
    [
      'pets.go',
      'const petsPath = "/pets"\nfunc Photos(c *http.Client, id int64) { c.Get(fmt.Sprintf("%s/%d/photos", petsPath, id)) }',
      [],
    ],
    [
      'pets.py',
      'PETS_URL = BASE + "/pets"\ndef sold():\n    return requests.get("{}?status={}".format(PETS_URL, "sold"))',
      [],
    ],
    [
      'owners.rs',
      'const OWNERS: &str = "/owners";\nfn o(c: &Client, id: i64) { c.get(format!("{}/{}", OWNERS, id)).send(); }',
      [],
    ],
    ['a.go', 'func A(c *http.Client, id int64) { c.Get(fmt.Sprintf("%s/%d", base, id)) }', []],
  ]);
});

describe('fluent chains continued on the next line', () => {
  itFindsExactly([
    ['a.php', '<?php\n$this->withHeaders(["a" => 1])\n  ->getJson("/api/pets/{$id}");', [3]],
    ['a.php', '<?php\n$this->withToken($token)->getJson("/api/pets/{$id}");', [2]],
    ['a.js', 'await request(app)\n  .get(`/api/pets/${id}`)\n  .expect(200);', [2]],
    ['a.kt', 'client\n    .get("/api/pets/$id")', [2]],
    // A header's value is still not a request.
    ['a.cs', 'Response.Headers.Add("Location", $"/pets/{id}");', []],
  ]);
});
