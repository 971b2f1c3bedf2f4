import type { Case } from '../support';

/**
 * Strings shaped like /pets/{id} whose role is not an API request (issue #17's false alarms seen
 * on real code), each class in several languages, next to the requests they must not hide.
 */

/** Server-side redirects send a browser elsewhere: never a request this code makes. */
export const REDIRECT_CASES: Case[] = [
  ['a.rb', 'redirect_to "/pets/#{pet.id}"', []],
  ['a.rb', 'redirect_to("/pets/#{@pet.id}", notice: "Saved")', []],
  [
    'a.rb',
    'redirect_to pet_path(@pet), status: :see_other\nredirect_back fallback_location: "/pets/#{id}"',
    [],
  ],
  ['a.php', "<?php\nreturn redirect('/pets/' . $pet->id);", []],
  ['a.php', "<?php\nreturn redirect()->to('/pets/' . $pet->id)->with('status', 'saved');", []],
  ['a.php', '<?php\nreturn Redirect::to("/pets/{$pet->id}");', []],
  ['a.php', "<?php\nheader('Location: /pets/' . $id);", []],
  ['a.py', 'return redirect(f"/pets/{pet.id}")', []],
  ['a.py', 'return HttpResponseRedirect(f"/pets/{pet.pk}/")', []],
  ['a.py', 'return RedirectResponse(url=f"/pets/{pet_id}", status_code=303)', []],
  ['a.js', 'res.redirect(`/pets/${pet.id}`);', []],
  ['a.js', "res.redirect(303, '/pets/' + pet.id);", []],
  ['a.ts', "reply.redirect('/pets/' + id)", []],
  ['a.ts', 'ctx.redirect(`/pets/${id}`)', []],
  ['a.ts', "res.writeHead(302, { Location: '/pets/' + id });", []],
  ['a.ts', "res.setHeader('Location', `/pets/${id}`);", []],
  ['A.java', 'return "redirect:/pets/" + pet.getId();', []],
  ['A.java', 'return "forward:/pets/" + id;', []],
  ['A.java', 'response.sendRedirect("/pets/" + id);', []],
  ['A.java', 'return new ModelAndView("redirect:/pets/" + id);', []],
  ['a.kt', 'return "redirect:/pets/${pet.id}"', []],
  ['a.cs', 'return Redirect($"/pets/{pet.Id}");', []],
  ['a.cs', 'return LocalRedirect($"/pets/{id}");', []],
  ['a.cs', 'return RedirectPermanent("/pets/" + id);', []],
  ['a.cs', 'Response.Redirect("/pets/" + id);', []],
  ['a.go', 'http.Redirect(w, r, "/pets/"+id, http.StatusSeeOther)', []],
  ['a.go', 'c.Redirect(http.StatusFound, fmt.Sprintf("/pets/%d", id))', []],
  ['a.go', 'return c.Redirect(http.StatusMovedPermanently, "/pets/"+id)', []],
  ['a.rs', 'Redirect::to(&format!("/pets/{}", id))', []],
  [
    'a.rs',
    'HttpResponse::Found().append_header(("Location", format!("/pets/{}", id))).finish()',
    [],
  ],
  // …while the same helpers' neighbours that do send stay uses.
  ['a.rb', 'redirect_to "/pets"\nres = Net::HTTP.get(URI("#{BASE}/pets/#{id}"))', [2]],
  ['a.js', "res.redirect('/pets');\nconst pet = await fetch(`${api}/pets/${id}`);", [2]],
];

