/**
 * Where a helper goes when the language wants it inside a class (Java, C#): the outermost type
 * declared around the request, so nested and inner types reach it too, and its closing brace.
 * The helper is added before that brace, one indentation unit deeper than the brace's line.
 */
import type { Token } from '../model/tokens';
import { enclosingOpener, matchingCloser, previousSignificant } from '../model/tokenWalk';

export interface TypeBody {
  /** The type's keyword: class, record, enum, struct, interface. */
  keyword: string;
  /** Token indices of its braces. */
  open: number;
  close: number;
  /** Where a member goes: the start of the closing brace's line (or the brace when code precedes it). */
  insertAt: number;
  /** The closing brace's line's indentation: the type's own. */
  indent: string;
}

const TYPE_KEYWORDS = new Set(['class', 'record', 'enum', 'struct', 'interface']);

/** The outermost type whose body holds token `index`, or undefined (top-level code). */
export function outermostType(
  text: string,
  tokens: readonly Token[],
  index: number,
): TypeBody | undefined {
  let found: TypeBody | undefined;
  for (let at = index, open = enclosingOpener(tokens, at, 1_000_000); open >= 0;) {
    if (tokens[open]!.text === '{') {
      const keyword = typeKeyword(tokens, open);
      if (keyword) {
        const close = matchingCloser(tokens, open, 10_000_000);
        if (tokens[close]?.text !== '}') return undefined;
        const brace = tokens[close].start;
        const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
        const before = text.slice(lineStart, brace);
        const alone = /^[ \t]*$/.test(before);
        found = {
          keyword,
          open,
          close,
          insertAt: alone ? lineStart : brace,
          indent: alone ? before : '',
        };
      }
    }
    at = open;
    open = enclosingOpener(tokens, at, 1_000_000);
  }
  return found;
}

/**
 * Whether `type` is the first type the file declares. A helper is added once per file and is
 * private to its class, so it goes into the first class; a request in a later top-level class
 * (which cannot reach another class's private members) is left for a person.
 */
export function isFirstType(tokens: readonly Token[], type: TypeBody): boolean {
  for (let i = 0; i < type.open; i++)
    if (tokens[i]!.text === '{' && typeKeyword(tokens, i)) return false;
  return true;
}

/**
 * The keyword of the type declared by the header before `{` at `open` (back to the previous
 * statement or block): `class` not after `.` (`Foo.class`) nor after `:` or `,` (C#'s
 * `where T : class`).
 */
function typeKeyword(tokens: readonly Token[], open: number): string | undefined {
  for (let i = previousSignificant(tokens, open - 1), steps = 0; i >= 0 && steps < 200; steps++) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '{' || token.text === '}') return undefined;
    if (token.kind === 'ident' && TYPE_KEYWORDS.has(token.text)) {
      const before = tokens[previousSignificant(tokens, i - 1)]?.text;
      if (before !== '.' && before !== ':' && before !== ',' && before !== '::') return token.text;
    }
    i = previousSignificant(tokens, i - 1);
  }
  return undefined;
}
