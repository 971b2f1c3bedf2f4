import { itFindsExactly, itReportsExactly, type Case } from './support';

/**
 * Calls made with the common HTTP libraries and generated clients of each language: the uses
 * (expected lines) and the same calls with another method (no lines).
 */
export const LIBRARY_CASES: Case[] = [
  // JS/TS
  ['a.ts', 'const url = `${base}/pets/${encodeURIComponent(String(id))}`;', [1]],
  ['a.ts', "await fetch(`${base}/pets/${id}`, { headers: { 'x-api-key': key } });", [1]],
  ['a.ts', "await fetch(`${base}/pets/${id}`, { method: 'get' });", [1]],
  ['a.ts', 'await fetch(`${base}/pets/${id}`, {\n  method: "GET",\n  headers,\n});', [1]],
  ['a.ts', "const res = await axios({ url: `/pets/${id}`, method: 'get' });", [1]],
  ['a.ts', "const res = await axios({ method: 'delete', url: `/pets/${id}` });", []],
  ['a.ts', 'const res = await axios.request({ url: `/pets/${id}` });', [1]],
  ['a.ts', 'ky.get(`pets/${id}`).json<Pet>()', [1]],
  ['a.ts', 'ky.delete(`pets/${id}`)', []],
  ['a.ts', 'got(`${base}/pets/${id}`).json()', [1]],
  ['a.ts', 'got.post(`${base}/pets/${id}`)', []],
  ['a.ts', 'this.http.get<Pet>(`${this.base}/pets/${id}`)', [1]],
  ['a.ts', 'this.http.put<Pet>(`${this.base}/pets/${id}`, pet)', []],
  ['a.ts', "superagent.get(base + '/pets/' + id).set('x-api-key', key)", [1]],
  ['a.ts', "const path = '/pets/' + petId;\nexport default path;", [1]],
  ['a.ts', 'const PET_URL = (id: number) => `/v1/pets/${id}` as const;', [1]],
  ['a.ts', 'fetch(`/pets/${pet.id}`)', [1]],
  ['a.ts', 'fetch(`/pets/${ids[0]}`)', [1]],
  // Route patterns (:id) are served or navigated to, never sent as they are.
  ['a.ts', 'fetch(`/pets/:id`)', []],
  ['a.ts', "fetch('/pets/' + id + '?fields=name')", [1]],
  ['a.ts', "fetch('/pets/' + id + '#top')", [1]],
  ['a.ts', 'fetch(`${base}/pets/${id}/`)', [1]],
  ['a.ts', 'const r = await request(app).get(`/pets/${id}`);', [1]],
  ['a.ts', 'const r = await request(app).delete(`/pets/${id}`);', []],
  ['a.ts', 'fetch(new Request(`/pets/${id}`))', [1]],
  ['a.ts', "fetch(new Request(`/pets/${id}`, { method: 'DELETE' }))", []],
  ['a.js', "$.ajax({ url: '/pets/' + id, type: 'DELETE' })", []],
  ['a.js', "$.ajax({ url: '/pets/' + id, type: 'GET' })", [1]],
  ['a.js', "$.ajax({ url: '/pets/' + id })", [1]],
  ['a.js', "xhr.open('GET', '/pets/' + id);", [1]],
  ['a.js', 'const p = await client.getPet({ petId: BigInt(1) })', [1]],
  ['a.js', 'const { data } = await PetsService.getPet({ petId })', [1]],
  ['a.js', "const p = await api['getPet'](1)", [1]],
  ['a.jsx', '<a href={`/pets/${id}`}>x</a>', []],
  ['a.ts', "const routes = ['/pets', '/pets/:id'];", []],
  ['a.ts', 'fetch(`${base}/pets/${id}`, { method })', [1]],
  ['a.ts', "useQuery(['pet', id], () => fetch(`/pets/${id}`).then(r => r.json()))", [1]],
  [
    'a.ts',
    "const url = `${base}/pets/${id}`;\nconst res = await fetch(url, { method: 'DELETE' });",
    [],
  ],
  // Python
  ['a.py', "resp = httpx.get(f'{base}/pets/{pet_id}', headers=headers)", [1]],
  [
    'a.py',
    "async with httpx.AsyncClient() as c:\n    r = await c.get(f'{base}/pets/{pet_id}')",
    [2],
  ],
  ['a.py', "r = session.delete(f'{base}/pets/{pet_id}')", []],
  ['a.py', "r = urllib.request.urlopen(f'{base}/pets/{pet_id}')", [1]],
  ['a.py', "r = urlopen(Request(BASE + '/pets/' + str(pid), headers=h))", [1]],
  ['a.py', "url = urljoin(BASE, f'pets/{pid}')", [1]],
  ['a.py', "url = '/pets/{}'.format(pid)", [1]],
  ['a.py', "url = '/pets/%s' % pid", [1]],
  ['a.py', "url = '/pets/' + pid", [1]],
  ['a.py', "url = rf'/pets/{pid}'", [1]],
  ['a.py', 'url = F"{BASE}/pets/{pid}"', [1]],
  ['a.py', "url = f'''{BASE}/pets/{pid}'''", [1]],
  ['a.py', 'r = await client.get(\n    f"/pets/{pet_id}"\n)', [2]],
  ['a.py', 'pet = pets_api.get_pet(pet_id=1, _request_timeout=5)', [1]],
  ['a.py', 'pet = await api.get_pet(1)', [1]],
  ['a.py', "conn.request('GET', f'/v1/pets/{pid}')", [1]],
  ['a.py', "conn.request('DELETE', f'/v1/pets/{pid}')", []],
  ['a.py', "self.client.get(reverse('pet', args=[1]))", []],
  ['a.py', "resp = self.client.get(f'/pets/{pet.id}')", [1]],
  ['a.py', "@app.get('/pets/{pet_id}')\ndef read(pet_id: int): ...", [1]],
  ['a.py', "@app.delete('/pets/{pet_id}')\ndef rm(pet_id: int): ...", []],
  ['a.py', "requests.get(url=f'{BASE}/pets/{pid}')", [1]],
  ['a.py', "requests.request(method='DELETE', url=f'{BASE}/pets/{pid}')", []],
  ['a.py', "requests.request(method='GET', url=f'{BASE}/pets/{pid}')", [1]],
  // Go
  ['a.go', 'url := fmt.Sprintf("%s/pets/%s", base, id)', [1]],
  ['a.go', 'url := base + "/pets/" + strconv.Itoa(id)', [1]],
  ['a.go', 'req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/pets/"+id, nil)', [1]],
  [
    'a.go',
    'req, _ := http.NewRequestWithContext(ctx, http.MethodDelete, base+"/pets/"+id, nil)',
    [],
  ],
  [
    'a.go',
    'req, _ := http.NewRequestWithContext(ctx, "DELETE", fmt.Sprintf("%s/pets/%d", base, id), nil)',
    [],
  ],
  ['a.go', 'resp, err := c.httpClient.Get(c.baseURL + "/pets/" + id)', [1]],
  ['a.go', 'r.Get("/pets/{petID}", h.getPet)', [1]],
  ['a.go', 'pet, resp, err := apiClient.DefaultApi.GetPet(context.Background(), 1).Execute()', [1]],
  ['a.go', 'u := url.URL{Scheme: "https", Host: h, Path: "/pets/" + id}', [1]],
  [
    'a.go',
    'u := fmt.Sprintf("%s/pets/%d", base, id)\nreq, _ := http.NewRequest("GET", u, nil)',
    [1],
  ],
  // Java
  ['A.java', 'Request request = new Request.Builder().url(base + "/pets/" + id).build();', [1]],
  [
    'A.java',
    'Request request = new Request.Builder().url(base + "/pets/" + id).get().build();',
    [1],
  ],
  ['A.java', 'HttpGet get = new HttpGet(base + "/pets/" + id);', [1]],
  [
    'A.java',
    'ResponseEntity<Pet> r = restTemplate.exchange(base + "/pets/{id}", HttpMethod.GET, null, Pet.class, id);',
    [1],
  ],
  [
    'A.java',
    'ResponseEntity<Pet> r = restTemplate.getForEntity(base + "/pets/{id}", Pet.class, id);',
    [1],
  ],
  ['A.java', 'Pet p = restClient.get().uri("/pets/{id}", id).retrieve().body(Pet.class);', [1]],
  ['A.java', 'given().pathParam("id", 1).when().get("/pets/{id}").then().statusCode(200);', [1]],
  ['A.java', 'given().when().delete("/pets/{id}", 1).then().statusCode(204);', []],
  ['A.java', 'mockMvc.perform(get("/pets/{id}", 1)).andExpect(status().isOk());', [1]],
  ['A.java', 'mockMvc.perform(delete("/pets/{id}", 1)).andExpect(status().isOk());', []],
  ['A.java', '@RequestMapping(value = "/pets/{id}", method = RequestMethod.GET)\nPet get();', [1]],
  ['A.java', '@RequestMapping("/pets/{id}")\nPet get();', [1]],
  [
    'A.java',
    'String url = base + "/pets/" + id;\nHttpRequest r = HttpRequest.newBuilder(URI.create(url)).DELETE().build();',
    [],
  ],
  ['A.java', 'Pet pet = client.target(base).path("pets/" + id).request().get(Pet.class);', [1]],
  ['A.java', 'Pet pet = client.target(base + "/pets/" + id).request().delete();', []],
  // A finding starts where its string starts, on the line of the opening quotes.
  ['A.java', 'String s = """\n    GET /pets/1\n    """;', [1]],
  // Kotlin
  ['a.kt', 'val r = client.get("$base/pets/${id}")', [1]],
  ['a.kt', 'val r = client.delete("$base/pets/${id}")', []],
  ['a.kt', 'val req = Request.Builder().url("$base/pets/$id").build()', [1]],
  ['a.kt', 'val r: Pet = httpClient.get { url("$base/pets/$id") }.body()', [1]],
  ['a.kt', 'val r = restTemplate.getForObject<Pet>("/pets/{id}", id)', [1]],
  ['a.kt', 'webTestClient.get().uri("/pets/{id}", 1).exchange()', [1]],
  // C#
  ['a.cs', 'var r = await _http.GetStringAsync($"pets/{id}");', [1]],
  ['a.cs', 'var r = await _http.GetAsync($"{_base}/pets/{id}", ct);', [1]],
  [
    'a.cs',
    'var r = await _http.SendAsync(new HttpRequestMessage(HttpMethod.Get, $"pets/{id}"));',
    [1],
  ],
  [
    'a.cs',
    'var r = await _http.SendAsync(new HttpRequestMessage(HttpMethod.Delete, $"pets/{id}"));',
    [],
  ],
  ['a.cs', 'var r = await _http.GetFromJsonAsync<Pet>("pets/" + id);', [1]],
  ['a.cs', 'var r = await _http.DeleteAsync("pets/" + id);', []],
  ['a.cs', '[HttpGet("/pets/{id}")]\npublic Pet Get(long id) => null;', [1]],
  ['a.cs', '[HttpDelete("/pets/{id}")]\npublic void Del(long id) {}', []],
  ['a.cs', 'var url = $"{baseUrl}/pets/{pet.Id}";', [1]],
  ['a.cs', 'var url = string.Format("{0}/pets/{1}", b, id);', [1]],
  ['a.cs', 'var url = $"{baseUrl}/pets/{id:D}";', [1]],
  ['a.cs', 'var pet = await client.GetPetAsync(1, cancellationToken);', [1]],
  ['a.cs', 'var pet = client.GetPet(1);', [1]],
  // Ruby
  ['a.rb', 'res = Faraday.get("#{base}/pets/#{id}")', [1]],
  ['a.rb', 'res = Faraday.delete("#{base}/pets/#{id}")', []],
  ['a.rb', 'res = conn.get "pets/#{id}"', [1]],
  ['a.rb', 'uri = URI("#{BASE}/pets/#{id}")\nres = Net::HTTP.get(uri)', [1]],
  ['a.rb', 'uri = URI.join(BASE, "pets/#{id}")', [1]],
  ['a.rb', 'res = HTTP.auth(key).get("#{base}/pets/#{id}")', [1]],
  ['a.rb', 'res = RestClient.get("#{BASE}/pets/#{id}", headers)', [1]],
  ['a.rb', 'get "/pets/#{pet.id}"\nexpect(response).to have_http_status(:ok)', [1]],
  ['a.rb', 'delete "/pets/#{pet.id}"', []],
  ['a.rb', "url = '/pets/' + id.to_s", [1]],
  ['a.rb', "url = format('%s/pets/%d', BASE, id)", [1]],
  ['a.rb', 'url = "%s/pets/%d" % [BASE, id]', [1]],
  ['a.rb', 'url = %Q(#{BASE}/pets/#{id})', [1]],
  ['a.rb', 'pet = client.get_pet(pet_id: 1)', [1]],
  // PHP
  ['a.php', '<?php\n$r = file_get_contents("$base/pets/$id");', [2]],
  ['a.php', '<?php\n$r = Http::get("{$base}/pets/{$id}");', [2]],
  ['a.php', '<?php\n$r = Http::delete("{$base}/pets/{$id}");', []],
  ['a.php', '<?php\n$ch = curl_init("$base/pets/$id");', [2]],
  [
    'a.php',
    '<?php\n$ch = curl_init("$base/pets/$id");\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, \'DELETE\');',
    [],
  ],
  ['a.php', '<?php\n$r = $client->request(\'GET\', "pets/{$id}");', [2]],
  ['a.php', "<?php\n$r = $this->client->get('pets/' . $id);", [2]],
  ['a.php', '<?php\n$r = $this->getJson("/pets/{$pet->id}");', [2]],
  ['a.php', '<?php\n$r = $this->deleteJson("/pets/{$pet->id}");', []],
  ['a.php', "<?php\nRoute::get('/pets/{id}', [PetController::class, 'show']);", [2]],
  ['a.php', '<?php\n$pet = $petApi->getPet(1);', [2]],
  // Rust
  ['a.rs', 'let url = format!("{}/pets/{}", self.base, id);', [1]],
  [
    'a.rs',
    'let r = client.get(format!("{}/pets/{}", base, id)).header("x-api-key", key).send().await?;',
    [1],
  ],
  ['a.rs', 'let r = client.request(Method::GET, format!("{base}/pets/{id}")).send().await?;', [1]],
  [
    'a.rs',
    'let r = client.request(Method::DELETE, format!("{base}/pets/{id}")).send().await?;',
    [],
  ],
  ['a.rs', 'let r = ureq::get(&format!("{}/pets/{}", base, id)).call()?;', [1]],
  ['a.rs', 'let r = ureq::delete(&format!("{}/pets/{}", base, id)).call()?;', []],
  ['a.rs', 'let url = base.join(&format!("pets/{}", id))?;', [1]],
  ['a.rs', 'let p = pets_api::get_pet(&config, 1).await?;', [1]],
  ['a.rs', '#[get("/pets/{id}")]\nasync fn get(id: web::Path<i64>) -> impl Responder { "" }', [1]],
  // shell
  ['a.sh', 'curl -fsSL "$BASE/pets/${PET_ID}"', [1]],
  ['a.sh', 'curl -fsSL -X DELETE "$BASE/pets/${PET_ID}"', []],
  ['a.sh', 'curl --request GET --url "$BASE/pets/$ID"', [1]],
  ['a.sh', 'curl --url "$BASE/pets/$ID" --request DELETE', []],
  ['a.sh', 'curl --data-raw \'{}\' "$BASE/pets/$ID"', []],
  ['a.sh', 'curl -H "x-api-key: $KEY" $BASE/pets/$ID', [1]],
  ['a.sh', 'URL="$BASE/pets/$ID"\ncurl "$URL"', [1]],
  ['a.sh', 'http :8787/pets/1 x-api-key:$KEY', [1]],
  ['a.sh', 'http DELETE :8787/pets/1', []],
  ['a.sh', 'curl -sS "$BASE/pets/$(jq -r .id pet.json)"', [1]],
  ['a.sh', 'for id in 1 2 3; do\n  curl -s "$BASE/pets/$id"\ndone', [2]],
  ['a.sh', 'curl -s "$BASE/pets/$ID" -X DELETE', []],
  ['a.sh', 'curl -s -o out.json "$BASE/pets/$ID"', [1]],
  ['a.sh', 'curl -s -I "$BASE/pets/$ID"', []],
  ['a.sh', 'curl -F name=x "$BASE/pets/$ID"', []],
  ['a.sh', 'curl -T pet.json "$BASE/pets/$ID"', []],
  ['a.sh', 'curl --json \'{}\' "$BASE/pets/$ID"', []],
  ['a.bash', 'curl "$BASE/pets/$ID"', [1]],
  ['a.zsh', 'curl "$BASE/pets/$ID"', [1]],
  // A heredoc is text given to a command (here printed), not a command that runs.
  ['a.sh', 'cat <<EOF\ncurl $BASE/pets/1\nEOF', []],
  // http files
  [
    'a.http',
    '### get\nGET {{baseUrl}}/pets/{{petId}} HTTP/1.1\nx-api-key: {{key}}\n\n### delete\nDELETE {{baseUrl}}/pets/{{petId}}',
    [2],
  ],
  ['a.http', '@id = 7\nGET http://localhost:8787/v1/pets/{{id}}', [2]],
  ['a.http', 'GET http://localhost:8787/v1/pets?status=sold', []],
  [
    'a.http',
    'POST {{b}}/pets\nContent-Type: application/json\n\n{\n  "name": "Rex"\n}\n\n###\n\nGET {{b}}/pets/{{id}}',
    [10],
  ],
  ['a.rest', 'get {{b}}/pets/1', [1]],
  ['a.http', '# @name getOne\nGET {{b}}/pets/{{$randomInt 1 10}}', [2]],
  ['a.http', 'GET {{b}}/pets/{{create.response.body.$.id}}', [1]],
  // mocks and stubs of the endpoint, clients with segment builders, Nuxt, Ruby symbols
  ['a.go', 'u := path.Join("/pets", strconv.Itoa(id))', [1]],
  ['a.go', 'p := filepath.Join(dir, "pets", name)', []],
  ['a.cs', 'var pet = await baseUrl.AppendPathSegments("pets", id).GetJsonAsync<Pet>();', [1]],
  ['a.cs', 'await baseUrl.AppendPathSegments("pets", id).DeleteAsync();', []],
  [
    'a.cs',
    'var pet = await baseUrl.AppendPathSegment("pets").AppendPathSegment(id).GetJsonAsync<Pet>();',
    [1],
  ],
  ['a.ts', 'const pet = await this.$axios.$get(`/pets/${id}`)', [1]],
  ['a.ts', 'await this.$axios.$delete(`/pets/${id}`)', []],
  ['a.py', "t = string.Template('$base/pets/$id')", [1]],
  ['a.py', "r = requests.Request('GET', f'{B}/pets/{i}').prepare()", [1]],
  ['a.py', "r = requests.Request('DELETE', f'{B}/pets/{i}').prepare()", []],
  ['A.java', 'String u = MessageFormat.format("{0}/pets/{1}", base, id);', [1]],
  ['A.java', 'String u = "%s/pets/%d".formatted(base, id);', [1]],
  ['a.kt', 'val u = "%s/pets/%d".format(base, id)', [1]],
  ['a.cs', 'var u = $"""{b}/pets/{id}""";', [1]],
  ['a.rs', 'let u = format!("{base}/pets/{id}");', [1]],
  ['a.rs', 'let u = format!(r"{}/pets/{}", base, id);', [1]],
  ['a.ts', "const { data } = await supabase.from('pets').select().eq('id', id)", []],
  ['a.ts', "axios.get(`/pets/${id}`, { params: { fields: 'name' } })", [1]],
  ['a.ts', 'const api = axios.create({ baseURL: `${BASE}/pets/` });', []],
  ['a.ts', 'const r = await fetch(`${BASE}/pets/${id}`, init);', [1]],
  ['a.ts', 'const ROUTES = { pet: (id: string) => `/pets/${id}` };', [1]],
  ['a.ts', "switch (method) { case 'DELETE': return fetch(`/pets/${id}`, { method }); }", [1]],
  ['a.py', 'PET_ENDPOINT = "{base}/pets/{id}"', [1]],
  ['a.py', 'assert resp.request.url == f"{BASE}/pets/1"', [1]],
  ['a.rb', 'stub_request(:get, "#{BASE}/pets/1").to_return(body: "{}")', [1]],
  ['a.rb', 'stub_request(:delete, "#{BASE}/pets/1")', []],
  ['a.ts', "nock(BASE).delete('/pets/1').reply(204)", []],
  ['A.java', 'stubFor(get(urlEqualTo("/pets/1")).willReturn(ok()));', [1]],
  ['A.java', 'stubFor(delete(urlEqualTo("/pets/1")).willReturn(ok()));', []],
  [
    'a.ts',
    "server.use(http.delete('/pets/:id', () => new HttpResponse(null, { status: 204 })))",
    [],
  ],
  // shell command substitutions; strings each lexer must know (nested quotes, raw, char literals)
  ['a.sh', 'PET=$(curl -s "$BASE/pets/$ID")', [1]],
  ['a.sh', 'PET=$(curl -s -X DELETE "$BASE/pets/$ID")', []],
  ['a.sh', 'name=$(curl -s "$BASE/pets/$ID" | jq -r .name)', [1]],
  ['a.sh', 'echo "$(curl -s "$BASE/pets/$ID")"', [1]],
  ['a.sh', 'PET=`curl -s "$BASE/pets/$ID"`', [1]],
  ['a.sh', 'if curl -fs "$BASE/pets/$ID" >/dev/null; then echo ok; fi', [1]],
  ['a.sh', 'curl -s "$BASE/pets/$ID" || exit 1', [1]],
  ['a.sh', "curl -s $'http://x/pets/1'", [1]],
  ['a.sh', 'xargs -I{} curl -s "$BASE/pets/{}" < ids.txt', [1]],
  ['a.py', 'url = f"{d[\'base\']}/pets/{pid}"', [1]],
  ['a.py', 'url = f"{d["base"]}/pets/{pid}"', [1]],
  ['a.py', 'url = fr"{BASE}/pets/{pid}"', [1]],
  ['a.py', 'url = b"/pets/%d" % pid', [1]],
  ['a.py', 'url = f"""\n{BASE}/pets/{pid}\n"""', [1]],
  ['a.py', 'x = a / b\nurl = "/pets/" + str(pid)', [2]],
  ['a.ts', "const x = a / b; const url = '/pets/' + id;", [1]],
  ['a.ts', 'const u = `${`${base}`}/pets/${id}`;', [1]],
  ['a.ts', 'const u = `${base /* c */}/pets/${id}`;', [1]],
  ['a.ts', "const r = /\\/pets\\/\\d+/.test(path); fetch('/pets/' + id)", [1]],
  ['a.go', 'r := \'/\'\nu := base + "/pets/" + id', [2]],
  ['a.go', 'u := `\n/pets/` + id', [1]],
  ['a.rb', 'url = %Q{#{BASE}/pets/#{id}}', [1]],
  ['a.rb', 'sql = <<~SQL\n  SELECT * FROM pets\nSQL\nurl = "#{BASE}/pets/#{id}"', [4]],
  ['a.rb', 'm = path.match(/pets\\/(\\d+)/)\nHTTParty.get("/pets/#{m[1]}")', [2]],
  ['a.rb', "c = ?a\nurl = '/pets/' + id.to_s", [2]],
  [
    'a.php',
    "<html><?php $x = 1; ?><p>/pets/1</p><?php\n$r = file_get_contents('/pets/' . $id);",
    [2],
  ],
  [
    'a.php',
    "<?php\n#[Route('/pets/{id}', methods: ['GET'])]\npublic function show(int $id) {}",
    [2],
  ],
  [
    'a.php',
    "<?php\n#[Route('/pets/{id}', methods: ['DELETE'])]\npublic function rm(int $id) {}",
    [],
  ],
  ['a.cs', 'var c = \'"\';\nvar u = $"{b}/pets/{id}";', [2]],
  ['a.cs', 'var u = $@"{b}/pets/{id}";', [1]],
  ['a.kt', 'val u = """$base/pets/$id"""', [1]],
  ['a.kt', 'val c = \'"\'\nval u = "$base/pets/$id"', [2]],
  ['a.rs', 'let q = \'"\';\nlet u = format!("{}/pets/{}", b, id);', [2]],
  ['a.rs', 'let u = format!(r#"{}/pets/{}"#, b, id);', [1]],
  ['a.java', 'char q = \'"\';\nString u = base + "/pets/" + id;', [2]],
  // the operation handed on to be called (method references), not assigned or only typed
  ['A.java', 'List<Pet> pets = ids.stream().map(petApi::getPet).toList();', [1]],
  ['a.ts', 'const pets = await Promise.all(ids.map(api.getPet));', [1]],
  ['a.ts', 'const load = api.getPet.bind(api);', [1]],
  ['a.ts', 'jest.spyOn(api, "getPet").mockResolvedValue(pet);', []],
  ['a.ts', 'api.getPet = async () => pet;', []],
  [
    'a.ts',
    'const { data } = useQuery({ queryKey: ["pet", id], queryFn: () => api.getPet({ petId: id }) });',
    [1],
  ],
  ['a.ts', 'export { getPet } from "../../deprecations/api";', []],
  ['a.ts', 'import { getPet } from "../../deprecations/api";\nawait getPet(1);', [2]],
  ['a.py', 'pet = functools.partial(api.get_pet, 1)', [1]],
  ['a.py', 'self.get_pet = mock.Mock()', []],
  ['a.rb', 'pet = api.get_pet', [1]],
  ['a.rb', 'pets = ids.map { |id| api.get_pet(id) }', [1]],
  ['a.rb', 'def get_pet(id) = nil', []],
  ['a.go', 'fetch := client.GetPet\npet, err := fetch(ctx, 1)', [1]],
  ['a.py', '@uplink.get("pets/{pet_id}")\ndef fetch_pet(self, pet_id): pass', [1]],
  ['a.py', '@uplink.delete("pets/{pet_id}")\ndef remove_pet(self, pet_id): pass', []],
  ['a.cs', 'var pets = await Task.WhenAll(ids.Select(_api.GetPetAsync));', [1]],
  ['a.kt', 'val pets = ids.map(api::getPet)', [1]],
  ['a.rs', 'let pets = ids.iter().map(|id| api.get_pet(*id));', [1]],
  ['a.ts', 'type PetResponse = Awaited<ReturnType<typeof api.getPet>>;', []],
  // one call, one finding
  ['a.ts', 'const pet = await api.getPet(`/pets/${id}`);', [1]],
  // makefile recipes and container files are shell
  ['Makefile', 'smoke:\n\t@curl -fsS "$(BASE_URL)/pets/1" > /dev/null\n', [2]],
  ['Makefile', 'clean:\n\t-curl -X DELETE "$(BASE_URL)/pets/1"\n', []],
  ['Makefile', 'info:\n\t@echo "Fetching $(BASE_URL)/pets/1"\n', []],
  ['Dockerfile', 'FROM alpine\nRUN curl -fsS "$BASE_URL/pets/1"\n', [2]],
  ['Dockerfile', 'FROM alpine\nRUN curl -X DELETE "$BASE_URL/pets/1"\n', []],
  ['api.dockerfile', 'HEALTHCHECK CMD curl -f http://localhost:8787/v1/pets/1 || exit 1', [1]],
  ['rules.mk', 'check:\n\tcurl "$(API)/pets/$(ID)"', [2]],
  // the method as the first argument, in lower case
  ['a.py', 'r = session.request("delete", f"{B}/pets/{pid}")', []],
  ['a.py', 'r = session.request("get", f"{B}/pets/{pid}")', [1]],
  ['a.js', "xhr.open('delete', '/pets/' + id);", []],
  ['a.js', "xhr.open('get', '/pets/' + id);", [1]],
  ['a.js', "t('delete', '/pets/' + id);", [1]],
  ['a.rb', 'Net::HTTP.new(host).send_request("DELETE", "/pets/#{id}")', []],
  ['a.py', 'await client.request(method="delete", url=f"/pets/{pid}")', []],
  // strings and comments each lexer must tell apart
  ['a.js', 'const q = /"/g; fetch("/pets/" + id)', [1]],
  ['a.js', 'const q = a.replace(/\'/g, ""); fetch(`/pets/${id}`)', [1]],
  ['a.js', 'const t = `${/* "/pets/1" */ base}`; fetch("/pets/" + id)', [1]],
  ['a.jsx', 'const e = <p title="it\'s">Don\'t</p>;\nfetch(`/pets/${id}`)', [2]],
  ['a.js', '// a comment with a `backtick\nfetch(`/pets/${id}`)', [2]],
  ['a.py', 's = "a#b"\nrequests.get(f"/pets/{i}")', [2]],
  ['a.py', 'x = 1 + \\\n    2\nrequests.get(f"/pets/{i}")', [3]],
  ['a.py', 's = f"{x!r:>10}"\nrequests.get(f"/pets/{i}")', [2]],
  ['a.go', 'r := `// not a comment`\nhttp.Get(b + "/pets/" + i)', [2]],
  ['A.java', 'String s = "//"; char c = \'\\\'\';\nclient.get(b + "/pets/" + i);', [2]],
  ['a.kt', 'val d = "${\'$\'}"\nclient.get("$b/pets/$i")', [2]],
  ['a.cs', 'var p = @"c:\\path\\";\nvar r = await http.GetAsync($"{b}/pets/{i}");', [2]],
  ['a.rb', 'x = a / b # /pets/1\nHTTParty.get("/pets/#{i}")', [2]],
  ['a.rb', 'r = %r{/pets/\\d+}\nHTTParty.get("/pets/#{i}")', [2]],
  ['a.rb', 'HTTParty.get("/pets/#{i}")\n__END__\nHTTParty.get("/pets/1")', [1]],
  ['a.php', '<?php\necho "?>";\n$r = $c->get("/pets/$id");', [3]],
  ['a.php', "<?php\n$s = '//'; # comment /pets/1\n$r = $c->get('/pets/' . $id);", [3]],
  ['a.rs', "let c = b'\\'';\nlet r = client.get(format!(\"{}/pets/{}\", b, i));", [2]],
  ['a.sh', 'x=a#b\ncurl "$B/pets/$I"', [2]],
  ['a.sh', 'n=${#ARR[@]}\ncurl "$B/pets/$I"', [2]],
  ['a.sh', 'p="${P#prefix}"\ncurl "$B/pets/$I"', [2]],
  ['a.sh', 'cat <<\'EOF\'\n"unclosed\nEOF\ncurl "$B/pets/$I"', [4]],
  // a method chosen at run time: a choice that includes GET may send one
  ['a.ts', "fetch(`/pets/${id}`, { method: isDelete ? 'DELETE' : 'GET' })", [1]],
  ['a.ts', "fetch(`/pets/${id}`, { method: isDelete ? 'DELETE' : 'PUT' })", []],
  ['a.py', "requests.request(method='DELETE' if gone else 'GET', url=f'/pets/{i}')", [1]],
  [
    'a.kt',
    'client.request("$b/pets/$id") { method = if (gone) HttpMethod.Delete else HttpMethod.Get }',
    [1],
  ],
  [
    'a.kt',
    'client.request("$b/pets/$id") { method = if (gone) HttpMethod.Delete else HttpMethod.Put }',
    [],
  ],
  // a lambda that only builds the URI belongs to the request around it
  ['A.java', 'webClient.delete().uri(b -> b.path("/pets/{id}").build(id)).retrieve();', []],
  ['A.java', 'webClient.get().uri(b -> b.path("/pets/{id}").build(id)).retrieve();', [1]],
  [
    'A.java',
    'webClient.delete()\n    .uri(uriBuilder -> uriBuilder.path("/pets/{id}").build(id))\n    .retrieve();',
    [],
  ],
  ['a.js', "router.delete('/x', (req) => fetch(`/pets/${req.id}`))", [1]],
  // more clients: hyper, Excon, WordPress, EventSource, Tornado, Unirest, RxJS, RESTDataSource, resty
  [
    'a.rs',
    'let req = Request::builder().method("DELETE").uri(format!("{}/pets/{}", b, id)).body(Body::empty())?;',
    [],
  ],
  [
    'a.rs',
    'let req = Request::builder().uri(format!("{}/pets/{}", b, id)).body(Body::empty())?;',
    [1],
  ],
  ['a.rs', 'let req = Request::get(format!("{}/pets/{}", b, id)).body(())?;', [1]],
  ['a.rb', 'res = Excon.delete("#{BASE}/pets/#{id}")', []],
  ['a.rb', 'res = Excon.get("#{BASE}/pets/#{id}")', [1]],
  ['a.php', "<?php\n$r = wp_remote_request(\"$base/pets/$id\", ['method' => 'DELETE']);", []],
  ['a.php', '<?php\n$r = wp_remote_get("$base/pets/$id");', [2]],
  ['a.ts', 'const es = new EventSource(`/pets/${id}`);', [1]],
  ['a.py', 'req = HTTPRequest(f"{B}/pets/{i}", method="DELETE")', []],
  [
    'A.java',
    'HttpResponse<String> r = Unirest.delete(base + "/pets/{id}").routeParam("id", id).asString();',
    [],
  ],
  [
    'A.java',
    'HttpResponse<Pet> r = Unirest.get(base + "/pets/{id}").routeParam("id", id).asObject(Pet.class);',
    [1],
  ],
  ['a.ts', 'const pet = await ajax.getJSON(`/pets/${id}`)', [1]],
  ['a.ts', 'await this.delete(`pets/${id}`)', []],
  ['a.go', 'resp, err := resty.New().R().SetPathParam("id", id).Delete(base + "/pets/{id}")', []],
];

