/**
 * What the Ruby rewriters share: the file's lines of code (heredoc bodies and comments are not
 * tokens, so they are not lines here), the method and class around a request, where a helper goes
 * and the `require 'json'` it needs. In a class or module the helper is a method of it (a
 * singleton one, `def self.…`, when the request is in one); in a script it is a top-level method
 * defined after the requires, before any code runs that could call it.
 */
import { helperDocLines } from '../helperDoc';
import { styled } from '../fileStyle';
import type { Token } from '../../model/tokens';
import { tokenIndexAt } from '../../model/tokenWalk';
import type { Helper, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';

/** The doc comment of a Ruby helper. */
export function rubyHelperDoc(answers: readonly string[]): string[] {
  return helperDocLines(answers).map((line) => `# ${line}`);
}

/** A line of code: its first token, where the line starts, its indentation and first word. */
export interface CodeLine {
  first: number;
  start: number;
  indent: number;
  word: string;
}

export function codeLines(text: string, tokens: readonly Token[]): CodeLine[] {
  const lines: CodeLine[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'newline' || (i > 0 && tokens[i - 1]!.kind !== 'newline')) continue;
    const start = text.lastIndexOf('\n', token.start - 1) + 1;
    lines.push({ first: i, start, indent: token.start - start, word: token.text });
  }
  return lines;
}

