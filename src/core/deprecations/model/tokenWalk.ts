import type { Token } from './tokens';

/**
 * Tokens searched for the ends of a line, statement or shell command. A longer line is generated
 * or minified code, whose far parts are not read: a file of one huge line then costs time linear
 * in its candidates instead of quadratic.
 */
export const LINE_REACH = 1000;

/**
 * Index of the first token on the line holding token `index` (0 on the file's first line), or -1
 * when that line starts more than `LINE_REACH` tokens back.
 */
export function lineStartToken(tokens: readonly Token[], index: number): number {
  return startAfter(tokens, index, false);
}

/**
 * Index of the first token of the statement holding token `index` (a line, or ended by `;`), or
 * -1 when it starts more than `LINE_REACH` tokens back.
 */
export function statementStartToken(tokens: readonly Token[], index: number): number {
  return startAfter(tokens, index, true);
}

function startAfter(tokens: readonly Token[], index: number, semicolons: boolean): number {
  for (let i = index, steps = 0; i > 0; i--, steps++) {
    if (steps === LINE_REACH) return -1;
    const before = tokens[i - 1]!;
    if (before.kind === 'newline' || (semicolons && before.text === ';')) return i;
  }
  return 0;
}

/** Index of the next token that is not a newline, or -1. */
export function nextSignificant(tokens: readonly Token[], from: number): number {
  for (let i = from; i < tokens.length; i++) if (tokens[i]!.kind !== 'newline') return i;
  return -1;
}

/** Index of the previous token that is not a newline, or -1. */
export function previousSignificant(tokens: readonly Token[], from: number): number {
  for (let i = from; i >= 0; i--) if (tokens[i]!.kind !== 'newline') return i;
  return -1;
}

/**
 * +1 for ( [ {, -1 for ) ] }, 0 for any other token. By character code: the bracket walks below
 * run over hundreds of tokens per candidate, and a keyed lookup per token was a tenth of the
 * judging on dense files.
 */
function bracket(token: Token): number {
  if (token.kind !== 'punct' || token.text.length !== 1) return 0;
  const code = token.text.charCodeAt(0);
  if (code === 40 || code === 91 || code === 123) return 1;
  if (code === 41 || code === 93 || code === 125) return -1;
  return 0;
}

/**
 * The bracket that encloses token `index` (searching back at most `limit` tokens), or -1. Read
 * from the token array's opener table: a walk back from each candidate read up to `limit` tokens
 * (400 at top level, where nothing encloses it), several times per candidate, and that walk was a
 * third of a dense file's scan.
 */
export function enclosingOpener(tokens: readonly Token[], index: number, limit = 400): number {
  const opener = openersOf(tokens)[index] ?? -1;
  return opener >= 0 && index - opener <= limit ? opener : -1;
}

/**
 * Token arrays are never changed after lexing, so each one's opener table is built once, on first
 * use, and dropped with the array (a weak map: no file's table outlives its tokens).
 */
const openerTables = new WeakMap<readonly Token[], Int32Array>();

function openersOf(tokens: readonly Token[]): Int32Array {
  let table = openerTables.get(tokens);
  if (!table) {
    table = openerTable(tokens);
    openerTables.set(tokens, table);
  }
  return table;
}

/**
 * For each position 0..length, the opener enclosing it, or -1: the innermost bracket still open
 * there, a closer closing the innermost open one whatever its kind (`(]` pairs up), a closer with
 * none open ignored. The same answer as walking back counting brackets, read in one pass.
 */
export function openerTable(tokens: readonly Token[]): Int32Array {
  const length = tokens.length;
  const table = new Int32Array(length + 1);
  const open = new Int32Array(length);
  let depth = 0;
  for (let i = 0; i < length; i++) {
    table[i] = depth > 0 ? open[depth - 1]! : -1;
    const kind = bracket(tokens[i]!);
    if (kind > 0) open[depth++] = i;
    else if (kind < 0 && depth > 0) depth--;
  }
  table[length] = depth > 0 ? open[depth - 1]! : -1;
  return table;
}

/** The index of the bracket closing the opener at `open` (or the last token searched). */
export function matchingCloser(tokens: readonly Token[], open: number, limit = 2000): number {
  let depth = 0;
  const stop = Math.min(tokens.length, open + limit);
  for (let i = open; i < stop; i++) {
    const kind = bracket(tokens[i]!);
    if (kind > 0) depth++;
    else if (kind < 0 && --depth === 0) return i;
  }
  return stop - 1;
}

/**
 * Links of a callee chain walked back: builder chains are a few dozen long; a fluent chain of
 * thousands (generated code) is read only this far, or each call in it would walk all before it.
 */
const CHAIN_LINKS = 64;

/** Start of a callee chain ending at `index`: `a.b::c->d` walks back to `a`. */
export function chainStart(tokens: readonly Token[], index: number): number {
  let start = index;
  for (let links = 0; links < CHAIN_LINKS; links++) {
    const separator = previousSignificant(tokens, start - 1);
    if (separator < 0) return start;
    const text = tokens[separator]!.text;
    if (
      tokens[separator]!.kind !== 'punct' ||
      !(text === '.' || text === '::' || text === '->' || text === '?.' || text === '@')
    )
      return start;
    if (text === '@') return separator;
    const before = previousSignificant(tokens, separator - 1);
    if (before < 0) return start;
    const token = tokens[before]!;
    if (token.kind === 'ident') start = before;
    else if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) {
      const opener = matchingOpener(tokens, before);
      if (opener < 0) return start;
      const callee = previousSignificant(tokens, opener - 1);
      start = callee >= 0 && tokens[callee]!.kind === 'ident' ? callee : opener;
    } else return start;
  }
  return start;
}

/** The index of the bracket opening the closer at `close`, or -1. */
export function matchingOpener(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let i = close, stop = Math.max(0, close - 2000); i >= stop; i--) {
    const kind = bracket(tokens[i]!);
    if (kind < 0) depth++;
    else if (kind > 0 && --depth === 0) return i;
  }
  return -1;
}

/**
 * `api.delete<void>(…)`, `client.GetFromJsonAsync<Pet>(…)`, `api.patch<Envelope<{ pet: Pet }>>(…)`:
 * the callee is before the type arguments. Braces inside them are an object type (its members may
 * end with `;`); an unmatched `{` or a `;` outside one is a statement boundary: no type arguments.
 */
export function skipTypeArguments(tokens: readonly Token[], index: number): number {
  if (index < 0 || tokens[index]!.text !== '>') return index;
  let depth = 0;
  let braces = 0;
  for (let i = index, stop = Math.max(0, index - 80); i >= stop; i--) {
    const text = tokens[i]!.text;
    if (text === '}') braces++;
    else if (text === '{') {
      if (--braces < 0) return index;
    } else if (braces > 0) continue;
    else if (text === '>') depth++;
    else if (text === '<' && --depth === 0) return previousSignificant(tokens, i - 1);
    else if (text === ';') return index;
  }
  return index;
}

/** Index of the last token starting at or before `offset` (0 for an offset before the first). */
export function tokenIndexAt(tokens: readonly Token[], offset: number): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (tokens[middle]!.start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
