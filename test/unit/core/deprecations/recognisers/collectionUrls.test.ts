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
    ['a.sh', 'P="$BASE/pets"\ncurl -s -X DELETE "${P}/${ID}"', []],
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
