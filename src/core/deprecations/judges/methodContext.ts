/**
 * Stage 2, judges/: questions about one candidate, answered from the tokens around it. Takes the
 * tokens and a candidate's site; returns a verdict: the HTTP method in force (this file: request
 * lines, callees, builder chains, annotations; methodArguments, curlArgs), the method where a stored
 * URL is used later (laterUses), whether the string is ever sent (notSent). Imports only model/.
 */
import { clientRequestMethod } from './clientRequests';
import { requestTypeMethod } from './requestType';
import {
  commandEnd,
  commandLineMethod,
  commandStart,
  programName,
  splitCommandLine,
} from './curlArgs';
import { HTTP_METHODS, methodOfName } from '../model/httpMethods';
import { identifierWords } from '../model/identifierWords';
import {
  METHOD_KEYS,
  argumentMethod,
  keyedMethodIn,
  leadingVerbArgument,
  valueMethod,
} from './methodArguments';
import { requestLineMethod } from '../model/petPath';
import { renderParts, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
  skipTypeArguments,
} from '../model/tokenWalk';

const COMMAND_PROGRAMS = new Set(['curl', 'wget', 'http', 'https', 'xh']);

export interface UrlSite {
  tokens: readonly Token[];
  /** First and last token of the URL expression. */
  first: number;
  last: number;
  rendered: string;
  shell: boolean;
}

/**
 * The HTTP method stated explicitly around a URL, or undefined when none is (the default of
 * fetch, curl, a REST Client line, or a URL built for later use: all GET).
 */
export function explicitMethod(site: UrlSite): string | undefined {
  return (
    requestLineMethod(site.rendered) ??
    commandInString(site.rendered) ??
    (site.shell ? shellCommandMethod(site) : undefined) ??
    methodCalledOnUrl(site) ??
    parenlessCalleeMethod(site) ??
    callContextMethod(site) ??
    neighbouringAnnotationMethod(site) ??
    requestTypeMethod(site.tokens, site.first) ??
    clientRequestMethod(site.tokens, site.first)
  );
}

/**
 * A method called on the URL itself: "$base/pets/$id".httpDelete() (Fuel), $"…".DeleteAsync()
 * (Flurl); or the call the URL is piped into, Elixir's `"/pets/#{id}" |> get()`.
 */
function methodCalledOnUrl({ tokens, last }: UrlSite): string | undefined {
  const dot = nextSignificant(tokens, last + 1);
  if (dot >= 0 && tokens[dot]!.text === '|>') return pipedCallMethod(tokens, dot);
  if (dot < 0 || (tokens[dot]!.text !== '.' && tokens[dot]!.text !== '?.')) return undefined;
  const name = nextSignificant(tokens, dot + 1);
  const open = name < 0 ? -1 : nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[name]!.kind !== 'ident' || tokens[open]!.text !== '(') return undefined;
  return methodOfName(tokens[name]!.text);
}

/** Stages of a pipeline read on each side of the URL's own. */
const PIPELINE_STAGES = 8;

/**
 * A stage of an Elixir pipeline that states the method for the request it builds (a generated
 * Tesla client's `%{} |> method(:get) |> url("/pets/#{id}")`): the stage `method(…)` before or
 * after the one holding the URL.
 */
function pipelineMethod(tokens: readonly Token[], opener: number): string | undefined {
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  const start = chainStart(tokens, callee);
  const pipe = previousSignificant(tokens, start - 1);
  const piped = tokens[pipe]?.text === '|>';
  const close = matchingCloser(tokens, opener);
  const next = nextSignificant(tokens, close + 1);
  if (!piped && tokens[next]?.text !== '|>') return undefined;
  const stageMethod = (open: number): string | undefined => {
    const name = previousSignificant(tokens, open - 1);
    if (tokens[name]?.text !== 'method') return undefined;
    return argumentMethod(tokens, open + 1, matchingCloser(tokens, open));
  };
  // Back: … |> method(:get) |> url("…")
  let at = pipe;
  for (let stage = 0; piped && stage < PIPELINE_STAGES; stage++) {
    const end = previousSignificant(tokens, at - 1);
    if (tokens[end]?.text !== ')') break;
    const open = matchingOpener(tokens, end);
    const method = stageMethod(open);
    if (method) return method;
    at = previousSignificant(tokens, chainStart(tokens, previousSignificant(tokens, open - 1)) - 1);
    if (tokens[at]?.text !== '|>') break;
  }
  // On: url("…") |> method(:get)
  at = next;
  for (let stage = 0; stage < PIPELINE_STAGES && tokens[at]?.text === '|>'; stage++) {
    let name = nextSignificant(tokens, at + 1);
    while (tokens[name]?.kind === 'ident' && tokens[name + 1]?.text === '.') name += 2;
    const open = nextSignificant(tokens, name + 1);
    if (tokens[open]?.text !== '(') break;
    const method = stageMethod(open);
    if (method) return method;
    at = nextSignificant(tokens, matchingCloser(tokens, open) + 1);
  }
  return undefined;
}

