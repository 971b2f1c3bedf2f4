import type { Comment, Token } from '../tokens';

/** Shared cursor and output of the hand-written lexers (each is a single linear pass). */
export class LexerState {
  pos = 0;
  readonly tokens: Token[] = [];
  readonly comments: Comment[] = [];

  constructor(readonly src: string) {}

  code(offset = 0): number {
    return this.src.charCodeAt(this.pos + offset);
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  get done(): boolean {
    return this.pos >= this.src.length;
  }

  push(token: Token): void {
    this.tokens.push(token);
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
    this.push({
      kind: 'newline',
      start: this.pos,
      end: this.pos + 1,
      text: '\n',
      parts: undefined,
    });
    this.pos++;
  }

  last(): Token | undefined {
    for (let i = this.tokens.length - 1; i >= 0; i--) {
      if (this.tokens[i]!.kind !== 'newline') return this.tokens[i];
    }
    return undefined;
  }
}

/** Operators of two or three characters that matter for finding calls and concatenations, by first character. */
const MULTI_CHAR_OPERATORS = new Map<string, string[]>();
for (const op of [
  '...',
  '::',
  '->',
  '=>',
  '?.',
  ':=',
  '+=',
  '==',
  '!=',
  '..',
  '<=',
  '>=',
  '&&',
  '||',
  '.=',
  '<<',
]) {
  MULTI_CHAR_OPERATORS.set(op[0]!, [...(MULTI_CHAR_OPERATORS.get(op[0]!) ?? []), op]);
}

export function readOperator(state: LexerState): void {
  const start = state.pos;
  const first = state.src[start]!;
  const candidates = MULTI_CHAR_OPERATORS.get(first);
  if (candidates) {
    for (const op of candidates) {
      if (state.src.startsWith(op, start)) {
        state.pos += op.length;
        state.push({ kind: 'punct', start, end: state.pos, text: op, parts: undefined });
        return;
      }
    }
  }
  state.pos++;
  state.push({ kind: 'punct', start, end: state.pos, text: first, parts: undefined });
}

/** Identifier characters after the first (ASCII word characters, $, and anything non-ASCII). */
export const IDENT_TAIL = /[\w$\u0080-\uffff]*/y;

/** End of the identifier starting at `start` (whose first character the caller checked). */
export function identEnd(src: string, start: number): number {
  IDENT_TAIL.lastIndex = start + 1;
  IDENT_TAIL.test(src);
  return IDENT_TAIL.lastIndex;
}