/** Client-side routes, links and navigation: a page of the app, not a request to the API. */
export const NAVIGATION_CASES: Case[] = [
  ['a.tsx', "export const Route = createFileRoute('/pets/$petId')({ component: PetPage })", []],
  [
    'a.tsx',
    "const petRoute = createRoute({ getParentRoute: () => root, path: '/pets/$petId' })",
    [],
  ],
  ['a.tsx', 'return <Link href={`/pets/${pet.id}`}>{pet.name}</Link>;', []],
  ['a.tsx', '<a href={`/pets/${pet.id}`} className="card">{pet.name}</a>', []],
  ['a.jsx', '<NavLink to={"/pets/" + pet.id}>Open</NavLink>', []],
  ['a.ts', "window.location.href = '/pets/' + id;", []],
  ['a.ts', 'window.location = `/pets/${id}`;', []],
  ['a.ts', 'document.location.assign(`/pets/${id}`);', []],
  ['a.ts', 'location.href = `/pets/${pet.id}`', []],
  ['a.ts', 'window.open(`/pets/${id}`, "_blank");', []],
  [
    'a.svelte',
    '<script>\n  import { goto } from "$app/navigation";\n  goto(`/pets/${id}`);\n</script>',
    [],
  ],
  ['a.ts', "throw redirect(303, '/pets/' + id);", []],
  ['a.ts', "this.router.navigate(['/pets', pet.id]);", []],
  ['a.ts', 'this.router.navigateByUrl(`/pets/${pet.id}`);', []],
  [
    'a.vue',
    '<script setup>\nconst router = useRouter()\nrouter.push({ path: `/pets/${id}` })\n</script>',
    [],
  ],
  ['a.ts', "const routes = [{ path: '/pets/new', component: NewPet }];", []],
  ['a.ts', "{ path: '/pets/edit', name: 'edit' }", []],
  ['a.py', 'return render(request, "pets/detail.html", {"url": f"/pets/{pet.id}"})', []],
  [
    'a.py',
    "reverse('pets:detail', args=[pet.id])\nlink = f'<a href=\"/pets/{pet.id}\">{pet.name}</a>'",
    [],
  ],
  ['a.php', "<?php\necho '<a href=\"/pets/' . $pet->id . '\">' . $pet->name . '</a>';", []],
  ['a.php', '<a href="/pets/<?= $pet->id ?>">Show</a>', []],
  ['a.rb', 'link_to pet.name, "/pets/#{pet.id}"', []],
  ['a.rb', 'link_to "Show", "/pets/#{pet.id}", class: "btn"', []],
  ['a.kt', 'navController.navigate("pets/${pet.id}")', []],
  // React Router's navigate function kept as `nav`; a link copied or shared, not requested.
  ['a.jsx', 'const nav = useNavigate();\nnav(`/pets/${pet._id}`);', []],
  ['a.js', 'navigator.clipboard.writeText(`${base}/pets/${petId}`);', []],
  ['a.jsx', 'const link = `/pets/${pet.id}`;\nreturn <Link to={link}>{pet.name}</Link>;', []],
  ['a.ts', 'await Share.share({ message: pet.name, url: `${base}/pets/${id}` });', []],
  ['a.kt', 'composable("pets/{petId}") { entry -> PetScreen(entry.arguments) }', []],
  ['a.cs', 'NavigationManager.NavigateTo($"/pets/{pet.Id}");', []],
  ['a.cs', '@page "/pets/{Id:long}"', []],
  ['a.rb', 'expect(page).to have_link(pet.name, href: "/pets/#{pet.id}")', []],
  ['a.rb', 'expect(current_path).to eq("/pets/#{pet.id}")', []],
  ['a.rb', 'expect(page).to have_current_path("/pets/#{pet.id}")', []],
  ['a.ts', 'expect(window.location.pathname).toBe(`/pets/${id}`);', []],
  ['a.py', 'assert browser.current_url == f"{LIVE}/pets/{pet.id}"', []],
  ['a.ts', 'const share = `${origin}/#/pets/${id}`;\nfetch(share);', []],
  ['a.ts', 'revalidatePath(`/pets/${petId}`);', []],
  [
    'A.java',
    'URI location = URI.create("/pets/" + saved.getId());\nreturn ResponseEntity.created(location).body(saved);',
    [],
  ],
  ['A.java', 'return ResponseEntity.created(URI.create("/pets/" + saved.getId())).build();', []],
  ['a.cs', 'return Results.Created($"/pets/{pet.Id}", pet);', []],
  ['a.js', "res.location('/pets/' + pet.id).status(201).json(pet);", []],
  ['a.cs', 'Response.Headers.Append("X-Pet-Location", $"/pets/{pet.Id}");', []],
  ['a.cs', 'Response.Headers.Add("X-Pet", new StringValues($"/pets/{pet.Id}"));', []],
  [
    'a.py',
    'return JSONResponse(pet, status_code=201, headers={"Location": f"/pets/{pet.id}"})',
    [],
  ],
  // …while a request next to a route is still found.
  [
    'a.tsx',
    "<Link to='/pets'>All</Link>;\nconst { data } = useSWR(`/api/pets/${id}`, fetcher);",
    [2],
  ],
];

