import { includesPetsPath, isPetsSegmentText } from '../model/petPath';
import {
  HOLE,
  isIdentPart,
  type Comment,
  type LexResult,
  type StringPart,
  type Token,
  type TokenKind,
} from '../model/tokens';

/**
 * A first, cheap pass over a whole file keeps no tokens: only the comments, where lines break in
 * code (never inside a string or comment), and where a use could be (a string containing "pets/",
 * an operation name). Full tokens are then made only for windows around those places.
 */
export interface Survey {
  names: ReadonlySet<string>;
  shortestName: number;
  longestName: number;
  lineBreaks: number[];
  candidates: number[];
}

/** Which part of the source to lex, and whether this is the survey pass. */
export interface LexRange {
  start?: number;
  end?: number;
  survey?: Survey;
}

/**
 * A string's parts with a hole added after the literal text before it. The first hole makes an
 * array of the exact size: one grown by push reserves 16 slots, for every string of a file.
 */
export function withHole(parts: StringPart[] | undefined, text: string): StringPart[] {
  if (!parts) return text ? [text, HOLE] : [HOLE];
  if (text) parts.push(text);
  parts.push(HOLE);
  return parts;
}

/** A string's parts once it ends, its last literal text added (most strings have no hole). */
export function withLastText(parts: StringPart[] | undefined, text: string): StringPart[] {
  if (!parts) return text ? [text] : [];
  if (text) parts.push(text);
  return parts;
}

/**
 * Slots to reserve for the tokens of `length` characters: a quarter, as code runs about four
 * characters a token, and at most 100,000 (beyond, the array grows as it fills).
 */
function expectedTokens(length: number): number {
  return Math.min(100_000, (length >> 2) + 16);
}

/** Shared cursor and output of the hand-written lexers (each is a single linear pass). */
export class LexerState {
  pos: number;
  /** Lexing stops at the first token starting at or after this offset. */
  readonly end: number;
  /**
   * Sized up front from the text's length (about four characters a token; an array grown by push
   * allocates three times its size on the way, a fifth of all a dense scan allocates), filled by
   * index, and trimmed to the tokens made by result().
   */
  readonly tokens: Token[];
  /** Tokens made so far: a box, since a nested state adds to the same array. */
  private readonly made: { count: number };
  readonly comments: Comment[];
  /** Indices of the string tokens in `tokens`. */
  readonly strings: number[];
  private readonly survey: Survey | undefined;

  constructor(
    readonly src: string,
    range: LexRange = {},
    /** A state whose tokens, comments and survey notes this one's go to (nested()). */
    outer?: LexerState,
  ) {
    this.pos = range.start ?? 0;
    this.end = range.end ?? src.length;
    this.survey = range.survey;
    if (outer) {
      this.tokens = outer.tokens;
      this.made = outer.made;
      this.comments = outer.comments;
      this.strings = outer.strings;
    } else {
      this.tokens = this.survey ? [] : new Array<Token>(expectedTokens(this.end - this.pos));
      this.made = { count: 0 };
      this.comments = [];
      this.strings = [];
    }
  }

  /** What the lexer made, the token array trimmed to its tokens (every lexer's last step). */
  result(): LexResult {
    this.tokens.length = this.made.count;
    return { tokens: this.tokens, comments: this.comments, strings: this.strings };
  }

  /**
   * A state over part of the same source (a shell command substitution) whose tokens, comments
   * and survey notes go where this one's go.
   */
  nested(start: number, end: number): LexerState {
    return new LexerState(this.src, { start, end, survey: this.survey }, this);
  }

