/**
 * Heredoc bodies (Ruby, shell, PHP) start on the line after their marker. The lexer registers a
 * body when it meets the marker and jumps over it when it reaches that line's end.
 */
export class HeredocQueue {
  private pendingEnd: number | undefined;

  /** Finds the body after the line containing `markerEnd`; returns its content range and end. */
  register(
    src: string,
    markerEnd: number,
    terminator: string,
    indented: boolean,
  ): { contentStart: number; contentEnd: number } {
    const lineEnd = src.indexOf('\n', Math.max(markerEnd, this.pendingEnd ?? markerEnd));
    const contentStart = lineEnd === -1 ? src.length : lineEnd + 1;
    let lineStart = contentStart;
    while (lineStart < src.length) {
      const next = src.indexOf('\n', lineStart);
      const lineStop = next === -1 ? src.length : next;
      const line = src.slice(lineStart, lineStop);
      if ((indented ? line.trim() : line.replace(/\r$/, '')) === terminator) {
        this.pendingEnd = lineStop;
        return { contentStart, contentEnd: lineStart };
      }
      lineStart = lineStop + 1;
    }
    this.pendingEnd = src.length;
    return { contentStart, contentEnd: src.length };
  }

  /** At a newline: where lexing continues (past any registered bodies), or undefined. */
  takeSkip(): number | undefined {
    const end = this.pendingEnd;
    this.pendingEnd = undefined;
    return end;
  }
}