/** A path whose last segment is a file name, or a place in storage: not a request. */
export const STATIC_ASSET_CASES: Case[] = [
  ['a.ts', "const snap = await get(ref(db, 'pets/' + petId));", []],
  ['a.ts', 'const pet = await getDoc(doc(firestore, `pets/${id}`));', []],
  ['a.js', "firebase.database().ref('/pets/' + id).once('value')", []],
  ['a.ts', "await supabase.storage.from('media').upload(`${user}/pets/${id}`, file);", []],
  ['a.ts', 'const data = await fs.promises.readFile(path.join(root, `pets/${id}`));', []],
  ['A.java', 'DatabaseReference node = db.getReference("pets/" + id);', []],
  [
    'a.kt',
    'val snapshot = firestore.collection("pets").document(id).get()\nval file = File(filesDir, "pets/$id")',
    [],
  ],
  ['a.ts', "const img = '/images/pets/' + pet.photo + '.png';", []],
  ['A.java', 'return "/pets/" + fileName;', []],
  ['a.ts', 'const key = `${uploadDir}/pets/${id}`;', []],
  ['a.py', 'dest = os.path.join(MEDIA_ROOT, f"pets/{pet.id}")\nshutil.copy(src_file, dest)', []],
  ['a.ts', 'const src = `/static/pets/${pet.id}.jpg`;', []],
  ['a.ts', "fetch('/assets/pets/' + name + '.json')", []],
  ['a.py', 'url = f"/media/pets/{pet.id}.webp"', []],
  ['a.py', 'requests.get(f"{CDN}/pets/{pet_id}.png")', []],
  ['a.rb', 'image_tag "/pets/#{pet.id}.svg"', []],
  ['A.java', 'String avatar = "/pets/" + id + ".gif";', []],
  ['a.go', 'http.ServeFile(w, r, "static/pets/"+name+".html")', []],
  ['a.php', "<?php\n$thumb = '/uploads/pets/' . $pet->id . '.jpeg';", []],
  // Assigned to a variable named for a folder or a file: a place on disk, whatever uses it.
  [
    'a.sh',
    'TARGET_DIR="$CODEX_HOME/pets/$PET_ID"\nmkdir -p "$TARGET_DIR"\ncurl -fsSL "$BASE_URL/x.json" -o "$TARGET_DIR/pet.json"',
    [],
  ],
  ['a.ts', 'const targetDir = `${home}/pets/${id}`;\nawait fs.mkdir(targetDir);', []],
  ['a.py', 'pet_folder = f"{ROOT}/pets/{pet_id}"\nos.makedirs(pet_folder)', []],
  ['a.kt', 'val cacheFile = "$cacheRoot/pets/$petId"\nFile(cacheFile).writeText(json)', []],
  // …while a URL variable stays one.
  ['a.sh', 'PET_URL="$BASE_URL/pets/$PET_ID"\ncurl -s "$PET_URL"', [1]],
  ['a.ts', 'const petUrl = `${base}/pets/${id}`;\nfetch(petUrl);', [1]],
  // A database's or a cache's key: db.get(…), Rails.cache.fetch(…), redis.get(…).
  ['A.java', 'PetRecord record = db.get("/pets/" + petId, PetRecord.class);', []],
  ['a.rb', 'Rails.cache.fetch("/pets/#{id}", expires_in: 5.minutes) { load(id) }', []],
  ['a.py', 'cached = redis_client.get(f"/pets/{pet_id}")', []],
  ['a.ts', 'const hit = await cache.get(`/pets/${id}`);', []],
  ['a.go', 'v, err := database.Get(ctx, "/pets/"+id)', []],
  // …while an id that merely contains a dot (a version, a float) is still an id.
  ['a.ts', 'fetch(`${BASE}/pets/${id}`)\nconst src = `/pets/${id}.png`', [1]],
  ['a.ts', 'const pet = await cachedFetch(`/pets/${id}`);', [1]],
  ['a.ts', 'const pet = await fetchWithCache(`/pets/${id}`);', [1]],
];

/**
 * Local functions that share the operation's name: declarations and calls of the file's own
 * function are not calls; local lookups (a store, a repository) are at most possible.
 */
