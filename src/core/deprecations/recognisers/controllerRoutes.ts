/**
 * Routes split between a controller and its method: the class maps the collection
 * (`@RequestMapping("/pets")`, `@Controller('pets')`, `@Path("/pets")`, ASP.NET's
 * `[Route("api/[controller]")]` on `PetsController`) and a method maps one pet by its parameter
 * (`@GetMapping("/{id}")`, `@Get(':id')`, `[HttpGet("{id}")]`, `@GET @Path("{id}")`). Together they
 * serve GET /pets/{id}: a `serves` finding at the method's path, like a route written whole.
 */
import { literalText, tokenEnd, type Token } from '../model/tokens';
import { matchingCloser, nextSignificant } from '../model/tokenWalk';
import type { RawFinding } from './urlScanner';

/** Annotations that give a class its path. */
const CLASS_MAPPINGS = new Set(['RequestMapping', 'Controller', 'Path', 'Route', 'RoutePrefix']);
/** Annotations that map a method to GET (RequestMapping only with `method = GET`). */
const GET_MAPPINGS = new Set(['GetMapping', 'Get', 'HttpGet', 'Path', 'RequestMapping']);
/** A path that is one parameter: `/{id}`, `{id:int}`, `:id`, `/:petId`. */
const PARAMETER_PATH = /^\/?(?:\{[A-Za-z_]\w*(?::[^}]*)?\}|:[A-Za-z_]\w*)\/?$/;
/** A collection path: `/pets`, `api/pets`, `/v1/pets/`. */
const COLLECTION_PATH = /(?:^|\/)pets\/?$/i;
/** Tokens from a class's annotation to its `class` keyword. */
const CLASS_REACH = 80;
/** Tokens from a method annotation to the next annotation that may hold its path (JAX-RS). */
const ANNOTATION_REACH = 12;

/** `serves` findings for the methods of pets controllers in the file. */
export function scanControllerRoutes(tokens: readonly Token[]): RawFinding[] {
  const findings: RawFinding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const name = annotationAt(tokens, i);
    if (name === undefined || !CLASS_MAPPINGS.has(tokens[name]!.text)) continue;
    const path = firstStringArgument(tokens, name);
    const body = classBodyAfter(tokens, name, path);
    if (body < 0) continue;
    const close = matchingCloser(tokens, body, 1_000_000);
    if (close < 0) continue;
    for (let j = body + 1; j < close; j++) {
      const method = annotationAt(tokens, j);
      if (method === undefined || !GET_MAPPINGS.has(tokens[method]!.text)) continue;
      const site = parameterPathOf(tokens, method);
      if (site !== undefined) findings.push(servesAt(tokens, site));
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

function firstStringArgument(tokens: readonly Token[], name: number): number | undefined {
  const open = nextSignificant(tokens, name + 1);
  if (open < 0 || tokens[open]!.text !== '(') return undefined;
  const close = matchingCloser(tokens, open, 200);
  for (let k = open + 1; k < close; k++) if (tokens[k]!.kind === 'string') return k;
  return undefined;
}

/**
 * The body of the class the annotation maps to the pets collection: its path ends with `pets`, or
 * it is ASP.NET's `[controller]` and the class is named PetsController.
 */
function classBodyAfter(tokens: readonly Token[], name: number, path: number | undefined): number {
  const text = path === undefined ? undefined : literalText(tokens[path]);
  if (text === undefined) return -1;
  const byControllerName = /\[controller\]\/?$/i.test(text);
  if (!byControllerName && !COLLECTION_PATH.test(text)) return -1;
  for (let k = name + 1, steps = 0; k < tokens.length && steps < CLASS_REACH; k++, steps++) {
    if (tokens[k]!.text !== 'class') continue;
    const className = nextSignificant(tokens, k + 1);
    if (byControllerName && !/^PetsController$/.test(tokens[className]?.text ?? '')) return -1;
    for (let b = className + 1; b < tokens.length && b < className + CLASS_REACH; b++)
      if (tokens[b]!.text === '{') return b;
    return -1;
  }
  return -1;
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

function servesAt(tokens: readonly Token[], site: number): RawFinding {
  const token = tokens[site]!;
  return {
    kind: 'serves',
    confidence: 'certain',
    start: token.start,
    end: tokenEnd(token),
    anchor: token.start,
    detail: `/pets/${literalText(token)!.replace(/^\//, '')}`,
  };
}
