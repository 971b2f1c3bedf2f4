/**
 * Stage 3, recognisers/: the shapes a call to GET /pets/{id} takes. Each takes a file's tokens and
 * returns raw findings (offsets, detail, anchor): URL strings and concatenations (this file),
 * segment joins, generated-client operation calls, .http request blocks. Each candidate is kept
 * only if the judges/ say it is a GET that is sent. Imports judges/ and model/.
 */
import { storedUrlUse } from '../judges/laterUses';
import { explicitMethod, isDefaultGetCall } from '../judges/methodContext';
import { isNotSent } from '../judges/notSent';
import { testsOwnRoute } from '../judges/routeTests';
import { servesRoute } from '../judges/serves';
import { isUnderParentId } from '../judges/parentResource';
import { isOtherResourceId } from '../judges/otherResourceId';
import { isAssignedToPageVariable, isExpectedValue, isTestParameter } from '../judges/roles';
import { isHandedToNonRequest } from '../judges/taker';
import type { Confidence } from '../model/confidence';
import type { FindingKind } from '../model/findingKinds';
import { includesPetsPath, matchPetPath } from '../model/petPath';
import { HOLE, HOLE_CHAR, renderParts, tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import type { Definition } from '../model/definitions';

export interface RawFinding {
  /**
   * `serves`: a route registered for the path (a server, a mock), not a request; `mock`: a test
   * double's stub or check of a client's call (`when(api.getPet(1))`), not a call.
   */
  kind: Exclude<FindingKind, 'wrapper'>;
  confidence: Confidence;
  /** The URL expression or the operation name. */
  start: number;
  end: number;
  /** Where the statement or call begins: a suppression comment on the line above it applies. */
  anchor: number;
  /** The URL as written (holes shown as {…}) or the operation name. */
  detail: string;
  /** The named function or method it is in (set by the engine): what calls of that name reach. */
  within?: Definition;
}

export interface ScanOptions {
  /** Operators that join strings: + in most languages, . in PHP. */
  concatenation: ReadonlySet<string>;
  /** Adjacent string literals join ("a" "b" in Python). */
  adjacentStrings: boolean;
  /** A string alone on its line is a docstring, not code (Python). */
  standaloneStringsAreDocs: boolean;
  shell: boolean;
}

/**
 * URL expressions that target GET /pets/{id}: each string starts a chain of strings and other
 * operands joined by concatenation; the chain is rendered with holes for the other operands and
 * matched. One chain is one finding, however many lines it spans.
 */
export function scanUrls(
  tokens: readonly Token[],
  strings: readonly number[],
  options: ScanOptions,
): RawFinding[] {
  const findings: RawFinding[] = [];
  // The string tokens in order; `next` passes over those a chain already took in.
  let next = 0;
  for (let k = 0; k < strings.length; k++) {
    const i = strings[k]!;
    if (i < next) continue;
    if (!tokens[i]!.parts) continue;
    const chain = extendChain(tokens, i, options);
    const lastIndex = chain.last;
    next = lastIndex + 1;
    // What stands left of the string only adds a hole in front: most strings are ruled out first.
    if (!includesPetsPath(chain.rendered)) continue;
    const startIndex = leftOperandStart(tokens, i, options);
    const rendered =
      startIndex < i ? HOLE_CHAR + joinBefore(tokens, i) + chain.rendered : chain.rendered;
    if (options.standaloneStringsAreDocs && isStandalone(tokens, startIndex, lastIndex)) continue;
    // A path DSL's route: http4s's `case GET -> Root / "pets" / id`, Akka's `path("pets" / IntNumber)`.
    if (options.concatenation.has('/') && isPathDslRoute(tokens, startIndex, i)) {
      const url = { first: startIndex, last: lastIndex, methodSite: startIndex, rendered };
      if (matchPetPath(`/${rendered.replace(/^\/+/, '')}`, { routeParameters: true }))
        findings.push({
          ...urlFinding(tokens, { ...url, shell: false }, 'certain'),
          kind: 'serves',
        });
      continue;
    }
    const finding = judgeUrl(tokens, {
      first: startIndex,
      last: lastIndex,
      methodSite: startIndex,
      rendered,
      shell: options.shell,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}

/** A URL expression found one way or another (a string, segments joined). */
export interface UrlExpression {
  first: number;
  last: number;
  /** The token whose surroundings (call, builder chain, later uses) state the method. */
  methodSite: number;
  /** The URL as text, interpolated parts as HOLE_CHAR. */
  rendered: string;
  shell: boolean;
}

/**
 * The finding for a URL expression if it is a use: this API's GET /pets/{id}, sent (not a
 * message, a file, a route), with GET stated or no other method stated, here or where it is used.
 */
export function judgeUrl(tokens: readonly Token[], url: UrlExpression): RawFinding | undefined {
  const requested =
    matchPetPath(url.rendered) !== undefined ||
    (matchPetPath(url.rendered, { routeParameters: true }) !== undefined &&
      fillsPathParameters(tokens, url.last));
  // A route registered for the path (a server, a mock) serves it: its own kind, any framework;
  // `/pets/:id`, `/pets/<int:id>` are paths only a route has.
  if (
    !url.shell &&
    (requested || matchPetPath(url.rendered, { routeParameters: true })) &&
    servesRoute(tokens, url.first, url.last)
  )
    return servedFinding(tokens, url);
  if (!requested) return undefined;
  // A variable named like a page (const link = `${base}/pets/${id}`) is still sent when a later
  // use sends it: fetch(link).
  if (
    isNotSent(tokens, url.first, url.shell, url.last) &&
    !(
      !url.shell &&
      isAssignedToPageVariable(tokens, url.first) &&
      storedUrlUse(tokens, url.methodSite, url.shell) === 'get'
    )
  )
    return undefined;
  if (isUnderParentId(tokens, url.first, url.last)) return undefined;
  if (isOtherResourceId(tokens, url.first, url.last)) return undefined;
  const method = statedMethod(tokens, url);
  if (method && method !== 'GET') return undefined;
  let confidence: Confidence = 'certain';
  if (!method) {
    const use = storedUrlUse(tokens, url.methodSite, url.shell);
    if (use === 'otherMethods') return undefined;
    if (use === 'get' || isDefaultGetCall(tokens, url.methodSite, url.shell))
      confidence = 'certain';
    else if (use === 'unknown') confidence = 'likely';
    else if (use === 'notStored' && flowsOut(tokens, url.methodSite)) {
      // Handed to a helper or component named for another method (confirmDelete(url),
      // <ConfirmDelete url={…}>), or to a helper whose result a test only checks: only a hint.
      confidence = isHandedToNonRequest(tokens, url.methodSite) ? 'possible' : 'likely';
    } else confidence = 'possible';
  }
  // A value a test expects (assert.Equal(t, "/pets/1", path)) names the endpoint but sends
  // nothing: shown as a hint, not counted (the request it checks is found where it is made). So
  // is a row of a test table: what the test does with it is not seen here.
  if (
    confidence !== 'possible' &&
    (isExpectedValue(tokens, url.first) || isTestParameter(tokens, url.first))
  )
    confidence = 'possible';
  // A test of the project's own route through its test client goes with the route: its own kind.
  if (!url.shell && testsOwnRoute(tokens, url.first, url.last, url.rendered))
    return { ...urlFinding(tokens, url, confidence), kind: 'route-test' };
  return urlFinding(tokens, url, confidence);
}

/** Keys that hand a request its path's parameters: Tesla's `opts: [path_params: [pet_id: id]]`. */
const PATH_PARAMETER_KEYS = new Set([
  'path_params',
  'pathParams',
  'path_parameters',
  'pathParameters',
]);

/**
 * `Tesla.get(client, "/pets/:pet_id", opts: [path_params: [pet_id: id]])`: a `:param` template
 * the call fills is a request, not a route.
 */
function fillsPathParameters(tokens: readonly Token[], last: number): boolean {
  const opener = enclosingOpener(tokens, last, 40);
  if (opener < 0 || tokens[opener]!.text !== '(') return false;
  const close = matchingCloser(tokens, opener, 400);
  for (let i = last + 1; i < close; i++)
    if (tokens[i]!.kind === 'ident' && PATH_PARAMETER_KEYS.has(tokens[i]!.text)) return true;
  return false;
}

/** A route or a mock of it, unless it states another method (nock(base).delete('/pets/1')). */
function servedFinding(tokens: readonly Token[], url: UrlExpression): RawFinding | undefined {
  const method = statedMethod(tokens, url);
  if (method && method !== 'GET') return undefined;
  return { ...urlFinding(tokens, url, 'certain'), kind: 'serves' };
}

/** The method the code around a URL expression states, if any. */
function statedMethod(tokens: readonly Token[], url: UrlExpression): string | undefined {
  return explicitMethod({
    tokens,
    first: url.methodSite,
    last: url.last,
    rendered: url.rendered,
    shell: url.shell,
  });
}

function urlFinding(
  tokens: readonly Token[],
  url: UrlExpression,
  confidence: Confidence,
): RawFinding {
  return {
    kind: 'url',
    confidence,
    start: tokens[url.first]!.start,
    end: tokenEnd(tokens[url.last]!),
    anchor: anchorOf(tokens, url.first),
    detail: url.rendered.replaceAll(HOLE_CHAR, '{…}').trim(),
  };
}

/**
 * The URL is handed on where its method is not seen: an argument of a call (a request helper or
 * wrapper: this.request(url), apiGet(url), also inside an object or array argument), a returned
 * value (a URL builder), a lambda's result. Not a constant or property no call is seen to take.
 */
function flowsOut(tokens: readonly Token[], first: number): boolean {
  const before = previousSignificant(tokens, first - 1);
  if (before >= 0 && ['return', '=>', '->', 'yield'].includes(tokens[before]!.text)) return true;
  let site = first;
  for (let level = 0; level < 4; level++) {
    const opener = enclosingOpener(tokens, site);
    if (opener < 1) return false;
    const open = tokens[opener]!.text;
    const previous = previousSignificant(tokens, opener - 1);
    const token = previous >= 0 ? tokens[previous]! : undefined;
    if (open === '(') {
      if (token && (token.kind === 'ident' || token.text === '!' || token.text === '>'))
        return true;
      site = opener; // a grouping or a tuple
      continue;
    }
    // An object or array literal is taken by the call around it, if any; a block is not.
    if (open === '{' && !(token && ['(', ',', ':', '=', '['].includes(token.text))) return false;
    site = opener;
  }
  return false;
}

/** What joins the operand before the string at `first` to it: a path DSL's `/` is a slash. */
export function joinBefore(tokens: readonly Token[], first: number): string {
  return tokens[previousSignificant(tokens, first - 1)]?.text === '/' ? '/' : '';
}

/** Route matchers of path DSLs: Akka HTTP's and Pekko's `path(…)`, `pathPrefix(…)`. */
const PATH_DSL_ROUTES = new Set(['path', 'pathPrefix']);

/**
 * A path joined with `/` that a server matches: http4s's `Root / "pets" / id` (in a `case` of its
 * routes), Akka's `path("pets" / LongNumber)`.
 */
function isPathDslRoute(tokens: readonly Token[], start: number, first: number): boolean {
  const joined =
    tokens[nextSignificant(tokens, first + 1)]?.text === '/' ||
    tokens[previousSignificant(tokens, first - 1)]?.text === '/';
  if (!joined) return false;
  // http4s: the chain starts at its routes' Root (`GET -> Root / "pets"`).
  const slash = previousSignificant(tokens, first - 1);
  if (
    tokens[slash]?.text === '/' &&
    tokens[previousSignificant(tokens, slash - 1)]?.text === 'Root'
  )
    return true;
  const opener = enclosingOpener(tokens, start, 40);
  const callee = opener < 1 ? -1 : previousSignificant(tokens, opener - 1);
  return callee >= 0 && PATH_DSL_ROUTES.has(tokens[callee]!.text);
}

/** `base + "/pets/" + id`: the operand before the first string belongs to the URL expression. */
export function leftOperandStart(
  tokens: readonly Token[],
  first: number,
  options: ScanOptions,
): number {
  const operator = previousSignificant(tokens, first - 1);
  if (
    operator < 0 ||
    tokens[operator]!.kind !== 'punct' ||
    !options.concatenation.has(tokens[operator]!.text)
  )
    return first;
  if (tokens[operator]!.text.endsWith('=')) return first; // url += "/pets/" + id
  let last = previousSignificant(tokens, operator - 1);
  if (last < 0) return first;
  const token = tokens[last]!;
  if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) {
    const opener = matchingOpener(tokens, last);
    if (opener < 0) return first;
    const callee = previousSignificant(tokens, opener - 1);
    last = callee >= 0 && tokens[callee]!.kind === 'ident' ? callee : opener;
    return tokens[last]!.kind === 'ident' ? chainStart(tokens, last) : last;
  }
  return token.kind === 'ident' ? chainStart(tokens, last) : token.kind === 'number' ? last : first;
}

/**
 * What a chain's holes stand for, where it is known: a string's hole (by its place among the
 * string's holes) or an operand between `first` and `last`. Undefined keeps the hole.
 */
export interface HoleNames {
  inString(token: Token, hole: number): string | undefined;
  operand(first: number, last: number): string | undefined;
}

/** The chain of strings and operands joined to the string at `first`, rendered. */
export function extendChain(
  tokens: readonly Token[],
  first: number,
  options: ScanOptions,
  names?: HoleNames,
): { rendered: string; last: number } {
  const render = (token: Token) => (names ? renderNamed(token, names) : renderParts(token.parts!));
  let rendered = render(tokens[first]!);
  let last = first;
  for (;;) {
    const next = nextSignificant(tokens, last + 1);
    if (next < 0) break;
    const token = tokens[next]!;
    if (options.adjacentStrings && token.kind === 'string' && token.parts) {
      rendered += render(token);
      last = next;
      continue;
    }
    if (token.kind !== 'punct' || !options.concatenation.has(token.text)) break;
    const operand = nextSignificant(tokens, next + 1);
    if (operand < 0) break;
    // A path DSL's `/` joins segments with a slash (Scala's http4s: baseUri / "pets" / id).
    const separator = token.text === '/' ? '/' : '';
    const operandToken = tokens[operand]!;
    if (operandToken.kind === 'string' && operandToken.parts) {
      rendered += separator + render(operandToken);
      last = operand;
    } else {
      const end = operandEnd(tokens, operand);
      if (end < 0) break;
      rendered += separator + (names?.operand(operand, end) ?? HOLE_CHAR);
      last = end;
    }
  }
  return { rendered, last };
}

/** A string's parts, each hole replaced by what `names` knows of it. */
function renderNamed(token: Token, names: HoleNames): string {
  let text = '';
  let hole = 0;
  for (const part of token.parts!)
    text += part === HOLE ? (names.inString(token, hole++) ?? HOLE_CHAR) : part;
  return text;
}

/** Last token of a primary operand starting at `index`: a.b.c(…)[…], or -1 if it is no operand. */
export function operandEnd(tokens: readonly Token[], index: number): number {
  const token = tokens[index]!;
  let end: number;
  if (token.kind === 'ident' || token.kind === 'number') end = index;
  else if (token.kind === 'punct' && token.text === '(') end = matchingCloser(tokens, index);
  else return -1;
  for (;;) {
    const next = nextSignificant(tokens, end + 1);
    if (next < 0) return end;
    const text = tokens[next]!.text;
    if (tokens[next]!.kind === 'punct' && (text === '(' || text === '['))
      end = matchingCloser(tokens, next);
    else if (
      tokens[next]!.kind === 'punct' &&
      (text === '.' || text === '?.' || text === '::' || text === '->')
    ) {
      const member = nextSignificant(tokens, next + 1);
      if (member < 0 || tokens[member]!.kind !== 'ident') return end;
      end = member;
    } else return end;
  }
}

/** A string that is a whole statement on its own (a docstring): nothing before or after on its lines. */
function isStandalone(tokens: readonly Token[], first: number, last: number): boolean {
  // Inside brackets, line breaks do not end statements: ("a"\n "b") is one expression.
  if (enclosingOpener(tokens, first) !== -1) return false;
  const before = first > 0 ? tokens[first - 1]! : undefined;
  const after = tokens[last + 1];
  const startsLine =
    !before || before.kind === 'newline' || (before.kind === 'punct' && before.text === ';');
  const endsLine =
    !after || after.kind === 'newline' || (after.kind === 'punct' && after.text === ';');
  return startsLine && endsLine;
}

/** The start of the call (or annotation) the URL is an argument of, else the URL itself. */
export function anchorOf(tokens: readonly Token[], first: number): number {
  const opener = enclosingOpener(tokens, first, 200);
  if (opener >= 0 && tokens[opener]!.text === '(') {
    const callee = previousSignificant(tokens, opener - 1);
    if (callee >= 0 && tokens[callee]!.kind === 'ident')
      return tokens[chainStart(tokens, callee)]!.start;
  }
  return tokens[first]!.start;
}