/** `|> get()`, `|> Req.get!()`, `|> Tesla.delete(client)`: the method of the call piped into. */
function pipedCallMethod(tokens: readonly Token[], pipe: number): string | undefined {
  let name = nextSignificant(tokens, pipe + 1);
  while (tokens[name]?.kind === 'ident' && tokens[name + 1]?.text === '.') name += 2;
  const open = name < 0 ? -1 : nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[name]!.kind !== 'ident' || tokens[open]!.text !== '(') return undefined;
  return methodOfName(tokens[name]!.text.replace(/!$/, ''));
}

/**
 * A call without parentheses (Ruby): RestClient.delete "…/pets/1", or a bare verb at the start
 * of a statement as in request specs: delete "/pets/#{id}".
 */
function parenlessCalleeMethod({ tokens, first }: UrlSite): string | undefined {
  const callee = previousSignificant(tokens, first - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  const separator = previousSignificant(tokens, callee - 1);
  if (separator >= 0 && ['.', '::', '&.'].includes(tokens[separator]!.text))
    return methodOfName(tokens[callee]!.text);
  if (callee !== first - 1) return undefined; // a bare verb takes its argument on the same line
  const verb = tokens[callee]!.text.toUpperCase();
  const startsStatement =
    separator < 0 || tokens[callee - 1]!.kind === 'newline' || tokens[separator]!.text === ';';
  return startsStatement && HTTP_METHODS.has(verb) && tokens[callee]!.text === verb.toLowerCase()
    ? verb
    : undefined;
}

/**
 * A method set through a variable holding the request: conn.setRequestMethod("DELETE"),
 * $request->setMethod('PUT'), req.method = 'DELETE', request.Method = HttpMethod.Delete.
 */
export function memberMethod(tokens: readonly Token[], index: number): string | undefined {
  const dot = nextSignificant(tokens, index + 1);
  if (dot < 0 || !['.', '->', '?.'].includes(tokens[dot]!.text)) return undefined;
  const member = nextSignificant(tokens, dot + 1);
  const after = member < 0 ? -1 : nextSignificant(tokens, member + 1);
  if (after < 0 || tokens[member]!.kind !== 'ident') return undefined;
  const name = tokens[member]!.text;
  if (tokens[after]!.text === '(' && /method/i.test(name))
    return argumentMethod(tokens, after + 1, matchingCloser(tokens, after));
  if (tokens[after]!.text === '=' && METHOD_KEYS.has(name.toLowerCase())) {
    let value = nextSignificant(tokens, after + 1);
    // Python 2's idiom: req.get_method = lambda: 'DELETE'
    if (value >= 0 && tokens[value]!.text === 'lambda') {
      const colon = nextSignificant(tokens, value + 1);
      value = colon < 0 ? -1 : nextSignificant(tokens, colon + 1);
    }
    return value >= 0 ? valueMethod(tokens, value) : undefined;
  }
  return undefined;
}

/** Calls whose method is GET unless told otherwise, when given only a URL. */
const DEFAULT_GET_CALLEES = new Set([
  'fetch',
  '$fetch',
  'ofetch',
  'useFetch',
  'useSWR',
  'axios',
  'got',
  'ky',
  'request',
  'Request',
  'urlopen',
  'open',
  'file_get_contents',
  'dataTask',
]);

/** `fetch(url)`, `curl "$URL"`: the use sends a GET because nothing says otherwise. */
export function isDefaultGetCall(tokens: readonly Token[], index: number, shell: boolean): boolean {
  if (shell) return COMMAND_PROGRAMS.has(programName(tokens[commandStart(tokens, index)]!.text));
  const opener = enclosingOpener(tokens, index);
  if (opener < 0 || tokens[opener]!.text !== '(') return false;
  const callee = skipTypeArguments(tokens, previousSignificant(tokens, opener - 1));
  return callee >= 0 && DEFAULT_GET_CALLEES.has(tokens[callee]!.text);
}

function commandInString(text: string): string | undefined {
  const words = splitCommandLine(text);
  const program = words.findIndex((word) => COMMAND_PROGRAMS.has(programName(word)));
  return program === -1 ? undefined : commandLineMethod(words.slice(program));
}

/** In a shell script: the command the URL word belongs to (curl -X DELETE "$BASE/pets/$1"). */
function shellCommandMethod({ tokens, first, last }: UrlSite): string | undefined {
  const start = commandStart(tokens, first);
  const end = commandEnd(tokens, last);
  const words: string[] = [];
  for (let i = start; i <= end; i++) {
    const token = tokens[i]!;
    if (token.kind === 'string' && token.parts) words.push(renderParts(token.parts));
    else words.push(token.text);
  }
  // Skip environment assignments and wrappers: FOO=1 sudo curl …
  while (
    words.length &&
    (/^\w+=/.test(words[0]!) ||
      ['sudo', 'command', 'exec', 'time', 'env', 'nohup', 'RUN'].includes(words[0]!))
  )
    words.shift();
  return commandLineMethod(words);
}

/** What a block's brace follows: a function's or statement's head `)`, an arrow, `else`, `try`. */
const BLOCK_HEAD_ENDS = new Set([')', '=>', 'else', 'try', 'do', 'finally']);

/** The call or object the URL sits in: its callee, its method arguments, and the statement's builder chain. */
function callContextMethod(site: UrlSite): string | undefined {
  const { tokens, first } = site;
  let opener = enclosingOpener(tokens, first);
  let groups = 0;
  while (opener >= 0 && groups < 3) {
    groups++;
    const openText = tokens[opener]!.text;
    const close = matchingCloser(tokens, opener);
    // A function's or a statement's body (`func T(t *testing.T) {`, `if (ok) {`): only a method
    // set by name (`request.Method = HttpMethod.Delete`) speaks for the URL; a "GET" elsewhere in
    // it does not (`r.MatchedMethod = "GET"`, `log("GET")`). Nothing outside the body does.
    if (
      openText === '{' &&
      BLOCK_HEAD_ENDS.has(tokens[previousSignificant(tokens, opener - 1)]?.text ?? '')
    )
      return keyedMethodIn(tokens, opener + 1, close);
    const fromArgs =
      argumentMethod(tokens, opener + 1, close) ??
      (openText === '(' ? leadingVerbArgument(tokens, opener) : undefined);
    if (fromArgs) return fromArgs;
    if (openText === '(') {
      const method =
        calleeMethod(tokens, opener) ??
        builderChainMethod(tokens, opener, close) ??
        trailingLambdaMethod(tokens, close);
      if (method) return method;
      const piped = pipelineMethod(tokens, opener);
      if (piped) return piped;
      // URI.create(url) as an argument of newBuilder(…).DELETE(): the outer call decides. A call
      // inside a callback (router.delete('/x', () => fetch(url))) does not look outside it.
      if (!isWholeArgument(tokens, opener)) return configurationBlockMethod(tokens, opener);
    }
    if (openText === '{') {
      // An object literal argument ({ method: 'DELETE', url }) belongs to the call around it;
      // a block ({ … fetch(url) … }) does not.
      const before = previousSignificant(tokens, opener - 1);
      const text = before >= 0 ? tokens[before]!.text : '';
      if (!(text === '(' || text === ',' || text === '=' || text === ':')) return undefined;
    }
    opener = enclosingOpener(tokens, opener);
  }
  return undefined;
}

/** The call opened at `opener` is itself an argument (or object value) of an enclosing call. */
function isWholeArgument(tokens: readonly Token[], opener: number): boolean {
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0) return false;
  let start = callee;
  if (tokens[callee]!.text === '!') start = previousSignificant(tokens, callee - 1); // Rust macros: format!(…)
  if (start < 0 || tokens[start]!.kind !== 'ident') return false;
  const head = chainStart(tokens, start);
  let before = previousSignificant(tokens, head - 1);
  if (before >= 0 && tokens[before]!.text === 'new')
    before = previousSignificant(tokens, before - 1);
  before = builderLambdaStart(tokens, before, head);
  const text = before >= 0 ? tokens[before]!.text : '';
  return text === '(' || text === ',' || text === '&' || text === ':' || text === '=';
}

