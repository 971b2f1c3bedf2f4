/**
 * Whether a GET /pets/{id} path is a route the code serves (a server, a mock), not a request it
 * makes: the same for every framework and parameter syntax.
 * - a registration call on a router with a handler after the path: `r.Get("/pets/{id}", getPet)`,
 *   `router.get('/pets/:id', (req, res) => …)`, `e.GET("/pets/:id", h)`, `Route::get('/pets/{id}',
 *   [PetController::class, 'show'])`, `mux.HandleFunc("GET /pets/{id}", h)`, `app.MapGet(…)`;
 * - a mapping annotation on a class's method: `@GetMapping("/pets/{id}")` in a `@RestController`,
 *   `[HttpGet("pets/{id}")]` in a controller, `@app.get("/pets/{pet_id}")`, `@bp.route(…)`. The
 *   same annotation in an interface declares a client (Retrofit, Feign, Refit, HTTP interfaces);
 * - a Rails or Sinatra route: `get "/pets/:id" => "pets#show"`, `get '/pets/:id', to: …`,
 *   `get '/pets/:id' do`; Ktor's `get("/pets/{id}") { … }`.
 * The path is a plain string with a parameter left as a placeholder (`{id}`, `:id`, `<int:id>`):
 * a request interpolates a value into it instead.
 */
import { identifierWords } from '../model/identifierWords';
import { HOLE, type Token } from '../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** Methods a router registers a GET route with: they need a handler after the path. */
const ROUTE_METHODS = new Set([
  'get',
  'GET',
  'Get',
  'route',
  'Route',
  'match',
  'any',
  'Any',
  'all',
]);
/** Calls that only ever register a handler: no router name needed. */
const REGISTRATION_CALLEES = new Set([
  'HandleFunc',
  'Handle',
  'MapGet',
  'add_url_rule',
  'add_api_route',
  'api_route',
  'addRoute',
  'add_route',
  // grpc-gateway: the path pattern of the route a generated gateway serves.
  'WithHTTPPathPattern',
]);
/** Last words of receivers that are a router, an app or a route group: petsRouter, app, mux. */
const ROUTER_WORDS = new Set([
  'router',
  'routes',
  'route',
  'routing',
  'app',
  'application',
  'mux',
  'server',
  'srv',
  'fastify',
  'engine',
  'group',
  'blueprint',
  'bp',
]);
/** Decorators' receivers that are routers too: Flask-RESTX's @api.route, @ns.route. */
const DECORATOR_ROUTERS = new Set(['api', 'ns']);
/** One-letter and versioned receivers that name routers by convention: r, e, g, v1. */
const SHORT_ROUTERS = /^(?:r|e|g|rg|v\d+)$/;
/** Annotations and decorators that map a handler to a path. */
const MAPPING_ANNOTATIONS = new Set([
  'GetMapping',
  'RequestMapping',
  'HttpGet',
  'Route',
  'Get',
  'GET',
  'get',
  'route',
  'api_route',
  'Path',
]);
/** Tokens searched back for the type an annotated method is declared in. */
const TYPE_REACH = 60;

/** True when the plain string at token `first` is a route the code serves, or mocks. */
export function servesRoute(tokens: readonly Token[], first: number, last: number): boolean {
  if (first !== last) return false;
  const token = tokens[first]!;
  if (token.kind !== 'string') return false;
  if (isMockedRequest(tokens, first)) return true;
  if (token.parts?.includes(HOLE)) return false;
  return (
    isRouteRegistration(tokens, first) ||
    isMappingAnnotation(tokens, first) ||
    isRailsRoute(tokens, first) ||
    isHandlerRecordPath(tokens, first)
  );
}

/** Keys a route record names its path with, and its handler with. */
const PATH_KEYS = /^(?:path|Path|pattern|Pattern|route|Route)$/;
const HANDLER_KEYS = /^(?:handler|Handler|HandlerFunc|handle|Handle)$/;

/**
 * A route record: the path a struct or object literal gives beside its handler, `&Route{Path:
 * "/pets/{petId}", Method: http.MethodGet, Handler: …}` (a Go service's route table).
 */
