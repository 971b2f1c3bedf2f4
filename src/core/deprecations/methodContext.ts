import { commandLineMethod, splitCommandLine } from './curlArgs';
import { HTTP_METHODS, methodOfName } from './httpMethods';
import { requestLineMethod } from './petPath';
import { renderParts, type Token } from './tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from './tokenWalk';

const METHOD_KEYS = new Set([
  'method',
  'methods',
  'type',
  'verb',
  'http_method',
  'httpmethod',
  'request_method',
  'requestmethod',
]);
const COMMAND_PROGRAMS = new Set(['curl', 'wget', 'http', 'https', 'xh']);
const COMMAND_SEPARATORS = new Set([';', '|', '&&', '||', '&', '(', ')']);

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
    neighbouringAnnotationMethod(site)
  );
}

/** A method called on the URL itself: "$base/pets/$id".httpDelete() (Fuel), $"…".DeleteAsync() (Flurl). */
function methodCalledOnUrl({ tokens, last }: UrlSite): string | undefined {
  const dot = nextSignificant(tokens, last + 1);
  if (dot < 0 || (tokens[dot]!.text !== '.' && tokens[dot]!.text !== '?.')) return undefined;
  const name = nextSignificant(tokens, dot + 1);
  const open = name < 0 ? -1 : nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[name]!.kind !== 'ident' || tokens[open]!.text !== '(') return undefined;
  return methodOfName(tokens[name]!.text);
}

/** A member call without parentheses (Ruby): RestClient.delete "…/pets/1". */
function parenlessCalleeMethod({ tokens, first }: UrlSite): string | undefined {
  const callee = previousSignificant(tokens, first - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  const separator = previousSignificant(tokens, callee - 1);
  if (separator < 0 || !['.', '::', '&.'].includes(tokens[separator]!.text)) return undefined;
  return methodOfName(tokens[callee]!.text);
}

function commandInString(text: string): string | undefined {
  const words = splitCommandLine(text);
  const program = words.findIndex((word) =>
    COMMAND_PROGRAMS.has(word.slice(word.lastIndexOf('/') + 1)),
  );
  return program === -1 ? undefined : commandLineMethod(words.slice(program));
}

/** In a shell script: the command the URL word belongs to (curl -X DELETE "$BASE/pets/$1"). */
function shellCommandMethod({ tokens, first, last }: UrlSite): string | undefined {
  let start = first;
  while (start > 0) {
    const token = tokens[start - 1]!;
    if (token.kind === 'newline' || (token.kind === 'punct' && COMMAND_SEPARATORS.has(token.text)))
      break;
    start--;
  }
  let end = last;
  while (end + 1 < tokens.length) {
    const token = tokens[end + 1]!;
    if (token.kind === 'newline' || (token.kind === 'punct' && COMMAND_SEPARATORS.has(token.text)))
      break;
    end++;
  }
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
      ['sudo', 'command', 'exec', 'time', 'env', 'nohup'].includes(words[0]!))
  )
    words.shift();
  return commandLineMethod(words);
}

