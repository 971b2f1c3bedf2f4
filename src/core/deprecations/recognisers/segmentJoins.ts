import { isPetsSegmentText } from '../model/petPath';
import { HOLE_CHAR, literalText, renderParts, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import { judgeUrl, type RawFinding, type UrlExpression } from './urlScanner';

/** Calls that join their arguments as URL path segments: url.JoinPath(base, "pets", id). */
const SEGMENT_LIST_CALLEES = new Set([
  'JoinPath',
  'joinPath',
  'pathSegment',
  'pathSegments',
  'appendPathSegments',
  'AppendPathSegments',
]);
/** Calls that add one path segment each, chained: .addPathSegment("pets").addPathSegment(id). */
const SEGMENT_CHAIN_CALLEES = new Set([
  'addPathSegment',
  'AppendPathSegment',
  'addEncodedPathSegment',
  'pathSegment',
  'appendPath',
  'appendEncodedPath',
  'path',
  'push',
  // Swift's Foundation: url.appendingPathComponent("pets").appendingPathComponent(id)
  'appendingPathComponent',
  'appendPathComponent',
]);
/** Collections joined with "/" afterwards: [base, 'pets', id].join('/'), listOf(…).joinToString("/"). */
const LIST_BUILDERS = new Set(['listOf', 'arrayOf', 'mutableListOf', 'asList']);

/** A URL joined from segments, before it is judged like any other URL. */
type Joined = Omit<UrlExpression, 'shell'>;

/**
 * URLs assembled from path segments rather than written as one string: a segment "pets" followed
 * by exactly one more segment, joined by a URL joiner. Rendered like a string URL
 * ({base}/pets/{id}) and judged by the same rules.
 */
export function scanSegmentJoins(
  tokens: readonly Token[],
  strings: readonly number[],
): RawFinding[] {
  const findings: RawFinding[] = [];
  // Only strings can be the segment: the lexer's list of them, not every token.
  /** Names bound to a chain that ends with "pets": `let petsURL = base.appendingPathComponent("pets")`. */
  const named = new Map<string, string>();
  for (let k = 0; k < strings.length; k++) {
    const i = strings[k]!;
    if (!isPetsSegment(tokens[i]!)) continue;
    const joined = segmentList(tokens, i) ?? segmentChain(tokens, i);
    const finding = joined && judgeUrl(tokens, { ...joined, shell: false });
    if (finding) findings.push(finding);
    const collection = joined ? undefined : namedSegmentCollection(tokens, i);
    if (collection) named.set(collection.name, collection.callee);
  }
  if (named.size > 0) appendNamedSegmentUses(tokens, named, findings);
  return findings;
}

/** The name a segment chain ending with "pets" at `index` is bound to, and the chain's call. */
export function namedSegmentCollection(
  tokens: readonly Token[],
  index: number,
): { name: string; callee: string } | undefined {
  const open = previousSignificant(tokens, index - 1);
  const close = nextSignificant(tokens, index + 1);
  if (open < 1 || tokens[open]!.text !== '(' || tokens[close]?.text !== ')') return undefined;
  const callee = previousSignificant(tokens, open - 1);
  if (callee < 1 || !SEGMENT_CHAIN_CALLEES.has(tokens[callee]!.text)) return undefined;
  if (tokens[previousSignificant(tokens, callee - 1)]?.text !== '.') return undefined;
  // The chain ends with "pets": what follows ends the statement.
  const after = nextSignificant(tokens, close + 1);
  if (after >= 0 && ['.', '+', '(', '['].includes(tokens[after]!.text)) return undefined;
  const operator = previousSignificant(tokens, chainStart(tokens, callee) - 1);
  if (operator < 0 || (tokens[operator]!.text !== '=' && tokens[operator]!.text !== ':='))
    return undefined;
  let name = previousSignificant(tokens, operator - 1);
  // A type between the name and `=`: `let petsURL: URL = …`.
  for (let k = name; k >= 1 && k >= name - 3; k--)
    if (tokens[k]!.text === ':' && tokens[k - 1]!.kind === 'ident') {
      name = k - 1;
      break;
    }
  const token = tokens[name];
  return token?.kind === 'ident' ? { name: token.text, callee: tokens[callee]!.text } : undefined;
}

/** `petsURL.appendingPathComponent(String(id))`: one more segment on a named "pets" chain. */
function appendNamedSegmentUses(
  tokens: readonly Token[],
  named: ReadonlyMap<string, string>,
  findings: RawFinding[],
): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const callee = token.kind === 'ident' ? named.get(token.text) : undefined;
    if (!callee) continue;
    const next = chainedCall(tokens, i, callee);
    // A third segment after the id is a sub-resource.
    if (!next || chainedCall(tokens, next.close, callee)) continue;
    const first = chainStart(tokens, i);
    const finding = judgeUrl(tokens, {
      first,
      last: next.close,
      methodSite: first,
      rendered: joinSegments([
        HOLE_CHAR,
        'pets',
        segmentText(tokens, next.open + 1, next.close - 1),
      ]),
      shell: false,
    });
    if (finding) findings.push(finding);
  }
}