function isHandlerRecordPath(tokens: readonly Token[], first: number): boolean {
  const colon = previousSignificant(tokens, first - 1);
  if (colon < 1 || tokens[colon]!.text !== ':') return false;
  const key = previousSignificant(tokens, colon - 1);
  if (!PATH_KEYS.test(tokens[key]?.text ?? '')) return false;
  const brace = enclosingOpener(tokens, first, 400);
  if (brace < 0 || tokens[brace]!.text !== '{') return false;
  const close = matchingCloser(tokens, brace, 4000);
  for (let i = brace + 1, depth = 0; i < close; i++) {
    const text = tokens[i]!.text;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') depth--;
    else if (
      depth === 0 &&
      HANDLER_KEYS.test(text) &&
      tokens[nextSignificant(tokens, i + 1)]?.text === ':'
    )
      return true;
  }
  return false;
}

/** Calls chained on a mocked request that say what it answers: respx's .mock(…), nock's .reply(…). */
const MOCK_ANSWERS = new Set([
  'mock',
  'reply',
  'replyOnce',
  'respond',
  'respondWith',
  'willReturn',
  'thenReturn',
  'thenRespond',
]);
/** The responses library's registrations: add and one shortcut per method. */
const RESPONSES_CALLS = new Set(['add', 'get', 'head', 'upsert', 'replace']);
/** Callees that set up or expect a request in tests: WireMock, Angular's HttpTestingController, Cypress. */
const MOCK_CALLEES = new Set([
  'stubFor',
  'urlEqualTo',
  'urlPathEqualTo',
  'urlPathTemplate',
  'expectOne',
  // Cypress: cy.intercept('GET', '/api/pets/1', fixture) answers the app's request.
  'intercept',
]);

/**
 * A request a test double answers: `respx_mock.get("/pets/1").mock(…)`, `nock(base).get('/pets/1')
 * .reply(200, pet)`, `fetchMock.get('/pets/1', pet)`, `mock.onGet('/pets/1').reply(…)`,
 * `stubFor(get(urlEqualTo("/pets/1")))`, `httpMock.expectOne('/pets/1')`, `responses.add(…)`.
 */
function isMockedRequest(tokens: readonly Token[], first: number): boolean {
  const opener = enclosingOpener(tokens, first, 40);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return false;
  if (MOCK_CALLEES.has(tokens[callee]!.text)) return true;
  const separator = previousSignificant(tokens, callee - 1);
  const receiver =
    separator >= 0 && ['.', '->'].includes(tokens[separator]!.text)
      ? previousSignificant(tokens, separator - 1)
      : -1;
  const receiverText = receiver >= 0 ? tokens[receiver]!.text : '';
  // The responses library: responses.add(responses.GET, url, …) and its shortcuts, responses.get(url, …).
  if (receiverText === 'responses' && RESPONSES_CALLS.has(tokens[callee]!.text)) return true;
  if (lastWord(receiverText) === 'mock') return true;
  const close = matchingCloser(tokens, opener, 400);
  const dot = close < 0 ? -1 : nextSignificant(tokens, close + 1);
  const answer = dot >= 0 && tokens[dot]!.text === '.' ? nextSignificant(tokens, dot + 1) : -1;
  return answer >= 0 && MOCK_ANSWERS.has(tokens[answer]!.text);
}

