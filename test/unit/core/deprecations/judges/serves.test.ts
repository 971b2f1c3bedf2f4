import assert from 'node:assert/strict';
import { findingsIn, type Case } from '../support';

/** Routes that serve GET /pets/{id}, in each framework's syntax: the line of each. */
const ROUTES: Case[] = [
  // Go: chi, gorilla/mux, Echo, Fiber, net/http's ServeMux patterns.
  ['a.go', 'r.Get("/pets/{id}", getPet)', [1]],
  ['a.go', 'r.HandleFunc("/pets/{id}", getPet).Methods("GET")', [1]],
  ['a.go', 'e.GET("/pets/:id", getPet)', [1]],
  ['a.go', 'app.Get("/pets/:id", func(c *fiber.Ctx) error { return nil })', [1]],
  ['a.go', 'mux.HandleFunc("GET /pets/{id}", getPet)', [1]],
  ['a.go', 'v1 := e.Group("/api/v1")\nv1.GET("/pets/:id", h)', [2]],
  // The method as the first argument: Echo's Add, gin's and httprouter's Handle.
  ['a.go', 'e.Add("GET", "/pets/:id", func(c echo.Context) error { return nil })', [1]],
  ['a.go', 'router.Handle(http.MethodGet, "/pets/:id", getPet)', [1]],
  ['a.go', 'r.Handle("GET", "/pets/:id", getPet)', [1]],
  // A route record: the path beside its handler in a struct literal (a service's route table).
  [
    'a.go',
    'return &config.Route{\n\tPath:   "/pets/{petId}",\n\tMethod: http.MethodGet,\n\tHandler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}),\n}',
    [2],
  ],
  // grpc-gateway's generated handler names the route it serves.
  [
    'a.pb.gw.go',
    'annotatedContext, err := runtime.AnnotateContext(ctx, mux, req, "/v1.PetStoreService/GetPet", runtime.WithHTTPPathPattern("/v1/pets/{id}"))',
    [1],
  ],
  // JavaScript: Express, Fastify, a router module, NestJS.
  [
    'a.js',
    "router.get('/pets/:id', async (req, res) => res.json(await db.find(req.params.id)));",
    [1],
  ],
  ['a.js', "petsRouter.get('/pets/:petId', getPet);", [1]],
  ['a.ts', "fastify.get('/pets/:id', handler);", [1]],
  [
    'pets.controller.ts',
    "@Controller()\nexport class PetsController {\n  @Get('pets/:id')\n  findOne(@Param('id') id: string) { return this.pets.find(id); }\n}",
    [3],
  ],
  // Python: FastAPI, Flask, Flask-RESTX.
  ['a.py', '@app.get("/pets/{pet_id}")\ndef get_pet(pet_id: int): ...', [1]],
  ['a.py', '@router.get("/pets/{pet_id}")\nasync def get_pet(pet_id: int): ...', [1]],
  ['a.py', '@bp.route("/pets/<int:pet_id>", methods=["GET"])\ndef show(pet_id): ...', [1]],
  ['a.py', "@app.route('/pets/<int:pet_id>')\ndef show(pet_id): ...", [1]],
  ['a.py', '@api.route("/pets/<int:pet_id>")\nclass Pet(Resource): ...', [1]],
  // JVM: Spring, JAX-RS, Ktor.
  [
    'PetController.java',
    '@RestController\nclass PetController {\n  @GetMapping("/pets/{id}") Pet get(@PathVariable long id) { return repo.find(id); }\n}',
    [3],
  ],
  // openapi-generator's Spring server stub: an interface whose mapped default method answers.
  [
    'PetsApi.java',
    'public interface PetsApi {\n  @GetMapping(\n      value = "/pets/{petId}",\n      produces = {"application/json"})\n  default ResponseEntity<Pet> showPetById(\n      @Parameter(name = "petId", required = true, in = ParameterIn.PATH) @PathVariable String petId) {\n    return new ResponseEntity<>(HttpStatus.NOT_IMPLEMENTED);\n  }\n}',
    [3],
  ],
  [
    'PetResource.java',
    '@Path("/")\npublic class PetResource {\n  @GET @Path("/pets/{id}") public Pet get(@PathParam("id") long id) { return null; }\n}',
    [3],
  ],
  [
    'Routes.kt',
    'routing {\n    get("/pets/{id}") {\n        call.respond(repo.find(call.parameters["id"]))\n    }\n}',
    [2],
  ],
  // C#: a controller's attribute, a minimal API.
  [
    'PetsController.cs',
    'public class PetsController : ControllerBase {\n  [HttpGet("/pets/{id}")] public Pet Get(int id) => repo.Find(id);\n}',
    [2],
  ],
  ['Program.cs', 'app.MapGet("/pets/{id}", (int id) => repo.Find(id));', [1]],
  // A route table: openapi-generator's Go server.
  [
    'routers.go',
    'return Routes{\n\t{\n\t\t"PetsIdGet",\n\t\tstrings.ToUpper("Get"),\n\t\t"/pets/{id}",\n\t\tc.PetsIdGet,\n\t},\n}',
    [5],
  ],
  ['routers.go', 'var routes = []Route{{"GET", "/pets/:id", getPet}}', [1]],
  // A group or router given the collection as its prefix in the same file.
  ['a.go', 'g := e.Group("/api/pets")\ng.GET("/:id", getPet)\ng.DELETE("/:id", deletePet)', [2]],
  ['a.go', 'pets := r.Group("/pets")\n{\n\tpets.GET("/:id", show)\n}', [3]],
  [
    'a.go',
    'r.Route("/pets", func(r chi.Router) {\n\tr.Get("/", list)\n\tr.Get("/{petID}", show)\n})',
    [3],
  ],
  [
    'a.py',
    'router = APIRouter(prefix="/pets", tags=["pets"])\n\n@router.get("/{pet_id}")\nasync def read(pet_id: int): ...',
    [3],
  ],
  [
    'a.py',
    'bp = Blueprint("pets", __name__, url_prefix="/pets")\n@bp.route("/<int:pet_id>")\ndef show(pet_id): ...',
    [2],
  ],
  [
    'app.js',
    "const router = express.Router();\nrouter.get('/:id', show);\napp.use('/pets', router);",
    [2],
  ],
  // hapi: a route object with its method and path.
  [
    'routes.js',
    "server.route({\n  method: 'GET',\n  path: '/pets/{id}',\n  handler: (request) => pets.find(request.params.id),\n});",
    [3],
  ],
  // A controller mapped to the collection, a method to one pet by its parameter.
  [
    'PetController.java',
    '@RestController\n@RequestMapping("/pets")\nclass PetController {\n  @RequestMapping(path = "/{id}", method = RequestMethod.GET)\n  Pet get(@PathVariable long id) { return repo.find(id); }\n  @DeleteMapping("/{id}") void delete(@PathVariable long id) {}\n  @GetMapping("/{id}/photos") List<Photo> photos(@PathVariable long id) { return null; }\n}',
    [4],
  ],
  [
    'pets.controller.ts',
    "@Controller('pets')\nexport class PetsController {\n  @Get(':id')\n  findOne(@Param('id') id: string) { return this.pets.find(id); }\n}",
    [3],
  ],
  [
    'PetsController.cs',
    '[ApiController]\n[Route("api/[controller]")]\npublic class PetsController : ControllerBase {\n  [HttpGet("{id}", Name = nameof(GetById))]\n  public Pet GetById(int id) => repo.Find(id);\n}',
    [4],
  ],
  [
    'PetResource.java',
    '@Path("/pets")\npublic class PetResource {\n  @GET\n  @Path("{id}")\n  public Pet get(@PathParam("id") long id) { return null; }\n}',
    [4],
  ],
  // Ruby: Rails, Sinatra.
  ['routes.rb', 'get "/pets/:id" => "pets#show"', [1]],
  ['routes.rb', "get '/pets/:id', to: 'pets#show'", [1]],
  ['a.rb', "get '/pets/:id' do\n  Pet.find(params[:id]).to_json\nend", [1]],
  // Test doubles answer the request: they are mocks of the route, found to be removed with it.
  ['test_client.py', 'respx_mock.get("/pets/string").mock(return_value=httpx.Response(500))', [1]],
  ['a.test.js', "nock(base).get('/pets/1').reply(200, { id: 1 });", [1]],
  ['a.test.js', 'fetchMock.get(`/pets/${id}`, pet);', [1]],
  ['a.test.ts', "mock.onGet('/pets/1').reply(200, pet);", [1]],
  ['a.test.ts', "server.use(http.get('/pets/:id', () => HttpResponse.json(pet)));", [1]],
  ['a.spec.ts', "const req = httpMock.expectOne('/api/pets/1');", [1]],
  ['pets.cy.js', "cy.intercept('GET', '/api/pets/1', { fixture: 'pet.json' }).as('pet');", [1]],
  ['pets.cy.js', "cy.intercept('GET', `/api/pets/${id}`).as('pet');", [1]],
  ['PetIT.java', 'stubFor(get(urlEqualTo("/pets/1")).willReturn(okJson(PET)));', [1]],
  // Globs of interceptors: Cypress, Playwright's page.route.
  ['pets.cy.js', "cy.intercept('GET', '/api/pets/*', { fixture: 'pet.json' }).as('pet');", [1]],
  [
    'pet.spec.ts',
    "await page.route('**/api/pets/*', (route) => route.fulfill({ json: pet }));",
    [1],
  ],
  // Django's URL configuration: a converter in the path, a view after it.
  [
    'urls.py',
    "urlpatterns = [\n    path('pets/', views.pet_list),\n    path('pets/<int:pk>/', views.pet_detail),\n]",
    [3],
  ],
  ['test_pets.py', 'responses.add(responses.GET, f"{BASE}/pets/1", json=pet)', [1]],
  // The responses library's shortcut for GET, its arguments on their own lines.
  [
    'test_pets.py',
    'responses.get(\n    "http://petstore.swagger.io/v1/pets/9119642480", json={}, status=200\n)',
    [2],
  ],
  // PHP: Laravel, Slim.
  ['web.php', "<?php\nRoute::get('/pets/{id}', [PetController::class, 'show']);", [2]],
  [
    'a.php',
    "<?php\n$app->get('/pets/{id}', function ($request, $response, $args) { return $response; });",
    [2],
  ],
];

