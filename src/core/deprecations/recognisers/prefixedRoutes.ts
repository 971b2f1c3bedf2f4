/**
 * Routes whose collection is a router's prefix, given in the same file: a group or router made
 * for `/pets` (`g := e.Group("/pets")`, gin's and Fiber's `Group`, FastAPI's
 * `APIRouter(prefix="/pets")`, Flask's `Blueprint(…, url_prefix="/pets")`, a router mounted here
 * with `app.use('/pets', router)`), or chi's `r.Route("/pets", func(r chi.Router) { … })`; and a
 * GET route on it for one pet by its parameter (`g.GET("/:id", h)`, `@router.get("/{pet_id}")`,
 * `r.Get("/{id}", h)`). Each such route serves GET /pets/{id}: a `serves` finding.
 */
import { literalText, tokenEnd, type Token } from '../model/tokens';
import { matchingCloser, nextSignificant, previousSignificant } from '../model/tokenWalk';
import { COLLECTION_PATH } from './controllerRoutes';
import type { RawFinding } from './urlScanner';

/** One parameter as a route writes it: `/{id}`, `{pet_id:int}`, `/:id`, `/<int:pet_id>`. */
const PARAMETER_PATH =
  /^\/?(?:\{[A-Za-z_]\w*(?::[^}]*)?\}|:[A-Za-z_]\w*|<(?:[A-Za-z_]\w*:)?[A-Za-z_]\w*>)\/?$/;
/** Calls that make a group or router for a prefix, and the argument that holds it. */
const PREFIX_MAKERS = new Map<string, string | undefined>([
  ['Group', undefined], // the first string argument
  ['group', undefined],
  ['APIRouter', 'prefix'],
  ['Blueprint', 'url_prefix'],
]);
/** Words a file must hold for this recogniser to look at its tokens. */
const NEEDLES = ['Group(', 'group(', 'APIRouter(', 'Blueprint(', '.use(', 'Route('];

/** Whether the text may give a router the pets collection as its prefix (a look before the tokens). */
export function mayPrefixRoutes(text: string): boolean {
  return NEEDLES.some((needle) => text.includes(needle));
}
/** Methods that register a GET route (`route` in Flask only without another method). */
const GET_ROUTES = new Set(['get', 'GET', 'Get', 'route']);
const SEPARATORS = new Set(['.', '?.']);

/** Findings for the routes on routers and groups that this file gives the pets collection. */
export function scanPrefixedRoutes(tokens: readonly Token[]): RawFinding[] {
  const prefixed = prefixedNames(tokens);
  const findings: RawFinding[] = [];
  for (let i = 2; i < tokens.length; i++) {
    const token = tokens[i]!;
    const path = token.kind === 'string' ? literalText(token) : undefined;
    if (path === undefined || !PARAMETER_PATH.test(path)) continue;
    const route = getRouteAt(tokens, i);
    if (!route) continue;
    const { receiver } = route;
    if (prefixed.has(receiver.text) || insideCollectionRoute(tokens, i, receiver.text))
      findings.push(findingAt(token, path));
  }
  return findings;
}

/** Names bound to a router or group of the pets collection in this file. */
function prefixedNames(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (PREFIX_MAKERS.has(text) && tokens[i + 1]?.text === '(') {
      const prefix = prefixArgument(tokens, i + 1, PREFIX_MAKERS.get(text));
      if (prefix === undefined || !COLLECTION_PATH.test(prefix)) continue;
      // NAME = maker(…) or NAME := recv.Group(…)
      let start = i;
      const dot = previousSignificant(tokens, i - 1);
      if (dot >= 0 && SEPARATORS.has(tokens[dot]!.text))
        start = previousSignificant(tokens, dot - 1);
      const assign = previousSignificant(tokens, start - 1);
      const name = assign < 0 ? -1 : previousSignificant(tokens, assign - 1);
      if (
        (tokens[assign]?.text === '=' || tokens[assign]?.text === ':=') &&
        tokens[name]?.kind === 'ident'
      )
        names.add(tokens[name].text);
    } else if (
      text === 'use' &&
      SEPARATORS.has(tokens[i - 1]?.text ?? '') &&
      tokens[i + 1]?.text === '('
    ) {
      // app.use('/pets', router): a router of this file mounted on the collection.
      const path = nextSignificant(tokens, i + 2);
      const comma = path < 0 ? -1 : nextSignificant(tokens, path + 1);
      const name = comma < 0 ? -1 : nextSignificant(tokens, comma + 1);
      const after = name < 0 ? -1 : nextSignificant(tokens, name + 1);
      if (
        tokens[path]?.kind === 'string' &&
        COLLECTION_PATH.test(literalText(tokens[path]) ?? '') &&
        tokens[comma]?.text === ',' &&
        tokens[name]?.kind === 'ident' &&
        tokens[after]?.text === ')'
      )
        names.add(tokens[name].text);
    }
  }
  return names;
}

