import {
  HOLE,
  isDigit,
  isIdentPart,
  isIdentStart,
  unescapeChar,
  type LexResult,
  type StringPart,
} from '../model/tokens';
import { balancedEnd } from './cLike';
import { HeredocQueue } from './heredocs';
import {
  LexerState,
  type LexRange,
  readNumber,
  readOperator,
  blankRunEnd,
  withHole,
  withLastText,
} from './lexerState';

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const KEYWORDS_BEFORE_REGEX = new Set([
  'if',
  'unless',
  'when',
  'and',
  'or',
  'not',
  'return',
  'while',
  'until',
  'puts',
  'p',
]);

/** `__END__` alone on its line: the rest of the file is data (DATA), not code. */
function isDataSection(src: string, at: number): boolean {
  if (!src.startsWith('__END__', at) || (at > 0 && src[at - 1] !== '\n')) return false;
  const after = src.charCodeAt(at + 7);
  return Number.isNaN(after) || after === 10 || after === 13;
}

/** Ruby: # and =begin comments, "#{}" holes, %-literals, heredocs, regex literals. */
export function lexRuby(src: string, range?: LexRange): LexResult {
  const s = new LexerState(src, range);
  const heredocs = new HeredocQueue();
  while (!s.done) {
    const c = s.code();
    if (c === 10) {
      // A heredoc body starts here: jump over it, so no line break (a window start) lies inside it.
      const skip = heredocs.takeSkip();
      if (skip !== undefined) s.pos = skip;
      else s.newline();
    } else if (c === 32 || c === 9 || c === 13) s.pos = blankRunEnd(src, s.pos + 1, s.end);
    else if (c === 35) s.lineComment();
    else if (c === 61 && s.startsWith('=begin') && (s.pos === 0 || src[s.pos - 1] === '\n')) {
      const end = src.indexOf('\n=end', s.pos);
      const stop = end === -1 ? src.length : end + 5;
      s.comment(s.pos, stop);
      s.pos = stop;
    } else if (c === 95 && isDataSection(src, s.pos)) {
      s.comment(s.pos, src.length); // after __END__ comes data, not code
      s.pos = src.length;
    } else if (c === 34 || c === 96) readRubyString(s, s.pos, src[s.pos]!, src[s.pos]!, true);
    else if (c === 39) readRubyString(s, s.pos, "'", "'", false);
    else if (c === 37 && isPercentLiteral(s)) readPercentLiteral(s);
    else if (c === 60 && s.startsWith('<<') && readHeredoc(s, heredocs)) continue;
    else if (c === 47 && regexAllowed(s)) readRubyString(s, s.pos, '/', '/', true, 'number');
    else if (c === 58 && isIdentStart(s.code(1))) {
      const start = s.pos; // a symbol
      s.pos++;
      while (!s.done && isIdentPart(s.code())) s.pos++;
      s.emit('number', start, s.pos);
    } else if (isIdentStart(c) || c === 64 || (c === 36 && isIdentStart(s.code(1)))) {
      const start = s.pos;
      const limit = s.end;
      let end = start + 1;
      while (end < limit) {
        const d = src.charCodeAt(end);
        if (!(isIdentPart(d) || d === 64)) break;
        end++;
      }
      s.pos = end;
      if (s.code() === 63 || s.code() === 33) s.pos++; // predicate? and bang! methods
      s.emit('ident', start, s.pos);
    } else if (isDigit(c)) readNumber(s);
    else readOperator(s);
  }
  return s.result();
}

function regexAllowed(s: LexerState): boolean {
  const last = s.last();
  if (!last) return true;
  if (last.kind === 'ident') return KEYWORDS_BEFORE_REGEX.has(last.text);
  if (last.kind !== 'punct') return false;
  return !(last.text === ')' || last.text === ']' || last.text === '}');
}