/** Controllers of other resources, and methods of other verbs or sub-paths: nothing. */
const NOT_ROUTES: Case[] = [
  [
    'OwnerController.java',
    '@RestController\n@RequestMapping("/owners")\nclass OwnerController {\n  @GetMapping("/{id}") Owner get(@PathVariable long id) { return null; }\n}',
    [],
  ],
  [
    'OwnersController.cs',
    '[Route("api/[controller]")]\npublic class OwnersController : ControllerBase {\n  [HttpGet("{id}")] public Owner Get(int id) => null;\n}',
    [],
  ],
  // Prefixed routers of other collections, other methods, sub-paths.
  ['a.go', 'g := e.Group("/owners")\ng.GET("/:id", getOwner)', []],
  [
    'a.py',
    'router = APIRouter(prefix="/pets")\n@router.delete("/{pet_id}")\ndef rm(pet_id): ...',
    [],
  ],
  [
    'a.py',
    'bp = Blueprint("pets", __name__, url_prefix="/pets")\n@bp.route("/<int:pet_id>", methods=["PUT"])\ndef put(pet_id): ...',
    [],
  ],
  [
    'a.go',
    'r.Route("/owners", func(r chi.Router) {\n\tr.Get("/{id}", show)\n})\nr.Route("/pets", func(r chi.Router) {\n\tr.Get("/{id}/photos", photos)\n})',
    [],
  ],
  // Another method stated first, or in the route object.
  ['a.go', 'e.Add("DELETE", "/pets/:id", deletePet)', []],
  ['a.go', 'router.Handle(http.MethodPut, "/pets/:id", putPet)', []],
  [
    'routes.js',
    "server.route({\n  method: 'DELETE',\n  path: '/pets/{id}',\n  handler: remove,\n});",
    [],
  ],
  // A path joined on disk, a Django route of the list: not the item's route.
  ['a.py', "template = os.path.join('pets/<int:pk>/', name)", []],
  ['urls.py', "urlpatterns = [path('pets/', views.pet_list)]", []],
];

