import assert from 'node:assert/strict';
import { DeprecationEngine, type Finding } from '../../../../../src/core/deprecations/engine';
import {
  followWrappers,
  type FollowedWrappers,
} from '../../../../../src/core/deprecations/crossFile/followWrappers';
import {
  MAX_ENTRIES_PER_NAME,
  MAX_WRAPPER_DEPTH,
} from '../../../../../src/core/deprecations/crossFile/wrapperIndex';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';

/** A project in memory: path -> text. */
type Project = Record<string, string>;

/** The engine's findings in every file, then the wrappers the index follows from them. */
async function followedIn(project: Project): Promise<FollowedWrappers> {
  const engine = new DeprecationEngine();
  const direct = Object.entries(project)
    .map(([path, text]) => ({ path, findings: engine.scan(text, languageOfPath(path)!) }))
    .filter((file) => file.findings.length > 0);
  const followed = await followWrappers(
    direct,
    function* (names) {
      for (const [path, text] of Object.entries(project))
        if (names.some((name) => text.includes(name)))
          yield { path, text, language: languageOfPath(path)! };
    },
    (path) => languageOfPath(path)?.family,
  );
  return followed;
}

/** The calls of wrappers in a project, by file. */
async function wrapperCallsIn(project: Project): Promise<Map<string, Finding[]>> {
  return (await followedIn(project)).calls;
}

/** `path:line confidence name` for each call of a wrapper (lines 1-based). */
async function calls(project: Project): Promise<string[]> {
  const lines: string[] = [];
  for (const [path, found] of await wrapperCallsIn(project))
    for (const finding of found)
      lines.push(`${path}:${finding.start.line + 1} ${finding.confidence} ${finding.detail}`);
  return lines.sort();
}