/** `router.get("/pets/:id", handler)`, `mux.HandleFunc("GET /pets/{id}", h)`. */
function isRouteRegistration(tokens: readonly Token[], first: number): boolean {
  const opener = previousSignificant(tokens, first - 1);
  if (opener >= 0 && tokens[opener]!.text === ',')
    return isMethodFirstRoute(tokens, first, opener) || isRouteTableEntry(tokens, first, opener);
  if (opener >= 0 && tokens[opener]!.text === ':') return isRouteObjectPath(tokens, opener);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return false;
  const name = tokens[callee]!.text;
  if (isDecorated(tokens, callee)) return false; // the annotation's own judge decides
  if (REGISTRATION_CALLEES.has(name)) return true;
  if (DJANGO_ROUTES.has(name)) return isDjangoRoute(tokens, first, callee);
  if (!ROUTE_METHODS.has(name)) return false;
  const close = matchingCloser(tokens, opener, 400);
  const next = close < 0 ? -1 : nextSignificant(tokens, close + 1);
  // Ktor's `get("/pets/{id}") { … }` inside `routing { }`: no receiver, a handler block after.
  const separator = previousSignificant(tokens, callee - 1);
  const hasReceiver = separator >= 0 && ['.', '->', '::', '?.'].includes(tokens[separator]!.text);
  if (!hasReceiver) return next >= 0 && tokens[next]!.text === '{' && name === 'get';
  // `:id` and `<id>` are never requested as written: with a handler after them, any receiver
  // registers a route (msw's http.get('/pets/:id', resolver)); `{id}` needs a router's name.
  if (!isRouteParameterPath(tokens[first]!) && !hasRouterReceiver(tokens, callee)) return false;
  // A handler after the path: another argument, or gorilla's `.Methods("GET")` on the result.
  const after = nextSignificant(tokens, first + 1);
  if (after >= 0 && tokens[after]!.text === ',') return true;
  return next >= 0 && tokens[next]!.text === '.' && tokens[next + 1]?.text === 'Methods';
}

/** Django's URL configuration: `path('pets/<int:pk>/', views.pet_detail)`. */
const DJANGO_ROUTES = new Set(['path', 're_path']);

/**
 * A Django route: the plain call `path(…)` (no receiver: not `os.path`), a converter in the path
 * (`<int:pk>`, never requested as written) and a view after it.
 */
function isDjangoRoute(tokens: readonly Token[], first: number, callee: number): boolean {
  const separator = previousSignificant(tokens, callee - 1);
  if (separator >= 0 && ['.', '->', '::', '?.'].includes(tokens[separator]!.text)) return false;
  if (!/pets\/<(?:\w+:)?\w+>/.test(tokens[first]!.text)) return false;
  const after = nextSignificant(tokens, first + 1);
  return after >= 0 && tokens[after]!.text === ',';
}

