/**
 * How a URL reaches the call that sends it on the JVM, where it passes through values before it
 * goes out: `HttpClient.send(HttpRequest.newBuilder(URI.create(url))….build(), handler)`, with
 * any of them kept in a name first (`String url = …; URI uri = URI.create(url); HttpRequest request
 * = …; client.send(request, …)`). Walked outwards from the URL: through a name kept once and used
 * once, a call taking it as a whole argument, a builder chain it is part of. Java and Kotlin.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import {
  matchingCloser,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import { callAround, type Range, type RequestCall } from '../requestCall';
import { storedUrl } from '../storedUrl';

/** One step outwards: what holds the value now. */
export type Hop =
  { kind: 'stored'; name: string; use: Range } | { kind: 'call'; call: RequestCall; range: Range };

/** The tokens after `close` that continue a chain: `.a(…).b(…)`; the last closer's index. */
export function chainEnd(tokens: readonly Token[], close: number): number {
  let end = close;
  for (;;) {
    const dot = nextSignificant(tokens, end + 1);
    if (tokens[dot]?.text !== '.' && tokens[dot]?.text !== '?.') return end;
    const name = nextSignificant(tokens, dot + 1);
    if (tokens[name]?.kind !== 'ident') return end;
    const open = nextSignificant(tokens, name + 1);
    if (tokens[open]?.text !== '(') return end;
    end = matchingCloser(tokens, open, 100_000);
  }
}

/** The links of a chain between token indices: each method's name and its argument text. */
export function chainLinks(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
): { name: string; index: number; open: number; close: number; args: string }[] {
  const links = [];
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.text !== '(') continue;
    const name = previousSignificant(tokens, i - 1);
    const close = matchingCloser(tokens, i, 100_000);
    links.push({
      name: tokens[name]!.text,
      index: name,
      open: i,
      close,
      args: text.slice(tokenEnd(token), tokens[close]!.start).trim(),
    });
    i = close;
  }
  return links;
}

/**
 * Whether `range` is the whole value of an assignment: `name = <range>` ended by `;`, a line
 * end or a closing brace.
 */
export function isWholeValue(tokens: readonly Token[], range: Range): boolean {
  const first = tokenIndexAt(tokens, range.start);
  const last = tokenIndexAt(tokens, range.end - 1);
  if (tokens[first]!.start !== range.start || tokenEnd(tokens[last]!) !== range.end) return false;
  const operator = previousSignificant(tokens, first - 1);
  if (tokens[operator]?.text !== '=') return false;
  const after = tokens[last + 1];
  return !after || after.kind === 'newline' || after.text === ';' || after.text === '}';
}

/**
 * The next hop out from `range`: its one later use when it is a name's whole value, or the call
 * it is a whole argument of; a problem when it is kept or handed on in any other way.
 */
export function hopOut(
  text: string,
  tokens: readonly Token[],
  range: Range,
  idNames: readonly string[],
): Hop | { problem: string } {
  if (isWholeValue(tokens, range)) {
    const stored = storedUrl(tokens, range, idNames);
    if (!stored)
      return {
        problem:
          'the value kept in a name is used more than once, changed, or the id changes before it is sent',
      };
    return { kind: 'stored', name: stored.name, use: stored.useRange };
  }
  const call = callAround(text, tokens, range);
  if ('problem' in call) return call;
  const argument = call.args[call.urlArgument]!;
  if (argument.start !== range.start || argument.end !== range.end)
    return { problem: 'the URL is part of a larger argument' };
  // `new URI(url)`: the call starts at `new`.
  const before = previousSignificant(tokens, call.callee.first - 1);
  const start = tokens[before]?.text === 'new' ? tokens[before].start : call.callee.start;
  return { kind: 'call', call, range: { start, end: tokenEnd(tokens[call.close]!) } };
}

/**
 * A request builder's chain from `call` (the link given the URL) to its `build()`: the whole
 * built value from `start`, or why it is no GET built where the URL is given. `otherMethods`
 * names the chain's links that set another method (`POST`, `post`, `method`).
 */
export function builtRequest(
  text: string,
  tokens: readonly Token[],
  call: RequestCall,
  start: number,
  otherMethods: RegExp,
): { range: Range } | { problem: string } {
  const last = chainEnd(tokens, call.close);
  const links = chainLinks(text, tokens, call.callee.first, last);
  if (links.some((link) => otherMethods.test(link.name)))
    return { problem: 'the request’s method is not GET' };
  if (links[links.length - 1]?.name !== 'build')
    return { problem: 'the request is not built where the URL is given' };
  return { range: { start, end: tokenEnd(tokens[last]!) } };
}

/** `client.send` → `client` as written (spaces kept), or undefined for a bare `send`. */
export function receiverOf(text: string, call: RequestCall, method: string): string | undefined {
  const callee = text.slice(call.callee.start, call.callee.end);
  const receiver = callee.replace(new RegExp(`\\s*(\\.|\\?\\.)\\s*${method}$`), '');
  return receiver === callee || !receiver ? undefined : receiver;
}