describe('cross-file index: calls of the functions that send GET /pets/{id}', () => {
  it('an index of many names at once (a bundle’s dozens of wrappers): every caller is found', async () => {
    const names = Array.from({ length: 40 }, (_, k) => `loadPet${k}`).concat(['$pet', 'fetchPetÄ']);
    const service = names
      .map((name) => `export function ${name}(id) { return fetch(\`/api/pets/\${id}\`); }`)
      .join('\n');
    assert.deepEqual(
      await calls({
        'src/service.js': service,
        'src/page.js': [
          "import { loadPet7, $pet, fetchPetÄ } from './service';",
          'loadPet7(1); $pet(2);',
          'fetchPetÄ(3); loadPet70(4);',
        ].join('\n'),
      }),
      [
        'src/page.js:2 certain $pet',
        'src/page.js:2 certain loadPet7',
        'src/page.js:3 certain fetchPetÄ',
      ],
    );
  });

  describe('the project’s own wrapper, defined in another file', () => {
    it('TypeScript: a module function imported by a component', async () => {
      assert.deepEqual(
        await calls({
          'src/services/petService.ts': [
            "import axios from 'axios';",
            'export async function getPetInfo(id: number) {',
            '  const response = await axios.get(`/api/pets/${id}`);',
            '  return response.data;',
            '}',
          ].join('\n'),
          'src/components/PetCard.tsx': [
            "import { getPetInfo } from '../services/petService';",
            'export function PetCard({ id }: Props) {',
            '  useEffect(() => {',
            '    getPetInfo(id).then(setPet);',
            '  }, [id]);',
            '}',
          ].join('\n'),
        }),
        ['src/components/PetCard.tsx:4 certain getPetInfo'],
      );
    });

    it('Python: a client class’s method, called through an instance in a view', async () => {
      assert.deepEqual(
        await calls({
          'app/client.py': [
            'import requests',
            'class PetClient:',
            '    def fetch_pet(self, pet_id):',
            '        return requests.get(f"{self.base}/pets/{pet_id}").json()',
          ].join('\n'),
          'app/views.py': [
            'from app.client import PetClient',
            'def show(request, pid):',
            '    client = PetClient()',
            '    return render(request, client.fetch_pet(pid))',
          ].join('\n'),
        }),
        ['app/views.py:4 certain fetch_pet'],
      );
    });

    it('C#: a service’s async method, called through the injected field of a controller', async () => {
      assert.deepEqual(
        await calls({
          'Services/PetService.cs': [
            'public class PetService',
            '{',
            '    public async Task<Pet> GetPetInfoAsync(long id)',
            '    {',
            '        return await _http.GetFromJsonAsync<Pet>($"pets/{id}");',
            '    }',
            '}',
          ].join('\n'),
          'Controllers/PetsController.cs': [
            'public class PetsController : Controller',
            '{',
            '    private readonly PetService _petService;',
            '    public async Task<IActionResult> Show(long id)',
            '    {',
            '        var pet = await _petService.GetPetInfoAsync(id);',
            '        return Ok(pet);',
            '    }',
            '}',
          ].join('\n'),
        }),
        ['Controllers/PetsController.cs:6 certain GetPetInfoAsync'],
      );
    });

    it('Go: a package function called through the package name', async () => {
      assert.deepEqual(
        await calls({
          'internal/pets/client.go': [
            'package pets',
            'func (c *Client) FetchPet(ctx context.Context, id int64) (*Pet, error) {',
            '\treq, _ := http.NewRequest("GET", fmt.Sprintf("%s/pets/%d", c.base, id), nil)',
            '\treturn c.do(req)',
            '}',
          ].join('\n'),
          'cmd/show/main.go': [
            'package main',
            'import "example.com/app/internal/pets"',
            'func main() {',
            '\tpet, err := client.FetchPet(ctx, 42)',
            '}',
          ].join('\n'),
        }),
        ['cmd/show/main.go:4 certain FetchPet'],
      );
    });
  });

  it('JavaScript and TypeScript: the members of a named object (arrow, method, default export), not of settings handed to a call', async () => {
    assert.deepEqual(
      await calls({
        'src/api/pets.js': [
          "import axios from 'axios';",
          'export const petApi = {',
          '  list: () => axios.get(`/pets`),',
          '  getPetInfo: (id) => axios.get(`/pets/${id}`),',
          '  async loadPet(id) {',
          '    return (await axios.get(`/pets/${id}`)).data;',
          '  },',
          '};',
        ].join('\n'),
        'src/pages/Pet.jsx': [
          "import { petApi } from '../api/pets';",
          'export const Pet = ({ id }) => {',
          '  petApi.getPetInfo(id);',
          '  petApi.loadPet(id);',
          '  petApi.list();',
          '};',
        ].join('\n'),
        'src/hooks/usePet.js': [
          "import { petApi } from '../api/pets';",
          'export function usePet(id) {',
          "  return useQuery({ queryKey: ['pet', id], queryFn: () => petApi.getPetInfo(id) });",
          '}',
        ].join('\n'),
        'src/pages/Owner.jsx': [
          "import { usePet } from '../hooks/usePet';",
          'export const Owner = ({ petId }) => usePet(petId).data?.name;',
        ].join('\n'),
        'src/services/petService.ts': [
          "import http from './http';",
          'export default {',
          '  find(id: number) {',
          '    return http.get<Pet>(`/api/pets/${id}`);',
          '  },',
          '};',
        ].join('\n'),
        'src/views/PetView.vue.ts': [
          "import petService from '../services/petService';",
          'export async function load(id: number) {',
          '  return petService.find(id);',
          '}',
        ].join('\n'),
      }),
      [
        'src/hooks/usePet.js:3 certain getPetInfo',
        'src/pages/Owner.jsx:2 certain usePet',
        'src/pages/Pet.jsx:3 certain getPetInfo',
        'src/pages/Pet.jsx:4 certain loadPet',
        'src/views/PetView.vue.ts:3 certain find',
      ],
    );
  });

  describe('declarative client interfaces declared in another file', () => {
    it('Java: a Retrofit interface method, called through a field of its type', async () => {
      assert.deepEqual(
        await calls({
          'api/PetApi.java': [
            'public interface PetApi {',
            '  @GET("pets/{id}")',
            '  Call<Pet> fetchPet(@Path("id") long id);',
            '}',
          ].join('\n'),
          'ui/PetViewModel.java': [
            'import api.PetApi;',
            'class PetViewModel {',
            '  private final PetApi api;',
            '  void load(long id) {',
            '    api.fetchPet(id).enqueue(callback);',
            '  }',
            '}',
          ].join('\n'),
        }),
        ['ui/PetViewModel.java:5 certain fetchPet'],
      );
    });

    it('JavaScript: the file an import names decides, `pet.service` and relative paths resolved', async () => {
      const found = await wrapperCallsIn({
        'shop/src/app/services/pet.service.ts': [
          "@Injectable({ providedIn: 'root' })",
          'export class PetService {',
          '  constructor(private http: HttpClient) {}',
          "  path = 'http://localhost:3000/pets/';",
          '  getPetDetails(id: number) { return this.http.get<Pet>(this.path + id) }',
          '}',
        ].join('\n'),
        'shop/src/app/advert-list/advert-list.component.ts': [
          "import { PetService } from '../services/pet.service';",
          'export class AdvertListComponent {',
          '  constructor(private petService: PetService) {}',
          '  load(advert) { this.petService.getPetDetails(advert.petId).subscribe(); }',
          '}',
        ].join('\n'),
        // Another project in the tree, whose module is named like the receiver.
        'react/client/services/petService.js':
          'export const getPetDetails = async (petId) => fetch(`${BASE}/pets/${petId}`);',
        // A module that sends nothing: its getPet is not the other project's.
        'tail/src/redux/detail/service.js':
          'export const getPet = async (id) => fetch(`${BASE}/pets?status=available&limit=100`);',
        'tail/src/redux/detail/thunks.js': [
          "import { getPet } from './service';",
          'export const load = (id) => getPet(id);',
        ].join('\n'),
        'demo/scripts.js': 'function getPet(petId) { return fetch(BASE + "/pets/" + petId); }',
      });
      assert.deepEqual(
        [...found].flatMap(([path, findings]) =>
          findings.map(
            (finding) =>
              `${path}:${finding.start.line + 1} ${finding.confidence} ${finding.detail} via ${finding.via?.[0]?.path}`,
          ),
        ),
        [
          'shop/src/app/advert-list/advert-list.component.ts:4 certain getPetDetails via shop/src/app/services/pet.service.ts',
        ],
      );
    });

    it('Java and Kotlin: a class of another package is reached only through an import of it', async () => {
      assert.deepEqual(
        await calls({
          // Two projects in one tree: a generated client's method json(), and a Ktor test's
          // plugin setup calling Ktor's own top-level json(), imported from Ktor.
          'client/src/main/kotlin/io/github/gen/Pets.kt': [
            'package io.github.gen',
            'class Get(private val client: HttpClient, private val petId: String) {',
            '    suspend fun json(): Pet = client.get("/pets/$petId").body()',
            '}',
          ].join('\n'),
          'backend/src/test/kotlin/com/petbook/IntegrationTest.kt': [
            'package com.petbook',
            'import io.ktor.serialization.kotlinx.json.json',
            'class IntegrationTest {',
            '    fun setup() { install(ContentNegotiation) { json() } }',
            '}',
          ].join('\n'),
          // Another project's PetService, in a package that imports none: not the interface's.
          'mobile/app/src/main/java/com/petsup/services/PetService.kt': [
            'package com.petsup.services',
            'interface PetService {',
            '    @GET("pets/{id}")',
            '    fun getPetById(@Path("id") id: Long): Call<Pet>',
            '}',
          ].join('\n'),
          'server/src/main/java/com/vet/controller/PetController.java': [
            'package com.vet.controller;',
            'import com.vet.service.PetService;',
            'class PetController {',
            '    private final PetService petService;',
            '    Pet get(Long id) { return petService.getPetById(id); }',
            '}',
          ].join('\n'),
          // The same interface imported, and used from its own package's tests: its calls.
          'mobile/app/src/main/java/com/petsup/ui/PetViewModel.java': [
            'package com.petsup.ui;',
            'import com.petsup.services.PetService;',
            'class PetViewModel {',
            '    private final PetService service;',
            '    void load(long id) { service.getPetById(id).enqueue(callback); }',
            '}',
          ].join('\n'),
          'mobile/app/src/test/java/com/petsup/services/PetServiceTest.java': [
            'package com.petsup.services;',
            'class PetServiceTest {',
            '    PetService petService;',
            '    void t() { petService.getPetById(1L).execute(); }',
            '}',
          ].join('\n'),
        }),
        [
          'mobile/app/src/main/java/com/petsup/ui/PetViewModel.java:5 certain getPetById',
          'mobile/app/src/test/java/com/petsup/services/PetServiceTest.java:4 certain getPetById',
          'server/src/main/java/com/vet/controller/PetController.java:5 possible getPetById',
        ],
      );
    });

    it('Kotlin: a suspending Retrofit method, called from a repository', async () => {
      assert.deepEqual(
        await calls({
          'data/PetApi.kt': [
            'interface PetApi {',
            '    @GET("pets/{id}")',
            '    suspend fun fetchPet(@Path("id") id: Long): Pet',
            '}',
          ].join('\n'),
          'data/PetRepository.kt': [
            'class PetRepository(private val api: PetApi) {',
            '    suspend fun pet(id: Long) = api.fetchPet(id)',
            '}',
          ].join('\n'),
        }),
        ['data/PetRepository.kt:2 certain fetchPet'],
      );
    });

    it('C#: a Refit interface method, called through the interface', async () => {
      assert.deepEqual(
        await calls({
          'Api/IPetApi.cs': [
            'public interface IPetApi',
            '{',
            '    [Get("/pets/{id}")]',
            '    Task<Pet> FetchPet(long id);',
            '}',
          ].join('\n'),
          'Pages/Pet.razor.cs': [
            'public partial class PetPage',
            '{',
            '    [Inject] IPetApi PetApi { get; set; }',
            '    protected override async Task OnInitializedAsync() => pet = await PetApi.FetchPet(Id);',
            '}',
          ].join('\n'),
        }),
        ['Pages/Pet.razor.cs:4 certain FetchPet'],
      );
    });
  });

  describe('a helper in the same file', () => {
    it('JavaScript, Python and Ruby: the helper’s calls below it', async () => {
      assert.deepEqual(
        await calls({
          'a.js': [
            'const loadPet = (id) => fetch(`/pets/${id}`).then((r) => r.json());',
            'async function main() {',
            '  const pet = await loadPet(1);',
            '}',
          ].join('\n'),
          'b.py': [
            'def _pet(pid):',
            '    return requests.get(f"{BASE}/pets/{pid}").json()',
            '',
            'for pid in ids:',
            '    print(_pet(pid))',
          ].join('\n'),
          'c.rb': [
            'class Pets',
            '  def pet(id)',
            '    HTTParty.get("#{BASE}/pets/#{id}")',
            '  end',
            '  def show(id)',
            '    render json: pet(id)',
            '  end',
            'end',
          ].join('\n'),
        }),
        ['a.js:3 certain loadPet', 'b.py:5 certain _pet', 'c.rb:6 certain pet'],
      );
    });
  });

  describe('a generated client', () => {
    /** The same generated layers, with or without the generator's header. */
    const goClient = (header: string) =>
      [
        header,
        'package openapi',
        'func (r ApiPetsIdGetRequest) Execute() (Pets, error) {',
        '\treturn r.ApiService.PetsIdGetExecute(r)',
        '}',
        'func (a *DefaultApiService) PetsIdGetExecute(r ApiPetsIdGetRequest) (Pets, error) {',
        '\tlocalVarPath := localBasePath + "/pets/{id}"',
        '\treturn a.client.call(r.ctx, localVarPath, http.MethodGet)',
        '}',
      ].join('\n');
    const tsClient = (header: string) =>
      [
        header,
        'export class DefaultApi extends runtime.BaseAPI {',
        '  async petsIdGetRaw(requestParameters: PetsIdGetRequest) {',
        '    const response = await this.request({',
        "      path: `/pets/{id}`.replace(`{${'id'}}`, String(requestParameters.id)),",
        "      method: 'GET',",
        '    });',
        '    return new runtime.JSONApiResponse(response);',
        '  }',
        '  async petsIdGet(requestParameters: PetsIdGetRequest) {',
        '    const response = await this.petsIdGetRaw(requestParameters);',
        '    return await response.value();',
        '  }',
        '}',
      ].join('\n');
    const pyClient = (header: string) =>
      [
        header,
        'class PetsResource:',
        '    def fetch_one(self, pet_id):',
        '        return self._get(f"/pets/{pet_id}")',
        '',
        '    def fetch_one_raw(self, pet_id):',
        '        return self.fetch_one(pet_id)',
      ].join('\n');

    it('Go, TypeScript and Python: its layers calling each other in its own file are not calls; the project’s calls of it are', async () => {
      const found = await calls({
        'client/api_default.go': goClient(
          '// Code generated by OpenAPI Generator (https://openapi-generator.tech); DO NOT EDIT.',
        ),
        'main.go': [
          'package main',
          'import openapi "example.com/pets/client"',
          'func show(svc *openapi.DefaultApiService) {',
          '\tpet, _ := svc.PetsIdGetExecute(req)',
          '\t_ = pet',
          '}',
        ].join('\n'),
        'client/api.ts': tsClient(
          '/**\n * Pets API\n * No description provided (generated by Openapi Generator https://github.com/openapitools/openapi-generator)\n */',
        ),
        'src/app.ts': [
          "import { DefaultApi } from '../client/api';",
          'const api = new DefaultApi();',
          'export const show = (id: number) => api.petsIdGet({ id });',
        ].join('\n'),
        'sdk/resources/pets.py': pyClient('# File generated from our OpenAPI spec by Stainless.'),
      });
      assert.deepEqual(found, [
        'main.go:4 certain PetsIdGetExecute',
        'src/app.ts:3 certain petsIdGet',
      ]);
    });

    it('without the generator’s header the same layers are helpers in the same file, reported', async () => {
      const found = await calls({
        'client/api_default.go': goClient('// Pets API client.'),
        'client/api.ts': tsClient('/** Pets API client. */'),
        'sdk/resources/pets.py': pyClient('# Pets resource.'),
      });
      assert.deepEqual(found, [
        'client/api.ts:11 certain petsIdGetRaw',
        'client/api_default.go:4 certain PetsIdGetExecute',
        'sdk/resources/pets.py:7 likely fetch_one',
      ]);
    });

    it('a generator’s phrase quoted further down the file is not its header', async () => {
      const found = await calls({
        'client/api.ts': `${'// Pets API client.\n'.repeat(120)}${tsClient('// generated by hand, do not edit')}`,
      });
      assert.deepEqual(found, ['client/api.ts:131 certain petsIdGetRaw']);
    });
  });

  it('state libraries: an RTK Query endpoint’s hooks, and an async thunk dispatched elsewhere', async () => {
    assert.deepEqual(
      await calls({
        'src/services/petApi.ts': [
          'export const petApi = createApi({',
          "  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),",
          '  endpoints: (builder) => ({',
          '    petById: builder.query<Pet, number>({',
          '      query: (id) => `pets/${id}`,',
          '    }),',
          '  }),',
          '});',
          'export const { usePetByIdQuery, useLazyPetByIdQuery } = petApi;',
        ].join('\n'),
        'src/components/Pet.tsx': [
          "import { usePetByIdQuery } from '../services/petApi';",
          'export function Pet({ id }) {',
          '  const { data } = usePetByIdQuery(id);',
          '  return data?.name;',
          '}',
        ].join('\n'),
        'src/store/thunks.ts': [
          "export const fetchPet = createAsyncThunk('pets/fetch', async (id: number) => {",
          '  return (await axios.get(`/api/pets/${id}`)).data;',
          '});',
        ].join('\n'),
        'src/components/PetPage.tsx': [
          "import { fetchPet } from '../store/thunks';",
          'export const PetPage = ({ id }) => {',
          '  useEffect(() => { dispatch(fetchPet(id)); }, [id]);',
          '};',
        ].join('\n'),
      }),
      [
        'src/components/Pet.tsx:3 likely usePetByIdQuery',
        'src/components/PetPage.tsx:3 certain fetchPet',
      ],
    );
  });

  it('C# and Dart: an expression-bodied member (`=> …`) is a wrapper its callers reach', async () => {
    assert.deepEqual(
      await calls({
        'Services/PetService.cs': [
          'public class PetService {',
          '    private readonly HttpClient _http;',
          '    public Task<Pet?> GetPetDetailsAsync(int id) => _http.GetFromJsonAsync<Pet>($"api/pets/{id}");',
          '}',
        ].join('\n'),
        'Pages/PetPage.cs': [
          'public class PetPage {',
          '    private readonly PetService _petService;',
          '    public async Task Load(int id) { var pet = await _petService.GetPetDetailsAsync(id); }',
          '}',
        ].join('\n'),
        'lib/api/pet_api.dart': [
          "import 'package:http/http.dart' as http;",
          'class PetApi {',
          "  Future<http.Response> fetchPet(int id) async => http.get(Uri.parse('$baseUrl/pets/$id'));",
          '}',
        ].join('\n'),
        'lib/ui/pet_page.dart': [
          "import '../api/pet_api.dart';",
          'class PetPage {',
          '  final api = PetApi();',
          '  Future<void> load(int id) async { final r = await api.fetchPet(id); }',
          '}',
        ].join('\n'),
      }),
      ['Pages/PetPage.cs:3 certain GetPetDetailsAsync', 'lib/ui/pet_page.dart:4 certain fetchPet'],
    );
  });

  it('an object made in the call’s chain stands for its class: X.new.m, X().m, new X().m', async () => {
    assert.deepEqual(
      await calls({
        'lib/pet_client.rb':
          'class PetClient\n  def fetch_pet(id)\n    HTTParty.get("#{BASE}/pets/#{id}")\n  end\nend\n',
        'app/pets_controller.rb':
          'class PetsController\n  def show\n    @pet = PetClient.new.fetch_pet(params[:id])\n  end\nend\n',
        'svc/client.py':
          'class PetClient:\n    def fetch_pet(self, pet_id):\n        return requests.get(f"{BASE}/pets/{pet_id}")\n',
        'views/detail.py': 'def detail(pet_id):\n    return PetClient(session).fetch_pet(pet_id)\n',
        'src/PetApi.java':
          'public class PetApi {\n  public Pet loadPet(long id) { return rest.getForObject(base + "/pets/" + id, Pet.class); }\n}\n',
        'src/Main.java':
          'class Main {\n  Pet run(long id) { return new PetApi(rest).loadPet(id); }\n}\n',
      }),
      [
        'app/pets_controller.rb:3 certain fetch_pet',
        'src/Main.java:2 certain loadPet',
        'views/detail.py:2 certain fetch_pet',
      ],
    );
  });

  it('an import of a wrapper is not a call of it (Rust: `use client::fetch_pet;`)', async () => {
    assert.deepEqual(
      await calls({
        'src/client.rs':
          'pub async fn fetch_pet(c: &reqwest::Client, base: &str, id: i64) -> reqwest::Result<Pet> {\n    c.get(format!("{}/pets/{}", base, id)).send().await?.json().await\n}\n',
        'src/main.rs':
          'mod client;\nuse client::fetch_pet;\nasync fn run(c: &reqwest::Client) { let p = fetch_pet(c, "http://x", 1).await; }\n',
      }),
      ['src/main.rs:3 certain fetch_pet'],
    );
  });

  it('follows wrappers of wrappers, and names each step from the call to the request', async () => {
    const found = await wrapperCallsIn({
      'src/api.ts': 'export const getPetInfo = (id) => axios.get(`/pets/${id}`);',
      'src/store.ts': [
        "import { getPetInfo } from './api';",
        'export async function loadPet(id) {',
        '  return (await getPetInfo(id)).data;',
        '}',
      ].join('\n'),
      'src/page.ts': "import { loadPet } from './store';\nawait loadPet(7);",
    });
    const page = found.get('src/page.ts')!;
    assert.equal(page.length, 1);
    assert.equal(page[0]!.kind, 'wrapper');
    assert.deepEqual(
      page[0]!.via!.map((link) => `${link.name} ${link.path}:${link.line + 1}`),
      ['loadPet src/store.ts:2', 'getPetInfo src/api.ts:1', '/pets/{…} src/api.ts:1'],
    );
  });

  it('follows a caller further only when it hands the wrapper one of its parameters', async () => {
    const found = await calls({
      'src/pet.service.ts': [
        'export class PetService {',
        '  getPetDetails(id: number) { return this.http.get(`/pets/${id}`); }',
        '}',
      ].join('\n'),
      'src/adverts.component.ts': [
        "import { PetService } from './pet.service';",
        'export class AdvertsComponent {',
        '  constructor(private petService: PetService) {}',
        '  ngOnInit() { this.loadAdverts(); }',
        '  loadAdverts() {',
        '    this.adverts.forEach((advert) => this.petService.getPetDetails(advert.petId));',
        '  }',
        '  showPet(id: number) { return this.petService.getPetDetails(id); }',
        '  open(pet: Pet) { this.showPet(pet.id); }',
        '}',
      ].join('\n'),
    });
    // loadAdverts takes the id from the adverts it loads: ngOnInit's call of it is not a lookup.
    assert.deepEqual(found, [
      'src/adverts.component.ts:6 certain getPetDetails',
      'src/adverts.component.ts:8 certain getPetDetails',
      'src/adverts.component.ts:9 certain showPet',
    ]);
  });

  it('Go: a package’s own functions without a qualifier, another package’s types with one', async () => {
    const found = await calls({
      // Read first: its call is met before pet's PetByID is indexed, then again through it.
      'asset/processor.go': [
        'package asset',
        '',
        'type Processor struct {',
        '\tpetProcessor *pet.Processor',
        '}',
        '',
        'func (p *Processor) PetByID(id uint32) (Model, error) {',
        '\treturn p.store.Find(id)',
        '}',
        '',
        'func (p *Processor) Decorate(m Model) {',
        '\tp.petProcessor.PetByID(m.ReferenceId())',
        '\tp.PetByID(m.Id())',
        '}',
      ].join('\n'),
      'pet/requests.go': [
        'package pet',
        '',
        'func requestById(petId uint32) requests.Request[RestModel] {',
        '\treturn rest.MakeGetRequest(fmt.Sprintf(base+"pets/%d", petId))',
        '}',
      ].join('\n'),
      'pet/processor.go': [
        'package pet',
        '',
        'type Processor struct{}',
        '',
        'func (p *Processor) PetByID(petId uint32) (Model, error) {',
        '\treturn requestById(petId)',
        '}',
      ].join('\n'),
      // Another package's PetByID sends the request too: found first, for calls it cannot reach.
      'other/api.go': [
        'package other',
        '',
        'func PetByID(id string) (*http.Response, error) {',
        '\treturn http.Get(fmt.Sprintf("%s/pets/%s", base, id))',
        '}',
      ].join('\n'),
    });
    // asset's own PetByID (line 13) is another type's method: its Processor is not pet's.
    assert.deepEqual(found, [
      'asset/processor.go:12 likely PetByID',
      'pet/processor.go:6 likely requestById',
    ]);
  });

  it('a function that registers a route is not a wrapper: the server calls the handler', async () => {
    const found = await calls({
      'pets/routes.go':
        'package pets\n\nfunc Routes(r chi.Router) {\n\tr.Get("/pets/{id}", getPet)\n}',
      'main.go': 'package main\n\nfunc main() {\n\tpets.Routes(router)\n}',
    });
    assert.deepEqual(found, []);
  });

  it('Java: a client interface whose path is split between the type and the method', async () => {
    const found = await calls({
      'src/PetClient.java':
        '@RegisterRestClient\n@Path("/pets")\npublic interface PetClient {\n  @GET\n  @Path("/{id}")\n  Pet getById(@PathParam("id") long id);\n}',
      'src/PetUse.java':
        'public class PetUse {\n  @Inject @RestClient PetClient petClient;\n  public String name(long id) { return petClient.getById(id).name(); }\n}',
    });
    assert.deepEqual(found, ['src/PetUse.java:3 certain getById']);
  });

  it('request objects: the type whose path member holds the URL is what callers make and send', async () => {
    const found = await calls({
      'src/requests/PetById.ts': [
        'export class PetById implements PetstoreRequest {',
        '  constructor(readonly petId: number) {}',
        '  path = () => `/pets/${this.petId}`;',
        "  method = () => 'GET';",
        '}',
      ].join('\n'),
      'src/page.ts':
        "import { PetById } from './requests/PetById';\nconst pet = await client.send(new PetById(7));",
    });
    assert.deepEqual(found, ['src/page.ts:2 certain PetById']);
  });

  it('AngularJS: a service registered by name, injected by that name into a controller', async () => {
    const found = await calls({
      'app/service.js': [
        "angular.module('app').service('petsService', function ($http) {",
        '  this.getOnePet = function (id) {',
        "    return $http({ method: 'GET', url: baseUrl + '/pets/' + id });",
        '  };',
        '});',
      ].join('\n'),
      'app/details/detailsCtrl.js': [
        "angular.module('app').controller('detailsCtrl', function ($scope, petsService, $stateParams) {",
        '  petsService.getOnePet($stateParams.id).then((response) => { $scope.pet = response.data; });',
        '});',
      ].join('\n'),
    });
    assert.deepEqual(found, ['app/details/detailsCtrl.js:2 certain getOnePet']);
  });

  it(`stops after ${MAX_WRAPPER_DEPTH} levels of wrappers, and on wrappers that call each other`, async () => {
    const chain: Project = { 'a0.ts': 'export function w0(id) { return fetch(`/pets/${id}`); }' };
    for (let level = 1; level <= 6; level++)
      chain[`a${level}.ts`] =
        `import { w${level - 1} } from './a${level - 1}';\n` +
        `export function w${level}(id) { return w${level - 1}(id); }`;
    const files = [...(await wrapperCallsIn(chain)).keys()].sort();
    assert.deepEqual(files, ['a1.ts', 'a2.ts', 'a3.ts', 'a4.ts']);

    const cycle = await calls({
      'x.ts': [
        'export function ping(id) { if (id) return pong(id - 1); return fetch(`/pets/${id}`); }',
        'export function pong(id) { return ping(id); }',
      ].join('\n'),
    });
    assert.deepEqual(cycle, ['x.ts:1 certain pong', 'x.ts:2 certain ping']);
  });

  it(`a name defined in more than ${MAX_ENTRIES_PER_NAME} places is not followed, with a note`, async () => {
    const project: Project = {};
    for (let i = 0; i <= MAX_ENTRIES_PER_NAME; i++)
      project[`m${i}/api.ts`] = 'export function fetchOne(id) { return fetch(`/pets/${id}`); }';
    project['page.ts'] = "import { fetchOne } from './m1/api';\nfetchOne(1);";
    project['other.ts'] =
      'export function fetchTwo(id) { return fetch(`/pets/${id}`); }\nfetchTwo(2);';
    const followed = await followedIn(project);
    assert.deepEqual([...followed.calls.keys()], ['other.ts']);
    assert.equal(followed.index.notes.length, 1);
    assert.match(followed.index.notes[0]!, /^fetchOne is defined in more than 64 places/);
  });

  it('a call without evidence is only possible; a generic name without evidence is nothing', async () => {
    assert.deepEqual(
      await calls({
        'client.py': 'def fetch_pet(pid):\n    return requests.get(f"{B}/pets/{pid}")',
        'other.py': 'def x(repo):\n    return repo.fetch_pet(1)',
        'api.ts': 'export function get(id) { return fetch(`/pets/${id}`); }',
        'cache.ts': 'const v = cache.get(key);',
      }),
      ['other.py:2 possible fetch_pet'],
    );
  });

  it('a file’s own function of the same name is what its calls reach', async () => {
    assert.deepEqual(
      await calls({
        'api.ts': 'export function getPetInfo(id) { return fetch(`/pets/${id}`); }',
        'local.ts': 'function getPetInfo(x) { return x; }\ngetPetInfo(2);',
      }),
      [],
    );
  });

  it('petstore-ignore-next-line and petstore-ignore-file silence a call', async () => {
    assert.deepEqual(
      await calls({
        'api.ts': 'export function getPetInfo(id) { return fetch(`/pets/${id}`); }',
        'a.ts': "import { getPetInfo } from './api';\n// petstore-ignore-next-line\ngetPetInfo(1);",
        'b.ts': "// petstore-ignore-file\nimport { getPetInfo } from './api';\ngetPetInfo(1);",
      }),
      [],
    );
  });

  it('a request outside any named function (a test’s callback, top-level code) indexes nothing', async () => {
    assert.deepEqual(
      await calls({
        'a.test.ts': "it('loads', async () => {\n  await fetch(`/pets/${id}`);\n});",
        'b.ts': "it('x', () => 1);",
      }),
      [],
    );
  });
});