describe('deprecated getPet finder: common libraries of each language', () =>
  itFindsExactly(LIBRARY_CASES));

/** JAX-RS clients: the method comes after the invocation is built, and counts at the default level. */
const JAX_RS_CASES: Case[] = [
  ['A.java', 'Pet p = client.target(base + "/pets/" + id).request().get(Pet.class);', [1]],
  [
    'A.java',
    'Response r = client.target(base).path("pets").path(String.valueOf(id))\n    .request(MediaType.APPLICATION_JSON)\n    .get();',
    [1],
  ],
  ['A.java', 'client.target(base + "/pets/" + id).request().delete();', []],
  ['A.java', 'String v = lookup(base + "/pets/" + id).get();', []],
];

describe('deprecated getPet finder: JAX-RS clients', () => itReportsExactly(JAX_RS_CASES));

/**
 * Shapes met in third-party repositories (oapi-codegen, connexion, prism, openapi-core, Spring
 * PetClinic microservices): what each reports at the default level.
 */
const THIRD_PARTY_CASES: Case[] = [
  // gorilla/mux states the method after the route: .Methods("DELETE").
  ['a.go', 'r.HandleFunc(base+"/pets/{id}", w.DeletePet).Methods("DELETE")', []],
  ['a.go', 'r.HandleFunc(base+"/pets/{id}", w.FindPet).Methods("GET")', [1]],
  ['a.go', 'r.HandleFunc("/pets/{id}", w.Remove).Methods(http.MethodDelete)', []],
  // Checking that a client has the operation is not calling it.
  ['a.go', 'if api.getPet != nil {\n\treturn\n}', []],
  ['a.ts', 'if (api.getPet !== undefined)\n  await api.getPet(1);', [2]],
  ['a.ts', 'if (client.getPet == null) throw new Error("old client");', []],
  // A wildcard owner is still an owner: /owners/*/pets/{id} is the PetClinic's nested resource.
  [
    'A.java',
    '@GetMapping("owners/*/pets/{petId}")\npublic Pet find(@PathVariable int petId) {}',
    [],
  ],
  // Testify's assertion object: a := require.New(t); a.Equal(expected, actual).
  ['a.go', 'a := require.New(t)\na.Equal("/pets/{petId}", op.Path.String())', []],
  ['a.go', 'is := assert.New(t)\nis.Equal(fmt.Sprintf("/pets/%d", id), path)', []],
  // Falcon's test client names the method: simulate_get, simulate_delete.
  ['a.py', 'r = client.simulate_get("/v1/pets/12", headers=headers)', [1]],
  ['a.py', 'r = client.simulate_delete("/v1/pets/12", headers=headers)', []],
  // A stored path only handed to a helper whose result a test checks (prism's colorizer test).
  [
    'a.ts',
    'const path = `/pets/${TAG}651`;\nexpect(colorize(path, chalk.blue)).toBe(`/pets/651`);',
    [],
  ],
  ['a.ts', 'const path = `/pets/${id}`;\nconfirmDelete(path);', []],
  ['a.ts', 'const path = `/pets/${id}`;\nexpect(await api.get(path)).toEqual(pet);', [1]],
  // Rows of test tables (schemathesis, JUnit, Jest): data a test is fed, a hint only.
  [
    'a.py',
    '@pytest.mark.parametrize(\n    ["name", "path"],\n    [\n        ("id", "/users/{id}"),\n        ("petguid", "/pets/{petguid}"),\n    ],\n)\ndef test_name(name, path): ...',
    [],
  ],
  [
    'a.py',
    '@pytest.mark.parametrize(\n    ("id", "expected"),\n    [\n        ("x", ("POST /pets", "GET /pets/{id}", "GetPet", "201")),\n    ],\n)',
    [],
  ],
  [
    'A.java',
    '@ParameterizedTest\n@ValueSource(strings = {"/pets/1", "/pets/2"})\nvoid reads(String path) {}',
    [],
  ],
  ['a.ts', "it.each([['/pets/1', 200]])('GET %s', (path, status) => {});", []],
  // A request type's own method member (Swift request structs, TypeScript classes).
  [
    'a.swift',
    'struct ReadPet: Request {\n    let path: String\n    let method: HTTPMethod = .get\n    init(petId: UUID) {\n        self.path = "/user/pets/\\(petId)"\n    }\n}',
    [5],
  ],
  [
    'a.ts',
    "class ReadPet implements ApiRequest {\n  readonly method = 'GET';\n  constructor(id: number) {\n    this.path = `/pets/${id}`;\n  }\n}",
    [4],
  ],
  // ... also a computed one (cdd-swift-ios's generated request structs).
  [
    'a.swift',
    'struct ShowPet: APIRequest {\n    var urlPath: String { return "/pets/\\(petId)" }\n    var method: HTTPMethod { return .get }\n    let petId: String\n}',
    [2],
  ],
  // A mock request (openapi-core's tests) is validated against a route, never sent: a route-test
  // hint, counted as routes are.
  [
    'a.py',
    'def test_get_pet(spec):\n    path_pattern = "/v1/pets/{petId}"\n    request = MockRequest(\n        host_url,\n        "GET",\n        "/pets/1",\n        path_pattern=path_pattern,\n    )',
    [],
  ],
  [
    'a.py',
    'request = MockRequest(\n    host_url, "GET", "/v1/pets/1",\n    path_pattern="/v1/pets/{petId}",\n)',
    [],
  ],
  // A keyword argument named like the variable still hands the URL on.
  [
    'a.py',
    'def load(pet_id):\n    url = f"{BASE}/pets/{pet_id}"\n    return requests.get(url=url)',
    [2],
  ],
  // A validator's matched route, beside a "GET" in another statement of the function (kin-openapi).
  [
    'a_test.go',
    'func TestReset(t *testing.T) {\n\tr := getRequestResult()\n\tr.MatchedPath = "/pets/{petId}"\n\tr.MatchedMethod = "GET"\n\tr.reset()\n}',
    [],
  ],
  // ... while a method set by name in the same body still speaks for the URL.
  [
    'a.cs',
    'public async Task Delete(int id) {\n    var request = new HttpRequestMessage();\n    request.Method = HttpMethod.Delete;\n    request.RequestUri = new Uri($"{Base}/pets/{id}");\n    await client.SendAsync(request);\n}',
    [],
  ],
  [
    'a.ts',
    "function remove(id: number) {\n  const options = { method: 'DELETE' };\n  options.url = `/pets/${id}`;\n  return request(options);\n}",
    [],
  ],
  // A method word logged in an arrow function's body says nothing of the URL it returns.
  [
    'a.ts',
    'const load = (id: number) => {\n  console.log("DELETE");\n  const url = `/pets/${id}`;\n  return url;\n};',
    [3],
  ],
  // A request inside an array stays a request.
  ['a.ts', "const [a, b] = await Promise.all([fetch('/pets/1'), fetch('/pets')]);", [1]],
];

