/**
 * How a file is written, so that what a rewrite adds reads as its author wrote the rest: the line
 * ending, the indentation unit, the quote and whether statements end with a semicolon.
 */
export interface FileStyle {
  eol: '\n' | '\r\n';
  /** One level of indentation: a tab, or some spaces. */
  indent: string;
  quote: "'" | '"';
  semicolons: boolean;
}

/**
 * How much of a file its style is read from: a file does not change its style halfway, and a few
 * hundred lines show it (reading more made `fix` slower on large trees for the same answer).
 */
const STYLE_SAMPLE_CHARS = 16 * 1024;

export function fileStyleOf(text: string, defaults: Partial<FileStyle> = {}): FileStyle {
  const sample = text.length > STYLE_SAMPLE_CHARS ? text.slice(0, STYLE_SAMPLE_CHARS) : text;
  const lines = linesRead(sample);
  return {
    eol: lines.crlf > lines.lf ? '\r\n' : '\n',
    indent: indentUnit(lines) ?? defaults.indent ?? '  ',
    quote: quoteOf(sample) ?? defaults.quote ?? "'",
    semicolons: semicolonsOf(lines) ?? defaults.semicolons ?? true,
  };
}

/** What the style takes from the sample's lines (split at LF or CRLF, as `split(/\r?\n/)`). */
interface LinesRead {
  /** Line feeds after a carriage return, and the others. */
  crlf: number;
  lf: number;
  /** Lines, blank ones aside, indented with a tab first. */
  tabs: number;
  /** Steps (1 to 8 columns) up from the previous line indented with spaces, in first-seen order. */
  steps: Map<number, number>;
  /** Lines that end like a statement (a word, a closing bracket, a quote), and those with `;`. */
  statements: number;
  ended: number;
}

const TAB = 9;
const CR = 13;
const SPACE = 32;
const SEMICOLON = 59;
const STAR = 42;
const DOT = 46;

/**
 * The sample's lines read in one pass, without splitting it into strings: a file's style is read
 * for every file a migration rewrites, and splitting, trimming and matching each line cost most of
 * it. The same counts as trimming each line (String.prototype.trim) and matching its end.
 */
function linesRead(sample: string): LinesRead {
  const read: LinesRead = { crlf: 0, lf: 0, tabs: 0, steps: new Map(), statements: 0, ended: 0 };
  let previous = 0;
  /** The last non-blank line counted as a statement without its `;`. */
  let unended = false;
  for (let start = 0; ;) {
    const feed = sample.indexOf('\n', start);
    let end = feed === -1 ? sample.length : feed;
    if (feed !== -1) {
      // A CR before the LF is the line ending's, not the line's.
      if (sample.charCodeAt(feed - 1) === CR) {
        read.crlf++;
        end = feed - 1;
      } else read.lf++;
    }
    let code = sample.charCodeAt(start);
    let indent = start;
    while (indent < end && (code === SPACE || code === TAB)) code = sample.charCodeAt(++indent);
    const last = lastTrimmedCode(sample, indent, end);
    if (last !== undefined) {
      // A block comment's continuation (` * @param`) is one column in: not a step of the code's.
      if (code === STAR) {
        // Neither a tab nor a step.
      } else if (sample.charCodeAt(start) === TAB && indent > start) read.tabs++;
      else {
        const width = indent - start;
        const step = width - previous;
        if (step > 0 && step <= 8) read.steps.set(step, (read.steps.get(step) ?? 0) + 1);
        previous = width;
      }
      // A line that goes on a chain (`.subscribe(…)`) continues the line before: it ended no statement.
      if (code === DOT && unended) read.statements--;
      unended = false;
      if (last === SEMICOLON) {
        read.statements++;
        read.ended++;
      } else if (endsStatement(last)) {
        read.statements++;
        unended = true;
      }
    }
    if (feed === -1) return read;
    start = feed + 1;
  }
}

/**
 * The last code unit of the line `sample[from, end)` once trimmed, undefined for a blank line:
 * ASCII is decided here, a line that ends in anything else is trimmed by String.prototype.trim
 * (which knows every Unicode space).
 */
function lastTrimmedCode(sample: string, from: number, end: number): number | undefined {
  let at = end - 1;
  while (at >= from && isAsciiSpace(sample.charCodeAt(at))) at--;
  if (at < from) return undefined;
  const code = sample.charCodeAt(at);
  if (code < 128) return code;
  const trimmed = sample.slice(from, at + 1).trim();
  return trimmed ? trimmed.charCodeAt(trimmed.length - 1) : undefined;
}

/** The ASCII characters String.prototype.trim removes: tab, LF, VT, FF, CR and space. */
function isAsciiSpace(code: number): boolean {
  return code === SPACE || (code >= TAB && code <= CR);
}

/** `/[\w)\]'"\`]$/`: a word character, a closing bracket or a quote. */
function endsStatement(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 || // _
    code === 41 || // )
    code === 93 || // ]
    code === 39 || // '
    code === 34 || // "
    code === 96 // `
  );
}

/**
 * The most common step between the indentation of successive lines, or a tab. Of steps seen as
 * often, the smaller: a continuation line (an annotation's arguments) is often two levels in.
 */
function indentUnit({ tabs, steps }: LinesRead): string | undefined {
  let best: [number, number] | undefined;
  for (const entry of steps)
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  if (tabs > (best?.[1] ?? 0)) return '\t';
  return best ? ' '.repeat(best[0]) : undefined;
}

function quoteOf(text: string): "'" | '"' | undefined {
  // Quotes that open a string after an operator, a bracket or a keyword; rough, but a majority.
  const single = (text.match(/[=(,:[\s]'[^'\n]*'/g) ?? []).length;
  const double = (text.match(/[=(,:[\s]"[^"\n]*"/g) ?? []).length;
  if (single === double) return undefined;
  return single > double ? "'" : '"';
}

function semicolonsOf({ statements, ended }: LinesRead): boolean | undefined {
  if (statements === 0) return undefined;
  return ended * 2 >= statements;
}

/**
 * Code written with two spaces a level, single quotes and semicolons, in the file's style instead:
 * its indentation unit, its quote (in code lines, never in comments; `swapQuotes` only where both
 * quotes mean the same), its semicolons (taken off line ends when the file has none) and its line
 * ending. `base` is put before every line (code inside a class). A semicolon before a line that
 * starts with `(`, `[` or a template stays: without it the two lines would be one expression.
 */
export function styled(
  lines: readonly string[],
  style: FileStyle,
  options: { swapQuotes?: boolean; semicolons?: boolean; base?: string } = {},
): string {
  /** A line starting with `(`, `[` or a template would continue the one before it without `;`. */
  const continues = (index: number) => {
    const next = lines.slice(index + 1).find((later) => later.trim() !== '');
    return next !== undefined && /^\s*[([`]/.test(next);
  };
  return lines
    .map((line, index) => {
      if (!line) return '';
      const leading = /^ */.exec(line)![0].length;
      // Two spaces a level; an odd one left is a doc comment's " *".
      const depth = Math.floor(leading / 2);
      let code = ' '.repeat(leading % 2) + line.trimStart();
      const comment = /^ ?(\/\/|\/\*|\*|#)/.test(code);
      if (!comment && options.swapQuotes && style.quote === '"') code = code.replace(/'/g, '"');
      if (!comment && options.semicolons && !style.semicolons && !continues(index))
        code = code.replace(/;$/, '');
      return (options.base ?? '') + style.indent.repeat(depth) + code;
    })
    .join(style.eol);
}
