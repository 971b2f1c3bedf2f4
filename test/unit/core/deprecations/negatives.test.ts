import assert from 'node:assert/strict';
import { findingLines, type Case } from './support';

/** Code that mentions pets but does not use GET /pets/{petId}: nothing may be found. */
export const NEGATIVE_CASES: Case[] = [
  // list and create, sub-paths, other words
  ['a.ts', 'fetch(`${BASE}/pets?status=available`)', []],
  ['a.ts', "fetch(BASE + '/pets')", []],
  ['a.ts', 'fetch(`${BASE}/pets/`)', []],
  ['a.ts', 'fetch(`${BASE}/pets/?limit=5`)', []],
  ['a.ts', 'fetch(`${BASE}/pets/${id}/photos`)', []],
  ['a.ts', "fetch(BASE + '/pets/' + id + '/owner')", []],
  ['a.ts', 'fetch(`${BASE}/petsitters/${id}`)', []],
  ['a.ts', 'fetch(`${BASE}/mypets/${id}`)', []],
  ['a.ts', 'fetch(`${BASE}/v2/pets/${id}`)', []],
  ['a.ts', "const message = 'I have 3 pets/cats at home';", []],
  ['a.ts', "log.warn('GET /pets/{petId} is deprecated, use the list');", []],
  ['a.py', 'raise ValueError(f"GET /pets/{pet_id} failed with {status}")', []],
  // a path parameter named for another resource: an owner's or a user's pets, not a pet by id
  [
    'PetService.kt',
    'interface PetService {\n  @GET("pets/{petowner_id}")\n  fun getByOwnerId(@Path("petowner_id") id: Int): Call<List<Pet>>\n}',
    [],
  ],
  ['a.ts', "axios.get('/api/pets/{userId}', { params })", []],
  // pets under a user: another API's path, whoever's pet it is
  ['Builder.java', 'mockMvc.perform(get("/{username}/pets/{id}", username, id));', []],
  ['a.ts', 'fetch(`${API}/${user.login}/pets/${id}`)', []],
  ['a.js', "router.get('/pets/:ownerId', listOwnerPets);", []],
  // an id named for another resource where the pet's goes: a client's or an owner's pets, a list
  ['a.js', 'axios.get(`${API_URL}/api/pets/${clientId}`).then((r) => r.data.pets)', []],
  ['a.py', 'requests.get(f"{BASE}/pets/{owner_id}")', []],
  ['a.ts', "this.http.get(this.base + '/pets/' + this.customerId)", []],
  ['a.js', 'fetch(`/pets/${props.match.params.userId}`)', []],
  // a list's page with its query in a hole
  ['a.js', 'axios.get(`/api/pets/index${query}`)', []],
  // a test's title names the request it tests; the request itself is found where it is made
  ['pets_spec.rb', "describe 'GET /api/v1/pets/1' do\n  it 'shows' do\n  end\nend", []],
  ['pets_spec.rb', 'context "GET /pets/#{pet.id}" do\nend', []],
  ['pets.test.js', "describe('GET /pets/1', () => {\n  it('GET /pets/2', () => {});\n});", []],
  ['pets.test.ts', 'test(`GET /pets/${id} answers 404`, async () => {});', []],
  ['pets_test.go', 't.Run("GET /pets/1", func(t *testing.T) {})', []],
  ['PetsTest.java', '@DisplayName("GET /pets/{id}")\nvoid getsOne() {}', []],
  // explicit other methods
  ['a.ts', "fetch(`${BASE}/pets/${id}`, { method: 'DELETE' })", []],
  [
    'a.ts',
    "await fetch(`${BASE}/pets/${id}`, {\n  method: 'PUT',\n  body: JSON.stringify(pet),\n});",
    [],
  ],
  ['a.js', "axios.delete('/pets/' + id)", []],
  ['a.ts', 'await api.delete<void>(`/pets/${id}`);', []],
  ['A.java', 'webClient.delete().uri("/pets/{id}", id).retrieve();', []],
  ['a.rb', 'RestClient::Request.execute(method: :delete, url: "#{BASE}/pets/#{id}")', []],
  ['a.go', 'resp, err := client.R().Delete(base + "/pets/" + id)', []],
  ['a.js', "axios({ method: 'patch', url: `/pets/${id}` })", []],
  ['a.py', 'requests.delete(f"{BASE}/pets/{pet_id}")', []],
  ['a.py', 'requests.request("DELETE", f"{BASE}/pets/{pet_id}")', []],
  ['a.py', 'urllib.request.Request(f"{BASE}/pets/{pid}", method="DELETE")', []],
  ['a.go', 'req, _ := http.NewRequest("DELETE", base+"/pets/"+id, nil)', []],
  ['a.go', 'req, _ := http.NewRequest(http.MethodPut, base+"/pets/"+id, body)', []],
  [
    'A.java',
    'HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/pets/" + id)).DELETE().build();',
    [],
  ],
  [
    'A.java',
    'HttpRequest req = HttpRequest.newBuilder()\n    .uri(URI.create(base + "/pets/" + id))\n    .PUT(body)\n    .build();',
    [],
  ],
  ['A.java', 'Request r = new Request.Builder().url(base + "/pets/" + id).delete().build();', []],
  ['A.java', 'HttpDelete del = new HttpDelete(base + "/pets/" + id);', []],
  [
    'A.java',
    'restTemplate.exchange(base + "/pets/{id}", HttpMethod.DELETE, null, Void.class, id);',
    [],
  ],
  [
    'A.java',
    'interface PetApi {\n  @RequestLine("DELETE /pets/{petId}")\n  void deletePet(@Param("petId") long petId);\n}',
    [],
  ],
  [
    'A.java',
    'interface S {\n  @DELETE("pets/{id}")\n  Call<Void> remove(@Path("id") long id);\n}',
    [],
  ],
  ['A.java', '@DeleteMapping("/pets/{id}")\nvoid remove(@PathVariable long id);', []],
  ['A.java', '@DELETE\n@Path("/pets/{petId}")\nvoid remove(@PathParam("petId") long id);', []],
  [
    'A.java',
    '@RequestMapping(value = "/pets/{id}", method = RequestMethod.DELETE)\nvoid remove();',
    [],
  ],
  ['a.kt', 'client.delete("$baseUrl/pets/$id")', []],
  ['a.kt', '"$base/pets/$id".httpDelete().responseString()', []],
  ['a.cs', 'await $"{baseUrl}/pets/{id}".DeleteAsync();', []],
  ['a.cs', 'var request = new RestRequest($"pets/{id}", Method.Delete);', []],
  ['a.cs', '[Delete("/pets/{id}")]\nTask DeletePet(long id);', []],
  ['a.rb', 'RestClient.delete "#{BASE}/pets/#{id}"', []],
  ['a.js', "xhr.open('DELETE', '/pets/' + id);", []],
  ['a.cs', 'await client.DeleteAsync($"{baseUrl}/pets/{id}");', []],
  ['a.cs', 'var req = new HttpRequestMessage(HttpMethod.Delete, $"{baseUrl}/pets/{id}");', []],
  ['a.rb', 'req = Net::HTTP::Delete.new("/v1/pets/#{id}")', []],
  ['a.rb', 'conn.delete("pets/#{id}")', []],
  ['a.php', "<?php\n$client->request('DELETE', $base . '/pets/' . $id);", []],
  ['a.php', '<?php\n$client->delete("$base/pets/$id");', []],
  ['a.php', '<?php\n$body = <<<JSON\n{"note": "see /pets/1 later"}\nJSON;\n$x = 1 << 2;', []],
  ['a.rs', 'client.delete(format!("{}/pets/{}", base, id)).send().await?;', []],
  ['a.sh', 'curl -X DELETE "$BASE/pets/$ID"', []],
  ['a.sh', 'curl -XPUT "$BASE/pets/$ID" -d @pet.json', []],
  ['a.sh', 'curl -d \'{"name":"x"}\' "$BASE/pets/$ID"', []],
  ['a.sh', 'curl --request PATCH "$BASE/pets/$ID"', []],
  ['a.sh', 'http DELETE "$BASE/pets/$ID"', []],
  ['a.http', 'DELETE {{base}}/pets/{{id}}', []],
  ['a.http', 'POST {{base}}/pets\nContent-Type: application/json\n\n{"note": "see /pets/1"}', []],
  // comments and docstrings
  ['a.ts', '// fetch(`${BASE}/pets/${id}`)\n/* GET /pets/{petId} */\n/** @see getPet(id) */', []],
  [
    'a.py',
    'def f():\n    """Calls GET /pets/{pet_id}; see get_pet()."""\n    # requests.get(f"{B}/pets/{i}")\n    return 1',
    [],
  ],
  ['a.py', "'''\nModule docs: /pets/{id}\n'''", []],
  ['a.rb', '# get_pet(1)\n=begin\nGET /pets/1\n=end\nx = 1', []],
  ['a.sh', '# curl "$BASE/pets/$ID"\necho done', []],
  ['a.go', '// GetPet(ctx, 1)\n/* "/pets/1" */\nvar x = 1', []],
  ['a.http', '# GET {{base}}/pets/{{id}}\n// GET {{base}}/pets/1\nGET {{base}}/pets', []],
  ['a.php', '<?php\n# $api->getPet(1);\n// "/pets/1"\n$x = 1;', []],
  ['README.md', '', []],
  // declarations of the operation are not calls
  ['a.py', 'def get_pet(self, pet_id):\n    return None', []],
  [
    'a.ts',
    'class Api {\n  async getPet(id: number): Promise<Pet> {\n    return this.cache[id];\n  }\n}',
    [],
  ],
  ['a.ts', 'interface PetsApi {\n  getPet(id: number): Promise<Pet>;\n}', []],
  [
    'a.go',
    'func (c *Client) GetPet(ctx context.Context, id int64) (*Pet, error) {\n\treturn nil, nil\n}',
    [],
  ],
  [
    'a.go',
    'type PetGetter interface {\n\tGetPet(ctx context.Context, id int64) (*Pet, error)\n\tListPets(ctx context.Context) ([]Pet, error)\n}',
    [],
  ],
  ['a.go', 'type Finder interface {\n\tGetPet(id int64) *Pet\n}', []],
  // gRPC stubs' methods of the same name are remote procedures, not GET /pets/{petId}
  [
    'a.pb.gw.go',
    'msg, err := client.GetPet(ctx, &protoReq, grpc.Header(&metadata.HeaderMD), grpc.Trailer(&metadata.TrailerMD))',
    [],
  ],
  [
    'a.go',
    'pet, err := petClient.GetPet(ctx, &pb.GetPetRequest{Id: id}, grpc.WaitForReady(true))',
    [],
  ],
  ['a.py', 'pet = stub.GetPet(petstore_pb2.GetPetRequest(id=1))', []],
  ['A.java', 'Pet pet = blockingStub.getPet(GetPetRequest.newBuilder().setId(id).build());', []],
  ['A.java', 'public Pet getPet(long id) { return null; }', []],
  ['a.cs', 'public async Task<Pet> GetPetAsync(long id) { return null; }', []],
  ['a.rb', 'def get_pet(id)\n  nil\nend', []],
  ['a.rs', 'pub async fn get_pet(&self, id: i64) -> Result<Pet> { todo!() }', []],
  ['a.php', '<?php\nfunction getPet($id) { return null; }', []],
  ['a.kt', 'suspend fun getPet(id: Long): Pet = TODO()', []],
  // other operations with similar names
  ['a.ts', 'api.getPets(); api.getPetById(1); api.getPetPhotos(1); api.createPet(p);', []],
];

describe('deprecated getPet finder: non-uses are not found', () => {
  for (const [name, code, lines] of NEGATIVE_CASES) {
    it(`${name}: ${
      code
        .split('\n')
        .find((line) => /pets|get_?pet/i.test(line))
        ?.trim() ?? '(empty)'
    }`, () => {
      if (name.endsWith('.md')) return; // Markdown is not scanned at all: no language for it
      assert.deepEqual(findingLines(name, code), lines);
    });
  }
});