/** The call or object the URL sits in: its callee, its method arguments, and the statement's builder chain. */
function callContextMethod(site: UrlSite): string | undefined {
  const { tokens, first } = site;
  let opener = enclosingOpener(tokens, first);
  let groups = 0;
  while (opener >= 0 && groups < 3) {
    groups++;
    const openText = tokens[opener]!.text;
    const close = matchingCloser(tokens, opener);
    const fromArgs = argumentMethod(tokens, opener + 1, close);
    if (fromArgs) return fromArgs;
    if (openText === '(') {
      const method = calleeMethod(tokens, opener) ?? builderChainMethod(tokens, opener, close);
      if (method) return method;
      // URI.create(url) as an argument of newBuilder(…).DELETE(): the outer call decides. A call
      // inside a callback (router.delete('/x', () => fetch(url))) does not look outside it.
      if (!isWholeArgument(tokens, opener)) return undefined;
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
  const before = previousSignificant(tokens, chainStart(tokens, start) - 1);
  const text = before >= 0 ? tokens[before]!.text : '';
  return text === '(' || text === ',' || text === '&' || text === ':' || text === '=';
}

/** Method named by the callee: client.delete(…), http.Get(…), new HttpDelete(…), Net::HTTP::Delete.new(…), @DeleteMapping(…). */
function calleeMethod(tokens: readonly Token[], opener: number): string | undefined {
  const callee = skipTypeArguments(tokens, previousSignificant(tokens, opener - 1));
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  const direct = methodOfName(tokens[callee]!.text);
  if (direct || tokens[callee]!.text !== 'new') return direct;
  // Ruby-style constructors name the method in the class: Net::HTTP::Delete.new(uri)
  const separator = previousSignificant(tokens, callee - 1);
  if (separator < 0 || !['.', '::'].includes(tokens[separator]!.text)) return undefined;
  const owner = previousSignificant(tokens, separator - 1);
  return owner >= 0 && tokens[owner]!.kind === 'ident'
    ? methodOfName(tokens[owner]!.text)
    : undefined;
}

/** `api.delete<void>(…)`, `client.GetFromJsonAsync<Pet>(…)`: the callee is before the type arguments. */
function skipTypeArguments(tokens: readonly Token[], index: number): number {
  if (index < 0 || tokens[index]!.text !== '>') return index;
  let depth = 0;
  for (let i = index, stop = Math.max(0, index - 40); i >= stop; i--) {
    const text = tokens[i]!.text;
    if (text === '>') depth++;
    else if (text === '<' && --depth === 0) return previousSignificant(tokens, i - 1);
    else if (text === ';' || text === '{' || text === '}') return index;
  }
  return index;
}

/** method: 'DELETE', method="POST", "DELETE" as an argument, HttpMethod.Delete, methods=["DELETE"]. */
function argumentMethod(tokens: readonly Token[], from: number, to: number): string | undefined {
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && METHOD_KEYS.has(token.text.toLowerCase())) {
      const assign = nextSignificant(tokens, i + 1);
      const assignText = assign >= 0 ? tokens[assign]!.text : '';
      if (assignText === ':' || assignText === '=' || assignText === '=>' || assignText === ':=') {
        let value = nextSignificant(tokens, assign + 1);
        if (value >= 0 && tokens[value]!.text === '[') value = nextSignificant(tokens, value + 1);
        const method = value >= 0 ? valueMethod(tokens, value) : undefined;
        if (method) return method;
      }
    }
    if (
      token.kind === 'string' &&
      token.parts &&
      token.parts.length === 1 &&
      typeof token.parts[0] === 'string'
    ) {
      const text = token.parts[0].trim().toUpperCase();
      if (HTTP_METHODS.has(text) && text === token.parts[0].trim()) return text;
    }
    if (token.kind === 'ident' && isMethodEnumMember(tokens, i)) return methodOfName(token.text);
  }
  return undefined;
}

/** A method value: 'DELETE', :delete, HttpMethod.DELETE. */
function valueMethod(tokens: readonly Token[], index: number): string | undefined {
  const token = tokens[index]!;
  if (token.kind === 'string' && token.parts)
    return methodOfName(renderParts(token.parts).trim()) ?? undefined;
  if (token.kind === 'number' && token.text.startsWith(':'))
    return methodOfName(token.text.slice(1));
  let last = index;
  for (;;) {
    const separator = nextSignificant(tokens, last + 1);
    if (separator < 0 || !['.', '::'].includes(tokens[separator]!.text)) break;
    const next = nextSignificant(tokens, separator + 1);
    if (next < 0 || tokens[next]!.kind !== 'ident') break;
    last = next;
  }
  return tokens[last]!.kind === 'ident' ? methodOfName(tokens[last]!.text) : undefined;
}

/** HttpMethod.Delete, RequestMethod.DELETE, Method::POST, http.MethodDelete. */
function isMethodEnumMember(tokens: readonly Token[], index: number): boolean {
  const text = tokens[index]!.text;
  if (/^Method(Get|Post|Put|Patch|Delete|Head|Options)$/.test(text)) return true;
  const separator = previousSignificant(tokens, index - 1);
  if (separator < 0 || !['.', '::'].includes(tokens[separator]!.text)) return false;
  const owner = previousSignificant(tokens, separator - 1);
  return (
    owner >= 0 &&
    /^(Http)?Methods?$|^RequestMethod$|^HttpVerb$/.test(tokens[owner]!.text) &&
    methodOfName(text) !== undefined
  );
}

/**
 * Builder calls of the same statement: HttpRequest.newBuilder(uri).DELETE(), Request.Builder()
 * .url(url).delete(), .method("DELETE", body).
 */
function builderChainMethod(
  tokens: readonly Token[],
  opener: number,
  close: number,
): string | undefined {
  const scan = (index: number): string | undefined => {
    const token = tokens[index]!;
    if (token.kind !== 'ident') return undefined;
    const before = previousSignificant(tokens, index - 1);
    const after = nextSignificant(tokens, index + 1);
    if (before < 0 || after < 0 || tokens[before]!.text !== '.' || tokens[after]!.text !== '(')
      return undefined;
    if (token.text === 'method')
      return argumentMethod(tokens, after + 1, matchingCloser(tokens, after));
    const method = methodOfName(token.text);
    return method && method !== 'GET' ? method : undefined;
  };
  return walkStatement(tokens, close + 1, 1, scan) ?? walkStatement(tokens, opener - 1, -1, scan);
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
