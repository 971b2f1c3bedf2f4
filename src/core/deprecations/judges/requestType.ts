/**
 * A request described by a type of its own: Swift's `struct ReadPet: Request { let method:
 * HTTPMethod = .get; init(id: Int) { path = "/pets/\(id)" } }`, a Kotlin or TypeScript class with a
 * `method` property, C#'s `override HttpMethod Method => HttpMethod.Delete`. The type's own
 * `method` member states the method of a URL built inside it. Imports only model/ and the
 * method arguments judge.
 */
import { valueMethod, METHOD_KEYS } from './methodArguments';
import type { Token } from '../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
} from '../model/tokenWalk';

const TYPE_KEYWORDS = new Set(['struct', 'class', 'object', 'record']);
/** Brackets climbed from the URL to the type's body: a call, a method's body, the type's body. */
const TYPE_LEVELS = 4;
/** Tokens searched back for each enclosing bracket: a request type's members come first. */
const TYPE_REACH = 4000;
/** Tokens of a type's head read back from its brace: `struct ReadPet: Request, Sendable`. */
const HEAD_TOKENS = 30;
/** Tokens of a member's type annotation before its `=`: `method: Moya.Method =`. */
const ANNOTATION_TOKENS = 8;

/** The method the type enclosing token `first` declares as a member, if it is such a type. */
export function requestTypeMethod(tokens: readonly Token[], first: number): string | undefined {
  let opener = enclosingOpener(tokens, first);
  for (let level = 0; opener >= 0 && level < TYPE_LEVELS; level++) {
    if (tokens[opener]!.text === '{' && isTypeBody(tokens, opener))
      return declaredMethod(tokens, opener);
    opener = enclosingOpener(tokens, opener, TYPE_REACH);
  }
  return undefined;
}

/** The brace opens a struct's, class's or object's body (its head names the kind). */
function isTypeBody(tokens: readonly Token[], brace: number): boolean {
  for (let i = brace - 1, steps = 0; i >= 0 && steps < HEAD_TOKENS; i--, steps++) {
    const token = tokens[i]!;
    // A primary constructor: class ReadPet(val id: Long) : Request {
    if (token.text === ')') {
      i = matchingOpener(tokens, i);
      if (i < 0) return false;
    } else if (token.text === ';' || token.text === '{' || token.text === '}' || token.text === '=')
      return false;
    else if (token.kind === 'ident' && TYPE_KEYWORDS.has(token.text)) return true;
  }
  return false;
}

/** A `method` member of the body: `let method: HTTPMethod = .delete`, `method = 'GET'`, `Method => …`. */
function declaredMethod(tokens: readonly Token[], brace: number): string | undefined {
  const close = matchingCloser(tokens, brace, TYPE_REACH * 4);
  let depth = 0;
  for (let i = brace + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind === 'punct') {
      if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
      else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
      continue;
    }
    if (depth !== 0 || token.kind !== 'ident' || !METHOD_KEYS.has(token.text.toLowerCase()))
      continue;
    const value = memberValue(tokens, i);
    const method = value < 0 ? undefined : valueMethod(tokens, value);
    if (method) return method;
  }
  return undefined;
}

/**
 * The first token of the value a member declaration gives, past a type annotation; -1 if none.
 * Stored (`= .delete`, `=> HttpMethod.Delete`) or computed: Swift's `var method: HTTPMethod {
 * return .post }` and `{ .post }`, C#'s `Method { get { return … } }`, Kotlin's `get() = …`,
 * TypeScript's `get method() { return 'POST' }`.
 */
function memberValue(tokens: readonly Token[], name: number): number {
  const next = nextSignificant(tokens, name + 1);
  if (next < 0) return -1;
  const text = tokens[next]!.text;
  if (text === '=' || text === '=>') return nextSignificant(tokens, next + 1);
  if (text === '{') return getterValue(tokens, next);
  if (text === '(') return accessorValue(tokens, name, next);
  if (text !== ':') return -1;
  for (let i = next + 1, steps = 0; i < tokens.length && steps < ANNOTATION_TOKENS; i++, steps++) {
    const token = tokens[i]!;
    if (token.text === '{') return getterValue(tokens, i);
    if (token.text === '=') return nextSignificant(tokens, i + 1);
    if (token.text === ';') return -1;
    // Kotlin's getter goes on the next line: val method: HttpMethod ⏎ get() = HttpMethod.Post
    if (token.kind === 'newline' && tokens[nextSignificant(tokens, i)]?.text !== 'get') return -1;
  }
  return -1;
}

/** `get method(): string { return 'POST' }`: an accessor named for the method. */
function accessorValue(tokens: readonly Token[], name: number, open: number): number {
  if (tokens[name - 1]?.text !== 'get') return -1;
  const close = matchingCloser(tokens, open, ANNOTATION_TOKENS);
  for (let i = close + 1, steps = 0; close >= 0 && steps < ANNOTATION_TOKENS; i++, steps++) {
    const token = tokens[i];
    if (!token || token.text === ';' || token.text === '=') return -1;
    if (token.text === '{') return getterValue(tokens, i);
  }
  return -1;
}

/** The value a getter's body returns, when it starts with it: `{ return .post }`, `{ get { … } }`. */
function getterValue(tokens: readonly Token[], brace: number): number {
  let at = nextSignificant(tokens, brace + 1);
  if (tokens[at]?.text === 'get') at = nextSignificant(tokens, at + 1);
  if (tokens[at]?.text === '{' || tokens[at]?.text === '=>') at = nextSignificant(tokens, at + 1);
  if (tokens[at]?.text === 'return') at = nextSignificant(tokens, at + 1);
  return at;
}
