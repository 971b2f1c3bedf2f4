import { isIdentPart, type LexResult, type StringPart } from '../model/tokens';
import { HeredocQueue } from './heredocs';
import { LexerState, type LexRange, blankRunEnd, withHole, withLastText } from './lexerState';

/** Command substitutions inside command substitutions lexed as commands, at most this deep. */
const MAX_SUBSTITUTION_DEPTH = 4;

/**
 * POSIX shell and bash: each word (quoted parts, $var, ${…}, $(…) joined) becomes one string
 * token, so `"$BASE"/pets/"$1"` is one URL. Comments start a word with #; heredoc bodies are data.
 * The commands inside $(…) and `…` are lexed too, between ( and ) tokens, after their word.
 */
export function lexShell(src: string, range?: LexRange): LexResult {
  const s = new LexerState(src, range);
  lexCommands(s, 0);
  return s.result();
}

function lexCommands(s: LexerState, depth: number): void {
  const heredocs = new HeredocQueue();
  const src = s.src;
  // Character codes, not one-character strings, and runs of white space at once: this loop
  // runs for every character outside words.
  while (!s.done) {
    const c = src.charCodeAt(s.pos);
    if (c === 10) {
      // A heredoc body starts here: jump over it, so no line break (a window start) lies inside it.
      const skip = heredocs.takeSkip();
      if (skip !== undefined) s.pos = skip;
      else s.newline();
    } else if (c === 32 || c === 9 || c === 13) s.pos = blankRunEnd(src, s.pos + 1, s.end);
    else if (c === 92 && s.pos + 1 < src.length && src.charCodeAt(s.pos + 1) === 10) s.pos += 2;
    else if (c === 35) s.lineComment();
    else if (c === 60 && s.startsWith('<<') && !s.startsWith('<<<')) readHeredocMarker(s, heredocs);
    else if (isWordBreak(c)) {
      // | & ; ( ) < >, and the two-character && || >>
      const start = s.pos;
      const doubled =
        (c === 38 || c === 124 || c === 62) &&
        start + 1 < src.length &&
        src.charCodeAt(start + 1) === c;
      s.pos += doubled ? 2 : 1;
      s.emit('punct', start, s.pos);
    } else readWord(s, depth);
  }
}

function readWord(s: LexerState, depth: number): void {
  const src = s.src;
  const start = s.pos;
  let parts: StringPart[] | undefined;
  /** Where the commands of $(…) and `…` in this word start and end (made at the first). */
  let substitutions: [number, number][] | undefined;
  let text = '';
  const hole = () => {
    parts = withHole(parts, text);
    text = '';
  };
  while (s.pos < s.end) {
    const c = src.charCodeAt(s.pos);
    if (c === 32 || c === 9 || c === 10 || c === 13 || isWordBreak(c)) break;
    if (c === 92) {
      if (src.charCodeAt(s.pos + 1) === 10) break;
      text += src[s.pos + 1] ?? '';
      s.pos += 2;
    } else if (c === 39) {
      const end = src.indexOf("'", s.pos + 1);
      const stop = end === -1 ? src.length : end;
      text += src.slice(s.pos + 1, stop);
      s.pos = stop + 1;
    } else if (c === 34) {
      s.pos++;
      let run = s.pos;
      while (s.pos < src.length) {
        const d = src.charCodeAt(s.pos);
        if (d === 34) break;
        if (d === 92) {
          text += src.slice(run, s.pos) + (src[s.pos + 1] ?? '');
          s.pos += 2;
          run = s.pos;
        } else if (d === 36 || d === 96) {
          const length = expansionLength(src, s.pos);
          if (length > 0) {
            text += src.slice(run, s.pos);
            hole();
            noteSubstitution(src, s.pos, length, (substitutions ??= []));
            s.pos += length;
            run = s.pos;
          } else s.pos++;
        } else s.pos++;
      }
      text += src.slice(run, Math.min(s.pos, src.length));
      s.pos++;
    } else if (c === 36 || c === 96) {
      const length = expansionLength(src, s.pos);
      if (length > 0) {
        hole();
        noteSubstitution(src, s.pos, length, (substitutions ??= []));
        s.pos += length;
      } else {
        text += src[s.pos];
        s.pos++;
      }
    } else {
      // A run of plain characters at once.
      let end = s.pos + 1;
      while (end < src.length && isPlainWordChar(src.charCodeAt(end))) end++;
      text += src.slice(s.pos, end);
      s.pos = end;
    }
  }
  s.emit('string', start, s.pos, withLastText(parts, text));
  if (!substitutions || depth >= MAX_SUBSTITUTION_DEPTH) return;
  for (const [from, to] of substitutions) {
    // ( and ) around the inner commands: they end a command, as a line break would.
    s.emit('punct', from - 1, from, undefined, '(');
    lexCommands(s.nested(from, to), depth + 1);
    s.emit('punct', to, to + 1, undefined, ')');
  }
}

