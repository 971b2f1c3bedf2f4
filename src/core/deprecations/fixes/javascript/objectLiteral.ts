/**
 * An object literal written in a call (`{ headers, observe: 'response' }`, `$.ajax({ url, type:
 * 'GET' })`, `$http({ method: 'GET', url })`), read from its tokens: each top-level entry, its key
 * and its value's range, so a rewrite can tell what the settings say and take one entry out.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import { matchingCloser, nextSignificant, previousSignificant } from '../../model/tokenWalk';

export interface ObjectEntry {
  /** The key as the code means it (quotes taken off); undefined for a spread. */
  key?: string;
  /** `...settings`. */
  spread: boolean;
  /** `{ url }`: the key is the value. */
  shorthand: boolean;
  /** Token indices of the entry's first and last tokens, and of its value's first and last. */
  first: number;
  last: number;
  valueFirst: number;
  valueLast: number;
}

export interface ObjectLiteral {
  /** Token indices of the braces. */
  open: number;
  close: number;
  entries: ObjectEntry[];
}

/** The object literal whose `{` is token `open`, or undefined when its braces do not close. */
export function objectLiteralAt(tokens: readonly Token[], open: number): ObjectLiteral | undefined {
  if (tokens[open]?.text !== '{') return undefined;
  const close = matchingCloser(tokens, open, 20_000);
  if (tokens[close]?.text !== '}') return undefined;
  const entries: ObjectEntry[] = [];
  let depth = 0;
  let start = nextSignificant(tokens, open + 1);
  for (let i = open + 1; i <= close; i++) {
    const text = tokens[i]!.text;
    const ends = i === close || (depth === 0 && text === ',');
    if (!ends) {
      if (tokens[i]!.kind === 'punct' && (text === '(' || text === '[' || text === '{')) depth++;
      else if (tokens[i]!.kind === 'punct' && (text === ')' || text === ']' || text === '}'))
        depth--;
      continue;
    }
    const last = previousSignificant(tokens, i - 1);
    if (start >= 0 && start < i && last >= start) entries.push(entryOf(tokens, start, last));
    start = nextSignificant(tokens, i + 1);
  }
  return { open, close, entries };
}

function entryOf(tokens: readonly Token[], first: number, last: number): ObjectEntry {
  const head = tokens[first]!;
  if (head.text === '...')
    return {
      spread: true,
      shorthand: false,
      first,
      last,
      valueFirst: nextSignificant(tokens, first + 1),
      valueLast: last,
    };
  const colon = nextSignificant(tokens, first + 1);
  const key = head.kind === 'string' ? head.text.slice(1, -1) : head.text;
  if (colon >= 0 && colon <= last && tokens[colon]!.text === ':')
    return {
      key,
      spread: false,
      shorthand: false,
      first,
      last,
      valueFirst: nextSignificant(tokens, colon + 1),
      valueLast: last,
    };
  // `{ url }` or a method `{ success() {…} }`: the value is the entry.
  return {
    key,
    spread: false,
    shorthand: first === last,
    first,
    last,
    valueFirst: first,
    valueLast: last,
  };
}

/** The entry named `key` (the last one: a later key wins), or undefined. */
export function entryNamed(literal: ObjectLiteral, key: string): ObjectEntry | undefined {
  let found: ObjectEntry | undefined;
  for (const entry of literal.entries) if (entry.key === key) found = entry;
  return found;
}

/** A value written as one string literal without holes: its content; else undefined. */
export function stringValue(tokens: readonly Token[], entry: ObjectEntry): string | undefined {
  if (entry.valueFirst !== entry.valueLast) return undefined;
  const token = tokens[entry.valueFirst]!;
  if (token.kind !== 'string' || token.text.includes('${')) return undefined;
  return token.text.slice(1, -1);
}

/** The source text of an entry's value. */
export function valueText(text: string, tokens: readonly Token[], entry: ObjectEntry): string {
  return text.slice(tokens[entry.valueFirst]!.start, tokenEnd(tokens[entry.valueLast]!));
}

/**
 * The offsets that take `entry` out of `literal` with its comma: up to the next entry's start
 * (the following whitespace too), or — for the last entry — from the end of the one before.
 */
export function entryRemoval(
  tokens: readonly Token[],
  literal: ObjectLiteral,
  entry: ObjectEntry,
): { start: number; end: number } {
  const index = literal.entries.indexOf(entry);
  const next = literal.entries[index + 1];
  if (next) return { start: tokens[entry.first]!.start, end: tokens[next.first]!.start };
  const previous = literal.entries[index - 1];
  if (previous)
    return { start: tokenEnd(tokens[previous.last]!), end: tokenEnd(tokens[entry.last]!) };
  // The only entry: the braces' inside is left empty.
  return { start: tokenEnd(tokens[literal.open]!), end: tokens[literal.close]!.start };
}

/** The text of `literal` without `entry` (as `{}` when nothing is left), from the file's text. */
export function literalWithout(
  text: string,
  tokens: readonly Token[],
  literal: ObjectLiteral,
  entry: ObjectEntry,
): string {
  const start = tokens[literal.open]!.start;
  const end = tokenEnd(tokens[literal.close]!);
  const removal = entryRemoval(tokens, literal, entry);
  const rest = text.slice(start, removal.start) + text.slice(removal.end, end);
  return literal.entries.length === 1 ? '{}' : rest;
}