/** The index of the code line holding token `index`. */
export function lineOf(lines: readonly CodeLine[], index: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lines[middle]!.first <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The nearest line above `line`, indented less than every line between, starting with one of `words`. */
export function enclosingHead(
  lines: readonly CodeLine[],
  line: number,
  words: readonly string[],
): number | undefined {
  let indent = lines[line]!.indent;
  for (let i = line - 1; i >= 0 && indent > 0; i--) {
    const candidate = lines[i]!;
    if (candidate.indent >= indent) continue;
    if (words.includes(candidate.word)) return i;
    indent = candidate.indent;
  }
  return undefined;
}

/** The `end` line closing the head at `line` (the next line at its indentation), if any. */
export function endLine(lines: readonly CodeLine[], line: number): number | undefined {
  const head = lines[line]!;
  for (let i = line + 1; i < lines.length; i++) {
    const candidate = lines[i]!;
    if (candidate.indent > head.indent) continue;
    if (candidate.indent < head.indent) return undefined;
    if (candidate.word === 'end') return i;
    // A method's own rescue, else or ensure clause.
    if (!['rescue', 'else', 'ensure'].includes(candidate.word)) return undefined;
  }
  return undefined;
}

/** Token range of the method (or the rest of the script) a request at `index` runs in. */
export function scopeOf(
  lines: readonly CodeLine[],
  tokens: readonly Token[],
  index: number,
): { from: number; to: number } {
  const line = lineOf(lines, index);
  const def = enclosingHead(lines, line, ['def']);
  const end = def === undefined ? undefined : endLine(lines, def);
  if (def === undefined || end === undefined) return { from: 0, to: tokens.length };
  return { from: lines[def]!.first, to: lines[end]!.first };
}

export interface RubyPlacement {
  helper(name: string, lines: (declaration: string) => string[]): Helper;
}

/**
 * Where the helper of the request at `site` goes: a method of the class or module around it (a
 * singleton method when the request is in one), or a top-level method after the requires.
 */
export function rubyPlacement(site: RequestSite): RubyPlacement | { problem: string } {
  const { text, tokens, style } = site;
  const lines = codeLines(text, tokens);
  const line = lineOf(lines, tokenIndexAt(tokens, site.url.start));
  const def = enclosingHead(lines, line, ['def']);
  const owner = enclosingHead(lines, def ?? line, ['class', 'module']);
  const imports = (current: string) => jsonRequire(current, style.quote, style.eol);
  if (owner !== undefined) {
    if (def === undefined)
      return {
        problem:
          'the request runs in the class body, not in a method: no place for a helper before it',
      };
    const end = endLine(lines, owner);
    if (end === undefined)
      return { problem: 'the end of the class is not clear from its indentation' };
    const singleton = /^def\s+self\./.test(text.slice(tokens[lines[def]!.first]!.start));
    const head = lines[owner]!;
    const base = text.slice(head.start, head.start + head.indent) + style.indent;
    const region = { start: head.start, end: lines[end]!.start };
    return {
      helper: (name, code) => {
        const declared = `def ${singleton ? 'self.' : ''}${name}(`;
        return {
          // One per class, and per kind: an instance method and a singleton one are two helpers.
          name: `${name}@${region.start}${singleton ? '.self' : ''}`,
          code: styled(code(declared), style, { swapQuotes: true, base }),
          insertAt: region.end,
          definedIn: (current) => current.slice(region.start, region.end).includes(declared),
          imports,
        };
      },
    };
  }
  const at = afterRequires(text, tokens, lines);
  return {
    helper: (name, code) => ({
      name,
      code:
        styled(code(`def ${name}(`), style, { swapQuotes: true }) +
        (at.blankAfter ? '' : style.eol),
      insertAt: at.offset,
      definedIn: (current) => new RegExp(`^def ${name}\\(`, 'm').test(current),
      imports,
    }),
  };
}

const REQUIRE_WORDS = new Set(['require', 'require_relative']);

/** The start of the line after the file's leading requires (or before its first code). */
function afterRequires(
  text: string,
  tokens: readonly Token[],
  lines: readonly CodeLine[],
): { offset: number; blankAfter: boolean } {
  let last = -1;
  for (
    let i = 0;
    i < lines.length && REQUIRE_WORDS.has(lines[i]!.word) && lines[i]!.indent === 0;
    i++
  )
    last = i;
  let offset: number;
  if (last >= 0) {
    const lineEnd = text.indexOf('\n', tokens[lines[last]!.first]!.start);
    offset = lineEnd < 0 ? text.length : lineEnd + 1;
  } else {
    offset = lines[0]?.start ?? 0;
    // A blank line before the first code (after a magic comment) stays the one blank line.
    const previous = text.lastIndexOf('\n', offset - 2) + 1;
    if (offset > 0 && !text.slice(previous, offset).trim()) offset = previous;
  }
  const lineEnd = text.indexOf('\n', offset);
  const following = text.slice(offset, lineEnd < 0 ? text.length : lineEnd);
  return { offset, blankAfter: !following.trim() };
}

/** `require 'json'` added among the requires (in order when they are sorted), unless there. */
export function jsonRequire(text: string, quote: string, eol: string): TextEdit[] {
  if (/^\s*require\s*\(?\s*['"]json['"]/m.test(text)) return [];
  const requires = [...text.matchAll(/^require\s*\(?\s*(['"])([^'"]+)\1.*$/gm)].map((match) => ({
    name: match[2]!,
    quote: match[1]!,
    start: match.index,
    end: match.index + match[0].length,
  }));
  // Quoted as the requires beside it are.
  const mark = requires[0]?.quote ?? quote;
  const line = `require ${mark}json${mark}`;
  if (requires.length === 0) {
    const first = /^[ \t]*[^#\s]/m.exec(text);
    const at = first ? first.index : text.length;
    return [{ start: at, end: at, newText: `${line}${eol}${eol}` }];
  }
  const sorted = requires.every((entry, i) => i === 0 || requires[i - 1]!.name <= entry.name);
  const later = sorted ? requires.find((entry) => entry.name > 'json') : undefined;
  if (later) return [{ start: later.start, end: later.start, newText: `${line}${eol}` }];
  const last = requires[requires.length - 1]!;
  return [{ start: last.end, end: last.end, newText: `${eol}${line}` }];
}

/** An argument list's text for a hash given without braces (`'A' => x, 'B' => y`): braced. */
export function hashArgument(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || !/=>|\w:\s/.test(trimmed)) return trimmed;
  return `{ ${trimmed} }`;
}