/**
 * `uri(b -> b.path("/pets/{id}").build(id))`: a lambda that only builds on its parameter is part
 * of the call around it, so `.delete()` before it counts. (A call inside a callback,
 * `() => fetch(url)`, is not: it does not start with the parameter.) The token before the
 * lambda, or `arrow` unchanged.
 */
function builderLambdaStart(tokens: readonly Token[], arrow: number, head: number): number {
  if (arrow < 1 || (tokens[arrow]!.text !== '->' && tokens[arrow]!.text !== '=>')) return arrow;
  const parameter = previousSignificant(tokens, arrow - 1);
  if (parameter < 0 || tokens[parameter]!.text !== tokens[head]!.text) return arrow;
  return previousSignificant(tokens, parameter - 1);
}

/** Ktor: client.request("…/pets/1") { method = HttpMethod.Delete }. */
function trailingLambdaMethod(tokens: readonly Token[], close: number): string | undefined {
  const brace = nextSignificant(tokens, close + 1);
  if (brace < 0 || tokens[brace]!.text !== '{' || brace !== close + 1) return undefined;
  return keyedMethodIn(tokens, brace + 1, matchingCloser(tokens, brace));
}

const BLOCK_KEYWORDS = new Set([
  'class',
  'object',
  'interface',
  'enum',
  'struct',
  'impl',
  'trait',
  'else',
  'try',
  'do',
  'finally',
  'init',
  'companion',
  'namespace',
  'module',
  'begin',
  'fun',
  'function',
  'def',
]);

