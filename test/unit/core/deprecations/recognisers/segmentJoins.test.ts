import { itFindsExactly, type Case } from '../support';

/**
 * URLs joined from path segments: "pets" followed by exactly one segment is the deprecated
 * operation; more segments are a sub-resource; file paths (path.join) are not URLs.
 */
export const SEGMENT_JOIN_CASES: Case[] = [
  ['a.ts', "const url = [base, 'pets', id].join('/')", [1]],
  ['a.ts', "const url = [base, 'pets', id, 'photos'].join('/')", []],
  ['a.ts', "const url = [base, 'pets'].join('/')", []],
  ['a.ts', "const url = [base, 'v2', 'pets', id].join('/')", []],
  ['a.ts', "const parts = [base, 'pets', id]", []],
  ['a.ts', "await fetch([base, 'pets', id].join('/'), { method: 'DELETE' })", []],
  ['a.ts', "const file = path.join(dir, 'pets', name)", []],
  ['a.py', "url = '/'.join([BASE, 'pets', str(pid)])", [1]],
  ['a.py', "url = '/'.join((BASE, 'pets', str(pid)))", [1]],
  ['a.py', "requests.delete('/'.join([BASE, 'pets', str(pid)]))", []],
  ['a.py', "path = os.path.join(DATA, 'pets', name)", []],
  ['a.go', 'u, _ := url.JoinPath(base, "pets", id)', [1]],
  ['a.go', 'u := base.JoinPath("pets", strconv.FormatInt(id, 10))', [1]],
  ['a.go', 'u := base.JoinPath("pets", id, "photos")', []],
  ['a.go', 'u := base.JoinPath("pets")', []],
  [
    'A.java',
    'HttpUrl url = HttpUrl.parse(base).newBuilder().addPathSegment("pets").addPathSegment(id).build();',
    [1],
  ],
  [
    'A.java',
    'HttpUrl url = HttpUrl.parse(base).newBuilder().addPathSegment("pets").addPathSegment(id).addPathSegment("photos").build();',
    [],
  ],
  ['A.java', 'HttpUrl url = HttpUrl.parse(base).newBuilder().addPathSegment("pets").build();', []],
  [
    'A.java',
    'Pet p = client.target(base).path("pets").path(String.valueOf(id)).request().get(Pet.class);',
    [1],
  ],
  ['A.java', 'client.target(base).path("pets").path(String.valueOf(id)).request().delete();', []],
  [
    'A.java',
    'URI u = UriComponentsBuilder.fromHttpUrl(base).pathSegment("pets", id).build().toUri();',
    [1],
  ],
  ['A.java', 'Uri u = Uri.parse(base).buildUpon().appendPath("pets").appendPath(id).build();', [1]],
  ['a.kt', 'val url = listOf(base, "pets", id).joinToString("/")', [1]],
  ['a.kt', 'val url = URLBuilder(base).appendPathSegments("pets", id.toString()).build()', [1]],
  ['a.rb', "url = [BASE, 'pets', id].join('/')", [1]],
  ['a.rs', 'url.path_segments_mut().unwrap().push("pets").push(&id.to_string());', [1]],
  ['a.ts', "const u = new URL(base); u.pathname = ['v1', 'pets', id].join('/');", [1]],
  ['a.ts', "const r = ['pets', 'dogs', 'cats'].join('/')", []],
  ['a.ts', "const r = ['a', 'pets', 'cats'].join(', ')", []],
  // judged like any URL: a joined URL kept in a variable and only deleted is no use
  [
    'a.go',
    'u, _ := url.JoinPath(base, "pets", id)\nreq, _ := http.NewRequest(http.MethodDelete, u, nil)',
    [],
  ],
  ['a.go', 'u, _ := url.JoinPath(base, "pets", id)\nresp, _ := http.Get(u)', [1]],
  [
    'a.go',
    'u, err := url.JoinPath(base, "pets", id)\nif err != nil {\n\treturn err\n}\nreq, _ := http.NewRequest(http.MethodDelete, u, nil)',
    [],
  ],
];

describe('deprecated getPet finder: URLs joined from path segments', () =>
  itFindsExactly(SEGMENT_JOIN_CASES));

describe('a path-segment chain ending with "pets", kept in a name and extended later', () =>
  itFindsExactly([
    [
      'PetAPI.swift',
      [
        'final class PetAPI {',
        '    let petsURL: URL = baseURL.appendingPathComponent("pets")',
        '    func pet(id: Int) async throws -> Pet {',
        '        let (data, _) = try await URLSession.shared.data(from: petsURL.appendingPathComponent(String(id)))',
        '        return try JSONDecoder().decode(Pet.self, from: data)',
        '    }',
        '}',
      ].join('\n'),
      [4],
    ],
    [
      'PetClient.java',
      [
        'class PetClient {',
        '  private final UriBuilder pets = UriBuilder.fromUri(base).path("pets");',
        '  Pet pet(long id) { return client.target(pets.path(String.valueOf(id)).build()).request().get(Pet.class); }',
        '}',
      ].join('\n'),
      [3],
    ],
    [
      'PetClient.kt',
      [
        'class PetClient(private val rest: RestTemplate, base: String) {',
        '    private val pets = UriComponentsBuilder.fromHttpUrl(base).pathSegment("pets")',
        '    fun pet(id: Long): Pet? = rest.getForObject(pets.pathSegment(id.toString()).toUriString(), Pet::class.java)',
        '}',
      ].join('\n'),
      [3],
    ],
    // Not the deprecated call: another method, a sub-resource, the chain going on after "pets".
    [
      'PetAPI.swift',
      [
        'let petsURL = baseURL.appendingPathComponent("pets")',
        'var request = URLRequest(url: petsURL.appendingPathComponent(String(id)))',
        'request.httpMethod = "DELETE"',
      ].join('\n'),
      [],
    ],
    [
      'PetAPI.swift',
      'let petsURL = baseURL.appendingPathComponent("pets")\nlet photos = try await URLSession.shared.data(from: petsURL.appendingPathComponent(id).appendingPathComponent("photos"))',
      [],
    ],
    [
      'PetAPI.swift',
      'let petsURL = baseURL.appendingPathComponent("pets").appendingPathComponent("sold")\nlet one = try await URLSession.shared.data(from: petsURL.appendingPathComponent(id))',
      [],
    ],
  ]));