/** Calls that take the method first, the path second and a handler after: Echo, gin, httprouter. */
const METHOD_FIRST_CALLEES = new Set(['Add', 'Handle', 'handle', 'Handler', 'HandlerFunc']);
/** The GET method as a router's first argument: `"GET"`, `http.MethodGet`. */
const GET_ARGUMENT = /^(?:["'`]GET["'`]|MethodGet)$/;

/** `e.Add("GET", "/pets/:id", h)`, `router.Handle(http.MethodGet, "/pets/:id", h)`. */
function isMethodFirstRoute(tokens: readonly Token[], first: number, comma: number): boolean {
  const method = previousSignificant(tokens, comma - 1);
  if (method < 0 || !GET_ARGUMENT.test(tokens[method]!.text)) return false;
  let start = method;
  const dot = previousSignificant(tokens, method - 1);
  if (dot >= 0 && tokens[dot]!.text === '.') start = previousSignificant(tokens, dot - 1);
  const opener = start < 0 ? -1 : previousSignificant(tokens, start - 1);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || !METHOD_FIRST_CALLEES.has(tokens[callee]!.text)) return false;
  if (!isRouteParameterPath(tokens[first]!) && !hasRouterReceiver(tokens, callee)) return false;
  const after = nextSignificant(tokens, first + 1);
  return after >= 0 && tokens[after]!.text === ',';
}

/**
 * An entry of a route table, as openapi-generator's Go server writes it:
 * `{ "PetsIdGet", strings.ToUpper("Get"), "/pets/{id}", c.PetsIdGet }`: GET before the path, a
 * handler after it, in one braced entry.
 */
function isRouteTableEntry(tokens: readonly Token[], first: number, comma: number): boolean {
  let method = previousSignificant(tokens, comma - 1);
  let methodStart = method;
  if (tokens[method]?.text === ')') {
    // strings.ToUpper("Get")
    methodStart = matchingOpener(tokens, method);
    const callee = previousSignificant(tokens, methodStart - 1);
    if (tokens[callee]?.text !== 'ToUpper') return false;
    method = nextSignificant(tokens, methodStart + 1);
    const dot = previousSignificant(tokens, callee - 1);
    methodStart = tokens[dot]?.text === '.' ? previousSignificant(tokens, dot - 1) : callee;
  } else if (tokens[previousSignificant(tokens, method - 1)]?.text === '.')
    methodStart = previousSignificant(tokens, previousSignificant(tokens, method - 1) - 1);
  if (method < 0 || !/^(?:["'`]get["'`]|MethodGet)$/i.test(tokens[method]!.text)) return false;
  // The entry's brace, at most one element (its name) before the method.
  let before = previousSignificant(tokens, methodStart - 1);
  if (tokens[before]?.text === ',') {
    const name = previousSignificant(tokens, before - 1);
    before = tokens[name]?.kind === 'string' ? previousSignificant(tokens, name - 1) : -1;
  }
  if (tokens[before]?.text !== '{') return false;
  const after = nextSignificant(tokens, first + 1);
  const handler = after < 0 ? -1 : nextSignificant(tokens, after + 1);
  return tokens[after]?.text === ',' && tokens[handler]?.kind === 'ident';
}

/** hapi's `server.route({ method: 'GET', path: '/pets/{id}', handler })`: the method is judged apart. */
function isRouteObjectPath(tokens: readonly Token[], colon: number): boolean {
  const key = previousSignificant(tokens, colon - 1);
  if (key < 0 || tokens[key]!.text !== 'path') return false;
  let brace = previousSignificant(tokens, key - 1);
  if (brace >= 0 && tokens[brace]!.text === ',') {
    // Other keys before it: find the object's brace within a short reach.
    for (let i = brace, depth = 0; i >= 0 && brace - i < 80; i--) {
      const text = tokens[i]!.text;
      if (text === ')' || text === ']' || text === '}') depth++;
      else if (text === '(' || text === '[') depth--;
      else if (text === '{') {
        if (depth === 0) {
          brace = i;
          break;
        }
        depth--;
      }
      if (depth < 0) return false;
    }
  }
  if (brace < 0 || tokens[brace]!.text !== '{') return false;
  const opener = previousSignificant(tokens, brace - 1);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  return callee >= 0 && tokens[callee]!.text === 'route' && hasRouterReceiver(tokens, callee);
}

/** `'/pets/:id'`, `"/pets/<int:id>"`: a parameter only a route writes. */
function isRouteParameterPath(token: Token): boolean {
  return /pets\/(?::[A-Za-z_]|<|\*)/i.test(token.text);
}

/** The receiver before `callee` is a router: `router.get`, `app.Get`, `e.GET`, `$app->get`, `Route::get`. */
export function hasRouterReceiver(
  tokens: readonly Token[],
  callee: number,
  extra: ReadonlySet<string> = new Set(),
): boolean {
  const separator = previousSignificant(tokens, callee - 1);
  if (separator < 0 || !['.', '->', '::', '?.'].includes(tokens[separator]!.text)) return false;
  let receiver = previousSignificant(tokens, separator - 1);
  // A group made in the chain: e.Group("/api").GET(…), router.route("/pets").get(…).
  if (receiver >= 0 && tokens[receiver]!.text === ')') {
    const open = matchingOpener(tokens, receiver);
    receiver = open < 0 ? -1 : previousSignificant(tokens, open - 1);
  }
  if (receiver < 0 || tokens[receiver]!.kind !== 'ident') return false;
  const text = tokens[receiver]!.text.replace(/^\$/, '');
  const last = lastWord(text);
  return SHORT_ROUTERS.test(text) || ROUTER_WORDS.has(last) || extra.has(last);
}

/** The callee is an annotation or a decorator: `@GetMapping(`, `@app.get(`, `[HttpGet(`. */
function isDecorated(tokens: readonly Token[], callee: number): boolean {
  let start = callee;
  for (let steps = 0; steps < 6; steps++) {
    const before = previousSignificant(tokens, start - 1);
    if (before < 0) return false;
    const text = tokens[before]!.text;
    if (text === '@') return true;
    if (text === '[') return tokens[callee]!.text !== 'get'; // C#'s [HttpGet(…)], not a[get(…)]
    if (text !== '.' || before < 1) return false;
    start = previousSignificant(tokens, before - 1);
    if (start < 0) return false;
  }
  return false;
}

/** `@GetMapping("/pets/{id}")` on a class's method, `@app.get("/pets/{pet_id}")`, `[HttpGet(…)]`. */
function isMappingAnnotation(tokens: readonly Token[], first: number): boolean {
  const opener = enclosingOpener(tokens, first, 40);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || !MAPPING_ANNOTATIONS.has(tokens[callee]!.text)) return false;
  if (!isDecorated(tokens, callee)) return false;
  // Python's decorators name their router: @app.get, @router.get, @bp.route (not @uplink.get).
  const separator = previousSignificant(tokens, callee - 1);
  if (separator >= 0 && tokens[separator]!.text === '.')
    return hasRouterReceiver(tokens, callee, DECORATOR_ROUTERS);
  const type = declaringType(tokens, opener);
  // An interface's default method with a body serves: openapi-generator's Spring server stubs
  // (`default ResponseEntity<Pet> showPetById(…) { return new ResponseEntity<>(NOT_IMPLEMENTED); }`),
  // implemented by a controller. A client's mapped methods have no body.
  return type === 'class' || (type === 'interface' && annotatesDefaultMethod(tokens, opener));
}

/** Tokens read after an annotation for the method it annotates (other annotations between). */
const METHOD_REACH = 400;

/** Whether the annotation opened at `opener` is on a `default` method of an interface. */
function annotatesDefaultMethod(tokens: readonly Token[], opener: number): boolean {
  const close = matchingCloser(tokens, opener, METHOD_REACH);
  for (let i = close + 1; i < Math.min(tokens.length, close + METHOD_REACH); i++) {
    const text = tokens[i]!.text;
    if (text === 'default') return true;
    if (text === '@') {
      // Another annotation, with its arguments: `@PathVariable`, `@Parameter(…)`.
      const name = nextSignificant(tokens, i + 1);
      const open = name < 0 ? -1 : nextSignificant(tokens, name + 1);
      if (open >= 0 && tokens[open]!.text === '(') i = matchingCloser(tokens, open, METHOD_REACH);
      else if (name >= 0) i = name;
      continue;
    }
    if (text === '(' || text === ';' || text === '{' || text === '}') return false;
  }
  return false;
}

/** Whether the code after an annotation is declared in a class or an interface. */
function declaringType(tokens: readonly Token[], from: number): 'class' | 'interface' | undefined {
  let at = from;
  for (let level = 0; level < 8; level++) {
    const open = enclosingOpener(tokens, at, 100_000);
    if (open < 0) return undefined;
    if (tokens[open]!.text === '{') {
      for (let i = open - 1, steps = 0; i >= 0 && steps < TYPE_REACH; i--, steps++) {
        const text = tokens[i]!.text;
        if (text === ';' || text === '{' || text === '}') break;
        if (text === 'interface') return 'interface';
        if (text === 'class' || text === 'struct' || text === 'object') return 'class';
      }
    }
    at = open;
  }
  return undefined;
}

/** Rails: `get "/pets/:id" => "pets#show"`, `get '/pets/:id', to: 'pets#show'`. */
function isRailsRoute(tokens: readonly Token[], first: number): boolean {
  const verb = previousSignificant(tokens, first - 1);
  if (verb < 0 || tokens[verb]!.text !== 'get' || verb !== first - 1) return false;
  const before = tokens[verb - 1];
  if (before && before.kind !== 'newline') return false;
  const after = nextSignificant(tokens, first + 1);
  if (after < 0) return false;
  // Sinatra: get '/pets/:id' do … end.
  if (tokens[after]!.text === '=>' || tokens[after]!.text === 'do') return true;
  const key = tokens[after]!.text === ',' ? nextSignificant(tokens, after + 1) : -1;
  return key >= 0 && tokens[key]!.text === 'to';
}

/** `petsRouter` -> `router`, `respx_mock` -> `mock`, `$app` -> `app`. */
function lastWord(name: string): string {
  return identifierWords(name).at(-1) ?? '';
}
