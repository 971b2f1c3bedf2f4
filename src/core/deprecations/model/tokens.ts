/**
 * Stage 0, model/: what every stage shares. Tokens and comments (this file), walking them
 * (tokenWalk), HTTP method names, the GET /pets/{id} path matcher (petPath), offsets to lines
 * (lineIndex). Imports nothing from the other stages.
 */
/** Tokens of the language-aware scanners: just enough structure to know strings, comments and calls. */
export type TokenKind = 'ident' | 'punct' | 'string' | 'number' | 'newline';

/** A piece of a string: literal text, or a hole where an expression is interpolated. */
export type StringPart = string | typeof HOLE;
export const HOLE = 0;

export interface Token {
  kind: TokenKind;
  start: number;
  /** The token's source text (start to its end): identifier or operator text; for strings, the raw source. */
  text: string;
  /** Strings only: the content, literal text and interpolation holes. */
  parts?: StringPart[];
}

/** Offset just past a token: its text is its source. */
export function tokenEnd(token: Token): number {
  return token.start + token.text.length;
}

export interface Comment {
  start: number;
  end: number;
  text: string;
}

export interface LexResult {
  tokens: Token[];
  comments: Comment[];
  /**
   * Indices of the string tokens, in order: the URL recognisers start only at strings, so they
   * walk this list instead of every token.
   */
  strings: number[];
}

/** Marks where an expression stands in the rendered text of a URL. */
export const HOLE_CHAR = '\u0001';

/** A string token's text when it is one literal (no interpolation): 'getPet', "DELETE". */
export function literalText(token: Token | undefined): string | undefined {
  const parts = token?.parts;
  return parts && parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : undefined;
}

export function renderParts(parts: readonly StringPart[]): string {
  let text = '';
  for (const part of parts) text += part === HOLE ? HOLE_CHAR : part;
  return text;
}

export function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code > 127;
}

export function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Text of an escape sequence inside a string, as far as URL matching cares. */
export function unescapeChar(char: string): string {
  return char === 'n' || char === 't' || char === 'r' ? ' ' : char;
}