function isPercentLiteral(s: LexerState): boolean {
  const type = s.src[s.pos + 1] ?? '';
  const delimiterAt = /[qQwWiIrsx]/.test(type) ? 2 : 1;
  const delimiter = s.src[s.pos + delimiterAt] ?? '';
  if (!/[^\w\s]/.test(delimiter)) return false;
  const last = s.last();
  // After an operand, % is the modulo/format operator: "%s/pets/%d" % [a, b]
  return (
    !last ||
    last.kind === 'punct' ||
    (last.kind === 'ident' && KEYWORDS_BEFORE_REGEX.has(last.text))
  );
}

function readPercentLiteral(s: LexerState): void {
  const start = s.pos;
  const type = /[qQwWiIrsx]/.test(s.src[s.pos + 1]!) ? s.src[s.pos + 1]! : 'Q';
  s.pos += type === 'Q' && !/[qQwWiIrsx]/.test(s.src[s.pos + 1]!) ? 1 : 2;
  const open = s.src[s.pos]!;
  const close = PAIRS[open] ?? open;
  const kind = type === 'q' || type === 'Q' || type === 'x' ? 'string' : 'number';
  readRubyString(s, start, open, close, type !== 'q', kind);
}

export function readRubyString(
  s: LexerState,
  start: number,
  open: string,
  close: string,
  interpolate: boolean,
  kind: 'string' | 'number' = 'string',
): void {
  const src = s.src;
  // The cursor as a local, and plain characters taken in runs (sliced once, not added one by one).
  let pos = s.pos + 1; // past the opening delimiter (callers leave the cursor on it)
  let parts: StringPart[] | undefined;
  let text = '';
  let run = pos; // start of the plain characters not yet added to text
  let depth = 1;
  while (pos < src.length) {
    const ch = src[pos]!;
    if (ch === '\\') {
      text += src.slice(run, pos);
      text += interpolate
        ? unescapeChar(src[pos + 1] ?? '')
        : src[pos + 1] === close || src[pos + 1] === '\\'
          ? src[pos + 1]!
          : src.slice(pos, pos + 2);
      pos += 2;
      run = pos;
      continue;
    }
    if (ch === close && open !== close && --depth > 0) {
      pos++; // a nested closer is text
      continue;
    }
    if (ch === close) {
      text += src.slice(run, pos);
      pos++;
      run = pos;
      break;
    }
    if (ch === open && open !== close) depth++;
    if (interpolate && ch === '#' && src[pos + 1] === '{') {
      text += src.slice(run, pos);
      parts = withHole(parts, text);
      text = '';
      pos = balancedEnd(src, pos + 1);
      run = pos;
      continue;
    }
    pos++;
  }
  if (run < pos) text += src.slice(run, pos);
  s.pos = pos;
  s.emit(kind, start, pos, withLastText(parts, text));
}

/** <<~ID, <<-ID, <<ID, with 'ID' (no interpolation) or "ID". Returns false when << is a shift. */
function readHeredoc(s: LexerState, heredocs: HeredocQueue): boolean {
  const match = /^<<([~-]?)(['"`]?)([A-Za-z_]\w*)\2/.exec(s.src.slice(s.pos, s.pos + 80));
  if (!match) return false;
  const start = s.pos;
  s.pos += match[0].length;
  const [, flag = '', quote = '', terminator = ''] = match;
  const body = heredocs.register(s.src, s.pos, terminator, flag !== '');
  const content = s.src.slice(body.contentStart, body.contentEnd);
  const parts: StringPart[] = [];
  if (quote === "'") parts.push(content);
  else {
    let last = 0;
    for (let i = content.indexOf('#{'); i !== -1; i = content.indexOf('#{', last)) {
      if (i > last) parts.push(content.slice(last, i));
      parts.push(HOLE);
      last = balancedEnd(content, i + 1);
    }
    if (last < content.length) parts.push(content.slice(last));
  }
  s.emit('string', start, s.pos, parts);
  return true;
}