  code(offset = 0): number {
    return this.src.charCodeAt(this.pos + offset);
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /**
   * Records a token. In the survey pass nothing is allocated: only line breaks and candidates are
   * noted, and an identifier is compared with the operation names only when its length could match.
   */
  emit(kind: TokenKind, start: number, end: number, parts?: StringPart[], text?: string): void {
    const survey = this.survey;
    if (!survey) {
      const index = this.made.count++;
      if (kind === 'string') this.strings.push(index);
      const token: Token = {
        kind,
        start,
        text: text ?? (kind === 'newline' ? '\n' : this.src.slice(start, end)),
        parts,
      };
      const tokens = this.tokens;
      if (index < tokens.length) tokens[index] = token;
      else tokens.push(token);
      return;
    }
    if (kind === 'newline') survey.lineBreaks.push(start);
    else if (kind === 'string') {
      // The parts, not the source range: a heredoc's token is its marker, its text is elsewhere.
      // A string that is an operation name may be called: api['getPet'](id).
      if (
        parts?.some(
          (part) =>
            typeof part === 'string' &&
            (includesPetsPath(part) || survey.names.has(part) || isPetsSegmentText(part)),
        )
      )
        survey.candidates.push(start);
    } else if (kind === 'ident') {
      const length = end - start;
      if (
        length >= survey.shortestName &&
        length <= survey.longestName &&
        survey.names.has(this.src.slice(start, end))
      ) {
        survey.candidates.push(start);
      }
    }
  }

  comment(start: number, end: number): void {
    this.comments.push({ start, end, text: this.src.slice(start, end) });
  }

  /** Line comment from the current position to the end of the line. */
  lineComment(): void {
    const start = this.pos;
    const newline = this.src.indexOf('\n', this.pos);
    this.pos = newline === -1 ? this.src.length : newline;
    this.comment(start, this.pos);
  }

  /** Block comment; `nested` for languages whose block comments nest (Rust, Kotlin). */
  blockComment(open: string, close: string, nested = false): void {
    const start = this.pos;
    this.pos += open.length;
    let depth = 1;
    while (this.pos < this.src.length) {
      if (nested && this.startsWith(open)) {
        depth++;
        this.pos += open.length;
      } else if (this.startsWith(close)) {
        this.pos += close.length;
        if (--depth === 0) break;
      } else this.pos++;
    }
    this.comment(start, this.pos);
  }

  newline(): void {
    this.emit('newline', this.pos, this.pos + 1);
    this.pos++;
  }

  last(): Token | undefined {
    if (this.survey) return this.lastInSurvey();
    for (let i = this.made.count - 1; i >= 0; i--) {
      if (this.tokens[i]!.kind !== 'newline') return this.tokens[i];
    }
    return undefined;
  }

  /** The survey keeps no tokens; the previous one is only needed to tell a regex from a division. */
  private lastInSurvey(): Token | undefined {
    let i = this.pos - 1;
    while (i >= 0 && /\s/.test(this.src[i]!)) i--;
    if (i < 0) return undefined;
    const char = this.src[i]!;
    if (/[\w$]/.test(char)) {
      let start = i;
      while (start > 0 && /[\w$]/.test(this.src[start - 1]!)) start--;
      const text = this.src.slice(start, i + 1);
      return {
        kind: /^\d/.test(text) ? 'number' : 'ident',
        start,
        text,
        parts: undefined,
      };
    }
    if (char === '"' || char === "'" || char === '`')
      return { kind: 'string', start: i, text: char, parts: undefined };
    return { kind: 'punct', start: i, text: char, parts: undefined };
  }
}

/**
 * Length of the operator at `start`: the two- and three-character operators that matter for
 * finding calls and concatenations (... :: -> => ?. := += == != .. <= >= && || .= <<), else 1.
 * Compared by code, not by text: this runs for every punctuation mark. The next characters are
 * read only for the marks that can start a longer operator, and never past the text's end (the
 * engine's optimised lexer would be thrown away the first time a file ends with one).
 */
function operatorLength(src: string, start: number): number {
  const a = src.charCodeAt(start);
  switch (a) {
    case 46: {
      // . ... .. .=
      const b = codeAt(src, start + 1);
      return b === 46 ? (codeAt(src, start + 2) === 46 ? 3 : 2) : b === 61 ? 2 : 1;
    }
    case 58: {
      // :: :=
      const b = codeAt(src, start + 1);
      return b === 58 || b === 61 ? 2 : 1;
    }
    case 45: // ->
      return codeAt(src, start + 1) === 62 ? 2 : 1;
    case 61: {
      // => ==
      const b = codeAt(src, start + 1);
      return b === 62 || b === 61 ? 2 : 1;
    }
    case 63: // ?.
      return codeAt(src, start + 1) === 46 ? 2 : 1;
    case 43: // +=
    case 33: // !=
    case 62: // >=
      return codeAt(src, start + 1) === 61 ? 2 : 1;
    case 60: {
      // <= <<
      const b = codeAt(src, start + 1);
      return b === 61 || b === 60 ? 2 : 1;
    }
    case 38: // &&
    case 124: // ||
      return codeAt(src, start + 1) === a ? 2 : 1;
    default:
      return 1;
  }
}

/** The character code at `index`, or 0 past the end. */
function codeAt(src: string, index: number): number {
  return index < src.length ? src.charCodeAt(index) : 0;
}

export function readOperator(state: LexerState): void {
  const start = state.pos;
  state.pos += operatorLength(state.src, start);
  state.emit('punct', start, state.pos);
}

/**
 * End of the run of spaces, tabs and carriage returns (form feeds too, if asked) from `start`, at
 * most `limit`: indentation is read at once, the cursor in a local, not a character per turn of
 * a lexer's loop.
 */
export function blankRunEnd(src: string, start: number, limit: number, formFeeds = false): number {
  let end = start;
  while (end < limit) {
    const code = src.charCodeAt(end);
    if (code === 32 || code === 9 || code === 13 || (formFeeds && code === 12)) end++;
    else break;
  }
  return end;
}

/** ASCII identifier characters after the first (word characters and $); non-ASCII counts too. */
const IDENT_PART = new Uint8Array(128);
for (let code = 0; code < 128; code++)
  IDENT_PART[code] = /[\w$]/.test(String.fromCharCode(code)) ? 1 : 0;

/** End of the identifier starting at `start` (whose first character the caller checked). */
export function identEnd(src: string, start: number): number {
  let end = start + 1;
  for (
    let code = src.charCodeAt(end);
    code >= 128 || IDENT_PART[code] === 1;
    code = src.charCodeAt(++end)
  );
  return end;
}

/** A number literal (digits, letters of suffixes and exponents, dots): only its extent matters here. */
export function readNumber(s: LexerState): void {
  const start = s.pos;
  const src = s.src;
  const limit = s.end;
  let end = start;
  while (end < limit) {
    const code = src.charCodeAt(end);
    if (!(isIdentPart(code) || code === 46)) break;
    end++;
  }
  s.pos = end;
  s.emit('number', start, end);
}