export const LOCAL_NAME_CASES: Case[] = [
  ['a.ts', 'const getPet = (id: number) => pets.find((p) => p.id === id);\ngetPet(1);', []],
  ['a.ts', 'const { getPet } = usePetStore();\nconst pet = getPet(id);', []],
  ['a.ts', 'const pet = usePetStore((s) => s.getPet(id));', []],
  ['a.ts', 'const pet = store.getPet(id);', []],
  [
    'a.ts',
    'class PetPage {\n  getPet(id: number) {\n    return this.pets.get(id);\n  }\n  show() {\n    this.getPet(1);\n  }\n}',
    [],
  ],
  ['a.py', 'def get_pet(pets, pet_id):\n    return pets[pet_id]\n\nget_pet(pets, 1)', []],
  [
    'a.py',
    'class Repo:\n    def get_pet(self, pet_id):\n        return self.rows[pet_id]\n    def show(self):\n        return self.get_pet(1)',
    [],
  ],
  ['a.rb', 'def get_pet(id)\n  @pets.find { |p| p.id == id }\nend\nget_pet(1)', []],
  ['A.java', 'Pet pet = repository.getPet(id);', []],
  [
    'A.java',
    'private Pet getPet(long id) {\n  return pets.get(id);\n}\nvoid show() { getPet(1); }',
    [],
  ],
  ['a.go', 'func getPet(id int64) *Pet { return pets[id] }\n\nfunc show() { _ = getPet(1) }', []],
  ['a.cs', 'private Pet GetPet(long id) => _pets[id];\nvar p = GetPet(1);', []],
  ['a.kt', 'private fun getPet(id: Long) = pets[id]\nval p = getPet(1)', []],
  [
    'a.php',
    '<?php\nfunction getPet($id) { return $this->pets[$id]; }\n$pet = $this->getPet(1);',
    [],
  ],
  // bean getters and lookups on entities, DTOs and DAOs
  [
    'A.java',
    'assertEquals(pet, adoption.getPet());\ndto.setPetId(r.getPet() != null ? r.getPet().getId() : null);',
    [],
  ],
  ['A.java', 'return familyDao.getAll().get(index - 1).getPet();', []],
  ['a.dart', 'final pet = await db.getPet(RecoveryService.defaultPetId);', []],
  // …while generated clients' calls stay findings.
  ['a.ts', 'const api = new PetApi(config);\nconst pet = await api.getPet({ petId: 1 });', [2]],
  ['a.ts', "import { getPet } from './generated/petstore';\nconst pet = await getPet(1);", [2]],
  ['a.ts', 'const pet = await this.petService.getPet(id).toPromise();', [1]],
  ['a.py', 'api = petstore_api.PetApi(client)\npet = api.get_pet(pet_id=1)', [2]],
  [
    'A.java',
    'PetApi apiInstance = new PetApi(defaultClient);\nPet result = apiInstance.getPet(petId);',
    [2],
  ],
  ['a.go', 'pet, _, err := apiClient.PetAPI.GetPet(ctx, petId).Execute()', [1]],
  ['a.cs', 'var apiInstance = new PetApi(config);\nPet result = apiInstance.GetPet(petId);', [2]],
  ['a.rb', 'api_instance = Petstore::PetApi.new\nresult = api_instance.get_pet(pet_id)', [2]],
  ['a.rs', 'let pet = pet_api::get_pet(&configuration, pet_id).await?;', [1]],
  [
    'a.php',
    '<?php\n$apiInstance = new OpenAPI\\Client\\Api\\PetApi(new GuzzleHttp\\Client(), $config);\n$result = $apiInstance->getPet($pet_id);',
    [3],
  ],
  ['a.kt', 'val apiInstance = PetApi()\nval result : Pet = apiInstance.getPet(petId)', [2]],
];

/** Strings that name things: an object's keys (a route table, a generated `paths` type). */
export const NAME_CASES: Case[] = [
  ['a.ts', "const handlers = {\n  '/pets/{petId}': showPet,\n  '/pets': listPets,\n};", []],
  ['a.ts', "export interface paths {\n  '/pets/{petId}': { get: operations['getPet'] };\n}", []],
  ['a.py', 'ROUTES = {"/pets/{pet_id}": show_pet, "/pets": list_pets}', []],
  ['a.rb', "HANDLERS = { '/pets/:id' => :show, '/pets/{id}': :show }", []],
  ['a.ts', "const op = { id: 'GET /pets/{petId}', summary: 'Info for a pet' };", []],
  ['a.py', 'CASES = [{"name": "GET /pets/{pet_id}", "expected": 200}]', []],
  [
    'a.rs',
    'let body = format!("GET /pets/{}", pet_id);\nResponse::builder().body(Body::from(body))',
    [],
  ],
  ['a.go', 'message := fmt.Sprintf("GET /pets/%d answered %d", id, code)', []],
  [
    'a.ts',
    'expect(router.match("get", "/pets/1")).toBeDefined();\nconst m = matchPath("/pets/42", routes);',
    [],
  ],
  // …a value under a key is still judged.
  ['a.ts', 'const endpoints = { pet: (id: number) => `/pets/${id}` };', [1]],
];

