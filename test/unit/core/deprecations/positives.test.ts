import assert from 'node:assert/strict';
import { findingLines, reportedLines, type Case } from './support';

/** Uses of GET /pets/{petId} in each language's own syntax: every one must be found. */
export const POSITIVE_CASES: Case[] = [
  // an id that names the pet, whatever else it names, is the pet's
  ['a.js', 'axios.get(`/pets/${clientPetId}`)', [1]],
  ['a.ts', 'fetch(`/pets/${this.petId}`)', [1]],
  // JavaScript / TypeScript
  ['a.ts', 'const r = await fetch(`${BASE_URL}/pets/${petId}`);', [1]],
  ['a.ts', "fetch(base + '/pets/' + id)", [1]],
  ['a.js', "axios.get('/pets/' + encodeURIComponent(id))", [1]],
  ['a.js', "const url = 'https://petstore.example.com/v1/pets/42';", [1]],
  ['a.js', "fetch(`/v1/pets/${id}?fields=name`, { method: 'GET' })", [1]],
  ['a.js', "http.get('pets/' + id)", [1]],
  [
    'a.tsx',
    "export const Pet = ({ id }) => {\n  const { data } = useSWR(`/pets/${id}`);\n  return <p>Don't forget</p>;\n};",
    [2],
  ],
  ['a.ts', 'const pet = await api.getPet({ petId: 1 });', [1]],
  ['a.ts', 'const pet = await petsApi.getPetRaw({ petId });', [1]],
  ['a.js', 'request\n  .get(\n    `${base}/pets/${id}`,\n  )', [3]],
  ['a.js', "$.getJSON('/pets/' + id, render)", [1]],
  ['a.ts', 'const pet = await api.get<Pet>(`/pets/${id}`);', [1]],
  [
    'A.java',
    'Pet pet = webClient.get().uri("/pets/{id}", id).retrieve().bodyToMono(Pet.class).block();',
    [1],
  ],
  ['a.go', 'resp, err := client.R().SetResult(&pet).Get(base + "/pets/" + id)', [1]],
  ['a.php', '<?php\n$pet = Http::withToken($key)->get("{$base}/pets/{$id}")->json();', [2]],
  ['a.js', "router.delete('/cache', () => fetch(`/pets/${id}`))", [1]],
  ['a.js', 'const r = await fetch(new URL(`pets/${id}`, base))', [1]],
  // Python
  ['a.py', 'requests.get(f"{BASE_URL}/pets/{pet_id}", headers=h)', [1]],
  ['a.py', 'r = requests.get(\n    f"{BASE_URL}/pets/{pet_id}",\n    headers=h,\n)', [2]],
  ['a.py', 'url = BASE + "/pets/" + str(pet_id)', [1]],
  ['a.py', 'url = "%s/pets/%d" % (BASE, pet_id)', [1]],
  ['a.py', 'url = "{}/pets/{}".format(BASE, pet_id)', [1]],
  ['a.py', 'pet = client.get_pet(pet_id=1)', [1]],
  ['a.py', 'pet = api.get_pet_with_http_info(1)', [1]],
  ['a.py', 'async with session.get(f"{base}/pets/{pid}") as r:\n    pass', [1]],
  ['a.py', 'httpx.request("GET", f"{base}/pets/{pid}")', [1]],
  ['a.py', 'url = (\n    f"{BASE}"\n    f"/pets/{pid}"\n)', [2]],
  ['a.py', 'return requests.get(\n    BASE_URL + "/pets/%s" % pet_id\n)', [2]],
  // Go
  ['a.go', 'resp, err := http.Get(fmt.Sprintf("%s/pets/%d", baseURL, id))', [1]],
  [
    'a.go',
    'req, _ := http.NewRequest("GET", baseURL+"/pets/"+strconv.FormatInt(id, 10), nil)',
    [1],
  ],
  ['a.go', 'req, _ := http.NewRequest(http.MethodGet, base+"/pets/"+id, nil)', [1]],
  ['a.go', 'pet, _, err := client.PetsApi.GetPet(ctx, petID).Execute()', [1]],
  ['a.go', 'func f() {\n\tGetPet(ctx, 1)\n}', [2]],
  ['a.go', 'const petPath = `/pets/{petId}`', [1]],
  // Java
  [
    'A.java',
    'HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/pets/" + id)).GET().build();',
    [1],
  ],
  [
    'A.java',
    'interface PetApi {\n  @RequestLine("GET /pets/{petId}")\n  Pet getPet(@Param("petId") long petId);\n}',
    [2],
  ],
  [
    'A.java',
    'interface PetService {\n  @GET("pets/{id}")\n  Call<Pet> getPet(@Path("id") long id);\n}',
    [2],
  ],
  ['A.java', 'Pet pet = restTemplate.getForObject(baseUrl + "/pets/{id}", Pet.class, id);', [1]],
  ['A.java', 'Pet pet = petApi.getPet(42L);', [1]],
  ['A.java', 'String url = String.format("%s/pets/%s", base, id);', [1]],
  ['A.java', '@GetMapping("/pets/{id}")\nPet fetch(@PathVariable long id);', [1]],
  ['A.java', '@GET\n@Path("/pets/{petId}")\nPet getPet(@PathParam("petId") long id);', [2]],
  // Kotlin
  ['a.kt', 'val pet = client.get("$baseUrl/pets/$id").body<Pet>()', [1]],
  ['a.kt', 'val url = "${config.baseUrl}/pets/${pet.id}"', [1]],
  ['a.kt', 'val pet = api.getPet(id)', [1]],
  ['a.kt', 'val (_, _, result) = "$base/pets/$id".httpGet().responseString()', [1]],
  ['a.kt', '@GET("pets/{id}")\nsuspend fun getPet(@Path("id") id: Long): Pet', [1]],
  // C#
  ['a.cs', 'var pet = await http.GetFromJsonAsync<Pet>($"{baseUrl}/pets/{id}");', [1]],
  ['a.cs', 'var res = await client.GetAsync(baseUrl + "/pets/" + id);', [1]],
  ['a.cs', 'var pet = await petsApi.GetPetAsync(id);', [1]],
  ['a.cs', 'var req = new HttpRequestMessage(HttpMethod.Get, $@"{baseUrl}/pets/{id}");', [1]],
  ['a.cs', 'var url = string.Format("{0}/pets/{1}", baseUrl, id);', [1]],
  ['a.cs', 'var pet = await $"{baseUrl}/pets/{id}".GetJsonAsync<Pet>();', [1]],
  ['a.cs', 'var request = new RestRequest($"pets/{id}", Method.Get);', [1]],
  ['a.cs', '[Get("/pets/{id}")]\nTask<Pet> GetPet(long id);', [1]],
  // Ruby
  ['a.rb', 'res = Net::HTTP.get_response(URI("#{BASE}/pets/#{id}"))', [1]],
  ['a.rb', "res = HTTParty.get(BASE + '/pets/' + id.to_s)", [1]],
  ['a.rb', 'req = Net::HTTP::Get.new("/v1/pets/#{id}")', [1]],
  ['a.rb', 'pet = api.get_pet(id)', [1]],
  ['a.rb', 'pet = api.get_pet id', [1]],
  ['a.rb', 'RestClient.get "#{BASE}/pets/#{id}", accept: :json', [1]],
  ['a.rb', 'conn.get("pets/#{id}")', [1]],
  // PHP
  ['a.php', '<?php\n$res = $client->get("$base/pets/$id");', [2]],
  ['a.php', "<?php\n$res = $client->request('GET', $base . '/pets/' . $id);", [2]],
  ['a.php', '<?php\n$url = "{$this->baseUrl}/pets/{$petId}";', [2]],
  ['a.php', '<?php\n$pet = $api->getPet($id);', [2]],
  ['a.php', '<?php\n$url = <<<EOT\n{$base}/pets/{$id}\nEOT;\n$x = 1;', [2]],
  ['a.php', "<?php\n$url = <<<'EOT'\n/v1/pets/{petId}\n    EOT;\n", [2]],
  ['a.php', "<?php\n$url = sprintf('%s/pets/%d', $base, $id);", [2]],
  // Rust
  [
    'a.rs',
    'let pet: Pet = reqwest::get(format!("{}/pets/{}", base, id)).await?.json().await?;',
    [1],
  ],
  ['a.rs', 'let res = client.get(&format!("{base}/pets/{id}")).send().await?;', [1]],
  ['a.rs', 'let pet = api.get_pet(id).await?;', [1]],
  ['a.rs', 'fn f<\'a>(x: &\'a str) { let u = format!("{}/pets/{}", x, 1); }', [1]],
  // Shell
  ['a.sh', 'curl -s -H "Authorization: Bearer $KEY" "$BASE_URL/pets/$1"', [1]],
  ['a.sh', 'curl "${BASE}"/pets/"${ID}" | jq .', [1]],
  ['a.sh', 'curl -X GET https://petstore.example.com/v1/pets/7', [1]],
  ['a.sh', 'curl -G -d fields=name "$BASE/pets/$ID"', [1]],
  ['a.sh', 'wget -qO- "$BASE/pets/$ID"', [1]],
  ['a.sh', 'http GET "$BASE/pets/$ID" "Authorization:Bearer $KEY"', [1]],
  ['a.sh', 'curl -s \\\n  -H "Accept: application/json" \\\n  "$BASE/pets/$ID"', [3]],
  ['fetch-pet', '#!/bin/sh\ncurl "$BASE/pets/$1"', [2]],
  // HTTP files
  ['a.http', 'GET {{baseUrl}}/pets/{{petId}}\nAuthorization: Bearer {{key}}', [1]],
  ['a.http', '@base = https://x/v1\n\n### one pet\n{{base}}/pets/1', [4]],
  ['a.rest', 'GET https://petstore.example.com/v1/pets/3 HTTP/1.1', [1]],
  ['a.py', 'sock.send(b"GET /v1/pets/3 HTTP/1.1")', [1]],
  ['a.py', 'os.system(f"curl -s {base}/pets/{pid} -H accept:json")', [1]],
  ['a.http', 'GET {{base}}/pets/{{id}}\n    ?fields=name', [1]],
  // ASP.NET routes ignore case: `api/[controller]` is written as its class is named.
  ['a.cs', 'var pet = await client.GetFromJsonAsync<PetInfo>($"/api/Pets/{id}");', [1]],
  ['a.ts', "return this.http.get<Pet>('/api/Pets/' + id);", [1]],
  // The values generated tests give a string id: not a page of that name.
  ['test_client.py', 'self.client.get("/pets/string", cast_to=httpx.Response)', [1]],
  // A variable named like a page is still the request's URL when it is fetched.
  [
    'a.js',
    'const link = `${baseURL}/pets/${id.id}`;\nconst res = await fetch(link, { method: "GET" });',
    [1],
  ],
  ['a.js', 'const petLink = `${base}/pets/${id}`;\nreturn fetch(petLink);', [1]],
];

