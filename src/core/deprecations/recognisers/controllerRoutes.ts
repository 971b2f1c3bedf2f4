/**
 * Paths split between a type and its method: the type maps the collection (`@RequestMapping("/pets")`,
 * `@Controller('pets')`, `@Path("/pets")`, `@HttpExchange("/pets")`, `@FeignClient(path = "/pets")` (or its `url`),
 * ASP.NET's `[Route("api/[controller]")]` on `PetsController`) and a method maps one pet by its
 * parameter (`@GetMapping("/{id}")`, `@Get(':id')`, `[HttpGet("{id}")]`, `@GET @Path("{id}")`,
 * `@GetExchange("/{id}")`). In a class they serve GET /pets/{id} (a `serves` finding, like a route
 * written whole); in an interface they declare a client's call of it (a `url` finding, whose
 * method the wrapper index follows), as MicroProfile, Spring HTTP interfaces and Feign do.
 */
import { literalText, tokenEnd, type Token } from '../model/tokens';
import { matchingCloser, nextSignificant } from '../model/tokenWalk';
import type { RawFinding } from './urlScanner';

/** Annotations that give a class its path. */
const CLASS_MAPPINGS = new Set([
  'RequestMapping',
  'Controller',
  'Path',
  'Route',
  'RoutePrefix',
  'HttpExchange',
  'FeignClient',
]);
/** Annotations that map a method to GET (RequestMapping only with `method = GET`). */
const GET_MAPPINGS = new Set([
  'GetMapping',
  'Get',
  'HttpGet',
  'Path',
  'RequestMapping',
  'GetExchange',
]);
/** A path that is one parameter: `/{id}`, `{id:int}`, `:id`, `/:petId`. */
const PARAMETER_PATH = /^\/?(?:\{[A-Za-z_]\w*(?::[^}]*)?\}|:[A-Za-z_]\w*)\/?$/;
/** A collection path: `/pets`, `api/pets`, `/v1/pets/`. */
export const COLLECTION_PATH = /(?:^|\/)pets\/?$/i;
/** Tokens from a class's annotation to its `class` keyword. */
const CLASS_REACH = 80;
/** Tokens from a method annotation to the next annotation that may hold its path (JAX-RS). */
const ANNOTATION_REACH = 12;

/** Findings for the GET-one-pet methods of the file's types mapped to the pets collection. */
export function scanControllerRoutes(tokens: readonly Token[]): RawFinding[] {
  const findings: RawFinding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const name = annotationAt(tokens, i);
    if (name === undefined || !CLASS_MAPPINGS.has(tokens[name]!.text)) continue;
    // Feign joins its url and its path: the collection ends one or the other
    // (`url = "${pets.url:localhost:8083}/pets"`).
    const path =
      tokens[name]!.text === 'FeignClient'
        ? (keyedStringArgument(tokens, name, 'path') ?? keyedStringArgument(tokens, name, 'url'))
        : firstStringArgument(tokens, name);
    const { body, client } = typeBodyAfter(tokens, name, path);
    if (body < 0) continue;
    const close = matchingCloser(tokens, body, 1_000_000);
    if (close < 0) continue;
    for (let j = body + 1; j < close; j++) {
      const method = annotationAt(tokens, j);
      if (method === undefined || !GET_MAPPINGS.has(tokens[method]!.text)) continue;
      const site = parameterPathOf(tokens, method);
      if (site !== undefined) findings.push(findingAt(tokens, site, client));
    }
    i = close;
  }
  return findings;
}

/** The annotation's name token when token `i` starts one: `@Name`, `@Name(`, `[Name(`. */
function annotationAt(tokens: readonly Token[], i: number): number | undefined {
  const text = tokens[i]!.text;
  if (text !== '@' && text !== '[') return undefined;
  const name = nextSignificant(tokens, i + 1);
  if (name < 0 || tokens[name]!.kind !== 'ident') return undefined;
  if (text === '[' && tokens[name + 1]?.text !== '(' && tokens[name + 1]?.text !== ']')
    return undefined; // an index, not an attribute
  return name;
}