/** The prefix a maker call gives: its `key=` string, or its first string argument. */
function prefixArgument(
  tokens: readonly Token[],
  open: number,
  key: string | undefined,
): string | undefined {
  const close = matchingCloser(tokens, open, 200);
  for (let k = open + 1; k < close; k++) {
    if (tokens[k]!.kind !== 'string') continue;
    if (key === undefined) return literalText(tokens[k]);
    const equals = previousSignificant(tokens, k - 1);
    if (
      tokens[equals]?.text === '=' &&
      tokens[previousSignificant(tokens, equals - 1)]?.text === key
    )
      return literalText(tokens[k]);
  }
  return undefined;
}

/** The string at `at` is the path of a GET route registered on a receiver: `X.get(path, h)`, `@X.get(path)`. */
function getRouteAt(tokens: readonly Token[], at: number): { receiver: Token } | undefined {
  const open = previousSignificant(tokens, at - 1);
  if (open < 2 || tokens[open]!.text !== '(') return undefined;
  const method = previousSignificant(tokens, open - 1);
  if (!GET_ROUTES.has(tokens[method]?.text ?? '')) return undefined;
  const dot = previousSignificant(tokens, method - 1);
  if (!SEPARATORS.has(tokens[dot]?.text ?? '')) return undefined;
  const receiver = previousSignificant(tokens, dot - 1);
  if (tokens[receiver]?.kind !== 'ident') return undefined;
  const decorated = tokens[previousSignificant(tokens, receiver - 1)]?.text === '@';
  const after = nextSignificant(tokens, at + 1);
  // A handler after the path, or a decorator's function below it.
  if (!decorated && tokens[after]?.text !== ',') return undefined;
  if (tokens[method]!.text === 'route' && statesOtherMethod(tokens, open)) return undefined;
  return { receiver: tokens[receiver] };
}

/** Flask's `methods=["PUT"]` without GET. */
function statesOtherMethod(tokens: readonly Token[], open: number): boolean {
  const close = matchingCloser(tokens, open, 200);
  let methods = false;
  for (let k = open + 1; k < close; k++) {
    if (tokens[k]!.text === 'methods') methods = true;
    if (methods && tokens[k]!.kind === 'string' && /^GET$/i.test(literalText(tokens[k]) ?? ''))
      return false;
  }
  return methods;
}

/**
 * chi's `r.Route("/pets", func(r chi.Router) { r.Get("/{id}", h) })`: the route at `at` is inside
 * the function given to a Route call of the collection, on that function's router parameter.
 */
function insideCollectionRoute(tokens: readonly Token[], at: number, receiver: string): boolean {
  let depth = 0;
  for (let k = at - 1; k >= 0 && at - k < 4000; k--) {
    const text = tokens[k]!.text;
    if (text === '}' || text === ')') depth++;
    else if (text === '{' || text === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (text !== '(') continue;
      // An opening parenthesis around the route: is it `X.Route("/pets", func(r …) {`?
      const callee = previousSignificant(tokens, k - 1);
      if (tokens[callee]?.text !== 'Route') continue;
      const path = nextSignificant(tokens, k + 1);
      if (tokens[path]?.kind !== 'string' || !COLLECTION_PATH.test(literalText(tokens[path]) ?? ''))
        return false;
      const func = nextSignificant(tokens, nextSignificant(tokens, path + 1) + 1);
      const parameter = tokens[func]?.text === 'func' ? nextSignificant(tokens, func + 2) : -1;
      return tokens[parameter]?.text === receiver;
    }
  }
  return false;
}

function findingAt(token: Token, path: string): RawFinding {
  return {
    kind: 'serves',
    confidence: 'certain',
    start: token.start,
    end: tokenEnd(token),
    anchor: token.start,
    detail: `/pets/${path.replace(/^\//, '')}`,
  };
}