describe('deprecated getPet finder: uses are found', () => {
  for (const [name, code, lines] of POSITIVE_CASES) {
    it(`${name}: ${code
      .split('\n')
      .find((line) => /pets\//i.test(line) || /get_?pet/i.test(line))
      ?.trim()}`, () => {
      assert.deepEqual(findingLines(name, code), lines);
    });
  }
});

describe('deprecated getPet finder: a method held in a variable states the request', () => {
  it("openapi-generator's Go client: the path filled in place, the method in localVarHTTPMethod", () => {
    const code = [
      'func (a *DefaultApiService) PetsIdGetExecute(r ApiPetsIdGetRequest) (Pets, *_nethttp.Response, error) {',
      '\tvar (',
      '\t\tlocalVarHTTPMethod = _nethttp.MethodGet',
      '\t)',
      '\tlocalVarPath := localBasePath + "/pets/{id}"',
      '\tlocalVarPath = strings.Replace(localVarPath, "{"+"id"+"}", _neturl.PathEscape(parameterToString(r.id, "")), -1)',
      '\treq, err := a.client.prepareRequest(r.ctx, localVarPath, localVarHTTPMethod, localVarPostBody)',
      '}',
    ].join('\n');
    assert.deepEqual(reportedLines('api_default.go', code), [5]);
  });
});

describe('deprecated getPet finder: a project wrapper named like a test client', () => {
  it("a Flutter app's api.request(url, method: 'GET') is a call, not Hono's in-process app.request", () => {
    const code = [
      'class PetService {',
      '  Future<PetModel> getPetById(String id) async {',
      "    final json = await api.request('/api/pets/$id', method: 'GET');",
      '    return PetModel.fromJson(json);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(reportedLines('pet_service.dart', code), [3]);
  });
});

describe('deprecated getPet finder: URL builders named for a method', () => {
  it("a builder named for another method builds that method's URL: a hint; the GET's is reported", () => {
    const code = [
      'class Endpoints {',
      "  static String petDetail(dynamic id) => '/pets/$id';",
      "  static String petUpdate(dynamic id) => '/pets/$id';",
      "  static String petDelete(dynamic id) => '/pets/$id';",
      '}',
    ].join('\n');
    assert.deepEqual(reportedLines('endpoints.dart', code), [2]);
  });
});
