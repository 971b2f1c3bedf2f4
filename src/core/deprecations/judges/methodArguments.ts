import { HTTP_METHODS, methodOfName } from '../model/httpMethods';
import { literalText, renderParts, type Token } from '../model/tokens';
import { nextSignificant, previousSignificant } from '../model/tokenWalk';

/** Keys that name the method in options and annotations: { method: 'DELETE' }, type = "POST". */
export const METHOD_KEYS = new Set([
  'method',
  'methods',
  'type',
  'verb',
  'http_method',
  'httpmethod',
  'request_method',
  'requestmethod',
  'get_method',
]);

/** method: 'DELETE', method="POST", "DELETE" as an argument, HttpMethod.Delete, methods=["DELETE"]. */
export function argumentMethod(
  tokens: readonly Token[],
  from: number,
  to: number,
): string | undefined {
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    const keyed = keyedMethod(tokens, i);
    if (keyed) return keyed;
    // A bare method string counts in upper case only ("DELETE"): "delete" may be any word.
    const literal = literalText(token)?.trim();
    if (literal && HTTP_METHODS.has(literal)) return literal;
    if (token.kind === 'ident' && isMethodEnumMember(tokens, i)) return methodOfName(token.text);
    // A variable holding the method: prepareRequest(ctx, path, localVarHTTPMethod, …).
    if (token.kind === 'ident' && /method$/i.test(token.text)) {
      const held = variableMethod(tokens, i);
      if (held) return held;
    }
    // A Ruby symbol argument: stub_request(:delete, …), Typhoeus::Request.new(url, :get)
    if (token.kind === 'number' && token.text.startsWith(':')) {
      const verb = token.text.slice(1);
      if (HTTP_METHODS.has(verb.toUpperCase()) && verb === verb.toLowerCase())
        return verb.toUpperCase();
    }
  }
  return undefined;
}

/** Calls whose first argument is the method, in any case: session.request("delete", url), xhr.open('get', url). */
const VERB_FIRST_CALLEES =
  /^(?:request|open|send_?request|sendRequest|fetch|call|exchange|execute)$/i;

/** A lower-case verb as the first argument of a call that takes the method first. */
export function leadingVerbArgument(tokens: readonly Token[], opener: number): string | undefined {
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || !VERB_FIRST_CALLEES.test(tokens[callee]!.text)) return undefined;
  const first = nextSignificant(tokens, opener + 1);
  const verb = literalText(first < 0 ? undefined : tokens[first])
    ?.trim()
    .toUpperCase();
  return verb && HTTP_METHODS.has(verb) ? verb : undefined;
}

/** Only `method: …` / `method = …` entries between from and to (a block may hold anything else). */
export function keyedMethodIn(
  tokens: readonly Token[],
  from: number,
  to: number,
): string | undefined {
  for (let i = from; i < to; i++) {
    const keyed = keyedMethod(tokens, i);
    if (keyed) return keyed;
  }
  return undefined;
}

/** `method: 'DELETE'`, `type = "POST"`, `methods=["DELETE"]` starting at token `index`. */
function keyedMethod(tokens: readonly Token[], index: number): string | undefined {
  const token = tokens[index]!;
  if (token.kind !== 'ident' || !METHOD_KEYS.has(token.text.toLowerCase())) return undefined;
  const assign = nextSignificant(tokens, index + 1);
  const assignText = assign >= 0 ? tokens[assign]!.text : '';
  if (assignText !== ':' && assignText !== '=' && assignText !== '=>' && assignText !== ':=')
    return undefined;
  let value = nextSignificant(tokens, assign + 1);
  if (value >= 0 && tokens[value]!.text === '[') value = nextSignificant(tokens, value + 1);
  if (value < 0) return undefined;
  return conditionalMethod(tokens, value) ?? valueMethod(tokens, value);
}

/**
 * `method: isDelete ? 'DELETE' : 'GET'`, `method='DELETE' if gone else 'GET'`: a choice that
 * includes GET may send a GET (a use);
 * otherwise the first method it names. Undefined when the value is no conditional.
 */
function conditionalMethod(tokens: readonly Token[], value: number): string | undefined {
  let conditional = false;
  const methods: string[] = [];
  let depth = 0;
  for (let i = value, steps = 0; i < tokens.length && steps < 60; i++, steps++) {
    const token = tokens[i]!;
    const text = token.text;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') {
      if (--depth < 0) break;
    } else if (depth === 0 && (text === ',' || text === ';' || token.kind === 'newline')) break;
    else if (text === '?' || (token.kind === 'ident' && (text === 'if' || text === 'else')))
      conditional = true; // a ? b : c, b if a else c (Python), if (a) b else c (Kotlin)
    else if (token.kind === 'string' && token.parts) {
      const method = methodOfName(renderParts(token.parts).trim());
      if (method) methods.push(method);
    } else if (token.kind === 'ident' && isMethodEnumMember(tokens, i))
      methods.push(methodOfName(text)!);
  }
  if (!conditional || methods.length === 0) return undefined;
  return methods.includes('GET') ? 'GET' : methods[0];
}

/** A method value: 'DELETE', :delete, HttpMethod.DELETE, .delete. */
export function valueMethod(tokens: readonly Token[], index: number): string | undefined {
  const token = tokens[index]!;
  if (token.kind === 'string' && token.parts)
    return methodOfName(renderParts(token.parts).trim()) ?? undefined;
  if (token.kind === 'number' && token.text.startsWith(':'))
    return methodOfName(token.text.slice(1));
  // Swift's implicit member: method: .delete
  if (token.kind === 'punct' && token.text === '.') {
    const member = nextSignificant(tokens, index + 1);
    return member >= 0 && tokens[member]!.kind === 'ident'
      ? methodOfName(tokens[member]!.text)
      : undefined;
  }
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
/** Tokens searched back from a method variable's use for its assignment. */
const METHOD_VARIABLE_REACH = 4000;

/**
 * The method a variable named for it was last set to before token `use`: `localVarHTTPMethod =
 * _nethttp.MethodGet`, `method := "GET"`, `val method = HttpMethod.Get`.
 */
function variableMethod(tokens: readonly Token[], use: number): string | undefined {
  const name = tokens[use]!.text;
  for (let i = use - 1, stop = Math.max(0, use - METHOD_VARIABLE_REACH); i >= stop; i--) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== name) continue;
    const assign = nextSignificant(tokens, i + 1);
    if (assign < 0 || !['=', ':='].includes(tokens[assign]!.text)) continue;
    // The value: a literal or an enum member, possibly qualified (_nethttp.MethodGet).
    let value = nextSignificant(tokens, assign + 1);
    while (value >= 0 && tokens[nextSignificant(tokens, value + 1)]?.text === '.')
      value = nextSignificant(tokens, nextSignificant(tokens, value + 1) + 1);
    if (value < 0) return undefined;
    const literal = literalText(tokens[value])?.trim().toUpperCase();
    if (literal && HTTP_METHODS.has(literal)) return literal;
    return tokens[value]!.kind === 'ident' && isMethodEnumMember(tokens, value)
      ? methodOfName(tokens[value]!.text)
      : undefined;
  }
  return undefined;
}

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