/** Paths of other APIs that end like ours: pets nested under another resource, RPC-style verbs. */
export const OTHER_API_CASES: Case[] = [
  ['a.ts', 'fetch(`${BASE}/owners/${ownerId}/pets/${petId}`)', []],
  ['A.java', 'restTemplate.getForObject("/owners/{ownerId}/pets/{petId}", Pet.class, o, p);', []],
  ['a.go', 'http.Get(fmt.Sprintf("%s/users/%d/pets/%d", base, uid, pid))', []],
  ['a.py', 'requests.get(f"{BASE}/clients/{client_id}/pets/{pet_id}")', []],
  ['A.java', 'client.get().uri(String.format("/get/pets/%s", id)).retrieve();', []],
  ['a.ts', 'await axios.get(`/api/find/pets/${id}`);', []],
  // The owner's id is interpolated or joined right before /pets/ (the owner's own path is in the base).
  ['a.cs', 'var request = new RestRequest($"{_uri}/{ownerId}/pets/{petId}", Method.Get);', []],
  ['a.ts', 'fetch(`${base}/${owner.id}/pets/${petId}`)', []],
  ['a.kt', 'val pet = client.get("$ownersUrl/$ownerId/pets/$petId").body<Pet>()', []],
  [
    'a.swift',
    'let url = URL(string: "\\(base)/\\(ownerID)/pets/\\(petId)")!\nsession.dataTask(with: url)',
    [],
  ],
  [
    'A.java',
    'restTemplate.getForObject(base + "/" + owner.getId() + "/pets/" + petId, Pet.class);',
    [],
  ],
  ['a.py', 'requests.get(f"{OWNERS}/{owner_id}/pets/{pet_id}")', []],
  ['a.php', '<?php\n$http->get("$base/$userId/pets/$petId");', []],
  // …while a base URL, a version or a host before /pets/ stays ours.
  [
    'a.ts',
    'fetch(`${BASE}/pets/${id}`)\nfetch(`${host}/v1/pets/${id}`)\nfetch(`https://api.example.com/${stage}/pets/${id}`)',
    [1, 2, 3],
  ],
  [
    'a.ts',
    'fetch(`${base}/${apiVersion}/pets/${id}`)\nfetch(base + "/" + tenant + "/pets/" + pet.getId())\nfetch(`${paidPlanUrl}/pets/${id}`)',
    [1, 2, 3],
  ],
];

/** Method calls with type arguments and line breaks between the method and the URL. */
export const GENERIC_CALL_CASES: Case[] = [
  ['a.ts', 'await this.http.patch<Pet>(\n  `${this.base}/pets/${id}`,\n  changes,\n);', []],
  ['a.ts', 'await axios.put<\n  Pet,\n  AxiosResponse<Pet>\n>(`${BASE}/pets/${id}`, pet);', []],
  [
    'a.ts',
    'return this.http\n  .delete<void>(\n    `${this.base}/pets/${id}`,\n  )\n  .pipe(map(() => id));',
    [],
  ],
  ['a.ts', 'await client.delete<\n  Record<string, unknown>\n>(\n  "/pets/" + id,\n);', []],
  ['a.cs', 'await _http.PutAsJsonAsync<Pet>(\n    $"pets/{id}",\n    pet);', []],
  ['a.ts', 'return this.http.get<Pet>(\n  `${this.base}/pets/${id}`,\n);', [2]],
  ['a.kt', 'val pet = client.patch<Pet>(\n    "$base/pets/$id",\n) { setBody(changes) }', []],
  ['a.dart', "await dio.put<Map<String, dynamic>>(\n  '/pets/$id',\n  data: pet.toJson(),\n);", []],
  [
    'A.java',
    'Pet updated = webClient\n    .<Pet>put()\n    .uri(base + "/pets/" + id)\n    .retrieve();',
    [],
  ],
  // Type arguments holding an object type ({ pet: Pet }; members may end with ';').
  [
    'a.ts',
    'const res = await api.patch<Envelope<{ pet: Pet }>>(\n  `/pets/${id}`,\n  data,\n);',
    [],
  ],
  ['a.ts', 'await api.delete<{ ok: boolean; id: string }>(\n  `/pets/${id}`,\n);', []],
  ['a.ts', 'const res = await api.get<Envelope<{ pet: Pet }>>(\n  `/pets/${id}`,\n);', [2]],
  ['a.ts', 'const { data } = await api.get<{ pet: Pet }>(`/pets/${id}`);', [1]],
];

