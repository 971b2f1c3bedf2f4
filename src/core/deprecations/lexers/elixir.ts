/**
 * Elixir: `#` comments, "…#{…}…" strings and charlists, `"""` heredocs (a `@doc`'s or
 * `@moduledoc`'s are documentation, read as comments), sigils (`~p"/pets/#{id}"`, `~s(…)`,
 * `~r/…/`), atoms (`:get`, read like Ruby's symbols), `?a` characters, and the operators the
 * finder reads: `<>` (concatenation) and `|>` (a pipe into a call) as single tokens.
 */
import {
  HOLE,
  isDigit,
  isIdentPart,
  isIdentStart,
  type LexResult,
  type StringPart,
} from '../model/tokens';
import { balancedEnd } from './cLike';
import { LexerState, type LexRange, blankRunEnd, readNumber, readOperator } from './lexerState';
import { readRubyString } from './ruby';

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
/** Module attributes whose heredoc is documentation, not a value. */
const DOC_ATTRIBUTES = new Set(['@doc', '@moduledoc', '@typedoc', '@shortdoc']);

export function lexElixir(src: string, range?: LexRange): LexResult {
  const s = new LexerState(src, range);
  while (!s.done) {
    const c = s.code();
    if (c === 10) s.newline();
    else if (c === 32 || c === 9 || c === 13) s.pos = blankRunEnd(src, s.pos + 1, s.end);
    else if (c === 35) s.lineComment();
    else if ((c === 34 || c === 39) && src.startsWith(c === 34 ? '"""' : "'''", s.pos))
      readHeredoc(s, src[s.pos]!);
    else if (c === 34 || c === 39) readRubyString(s, s.pos, src[s.pos]!, src[s.pos]!, true);
    else if (c === 126 && isSigil(s)) readSigil(s);
    else if (c === 58 && (isIdentStart(s.code(1)) || s.code(1) === 34) && s.code(-1) !== 58)
      readAtom(s);
    else if (c === 63 && s.pos + 1 < s.end && !isIdentPart(s.code(-1))) {
      // ?a, ?\n: a character's code
      const start = s.pos;
      s.pos += s.code(1) === 92 ? 3 : 2;
      s.emit('number', start, s.pos);
    } else if (isIdentStart(c) || c === 64) readIdent(s);
    else if (isDigit(c)) readNumber(s);
    else if ((c === 60 && s.code(1) === 62) || (c === 124 && s.code(1) === 62)) {
      s.emit('punct', s.pos, s.pos + 2); // <> and |>
      s.pos += 2;
    } else readOperator(s);
  }
  return s.result();
}

function readIdent(s: LexerState): void {
  const start = s.pos;
  let end = start + 1;
  while (end < s.end && isIdentPart(s.src.charCodeAt(end))) end++;
  s.pos = end;
  // Predicates and bang functions: valid?, get_pet!
  if (s.code() === 63 || s.code() === 33) s.pos++;
  s.emit('ident', start, s.pos);
}

/** `:get`, `:"quoted atom"`: a value like a number, never a string the finder reads. */
function readAtom(s: LexerState): void {
  const start = s.pos;
  if (s.code(1) === 34) {
    readRubyString(s, s.pos + 1, '"', '"', true, 'number');
    return;
  }
  s.pos++;
  while (!s.done && isIdentPart(s.code())) s.pos++;
  if (s.code() === 63 || s.code() === 33) s.pos++;
  s.emit('number', start, s.pos);
}

/** `~p"…"`, `~s(…)`, `~r/…/`, `~w[…]`, `~S"…"`: a letter and a delimiter after the tilde. */
function isSigil(s: LexerState): boolean {
  let at = s.pos + 1;
  if (!/[A-Za-z]/.test(s.src[at] ?? '')) return false;
  while (/[A-Z]/.test(s.src[at + 1] ?? '') && /[A-Z]/.test(s.src[at]!)) at++; // ~HTML"…"
  return /["'/|([{<]/.test(s.src[at + 1] ?? '');
}

/**
 * A sigil: lower-case ones interpolate. `~p` (Phoenix's verified routes) and `~s` are strings,
 * the others (`~r` regular expressions, `~w` word lists, `~H` templates) values the finder
 * does not read as URLs.
 */
function readSigil(s: LexerState): void {
  const start = s.pos;
  let at = s.pos + 1;
  while (/[A-Z]/.test(s.src[at + 1] ?? '') && /[A-Z]/.test(s.src[at]!)) at++;
  const letter = s.src[at]!;
  const open = s.src[at + 1]!;
  const kind = letter === 'p' || letter === 's' || letter === 'S' ? 'string' : 'number';
  s.pos = at + 1;
  if (src3(s, open)) {
    readHeredoc(s, open, start, kind);
    return;
  }
  readRubyString(s, start, open, PAIRS[open] ?? open, letter === letter.toLowerCase(), kind);
  // Modifiers after the closing delimiter: ~r/…/i
  while (!s.done && /[a-z]/.test(s.src[s.pos]!)) s.pos++;
}

function src3(s: LexerState, quote: string): boolean {
  return (quote === '"' || quote === "'") && s.src.startsWith(quote.repeat(3), s.pos);
}

/**
 * `"""…"""` over lines, with `#{…}` holes. After `@doc`/`@moduledoc` it is documentation: a
 * comment, never a URL in code.
 */
function readHeredoc(
  s: LexerState,
  quote: string,
  start = s.pos,
  kind: 'string' | 'number' = 'string',
): void {
  const bodyStart = s.pos + 3;
  const close = s.src.indexOf(quote.repeat(3), bodyStart);
  const bodyEnd = close === -1 ? s.src.length : close;
  const end = close === -1 ? s.src.length : close + 3;
  const last = s.last();
  if (last && DOC_ATTRIBUTES.has(last.text)) {
    s.comment(start, end);
    s.pos = end;
    return;
  }
  const content = s.src.slice(bodyStart, bodyEnd);
  const parts: StringPart[] = [];
  let from = 0;
  for (let i = content.indexOf('#{'); i !== -1; i = content.indexOf('#{', from)) {
    if (i > from) parts.push(content.slice(from, i));
    parts.push(HOLE);
    from = balancedEnd(content, i + 1);
  }
  if (from < content.length) parts.push(content.slice(from));
  s.pos = end;
  s.emit(kind, start, end, parts);
}