/** A string literal that is the segment "pets" ('pets', "/pets", 'pets/'). */
export function isPetsSegment(token: Token): boolean {
  const text = token.kind === 'string' ? literalText(token) : undefined;
  return text !== undefined && isPetsSegmentText(text);
}

/** [base, 'pets', id].join('/'), '/'.join([base, 'pets', id]), url.JoinPath(base, "pets", id). */
function segmentList(tokens: readonly Token[], index: number): Joined | undefined {
  const open = enclosingOpener(tokens, index, 100);
  if (open < 0) return undefined;
  const close = matchingCloser(tokens, open);
  const elements = splitElements(tokens, open, close);
  const position = elements.findIndex(([from, to]) => from === index && to === index);
  // "pets" then exactly one segment: the id. More would be a sub-resource.
  if (position < 0 || position !== elements.length - 2) return undefined;
  const span = joinerSpan(tokens, open, close);
  if (!span) return undefined;
  const segments = elements.map(([from, to]) => segmentText(tokens, from, to));
  return { rendered: joinSegments(segments), ...span, methodSite: span.first };
}

/** The joining expression around the list opened at `open`, if it joins with "/". */
function joinerSpan(
  tokens: readonly Token[],
  open: number,
  close: number,
): { first: number; last: number } | undefined {
  const callee = previousSignificant(tokens, open - 1);
  const calleeText = callee >= 0 ? tokens[callee]!.text : '';
  if (
    tokens[open]!.text === '(' &&
    (SEGMENT_LIST_CALLEES.has(calleeText) || isGoPathJoin(tokens, callee))
  )
    return { first: chainStart(tokens, callee), last: close };
  const isList =
    tokens[open]!.text === '['
      ? !(callee >= 0 && tokens[callee]!.kind === 'ident') // a literal, not an index
      : tokens[open]!.text === '(' && (LIST_BUILDERS.has(calleeText) || calleeText === '(');
  if (!isList) return undefined;
  const first = tokens[open]!.text === '[' ? open : chainStart(tokens, callee);
  // …].join('/') / …).joinToString("/")
  const dot = nextSignificant(tokens, close + 1);
  const join = dot < 0 ? -1 : nextSignificant(tokens, dot + 1);
  const paren = join < 0 ? -1 : nextSignificant(tokens, join + 1);
  if (
    paren >= 0 &&
    tokens[dot]!.text === '.' &&
    (tokens[join]!.text === 'join' || tokens[join]!.text === 'joinToString') &&
    tokens[paren]!.text === '(' &&
    isSlashString(tokens[nextSignificant(tokens, paren + 1)])
  )
    return { first, last: matchingCloser(tokens, paren) };
  // '/'.join([…])
  const outer = enclosingOpener(tokens, open, 10);
  if (outer < 0 || tokens[outer]!.text !== '(') return undefined;
  const outerCallee = previousSignificant(tokens, outer - 1);
  const receiverDot = previousSignificant(tokens, outerCallee - 1);
  const receiver = previousSignificant(tokens, receiverDot - 1);
  if (
    receiver >= 0 &&
    tokens[outerCallee]!.text === 'join' &&
    tokens[receiverDot]!.text === '.' &&
    isSlashString(tokens[receiver])
  )
    return { first: receiver, last: matchingCloser(tokens, outer) };
  return undefined;
}

