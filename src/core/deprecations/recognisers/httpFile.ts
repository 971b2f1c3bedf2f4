import { HTTP_METHODS } from '../model/httpMethods';
import { matchPetPath } from '../model/petPath';
import { HOLE_CHAR, type Comment } from '../model/tokens';
import type { RawFinding } from './urlScanner';

/**
 * REST Client / JetBrains HTTP files: `###` separates requests; the first line of a request is
 * `[METHOD] URL [HTTP/version]` (no method means GET), indented `?`/`&` lines continue the query,
 * then headers, a blank line, and a body that is never scanned. `#` and `//` lines are comments.
 */
export function scanHttpFile(src: string): { findings: RawFinding[]; comments: Comment[] } {
  const findings: RawFinding[] = [];
  const comments: Comment[] = [];
  let expectRequestLine = true;
  let inBody = false;
  let offset = 0;
  const lines = src.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const lineStart = offset;
    offset += line.length + 1;
    const trimmed = line.trim();
    if (trimmed.startsWith('###')) {
      comments.push({ start: lineStart, end: lineStart + line.length, text: line });
      expectRequestLine = true;
      inBody = false;
      continue;
    }
    if (inBody) continue;
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) {
      comments.push({ start: lineStart, end: lineStart + line.length, text: line });
      continue;
    }
    if (!expectRequestLine) {
      if (trimmed === '') inBody = true; // headers end at the first blank line
      continue;
    }
    if (trimmed === '' || /^@[\w.-]+\s*=/.test(trimmed)) continue; // blank lines, variable definitions
    expectRequestLine = false;
    const request = parseRequestLine(trimmed);
    if (request.method !== 'GET') continue;
    let url = request.url;
    let endLine = index;
    while (endLine + 1 < lines.length && /^\s+[?&]/.test(lines[endLine + 1]!))
      url += lines[++endLine]!.trim();
    const rendered = replaceVariables(url);
    if (!matchPetPath(rendered)) continue;
    const start = lineStart + line.indexOf(trimmed);
    const end =
      endLine === index
        ? lineStart + line.trimEnd().length
        : offsetOfLineEnd(lines, endLine, lineStart, index);
    findings.push({ kind: 'url', confidence: 'certain', start, end, anchor: start, detail: url });
  }
  return { findings, comments };
}

/** {{name}} variables become holes; a linear scan (no regex over a line that may be huge). */
function replaceVariables(url: string): string {
  let out = '';
  let i = 0;
  for (let open = url.indexOf('{{'); open !== -1; open = url.indexOf('{{', i)) {
    const close = url.indexOf('}}', open + 2);
    if (close === -1) break;
    out += url.slice(i, open) + HOLE_CHAR;
    i = close + 2;
  }
  return out + url.slice(i);
}

function parseRequestLine(line: string): { method: string; url: string } {
  const words = line.split(/\s+/);
  const first = words[0]!.toUpperCase();
  const hasMethod = HTTP_METHODS.has(first) || ['TRACE', 'CONNECT'].includes(first);
  const rest = hasMethod ? words.slice(1) : words;
  const url = rest[rest.length - 1]?.startsWith('HTTP/')
    ? rest.slice(0, -1).join(' ')
    : rest.join(' ');
  return { method: hasMethod ? first : 'GET', url };
}

function offsetOfLineEnd(
  lines: readonly string[],
  endLine: number,
  firstLineStart: number,
  firstLine: number,
): number {
  let offset = firstLineStart;
  for (let i = firstLine; i < endLine; i++) offset += lines[i]!.length + 1;
  return offset + lines[endLine]!.trimEnd().length;
}