/**
 * Ktor's builder: client.request { url("…/pets/1"); method = HttpMethod.Delete }, or
 * client.delete { url(…) }: a call inside the block that configures a request.
 */
function configurationBlockMethod(tokens: readonly Token[], call: number): string | undefined {
  const brace = enclosingOpener(tokens, call);
  if (brace < 1 || tokens[brace]!.text !== '{') return undefined;
  let callee = previousSignificant(tokens, brace - 1);
  if (callee >= 0 && tokens[callee]!.text === ')') {
    const opener = matchingOpener(tokens, callee);
    callee = opener < 0 ? -1 : previousSignificant(tokens, opener - 1);
  }
  if (callee < 1 || tokens[callee]!.kind !== 'ident' || BLOCK_KEYWORDS.has(tokens[callee]!.text))
    return undefined;
  // A member call (client.request { … }), not a declaration (fun request() { … }).
  const dot = previousSignificant(tokens, callee - 1);
  if (dot < 0 || tokens[dot]!.text !== '.') return undefined;
  const beforeChain = previousSignificant(tokens, chainStart(tokens, callee) - 1);
  if (beforeChain >= 0 && BLOCK_KEYWORDS.has(tokens[beforeChain]!.text)) return undefined;
  return (
    keyedMethodIn(tokens, brace + 1, matchingCloser(tokens, brace)) ??
    methodOfName(tokens[callee]!.text)
  );
}

/**
 * A helper named for the request it builds: patchPetRequest(url, …), newDeleteRequest(url),
 * put_json_request(…). Only other methods: a GET helper sends the deprecated GET anyway.
 */
function requestHelperMethod(name: string): string | undefined {
  const words = identifierWords(name);
  const last = words[words.length - 1];
  if (words.length < 2 || (last !== 'request' && last !== 'req')) return undefined;
  const verb = words[0] === 'new' || words[0] === 'build' ? words[1] : words[0];
  const method = verb?.toUpperCase();
  return method && method !== 'GET' && HTTP_METHODS.has(method) ? method : undefined;
}

/** Method named by the callee: client.delete(…), http.Get(…), new HttpDelete(…), Net::HTTP::Delete.new(…), @DeleteMapping(…). */
function calleeMethod(tokens: readonly Token[], opener: number): string | undefined {
  const callee = skipTypeArguments(tokens, previousSignificant(tokens, opener - 1));
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  const direct = methodOfName(tokens[callee]!.text) ?? requestHelperMethod(tokens[callee]!.text);
  if (direct || tokens[callee]!.text !== 'new') return direct;
  // Ruby-style constructors name the method in the class: Net::HTTP::Delete.new(uri)
  const separator = previousSignificant(tokens, callee - 1);
  if (separator < 0 || !['.', '::'].includes(tokens[separator]!.text)) return undefined;
  const owner = previousSignificant(tokens, separator - 1);
  return owner >= 0 && tokens[owner]!.kind === 'ident'
    ? methodOfName(tokens[owner]!.text)
    : undefined;
}

/** Builder calls that take the method as an argument: .method("DELETE", body), gorilla/mux's .Methods("GET"). */
const METHOD_SETTERS = new Set(['method', 'Methods']);

