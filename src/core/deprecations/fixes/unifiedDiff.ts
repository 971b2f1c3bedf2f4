/**
 * A rewrite's unified diff, made from its edits (it knows exactly what changed, so no diff
 * algorithm runs over the file): each edit's lines with three lines of context, edits close
 * together in one hunk, `--- a/path` and `+++ b/path` as git writes them.
 */
import { applyEdits, type TextEdit } from './sourceEdit';

const CONTEXT = 3;

/** The lines of a text, each with its line ending (the last may have none). */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

interface Span {
  /** Old lines the edits replace, zero-based, inclusive. */
  first: number;
  last: number;
  edits: TextEdit[];
}

export function unifiedDiff(path: string, before: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return '';
  const oldLines = linesOf(before);
  const starts: number[] = [];
  let offset = 0;
  for (const line of oldLines) {
    starts.push(offset);
    offset += line.length;
  }
  const lineAt = (at: number) => {
    let low = 0;
    let high = Math.max(0, starts.length - 1);
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // Each edit covers whole old lines; edits sharing a line are one span.
  const spans: Span[] = [];
  // In applyEdits' order: an insertion before an edit that starts where it does.
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    // An insertion at a line's start (or after the last line) replaces no line.
    const atLineStart =
      edit.start === edit.end &&
      (starts[lineAt(edit.start)] === edit.start ||
        (edit.start === before.length && before.endsWith('\n')));
    const first =
      atLineStart && edit.start === before.length ? oldLines.length : lineAt(edit.start);
    const endsOnLineStart = edit.end > edit.start && starts[lineAt(edit.end)] === edit.end;
    const last = atLineStart
      ? first - 1
      : Math.max(first, lineAt(edit.end) - (endsOnLineStart ? 1 : 0));
    const previous = spans[spans.length - 1];
    if (previous && first <= previous.last && last >= first) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else spans.push({ first, last, edits: [edit] });
  }
  const hunks: Span[][] = [];
  for (const span of spans) {
    const hunk = hunks[hunks.length - 1];
    if (hunk && span.first - hunk[hunk.length - 1]!.last <= 2 * CONTEXT + 1) hunk.push(span);
    else hunks.push([span]);
  }
  const out = [`--- a/${path}\n`, `+++ b/${path}\n`];
  let shift = 0;
  for (const hunk of hunks) {
    const first = Math.max(0, hunk[0]!.first - CONTEXT);
    const last = Math.min(oldLines.length - 1, hunk[hunk.length - 1]!.last + CONTEXT);
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    let line = first;
    const context = (upTo: number) => {
      for (; line < upTo; line++) {
        body.push(` ${withEnd(oldLines[line]!)}`);
        oldCount++;
        newCount++;
      }
    };
    for (const span of hunk) {
      context(span.first);
      const base = starts[span.first] ?? before.length;
      const oldSpan = oldLines.slice(span.first, span.last + 1);
      const newSpan = linesOf(
        applyEdits(
          oldSpan.join(''),
          span.edits.map((edit) => ({ ...edit, start: edit.start - base, end: edit.end - base })),
        ),
      );
      for (const removed of oldSpan) body.push(`-${withEnd(removed)}`);
      for (const added of newSpan) body.push(`+${withEnd(added)}`);
      oldCount += oldSpan.length;
      newCount += newSpan.length;
      line = span.last + 1;
    }
    context(last + 1);
    out.push(
      `@@ -${range(first + 1, oldCount)} +${range(first + 1 + shift, newCount)} @@\n`,
      ...body,
    );
    shift += newCount - oldCount;
  }
  return out.join('');
}

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

function withEnd(line: string): string {
  return line.endsWith('\n') ? line : `${line}\n\\ No newline at end of file\n`;
}
