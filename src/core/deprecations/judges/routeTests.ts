/**
 * Whether a request for GET /pets/{id} goes to the project's own app, in the test's own process,
 * through a framework's test client: supertest's `request(app).get('/pets/1')`, Fastify's and
 * hapi's `app.inject({ url })`, Hono's `app.request(…)`, MockMvc's `perform(get("/pets/{id}", 1))`,
 * WebTestClient, TestRestTemplate, a WebApplicationFactory's or TestServer's `CreateClient()`,
 * Starlette's and FastAPI's `TestClient(app)` and httpx's `ASGITransport(app=app)`, Flask's `test_client()`, Django's `self.client`,
 * Laravel's `$this->getJson(…)`, Symfony's `createClient()`, a Rails request spec's or Rack::Test's
 * bare `get "/pets/1"`, Ktor's `testApplication`, Phoenix's `get(conn, …)`, Go's
 * `httptest.NewRequest` (or a relative `http.NewRequest` handed to `ServeHTTP`).
 *
 * Such a request tests the route the project serves; it is not a call of the Pet Store API, and it
 * goes, or changes, with that route. The evidence is the client itself, never the file's name: a
 * test that calls a deployed API through an ordinary client stays a call. The URL has no host of
 * its own (a test client's base is the app; `http://testserver` is Starlette's and Django's).
 * Imports only model/.
 */
import { HOLE, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  nextSignificant,
  previousSignificant,
  statementStartToken,
} from '../model/tokenWalk';

/** Identifiers whose presence in the file says which test client its relative requests go through. */
interface FileEvidence {
  /** Every identifier of the file. */
  names: ReadonlySet<string>;
}

const evidenceCache = new WeakMap<readonly Token[], FileEvidence>();

function evidenceOf(tokens: readonly Token[]): FileEvidence {
  let evidence = evidenceCache.get(tokens);
  if (!evidence) {
    const names = new Set<string>();
    for (const token of tokens) if (token.kind === 'ident') names.add(token.text);
    evidence = { names };
    evidenceCache.set(tokens, evidence);
  }
  return evidence;
}

function hasName(evidence: FileEvidence, pattern: RegExp): boolean {
  for (const name of evidence.names) if (pattern.test(name)) return true;
  return false;
}

/** Receivers that are a framework's in-process client by their name alone. */
const IN_PROCESS_RECEIVERS = /^(?:mockMvc|mvc|MockMvcRequestBuilders|webTestClient|httptest)$/;
/** Calls that start a supertest or chai-http chain on the app: `request(app)`, `supertest(server)`. */
const CHAIN_STARTERS = new Set(['request', 'supertest', 'agent']);
/** The app handed to a chain starter: app, server, app.getHttpServer(), httpServer. */
const APP_ARGUMENT = /^(?:app|server|application|httpServer|api|App|Server)$/;
/** Methods a test client sends a GET with. */
const TEST_CLIENT_GETS = new Set([
  'get',
  'getJson',
  'json',
  'call',
  'request',
  'GET',
  'Get',
  'GetAsync',
  'GetFromJsonAsync',
  'GetStringAsync',
  'getForEntity',
  'getForObject',
  'exchange',
  'retrieve',
  'uri',
  'perform',
  'handleRequest',
  'open',
  'simulate_get',
]);