/** The same paths used by clients: requests, never routes. */
const CLIENTS: Case[] = [
  [
    'PetApi.java',
    'public interface PetApi {\n  @GET("pets/{id}")\n  Call<Pet> getPet(@Path("id") long id);\n}',
    [2],
  ],
  [
    'IPetApi.cs',
    'public interface IPetApi {\n  [Get("/pets/{id}")]\n  Task<Pet> GetPet(int id);\n}',
    [2],
  ],
  [
    'PetClient.java',
    '@FeignClient("pets")\ninterface PetClient {\n  @GetMapping("/pets/{id}") Pet get(@PathVariable long id);\n}',
    [3],
  ],
  // The same split as a controller's, in an interface: a declared client's call.
  [
    'PetClient.java',
    '@RegisterRestClient\n@Path("/pets")\npublic interface PetClient {\n  @GET\n  @Path("/{id}")\n  Pet getById(@PathParam("id") long id);\n}',
    [5],
  ],
  [
    'PetExchange.java',
    '@HttpExchange("/pets")\npublic interface PetExchange {\n  @GetExchange("/{id}")\n  Pet findPet(@PathVariable long id);\n}',
    [3],
  ],
  [
    'PetsFeign.java',
    '@FeignClient(name = "pets-service", path = "/api/pets")\ninterface PetsFeign {\n  @GetMapping("/{id}")\n  Pet one(@PathVariable("id") long id);\n}',
    [3],
  ],
  [
    'PetServiceIF.java',
    '@FeignClient(name = "pet-service", url = "${services.pet-service-url:localhost:8083}/pets")\npublic interface PetServiceIF {\n  @GetMapping("/{id}")\n  ResponseEntity<PetResource> get(@PathVariable Integer id);\n}',
    [3],
  ],
  ['A.java', 'Pet pet = restTemplate.getForObject("/pets/{id}", Pet.class, id);', [1]],
  ['A.java', 'webClient.get().uri("/pets/{id}", id).retrieve();', [1]],
  ['a.js', "$.getJSON('/pets/' + id, render)", [1]],
  ['pets.cy.js', "cy.request('/api/pets/1').its('status').should('eq', 200);", [1]],
  [
    'a.ts',
    'const { data } = await client.GET("/pets/{petId}", { params: { path: { petId } } });',
    [1],
  ],
  ['a.py', '@uplink.get("pets/{pet_id}")\ndef get_pet(self, pet_id): pass', [1]],
];

