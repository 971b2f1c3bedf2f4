import {
  isDigit,
  isIdentPart,
  isIdentStart,
  unescapeChar,
  type LexResult,
  type StringPart,
} from '../model/tokens';
import { balancedEnd } from './cLike';
import {
  LexerState,
  type LexRange,
  readNumber,
  readOperator,
  blankRunEnd,
  withHole,
  withLastText,
} from './lexerState';

/** Python: # comments, string prefixes (r, b, u, f and pairs), triple quotes, f-string holes. */
export function lexPython(src: string, range?: LexRange): LexResult {
  const s = new LexerState(src, range);
  while (!s.done) {
    const c = s.code();
    if (c === 10) s.newline();
    else if (c === 32 || c === 9 || c === 13 || c === 12)
      s.pos = blankRunEnd(src, s.pos + 1, s.end, true);
    else if (c === 92 && s.code(1) === 10)
      s.pos += 2; // explicit line continuation
    else if (c === 35) s.lineComment();
    else if (c === 34 || c === 39) readPythonString(s, s.pos, '');
    else if (isIdentStart(c)) {
      const start = s.pos;
      const limit = s.end;
      let end = start + 1;
      while (end < limit && isIdentPart(src.charCodeAt(end))) end++;
      s.pos = end;
      const word = src.slice(start, end);
      const q = s.code();
      if ((q === 34 || q === 39) && /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/.test(word))
        readPythonString(s, start, word.toLowerCase());
      else s.emit('ident', start, s.pos, undefined, word);
    } else if (isDigit(c)) readNumber(s);
    else readOperator(s);
  }
  return s.result();
}

function readPythonString(s: LexerState, start: number, prefix: string): void {
  const src = s.src;
  const length = src.length;
  // The cursor as a local, written back once: this loop runs for every character of a string.
  let pos = s.pos;
  const quote = src.charCodeAt(pos);
  const triple = src.charCodeAt(pos + 1) === quote && src.charCodeAt(pos + 2) === quote;
  const raw = prefix.includes('r');
  const formatted = prefix.includes('f');
  pos += triple ? 3 : 1;
  let parts: StringPart[] | undefined;
  let text = '';
  let run = pos; // start of the plain characters not yet added to text
  while (pos < length) {
    const c = src.charCodeAt(pos);
    if (
      c === quote &&
      (!triple || (src.charCodeAt(pos + 1) === quote && src.charCodeAt(pos + 2) === quote))
    ) {
      text += src.slice(run, pos);
      pos += triple ? 3 : 1;
      run = -1;
      break;
    }
    if (c === 10 && !triple) break;
    if (c === 92) {
      text +=
        src.slice(run, pos) + (raw ? src.slice(pos, pos + 2) : unescapeChar(src[pos + 1] ?? ''));
      pos += 2;
      run = pos;
      continue;
    }
    if (formatted && (c === 123 || c === 125)) {
      if (src.charCodeAt(pos + 1) === c) {
        text += src.slice(run, pos + 1);
        pos += 2;
        run = pos;
        continue;
      }
      if (c === 123) {
        text += src.slice(run, pos);
        parts = withHole(parts, text);
        text = '';
        pos = balancedEnd(src, pos);
        run = pos;
        continue;
      }
    }
    pos++;
  }
  if (run !== -1) text += src.slice(run, Math.min(pos, length));
  s.pos = pos;
  s.emit('string', start, pos, withLastText(parts, text));
}