/** The client types and setups a file shows when its relative requests go to its own app. */
const FILE_CLIENTS: { receiver?: RegExp; names: RegExp }[] = [
  // ASP.NET Core: a WebApplicationFactory (or a subclass: CustomWebApplicationFactory,
  // PetServiceWebAppFactory) or a TestServer makes the HttpClient.
  { names: /(?:WebApplicationFactory|WebAppFactory|^TestServer|ApplicationFactory)$/ },
  // Spring: TestRestTemplate; RestAssured against the started app (@LocalServerPort, Quarkus,
  // Micronaut's embedded server); Ktor's test application.
  {
    names:
      /^(?:TestRestTemplate|LocalServerPort|QuarkusTest|MicronautTest|RestAssuredMockMvc|testApplication|withTestApplication)$/,
  },
  // Starlette, FastAPI, Flask (`self.app = app.test_client()`), Django, Django REST framework.
  {
    receiver: /client$|^app$/i,
    names: /^(?:TestClient|test_client|APIClient|APITestCase|APIRequestFactory|TestingClient)$/,
  },
  // httpx's client on the app itself, as FastAPI's async tests make it:
  // `AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as ac`.
  { receiver: /client$|^ac$/i, names: /^(?:ASGITransport|WSGITransport)$/ },
  // Symfony's WebTestCase: $client = static::createClient().
  { receiver: /client$/i, names: /^(?:createClient|WebTestCase|KernelBrowser)$/ },
];

/**
 * True when the request at `first..last` (its URL rendered with holes) goes through a test client
 * to the project's own app.
 */
export function testsOwnRoute(
  tokens: readonly Token[],
  first: number,
  last: number,
  rendered: string,
): boolean {
  if (!isRelative(tokens, first, rendered)) return false;
  // Fastify and hapi: app.inject({ method: 'GET', url: '/pets/1' }).
  if (injectedOptions(tokens, first)) return true;
  const evidence = evidenceOf(tokens);
  // Go: a handler test (httptest) hands its relative paths to the app, whatever helper takes them
  // (doGet(t, app, "/pets/1")); no Go client sends a URL without a host.
  if (evidence.names.has('httptest') && rendered.startsWith('/')) return true;
  const send = sendingCall(tokens, first, last);
  if (!send) return false;
  const { callee, opener } = send;
  const name = tokens[callee]!.text;
  const chain = chainStart(tokens, callee);
  const chainNames = namesBetween(tokens, chain, callee);
  if (chainNames.some((text) => IN_PROCESS_RECEIVERS.test(text))) return true;
  // A request object made for a handler or a validator: MockRequest(…), httpMocks.createRequest(…).
  if (/^(?:Mock|mock)[A-Z]\w*Request$|^MockRequest$/.test(name) || chainNames[0] === 'httpMocks')
    return true;
  if (startsOnApp(tokens, chain)) return true;
  // MockMvc: perform(get("/pets/{id}", 1)), the request builder handed to perform.
  if (opener >= 0 && isHandedToPerform(tokens, opener)) return true;
  // hapi's server.inject('/pets/1').
  if (name === 'inject') return true;
  const receiver = chainNames.length > 1 ? chainNames[chainNames.length - 2]! : '';
  // Hono's in-process request: app.request('/pets/1').
  // An `api.request(…)` is as often a project's own HTTP wrapper (Dio's in Flutter): Hono's only
  // where the file names Hono.
  if (
    name === 'request' &&
    opener >= 0 &&
    (receiver === 'app' || (receiver === 'api' && hasName(evidence, /^Hono$/)))
  )
    return true;
  // Go: a request built for a handler (httptest.NewRequest is caught above): a relative URL
  // http.NewRequest cannot send, in a file that serves it (ServeHTTP, fiber's app.Test).
  if (name === 'NewRequest' || name === 'NewRequestWithContext')
    return ['ServeHTTP', 'NewRecorder', 'Test'].some((known) => evidence.names.has(known));
  if (!TEST_CLIENT_GETS.has(name)) return false;
  // Laravel's feature tests: $this->getJson('/api/pets/1'), $this->actingAs($u)->get(…), and
  // Pest's, outside any class: test()->getJson(…).
  if (chainNames[0] === '$this' || (chainNames[0] === 'test' && chainNames.length > 1))
    return (
      !evidence.names.has('GuzzleHttp') &&
      (hasName(evidence, /TestCase$/) || (!evidence.names.has('class') && isPest(evidence)))
    );
  for (const client of FILE_CLIENTS)
    if ((!client.receiver || client.receiver.test(receiver)) && hasName(evidence, client.names))
      return true;
  // Django's TestCase: self.client.get(…), in a file that imports django.test.
  if (receiver === 'client' && chainNames[0] === 'self' && evidence.names.has('django'))
    return true;
  // pytest: a test function's `client` fixture (Flask's, FastAPI's, Django's conventions), or one
  // built on it (`authorized_client`, `admin_client`).
  if (chainNames.length === 2 && /client$/.test(receiver))
    return isTestFixture(tokens, chain, receiver);
  // Phoenix: get(conn, "/pets/1"), conn |> get("/pets/1"), in a ConnCase.
  if (evidence.names.has('ConnCase') || evidence.names.has('ConnTest'))
    return (
      chainNames.length === 1 &&
      (firstArgumentIs(tokens, opener, 'conn') || pipedConn(tokens, callee))
    );
  // Rails request specs, integration tests, Rack::Test: a bare `get "/pets/1"` (HTTParty's
  // bare get inside a client class aside).
  if (chainNames.length === 1 && name === 'get' && !evidence.names.has('HTTParty'))
    return (
      opener < 0 ||
      evidence.names.has('RSpec') ||
      evidence.names.has('IntegrationTest') ||
      evidence.names.has('Rack')
    );
  return false;
}