describe('deprecated getPet finder: shapes from third-party repositories', () =>
  itReportsExactly(THIRD_PARTY_CASES));

/** Request types whose own method member is another method: nothing found, even as possible. */
const OTHER_METHOD_TYPE_CASES: Case[] = [
  [
    'a.swift',
    'struct DeletePet: Request {\n    let path: String\n    let method: HTTPMethod = .delete\n    init(petId: UUID) {\n        self.path = "/user/pets/\\(petId)"\n    }\n}',
    [],
  ],
  [
    'a.kt',
    'class RemovePet(id: Long) : ApiRequest() {\n    override val method = HttpMethod.Delete\n    override val path = "/pets/$id"\n}',
    [],
  ],
  [
    'a.cs',
    'public class DeletePet : ApiRequest\n{\n    public override HttpMethod Method => HttpMethod.Delete;\n    public override string Path => $"/pets/{Id}";\n}',
    [],
  ],
  // Computed members: Swift's getter (with and without return), C#'s get block, Kotlin's get(),
  // a TypeScript accessor.
  [
    'a.swift',
    'struct PetsPostRequest: APIRequest {\n    var urlPath: String { return "/pets/\\(petId)" }\n    var method: HTTPMethod { return .post }\n    var petId: String\n}',
    [],
  ],
  [
    'a.swift',
    'struct DeletePet: Endpoint {\n    var path: String { "/pets/\\(id)" }\n    var method: HTTPMethod { .delete }\n    let id: Int\n}',
    [],
  ],
  [
    'a.cs',
    'public class DeletePet : ApiRequest\n{\n    public override HttpMethod Method { get { return HttpMethod.Delete; } }\n    public override string Path => $"/pets/{Id}";\n}',
    [],
  ],
  [
    'a.kt',
    'class RemovePet(id: Long) : ApiRequest() {\n    override val method: HttpMethod\n        get() = HttpMethod.Delete\n    override val path = "/pets/$id"\n}',
    [],
  ],
  [
    'a.ts',
    "class RemovePet extends ApiRequest {\n  get method(): string { return 'DELETE'; }\n  constructor(id: number) { super(`/pets/${id}`); }\n}",
    [],
  ],
  // A member that only declares the method's type (a protocol's requirement) states nothing.
  [
    'a.swift',
    'struct ReadPet: APIRequest {\n    var method: HTTPMethod { get }\n    var urlPath: String { return "/pets/\\(petId)" }\n}',
    [3],
  ],
  // A method member of another type does not reach in: the URL's own type has none.
  [
    'a.ts',
    "class Remover { method = 'DELETE'; }\nclass Reader {\n  load(id: number) { return send(`/pets/${id}`); }\n}",
    [3],
  ],
];

describe('deprecated getPet finder: request types stating another method', () =>
  itFindsExactly(OTHER_METHOD_TYPE_CASES));

// A module on a path is not the operation (BRRTRouter's pet store handlers); the function is.
const MODULE_PATH_CASES: Case[] = [
  [
    'a.rs',
    'use crate::handlers::get_pet::{Request, Response};\npub fn handler(req: Request) -> Response {\n    crate::controllers::get_pet::handle(req)\n}\nlet pet = api::get_pet(&config, 42).await?;',
    [5],
  ],
];

describe('deprecated getPet finder: module paths', () => itFindsExactly(MODULE_PATH_CASES));