/**
 * Expected values in tests: a path an assertion compares with is not sent from there (the request
 * it checks is made elsewhere, and found there), so it is only a hint (possible), never counted.
 * A request made inside an assertion still counts.
 */
export const EXPECTATION_CASES: Case[] = [
  ['a_test.go', 'assert.Equal(t, "/pets/{petId}", result.MatchedPath)', []],
  ['a_test.go', 'require.Equal(t, fmt.Sprintf("/pets/%d", id), req.URL.Path)', []],
  ['a.test.ts', "expect(fetchMock).toHaveBeenCalledWith('/pets/42');", []],
  ['a.test.ts', 'expect(request.url).toBe(`${BASE}/pets/${id}`);', []],
  ['a.test.ts', 'assert.strictEqual(calls[0].url, `/pets/${id}`);', []],
  ['test_a.py', 'assert response.request.path == f"/pets/{pet_id}"', []],
  ['test_a.py', 'self.assertEqual(called_url, f"{BASE}/pets/{pet_id}")', []],
  ['ATest.java', 'assertEquals("/pets/" + id, request.getPath());', []],
  ['ATest.java', 'assertThat(request.getPath()).isEqualTo("/pets/" + id);', []],
  ['ATests.cs', 'Assert.Equal($"/pets/{id}", handler.LastRequest.RequestUri.AbsolutePath);', []],
  ['a_spec.rb', 'expect(request.path).to eq("/pets/#{pet.id}")', []],
  ['ATests.swift', 'XCTAssertEqual(request.url?.path, "/pets/\\(id)")', []],
  // Built from the path, then only compared: nothing is sent.
  ['test_a.py', 'url = expand("/pets/{petId}", {"petId": 1})\nassert url == "/pets/1"', []],
  [
    'a.test.ts',
    'const path = buildPath("/pets/{petId}", params);\nexpect(path).toBe("/pets/1");',
    [],
  ],
  [
    'ATests.cs',
    'var result = Helper.BuildPath("/pets/{petId}", p);\nAssert.Contains("/pets/", result);',
    [],
  ],
  [
    'test_a.py',
    'url = f"{BASE}/pets/{pid}"\nresp = requests.get(url)\nassert resp.url == url',
    [1],
  ],
  // Requests made inside an assertion are requests.
  ['test_a.py', 'assert client.get(f"/pets/{pet_id}").status_code == 200', [1]],
  ['a.test.ts', "expect(await api.get('/pets/42')).toEqual(pet);", [1]],
  ['a.js', "const { data } = await require('axios').get(`${BASE}/pets/${id}`);", [1]],
  ['a_test.go', 'assert.Equal(t, 200, get(t, "/pets/42").StatusCode)', [1]],
  [
    'ATest.java',
    'assertThat(restTemplate.getForObject("/pets/" + id, Pet.class)).isNotNull();',
    [1],
  ],
];

/**
 * A URL handed to a helper or a component whose name says another method (ConfirmDelete,
 * update_resource) is not counted: only a hint. A name that also says get or fetch stays a use.
 */
export const OTHER_METHOD_NAME_CASES: Case[] = [
  [
    'a.jsx',
    'return (\n  <ConfirmDelete\n    show={show}\n    petUrl={`/pets/${petId}`}\n    handleClose={setShow}\n  />\n)',
    [],
  ],
  ['a.ts', 'await confirmDelete(`/pets/${id}`);', []],
  ['a.py', 'self.update_resource(f"/pets/{pet_id}", data)', []],
  ['a.ts', 'await loadPet(`/pets/${id}`);', [1]],
  ['a.jsx', 'return (\n  <PetDetails\n    url={`/pets/${id}`}\n  />\n)', [3]],
  ['a.ts', 'await fetchAndUpdate(`/pets/${id}`);', [1]],
  // A helper whose result a test only checks computes; one named for sending still counts.
  ['test_a.py', 'assert runner.normalize_endpoint_path("/pets/{id}") == "pets_id"', []],
  ['a.test.ts', "expect(buildPath('/pets/{petId}', { petId: 1 })).toBe('/pets/1');", []],
  ['test_a.py', 'assert api_get(f"/pets/{pet_id}").status_code == 200', [1]],
  ['a.test.ts', 'expect((await client.call(`/pets/${id}`)).status).toBe(200);', [1]],
];
