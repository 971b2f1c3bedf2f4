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
  const crlf = (sample.match(/\r\n/g) ?? []).length;
  const lf = (sample.match(/(?<!\r)\n/g) ?? []).length;
  const lines = sample.split(/\r?\n/);
  return {
    eol: crlf > lf ? '\r\n' : '\n',
    indent: indentUnit(lines) ?? defaults.indent ?? '  ',
    quote: quoteOf(sample) ?? defaults.quote ?? "'",
    semicolons: semicolonsOf(lines) ?? defaults.semicolons ?? true,
  };
}

/** The most common step between the indentation of successive lines, or a tab. */
function indentUnit(lines: readonly string[]): string | undefined {
  let tabs = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    const leading = /^[ \t]*/.exec(line)![0];
    if (leading.startsWith('\t')) {
      tabs++;
      continue;
    }
    const width = leading.length;
    const step = width - previous;
    if (step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
    previous = width;
  }
  let best: [number, number] | undefined;
  for (const entry of steps) if (!best || entry[1] > best[1]) best = entry;
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

function semicolonsOf(sampleLines: readonly string[]): boolean | undefined {
  const lines = sampleLines.map((line) => line.trim());
  const statements = lines.filter((line) => /[\w)\]'"`]$/.test(line) || line.endsWith(';'));
  if (statements.length === 0) return undefined;
  const ended = statements.filter((line) => line.endsWith(';')).length;
  return ended * 2 >= statements.length;
}

/**
 * Code written with two spaces a level, single quotes and semicolons, in the file's style instead:
 * its indentation unit, its quote (in code lines, never in comments; `swapQuotes` only where both
 * quotes mean the same), its semicolons (taken off line ends when the file has none) and its line
 * ending. `base` is put before every line (code inside a class).
 */
export function styled(
  lines: readonly string[],
  style: FileStyle,
  options: { swapQuotes?: boolean; semicolons?: boolean; base?: string } = {},
): string {
  return lines
    .map((line) => {
      if (!line) return '';
      const leading = /^ */.exec(line)![0].length;
      // Two spaces a level; an odd one left is a doc comment's " *".
      const depth = Math.floor(leading / 2);
      let code = ' '.repeat(leading % 2) + line.trimStart();
      const comment = /^ ?(\/\/|\/\*|\*|#)/.test(code);
      if (!comment && options.swapQuotes && style.quote === '"') code = code.replace(/'/g, '"');
      if (!comment && options.semicolons && !style.semicolons) code = code.replace(/;$/, '');
      return (options.base ?? '') + style.indent.repeat(depth) + code;
    })
    .join(style.eol);
}