/** A URL without a host: a path (`/pets/1`, `api/pets/1`), or a test client's `http://testserver`. */
function isRelative(tokens: readonly Token[], first: number, rendered: string): boolean {
  const token = tokens[first]!;
  if (token.kind !== 'string') return false;
  const head = token.parts?.[0];
  if (head === undefined || head === HOLE) return false;
  if (/^[a-z][\w+.-]*:\/\//i.test(rendered))
    return /^https?:\/\/(?:testserver|localhost)(?:\/|$)/i.test(rendered);
  return /^\/?[\w.~-]/.test(rendered);
}

/**
 * The call the URL is sent by: its callee, and the call's opening bracket (-1 for a call without
 * parentheses, Ruby's `get "/pets/1"`). The URL is the call's first argument, or a later one after
 * a method (`$this->json('GET', '/api/pets/1')`), or an options object's `url`.
 */
function sendingCall(
  tokens: readonly Token[],
  first: number,
  last: number,
): { callee: number; opener: number } | undefined {
  const before = previousSignificant(tokens, first - 1);
  if (before >= 0 && tokens[before]!.kind === 'ident' && isParenless(tokens, before, last))
    return { callee: before, opener: -1 };
  const opener = enclosingOpener(tokens, first, 40);
  if (opener < 1 || tokens[opener]!.text !== '(') return undefined;
  const callee = beforeTypeArguments(tokens, previousSignificant(tokens, opener - 1));
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  return { callee, opener };
}

/** `GetFromJsonAsync<Pet>(`: the name before a call's type arguments (or `at` itself). */
function beforeTypeArguments(tokens: readonly Token[], at: number): number {
  if (at < 0 || tokens[at]!.text !== '>') return at;
  let depth = 0;
  for (let i = at; i >= Math.max(0, at - 40); i--) {
    const text = tokens[i]!.text;
    if (text === '>') depth++;
    else if (text === '<' && --depth === 0) return previousSignificant(tokens, i - 1);
  }
  return -1;
}

/** `get "/pets/1"` at a statement's start (Ruby, Elixir): the callee's argument without brackets. */
function isParenless(tokens: readonly Token[], callee: number, last: number): boolean {
  if (statementStartToken(tokens, callee) !== callee) return false;
  const after = tokens[last + 1];
  // `get '/pets/1' do … end` would be a route with its block: not a request.
  return !after || after.kind === 'newline' || [',', ';'].includes(after.text);
}

/** The identifiers of a chain from its start to its callee: `self.client.get` → self, client, get. */
function namesBetween(tokens: readonly Token[], from: number, to: number): string[] {
  const names: string[] = [];
  for (let i = from; i <= to; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident') names.push(token.text);
    else if (token.text === '(' || token.text === '[') {
      // Skip a call's arguments: `request(app)` adds request, not app.
      let depth = 0;
      for (; i <= to; i++) {
        const text = tokens[i]!.text;
        if (text === '(' || text === '[') depth++;
        else if ((text === ')' || text === ']') && --depth === 0) break;
      }
    }
  }
  return names;
}

/**
 * A chain started on the app: `request(app)`, `supertest(server)`, `request(app.getHttpServer())`,
 * `chai.request(app)`, `request.agent(app)`.
 */
function startsOnApp(tokens: readonly Token[], chain: number): boolean {
  for (let i = chain; i < Math.min(tokens.length, chain + 6); i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || !CHAIN_STARTERS.has(token.text)) continue;
    const open = nextSignificant(tokens, i + 1);
    if (open < 0 || tokens[open]!.text !== '(') continue;
    const argument = nextSignificant(tokens, open + 1);
    if (argument >= 0 && APP_ARGUMENT.test(tokens[argument]!.text)) return true;
  }
  return false;
}

