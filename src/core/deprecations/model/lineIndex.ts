/** Offsets to zero-based line and UTF-16 column, by binary search over line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1))
      this.starts.push(i + 1);
  }

  position(offset: number): { line: number; character: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - this.starts[low]! };
  }

  /** The offset of a zero-based line and character. */
  offset(position: { line: number; character: number }): number {
    return this.lineStart(position.line) + position.character;
  }

  lineStart(line: number): number {
    return this.starts[Math.min(line, this.starts.length - 1)]!;
  }
}