/** $(…) and `…` hold commands (not $((…)), arithmetic): note where, to lex them after the word. */
function noteSubstitution(
  src: string,
  at: number,
  length: number,
  substitutions: [number, number][],
): void {
  const backtick = src.charCodeAt(at) === 96;
  if (!backtick && !(src.charCodeAt(at + 1) === 40 && src.charCodeAt(at + 2) !== 40)) return;
  const from = at + (backtick ? 1 : 2);
  const end = at + length;
  const to = src.charCodeAt(end - 1) === (backtick ? 96 : 41) ? end - 1 : end;
  if (to > from) substitutions.push([from, to]);
}

/** | & ; ( ) < > end a word. */
const WORD_BREAKS = [124, 38, 59, 40, 41, 60, 62];
/** ASCII characters that are plain text in a word (tables: these run on every character). */
const PLAIN_WORD_CHAR = new Uint8Array(128).fill(1);
for (const code of [32, 9, 10, 13, 92, 39, 34, 36, 96, ...WORD_BREAKS]) PLAIN_WORD_CHAR[code] = 0;
const WORD_BREAK = new Uint8Array(128);
for (const code of WORD_BREAKS) WORD_BREAK[code] = 1;

function isWordBreak(code: number): boolean {
  return code < 128 && WORD_BREAK[code] === 1;
}

function isPlainWordChar(code: number): boolean {
  return code >= 128 || PLAIN_WORD_CHAR[code] === 1;
}

/** Length of $name, $1, ${…}, $(…), $((…)) or `…` at i; 0 when none. */
function expansionLength(src: string, i: number): number {
  if (src[i] === '`') {
    const end = src.indexOf('`', i + 1);
    return (end === -1 ? src.length : end + 1) - i;
  }
  const next = src[i + 1] ?? '';
  if (next === '{' || next === '(') {
    const close = next === '{' ? '}' : ')';
    let depth = 0;
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === next) depth++;
      else if (src[j] === close && --depth === 0) return j + 1 - i;
    }
    return src.length - i;
  }
  if (/[A-Za-z_]/.test(next)) {
    let j = i + 2;
    while (j < src.length && isIdentPart(src.charCodeAt(j))) j++;
    return j - i;
  }
  return /[0-9@*#?$!-]/.test(next) ? 2 : 0;
}

function readHeredocMarker(s: LexerState, heredocs: HeredocQueue): void {
  const match = /^<<(-?)\s*(['"]?)([A-Za-z_]\w*)\2/.exec(s.src.slice(s.pos, s.pos + 80));
  const start = s.pos;
  if (!match) {
    s.pos += 2;
    s.emit('punct', start, s.pos);
    return;
  }
  s.pos += match[0].length;
  heredocs.register(s.src, s.pos, match[3]!, match[1] === '-');
  s.emit('punct', start, s.pos);
}