/** `perform(get("/pets/{id}", 1))`: the builder's call is perform's argument. */
function isHandedToPerform(tokens: readonly Token[], opener: number): boolean {
  const callee = previousSignificant(tokens, opener - 1);
  const outer = callee >= 0 ? enclosingOpener(tokens, callee, 40) : -1;
  if (outer < 1 || tokens[outer]!.text !== '(') return false;
  const performer = previousSignificant(tokens, outer - 1);
  return performer >= 0 && tokens[performer]!.text === 'perform';
}

/** `inject({ method: 'GET', url: '/pets/1' })`: the URL is the `url` (or `path`) of inject's options. */
function injectedOptions(tokens: readonly Token[], first: number): boolean {
  const colon = previousSignificant(tokens, first - 1);
  if (colon < 0 || tokens[colon]!.text !== ':') return false;
  const key = previousSignificant(tokens, colon - 1);
  if (key < 0 || !['url', 'path'].includes(tokens[key]!.text)) return false;
  const brace = enclosingOpener(tokens, first, 40);
  if (brace < 1 || tokens[brace]!.text !== '{') return false;
  const open = previousSignificant(tokens, brace - 1);
  if (open < 1 || tokens[open]!.text !== '(') return false;
  const callee = previousSignificant(tokens, open - 1);
  return callee >= 0 && tokens[callee]!.text === 'inject';
}

/** Tokens searched back for the `def` of the test function a request is in. */
const DEF_REACH = 3000;

/** `def test_read(client, auth):` around the request, with `name` among its parameters. */
function isTestFixture(tokens: readonly Token[], from: number, name: string): boolean {
  for (let i = from - 1; i >= Math.max(0, from - DEF_REACH); i--) {
    if (tokens[i]!.text !== 'def') continue;
    const test = nextSignificant(tokens, i + 1);
    if (test < 0 || !/^test/.test(tokens[test]!.text)) return false;
    const open = nextSignificant(tokens, test + 1);
    if (open < 0 || tokens[open]!.text !== '(') return false;
    for (let j = open + 1; j < Math.min(tokens.length, open + 60) && tokens[j]!.text !== ')'; j++)
      if (tokens[j]!.text === name) return true;
    return false;
  }
  return false;
}

/** A Pest file: its tests are `it(…)` and `test(…)` calls, with `$this` bound to the test case. */
function isPest(evidence: FileEvidence): boolean {
  return evidence.names.has('it') || evidence.names.has('test');
}

function firstArgumentIs(tokens: readonly Token[], opener: number, name: string): boolean {
  if (opener < 0) return false;
  const argument = nextSignificant(tokens, opener + 1);
  return argument >= 0 && tokens[argument]!.text === name;
}

/** `conn |> get("/pets/1")`: the conn piped into the call. */
function pipedConn(tokens: readonly Token[], callee: number): boolean {
  const pipe = previousSignificant(tokens, callee - 1);
  if (pipe < 0 || tokens[pipe]!.text !== '|>') return false;
  const conn = previousSignificant(tokens, pipe - 1);
  return conn >= 0 && /conn$/.test(tokens[conn]!.text);
}
