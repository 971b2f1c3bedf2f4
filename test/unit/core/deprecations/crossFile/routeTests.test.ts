import assert from 'node:assert/strict';
import { reportedIn, type Project } from './projectScan';

/** Only the findings of one kind, at every confidence. */
async function hintsOf(kind: string, project: Project): Promise<string[]> {
  return (await reportedIn(project, {}, 'possible')).filter((line) => line.includes(` ${kind} `));
}

/** Each file's one request is a test of the project's own route: a hint apart, no call. */
async function assertRouteTests(project: Project): Promise<void> {
  assert.deepEqual(await reportedIn(project), [], 'no call is reported');
  const hints = await hintsOf('route-test', project);
  assert.deepEqual(
    hints.map((line) => line.split(':')[0]),
    Object.keys(project).sort(),
    hints.join('\n'),
  );
}

/**
 * A test that sends GET /pets/{id} to the project's own app through its framework's test client
 * tests the route the project serves: it is not a call of the Pet Store API and goes with the
 * route (a `route-test` hint). A test that calls a deployed API through an ordinary client is a
 * call like any other.
 */
describe("tests of the project's own route, through its test client", () => {
  it('JavaScript and TypeScript: supertest, chai-http, Fastify and hapi inject, Hono', async () => {
    await assertRouteTests({
      'test/supertest.test.js': [
        "const request = require('supertest')",
        "it('reads one', async () => {",
        "  const res = await request(app).get(`/pets/${pet.id}`).set('Authorization', 'Bearer k')",
        '  expect(res.status).toBe(200)',
        '})',
      ].join('\n'),
      'test/nest.e2e-spec.ts': [
        "it('/pets/:id (GET)', () => {",
        '  return request(app.getHttpServer()).get(`/pets/${id}`).expect(200);',
        '});',
      ].join('\n'),
      'test/chai.test.js': "chai.request(server).get('/pets/1').end((err, res) => done());",
      'test/fastify.test.ts': [
        'test("reads one", async () => {',
        "  const res = await app.inject({ method: 'GET', url: `/pets/${id}` });",
        '});',
      ].join('\n'),
      'test/hapi.test.js': "const res = await server.inject('/pets/1');",
      'test/hono.test.ts': "const res = await app.request('/pets/1');",
    });
  });

  it('Python: TestClient, httpx on the ASGI app, Flask test_client, Django and DRF clients', async () => {
    await assertRouteTests({
      'tests/test_fastapi.py': [
        'from fastapi.testclient import TestClient',
        'client = TestClient(app)',
        'def test_read():',
        '    response = client.get(f"/pets/{pet_id}")',
        '    assert response.status_code == 200',
      ].join('\n'),
      'tests/test_flask.py': [
        'def test_read(app):',
        '    client = app.test_client()',
        '    response = client.get("/pets/1")',
      ].join('\n'),
      'pets/tests.py': [
        'from django.test import TestCase',
        'class PetTests(TestCase):',
        '    def test_read(self):',
        '        response = self.client.get(f"/api/pets/{self.pet.id}/")',
      ].join('\n'),
      'tests/test_drf.py': [
        'from rest_framework.test import APIClient',
        'def test_read():',
        '    api_client = APIClient()',
        '    response = api_client.get("/pets/7/")',
      ].join('\n'),
      'tests/test_fixture.py': [
        '@pytest.mark.asyncio',
        'async def test_read(client, auth_headers):',
        '    res = await client.get(f"/api/v1/pets/{pet_id}", headers=auth_headers)',
      ].join('\n'),
      'tests/test_authorized_fixture.py': [
        'def test_get_pet_by_id(authorized_client, db_pet):',
        '    response = authorized_client.get(f"/pets/{db_pet.id}")',
      ].join('\n'),
      'tests/test_class_fixture.py': [
        'class TestPets:',
        '    def test_read(self, client, token):',
        '        response = client.get(f"/api/pets/{pet_id}")',
      ].join('\n'),
      'pet/tests.py': [
        'class PetTest(unittest.TestCase):',
        '    def setUp(self):',
        '        self.app = create_app().test_client()',
        '    def test_read(self):',
        "        rv = self.app.get('/pets/' + pet_id)",
      ].join('\n'),
      'tests/test_validation.py': [
        'def test_validate():',
        '    request = MockRequest(host_url, "GET", "/pets/1", path_pattern="/pets/{petId}")',
      ].join('\n'),
      'tests/test_asgi.py': [
        'from httpx import ASGITransport, AsyncClient',
        'async def test_read():',
        '    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as ac:',
        '        response = await ac.get("/pets/1")',
      ].join('\n'),
      'tests/test_asgi_client.py': [
        'from httpx import ASGITransport, AsyncClient',
        'async def test_missing():',
        '    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:',
        '        response = await client.get(f"/pets/{pet_id}")',
        '    assert response.status_code == 404',
      ].join('\n'),
      'tests/test_testserver.py': [
        'from starlette.testclient import TestClient',
        'def test_read(client: TestClient):',
        '    response = client.get("http://testserver/pets/12")',
      ].join('\n'),
    });
  });

  it('Java and Kotlin: MockMvc, WebTestClient, TestRestTemplate, RestAssured on the started app, Ktor', async () => {
    await assertRouteTests({
      'src/test/java/app/MockMvcTest.java': [
        'class PetControllerTest {',
        '  @Test void reads() throws Exception {',
        '    mockMvc.perform(get("/pets/{id}", 1L)).andExpect(status().isOk());',
        '  }',
        '}',
      ].join('\n'),
      'src/test/java/app/WebTestClientTest.java':
        'class T { void t() { webTestClient.get().uri("/pets/{id}", 1).exchange().expectStatus().isOk(); } }',
      'src/test/java/app/RestTemplateTest.java': [
        'class T {',
        '  @Autowired TestRestTemplate restTemplate;',
        '  void t() { ResponseEntity<Pet> r = restTemplate.getForEntity("/pets/" + id, Pet.class); }',
        '}',
      ].join('\n'),
      'src/test/java/app/RestAssuredTest.java': [
        '@QuarkusTest',
        'class T {',
        '  @Test void t() { given().when().get("/pets/{id}", 1).then().statusCode(200); }',
        '}',
      ].join('\n'),
      'src/test/kotlin/app/KtorTest.kt': [
        'class PetsTest {',
        '  @Test fun reads() = testApplication {',
        '    val response = client.get("/pets/1")',
        '  }',
        '}',
      ].join('\n'),
    });
  });

  it("C#: a WebApplicationFactory's or a subclass's client", async () => {
    await assertRouteTests({
      'Tests/SystemTests.cs': [
        'public class SystemTests : IClassFixture<CustomWebApplicationFactory<Program>>',
        '{',
        '    public SystemTests(CustomWebApplicationFactory<Program> factory) { _client = factory.CreateClient(); }',
        '    [Fact]',
        '    public async Task Reads() {',
        '        var pet = await _client.GetFromJsonAsync<Pet>($"/api/pets/{id}");',
        '    }',
        '}',
      ].join('\n'),
      'Tests/WorkflowTests.cs': [
        'public class WorkflowTests : IClassFixture<PetServiceWebAppFactory>',
        '{',
        '    public async Task Reads() {',
        '        var response = await _client.GetAsync($"/api/pets/{id}");',
        '    }',
        '}',
      ].join('\n'),
    });
  });

  it('PHP, Ruby, Go and Elixir: Laravel and Pest, Symfony, request specs, httptest, Phoenix', async () => {
    await assertRouteTests({
      'tests/Feature/PetTest.php': [
        '<?php',
        'class PetTest extends TestCase {',
        '  public function test_show() {',
        "    $this->actingAs($user)->getJson('/api/pets/' . $pet->id)->assertOk();",
        '  }',
        '}',
      ].join('\n'),
      'tests/Feature/PestTest.php': [
        '<?php',
        "it('shows one pet', function () {",
        '    $this->getJson("/api/pets/{$pet->id}")->assertOk();',
        '});',
      ].join('\n'),
      'tests/Controller/PetControllerTest.php': [
        '<?php',
        'class PetControllerTest extends WebTestCase {',
        '  public function testShow(): void {',
        '    $client = static::createClient();',
        "    $client->request('GET', '/pets/1');",
        '  }',
        '}',
      ].join('\n'),
      'spec/requests/pets_spec.rb': [
        "RSpec.describe 'Pets', type: :request do",
        "  it 'shows' do",
        '    get "/api/v1/pets/#{pet.id}", headers: headers',
        '  end',
        'end',
      ].join('\n'),
      'handlers/pets_test.go': [
        'func TestGetPet(t *testing.T) {',
        '\treq := httptest.NewRequest("GET", "/pets/1", nil)',
        '\trec := httptest.NewRecorder()',
        '\trouter.ServeHTTP(rec, req)',
        '}',
      ].join('\n'),
      'handlers/fiber_test.go': [
        'func doGet(t *testing.T, app *fiber.App, rawURL string) (*http.Response, error) {',
        '\treq := httptest.NewRequest("GET", rawURL, nil)',
        '\treturn app.Test(req)',
        '}',
        'func TestFind(t *testing.T) {',
        '\trr, _ := doGet(t, server, fmt.Sprintf("/pets/%d", pet.Id))',
        '}',
      ].join('\n'),
      'test/app_web/pet_controller_test.exs': [
        'defmodule AppWeb.PetControllerTest do',
        '  use AppWeb.ConnCase',
        '  test "shows", %{conn: conn} do',
        '    conn = get(conn, "/pets/#{pet.id}")',
        '  end',
        'end',
      ].join('\n'),
    });
  });

  it('a test helper around the test client is no wrapper: the tests that call it are not calls', async () => {
    const project = {
      'test/helpers.js': [
        "const request = require('supertest')",
        'function readPet(id) {',
        '  return request(app).get(`/pets/${id}`)',
        '}',
        'module.exports = { readPet }',
      ].join('\n'),
      'test/pets.test.js': [
        "const { readPet } = require('./helpers')",
        "it('reads', async () => { await readPet(7) })",
      ].join('\n'),
    };
    assert.deepEqual(await reportedIn(project), []);
    assert.deepEqual(await hintsOf('route-test', project), [
      'test/helpers.js:3 route-test /pets/{…}',
    ]);
    assert.deepEqual(await reportedIn(project, { countRoutes: true }), [
      'test/helpers.js:3 route-test /pets/{…}',
    ]);
  });

  it('a test that calls a deployed API through an ordinary client is a call', async () => {
    assert.deepEqual(
      await reportedIn({
        'test/api.test.js': [
          'const api = axios.create({ baseURL: process.env.API_URL })',
          "it('reads one', async () => {",
          '  const res = await api.get(`/pets/${id}`)',
          '})',
        ].join('\n'),
        'tests/test_staging.py': [
          'client = httpx.Client(base_url=STAGING)',
          'def test_read():',
          '    response = client.get(f"/pets/{pet_id}")',
        ].join('\n'),
        'Services/PetClient.cs': [
          'public class PetClient {',
          '    public PetClient(IHttpClientFactory factory) { _http = factory.CreateClient("PetApi"); }',
          '    public Task<HttpResponseMessage> Get(long id) => _http.GetAsync($"pets/{id}");',
          '}',
        ].join('\n'),
        'app/Clients/PetClient.php': [
          '<?php',
          'class PetClient extends Client {',
          '  public function pet($id) { return $this->get("/pets/{$id}"); }',
          '}',
        ].join('\n'),
        'lib/pet_client.rb': [
          'class PetClient',
          '  include HTTParty',
          "  base_uri 'https://api.example.com'",
          '  def self.find(id)',
          '    get "/pets/#{id}"',
          '  end',
          'end',
        ].join('\n'),
        'client/pets_test.go': [
          'func TestRemote(t *testing.T) {',
          '\treq, _ := http.NewRequest(http.MethodGet, baseURL+"/pets/1", nil)',
          '\tresp, _ := http.DefaultClient.Do(req)',
          '}',
        ].join('\n'),
      }),
      [
        'Services/PetClient.cs:3 url pets/{…}',
        'app/Clients/PetClient.php:3 url /pets/{…}',
        'client/pets_test.go:2 url {…}/pets/1',
        'lib/pet_client.rb:5 url /pets/{…}',
        'test/api.test.js:3 url /pets/{…}',
        'tests/test_staging.py:3 url /pets/{…}',
      ],
    );
  });
});