function kindsOf(name: string, code: string): string[] {
  return findingsIn(name, code).map(
    (finding) => `${finding.start.line + 1} ${finding.kind} ${finding.confidence}`,
  );
}

describe('routes that serve GET /pets/{id}: their own kind, a hint, in every framework', () => {
  for (const [name, code, lines] of ROUTES)
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')}`, () => {
      assert.deepEqual(
        kindsOf(name, code),
        lines.map((line) => `${line} serves possible`),
      );
    });

  it('are counted as calls, with the finder’s confidence, when routes are counted', () => {
    const [finding] = findingsIn('a.go', 'r.Get("/pets/{id}", getPet)', { countRoutes: true });
    assert.equal(finding?.kind, 'serves');
    assert.equal(finding?.confidence, 'certain');
  });
});

describe('other controllers’ parameter routes are not this operation’s', () => {
  for (const [name, code] of NOT_ROUTES)
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')}`, () => assert.deepEqual(kindsOf(name, code), []));
});

describe('a route table entry of another method does not serve GET', () => {
  it('routers.go: { "DeletePet", strings.ToUpper("Delete"), "/pets/{id}", c.DeletePet }', () => {
    const found = findingsIn(
      'routers.go',
      'return Routes{\n\t{\n\t\t"DeletePet",\n\t\tstrings.ToUpper("Delete"),\n\t\t"/pets/{id}",\n\t\tc.DeletePet,\n\t},\n}',
    );
    assert.ok(
      found.every((finding) => finding.kind !== 'serves' && finding.confidence === 'possible'),
    );
  });
});

describe('the same paths in clients are requests, not routes', () => {
  for (const [name, code, lines] of CLIENTS)
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')}`, () => {
      const found = findingsIn(name, code);
      assert.deepEqual(
        found.map((finding) => finding.start.line + 1),
        lines,
      );
      for (const finding of found) assert.notEqual(finding.kind, 'serves');
    });
});