/** `@FeignClient(name = "pets", path = "/pets")`: the string after `key =`. */
function keyedStringArgument(
  tokens: readonly Token[],
  name: number,
  key: string,
): number | undefined {
  const open = nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[open]!.text !== '(') return undefined;
  const close = matchingCloser(tokens, open, 200);
  for (let k = open + 1; k < close - 2; k++)
    if (tokens[k]!.text === key && tokens[k + 1]?.text === '=' && tokens[k + 2]?.kind === 'string')
      return k + 2;
  return undefined;
}

function firstStringArgument(tokens: readonly Token[], name: number): number | undefined {
  const open = nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[open]!.text !== '(') return undefined;
  const close = matchingCloser(tokens, open, 200);
  for (let k = open + 1; k < close; k++) if (tokens[k]!.kind === 'string') return k;
  return undefined;
}

/**
 * The body of the class or interface the annotation maps to the pets collection: its path ends
 * with `pets`, or it is ASP.NET's `[controller]` and the class is named PetsController.
 */
function typeBodyAfter(
  tokens: readonly Token[],
  name: number,
  path: number | undefined,
): { body: number; client: boolean } {
  const none = { body: -1, client: false };
  const text = path === undefined ? undefined : literalText(tokens[path]);
  if (text === undefined) return none;
  const byControllerName = /\[controller\]\/?$/i.test(text);
  if (!byControllerName && !COLLECTION_PATH.test(text)) return none;
  for (let k = name + 1, steps = 0; k < tokens.length && steps < CLASS_REACH; k++, steps++) {
    const keyword = tokens[k]!.text;
    if (keyword !== 'class' && keyword !== 'interface') continue;
    const typeName = nextSignificant(tokens, k + 1);
    if (byControllerName && !/^PetsController$/.test(tokens[typeName]?.text ?? '')) return none;
    for (let b = typeName + 1; b < tokens.length && b < typeName + CLASS_REACH; b++)
      if (tokens[b]!.text === '{') return { body: b, client: keyword === 'interface' };
    return none;
  }
  return none;
}

/** The string token of a method mapping's one-parameter GET path, if it has one. */
function parameterPathOf(tokens: readonly Token[], name: number): number | undefined {
  const mapping = tokens[name]!.text;
  if (mapping === 'Path') {
    // JAX-RS: @GET next to @Path("{id}"), in either order.
    if (!nearAnnotation(tokens, name, 'GET')) return undefined;
  } else if (mapping === 'RequestMapping' && !mentionsGet(tokens, name)) return undefined;
  const path = firstStringArgument(tokens, name);
  const text = path === undefined ? undefined : literalText(tokens[path]);
  return text !== undefined && PARAMETER_PATH.test(text) ? path : undefined;
}

function nearAnnotation(tokens: readonly Token[], name: number, wanted: string): boolean {
  for (let k = Math.max(0, name - ANNOTATION_REACH); k < name + ANNOTATION_REACH; k++)
    if (tokens[k]?.text === wanted && tokens[k - 1]?.text === '@') return true;
  return false;
}

/** `@RequestMapping(path = "/{id}", method = RequestMethod.GET)`. */
function mentionsGet(tokens: readonly Token[], name: number): boolean {
  const open = nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[open]!.text !== '(') return false;
  const close = matchingCloser(tokens, open, 200);
  for (let k = open + 1; k < close; k++) if (tokens[k]!.text === 'GET') return true;
  return false;
}

function findingAt(tokens: readonly Token[], site: number, client: boolean): RawFinding {
  const token = tokens[site]!;
  return {
    kind: client ? 'url' : 'serves',
    confidence: 'certain',
    start: token.start,
    end: tokenEnd(token),
    anchor: token.start,
    detail: `/pets/${literalText(token)!.replace(/^\//, '')}`,
  };
}
