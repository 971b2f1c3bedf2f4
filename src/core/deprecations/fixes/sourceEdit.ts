/**
 * Edits of a file's text, as the language server sends them (zero-based lines, UTF-16 characters)
 * and as the CLI applies them (offsets). Edits of one file never overlap: a set that would is
 * refused whole, never half applied.
 */
import type { Position } from '../engine';

export interface TextEdit {
  /** Offsets in the text the edit was computed on. */
  start: number;
  end: number;
  newText: string;
}

export class OverlappingEditsError extends Error {}

/** The text with `edits` applied (in any order given); throws when two of them overlap. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length)
      throw new OverlappingEditsError(
        `edits overlap or leave the text at offset ${edit.start}: none was applied`,
      );
    result += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return result + text.slice(at);
}

/** Offsets and positions of one text, both ways. */
export class OffsetIndex {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // LF, CRLF and a lone CR end a line, as the editor counts them.
      if (code === 10) this.lineStarts.push(i + 1);
      else if (code === 13 && text.charCodeAt(i + 1) !== 10) this.lineStarts.push(i + 1);
    }
  }

  offset(position: Position): number {
    const start = this.lineStarts[Math.min(position.line, this.lineStarts.length - 1)]!;
    return Math.min(start + position.character, this.text.length);
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - this.lineStarts[low]! };
  }
}