/** .addPathSegment("pets").addPathSegment(id), .path("pets").path(id), .appendPath("pets").appendPath(id). */
function segmentChain(tokens: readonly Token[], index: number): Joined | undefined {
  const open = previousSignificant(tokens, index - 1);
  if (open < 1 || tokens[open]!.text !== '(') return undefined;
  const close = nextSignificant(tokens, index + 1);
  if (close < 0 || tokens[close]!.text !== ')') return undefined;
  const callee = previousSignificant(tokens, open - 1);
  if (callee < 1) return undefined;
  const name = tokens[callee]!.text;
  if (
    !SEGMENT_CHAIN_CALLEES.has(name) ||
    tokens[previousSignificant(tokens, callee - 1)]?.text !== '.'
  )
    return undefined;
  const next = chainedCall(tokens, close, name);
  if (!next) return undefined;
  // A third segment after the id is a sub-resource.
  if (chainedCall(tokens, next.close, name)) return undefined;
  const previous = previousChainedSegment(tokens, callee, name);
  const segments = [
    previous ?? HOLE_CHAR,
    'pets',
    segmentText(tokens, next.open + 1, next.close - 1),
  ];
  return {
    rendered: joinSegments(segments),
    first: chainStart(tokens, callee),
    last: next.close,
    methodSite: index,
  };
}

/** `.name(arg)` right after `close`: the positions of its parentheses. */
function chainedCall(
  tokens: readonly Token[],
  close: number,
  name: string,
): { open: number; close: number } | undefined {
  const dot = nextSignificant(tokens, close + 1);
  if (dot < 0 || tokens[dot]!.text !== '.') return undefined;
  const member = nextSignificant(tokens, dot + 1);
  const open = member < 0 ? -1 : nextSignificant(tokens, member + 1);
  if (open < 0 || tokens[member]!.text !== name || tokens[open]!.text !== '(') return undefined;
  const end = matchingCloser(tokens, open);
  if (end <= open + 1) return undefined; // no argument
  return { open, close: end };
}

/** The literal segment added just before "pets" in the same chain (.path("v2").path("pets")). */
function previousChainedSegment(
  tokens: readonly Token[],
  callee: number,
  name: string,
): string | undefined {
  const dot = previousSignificant(tokens, callee - 1);
  const close = previousSignificant(tokens, dot - 1);
  if (close < 0 || tokens[close]!.text !== ')') return undefined;
  const argument = previousSignificant(tokens, close - 1);
  const open = previousSignificant(tokens, argument - 1);
  const member = previousSignificant(tokens, open - 1);
  if (member < 0 || tokens[member]!.text !== name || tokens[open]!.text !== '(') return undefined;
  const token = tokens[argument]!;
  return token.kind === 'string' && token.parts
    ? `${HOLE_CHAR}/${renderParts(token.parts)}`
    : undefined;
}

/** Element ranges [first, last] of the list between the brackets at open and close. */
function splitElements(tokens: readonly Token[], open: number, close: number): [number, number][] {
  const elements: [number, number][] = [];
  let depth = 0;
  let start = nextSignificant(tokens, open + 1);
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'punct') continue;
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
    else if (token.text === ',' && depth === 0) {
      elements.push([start, previousSignificant(tokens, i - 1)]);
      start = nextSignificant(tokens, i + 1);
    }
  }
  const last = previousSignificant(tokens, close - 1);
  if (start >= 0 && start < close && last >= start) elements.push([start, last]); // no trailing comma
  return elements;
}

/** A segment as URL text: a string literal as written, anything else a hole. */
function segmentText(tokens: readonly Token[], from: number, to: number): string {
  const token = tokens[from]!;
  return from === to && token.kind === 'string' && token.parts
    ? renderParts(token.parts)
    : HOLE_CHAR;
}

/** Joins segments with single slashes, as URL joiners do. */
function joinSegments(segments: readonly string[]): string {
  let joined = '';
  for (const segment of segments) {
    if (joined === '') {
      joined = segment;
      continue;
    }
    let end = joined.length;
    while (end > 0 && joined.charCodeAt(end - 1) === 47) end--;
    let start = 0;
    while (start < segment.length && segment.charCodeAt(start) === 47) start++;
    joined = `${joined.slice(0, end)}/${segment.slice(start)}`;
  }
  return joined;
}

function isSlashString(token: Token | undefined): boolean {
  return !!token && token.kind === 'string' && renderParts(token.parts ?? []) === '/';
}

/** Go's path.Join joins slash-separated (URL) paths; filepath.Join, for files, is not one. */
function isGoPathJoin(tokens: readonly Token[], callee: number): boolean {
  if (callee < 2 || tokens[callee]!.text !== 'Join' || tokens[callee - 1]!.text !== '.')
    return false;
  return tokens[callee - 2]!.text === 'path';
}
