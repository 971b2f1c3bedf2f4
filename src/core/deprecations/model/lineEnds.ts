/**
 * LF, CRLF and a lone CR all end a line, as in the LSP spec and VS Code. The lexers know only LF, so
 * a lone CR becomes LF: the text keeps its length, every offset stays valid, and a CRLF is already
 * one line end (its CR is trailing white space).
 */
export function withLoneCarriageReturnsAsLineFeeds(text: string): string {
  if (!text.includes('\r')) return text;
  // Linear: the look-ahead is one character, nothing can backtrack.
  return text.replace(LONE_CR, '\n');
}

const LONE_CR = /\r(?!\n)/g;