/**
 * Builder calls of the same statement: HttpRequest.newBuilder(uri).DELETE(), Request.Builder()
 * .url(url).delete(), .method("DELETE", body), r.HandleFunc(path, h).Methods("DELETE").
 */
function builderChainMethod(
  tokens: readonly Token[],
  opener: number,
  close: number,
): string | undefined {
  // `.get()` alone may be Optional's or a map's; after JAX-RS's `.request(…)` (looking forward) it
  // sends a GET: client.target(url).request().get(Pet.class).
  let requestBuilt = false;
  const scan = (index: number, forward: boolean): string | undefined => {
    const token = tokens[index]!;
    if (token.kind !== 'ident') return undefined;
    // Java's explicit type arguments stand before the name: webClient.<Pet>put()
    const before = skipTypeArguments(tokens, previousSignificant(tokens, index - 1));
    const after = nextSignificant(tokens, index + 1);
    if (before < 0 || after < 0 || tokens[before]!.text !== '.' || tokens[after]!.text !== '(')
      return undefined;
    if (METHOD_SETTERS.has(token.text))
      return argumentMethod(tokens, after + 1, matchingCloser(tokens, after));
    if (forward && token.text === 'request') requestBuilt = true;
    const method = methodOfName(token.text);
    if (method !== 'GET') return method;
    return forward && requestBuilt && token.text === 'get' ? method : undefined;
  };
  return (
    walkStatement(tokens, close + 1, 1, (index) => scan(index, true)) ??
    walkStatement(tokens, opener - 1, -1, (index) => scan(index, false))
  );
}

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}']);

/**
 * Visits the tokens of the current statement at the call's own nesting level, forwards (step 1)
 * or backwards (step -1), until `visit` answers. A statement ends at `;`, at the bracket that
 * encloses it, or at a line break unless the next line continues a chain with `.`.
 */
function walkStatement(
  tokens: readonly Token[],
  from: number,
  step: 1 | -1,
  visit: (index: number) => string | undefined,
): string | undefined {
  const deeper = step === 1 ? OPENING : CLOSING;
  const shallower = step === 1 ? CLOSING : OPENING;
  let depth = 0;
  for (let i = from, steps = 0; i >= 0 && i < tokens.length && steps < 400; i += step, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'punct') {
      if (deeper.has(token.text)) depth++;
      else if (shallower.has(token.text)) {
        if (--depth < 0) return undefined;
      } else if (token.text === ';' && depth === 0) return undefined;
    } else if (token.kind === 'newline' && depth === 0) {
      const next = nextSignificant(tokens, i + 1);
      if (next < 0 || !['.', '?.'].includes(tokens[next]!.text)) return undefined;
    }
    const found = depth === 0 ? visit(i) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** JAX-RS style: @DELETE next to @Path("/pets/{id}") on the same member. */
function neighbouringAnnotationMethod({ tokens, first }: UrlSite): string | undefined {
  const opener = enclosingOpener(tokens, first, 50);
  if (opener < 1 || tokens[opener]!.text !== '(') return undefined;
  const name = previousSignificant(tokens, opener - 1);
  const at = previousSignificant(tokens, name - 1);
  if (name < 0 || at < 0 || tokens[at]!.text !== '@') return undefined;
  const inspect = (index: number): string | undefined => {
    const before = previousSignificant(tokens, index - 1);
    return tokens[index]!.kind === 'ident' && before >= 0 && tokens[before]!.text === '@'
      ? methodOfName(tokens[index]!.text)
      : undefined;
  };
  // Annotations before it…
  for (let i = at - 1, steps = 0; i >= 0 && steps < 60; i--, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'punct' && (token.text === ';' || token.text === '{' || token.text === '}'))
      break;
    const method = inspect(i);
    if (method) return method;
  }
  // …and after it, up to the member itself.
  for (
    let i = matchingCloser(tokens, opener) + 1, steps = 0;
    i < tokens.length && steps < 60;
    i++, steps++
  ) {
    const token = tokens[i]!;
    if (
      token.kind === 'punct' &&
      (token.text === ';' || token.text === '{' || token.text === '}' || token.text === '(')
    ) {
      if (token.text !== '(' || tokens[previousSignificant(tokens, i - 1)]?.kind !== 'ident') break;
      const beforeName = previousSignificant(tokens, previousSignificant(tokens, i - 1) - 1);
      if (beforeName < 0 || tokens[beforeName]!.text !== '@') break;
      i = matchingCloser(tokens, i);
      continue;
    }
    const method = inspect(i);
    if (method) return method;
  }
  return undefined;
}
