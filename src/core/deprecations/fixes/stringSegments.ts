/**
 * A string token's source cut into its literal text and its interpolated expressions, with where
 * each lies in the source: what a rewrite needs to take the id out of `${BASE}/pets/${id}` and keep
 * the rest exactly as written. The lexers keep only the parts' values; this reads the source again,
 * by the syntax of the token's language.
 */
import type { LanguageFamily } from '../lexers/languages';

export interface Segment {
  kind: 'text' | 'hole';
  /** Offsets in the token's source text. */
  start: number;
  end: number;
  /** A hole's expression as written (without `${`, `}`, a format spec or a conversion). */
  expression?: string;
}

export interface StringSource {
  /** The content's start and end in the token's source (after the prefix and opening quote). */
  contentStart: number;
  contentEnd: number;
  segments: Segment[];
}

/** How a language interpolates: which opener starts a hole, and whether `$name` alone is one. */
interface Interpolation {
  openers: readonly string[];
  /** `$name` (Kotlin, Dart, PHP, shell): a bare variable is a hole. */
  bareDollar: boolean;
  /** PHP `$pet->id`, `$pets['id']` after a bare variable. */
  phpMembers?: boolean;
}

const INTERPOLATION: Partial<Record<LanguageFamily, Interpolation>> = {
  javascript: { openers: ['${'], bareDollar: false },
  kotlin: { openers: ['${'], bareDollar: true },
  dart: { openers: ['${'], bareDollar: true },
  ruby: { openers: ['#{'], bareDollar: false },
  swift: { openers: ['\\('], bareDollar: false },
  shell: { openers: ['${'], bareDollar: true },
  php: { openers: ['{$', '${'], bareDollar: true, phpMembers: true },
};

/**
 * The token's segments, or undefined for a string the rewrite cannot read (a raw or heredoc form
 * it does not know). `family` decides the syntax; Python and C# strings interpolate only with an
 * `f` or `$` prefix, which the source shows.
 */
export function stringSource(source: string, family: LanguageFamily): StringSource | undefined {
  const open = /^[A-Za-z@$]*("""|'''|"|'|`)/.exec(source);
  if (!open) return undefined;
  const quote = open[1]!;
  const prefix = source.slice(0, open.index + open[0].length - quote.length);
  const contentStart = open[0].length;
  const contentEnd = source.endsWith(quote) ? source.length - quote.length : source.length;
  if (contentEnd < contentStart) return undefined;
  let syntax = INTERPOLATION[family];
  if (family === 'python')
    syntax = /f/i.test(prefix) ? { openers: ['{'], bareDollar: false } : undefined;
  if (family === 'csharp')
    syntax = prefix.includes('$') ? { openers: ['{'], bareDollar: false } : undefined;
  // Single quotes never interpolate in PHP, Ruby, shell or Dart... except Dart, where they do.
  if (quote === "'" && (family === 'php' || family === 'ruby' || family === 'shell'))
    syntax = undefined;
  const segments: Segment[] = [];
  let textStart = contentStart;
  const pushText = (end: number) => {
    if (end > textStart) segments.push({ kind: 'text', start: textStart, end });
  };
  for (let i = contentStart; i < contentEnd;) {
    const char = source[i]!;
    if (char === '\\' && family !== 'python' && family !== 'csharp') {
      if (syntax?.openers.includes('\\(') && source[i + 1] === '(') {
        // Swift: \( opens a hole.
      } else {
        i += 2;
        continue;
      }
    }
    if (char === '\\' && (family === 'python' || family === 'csharp')) {
      i += 2;
      continue;
    }
    if (!syntax) {
      i++;
      continue;
    }
    // `{{` in a Python f-string or a C# interpolated string is a literal brace.
    if ((family === 'python' || family === 'csharp') && (char === '{' || char === '}')) {
      if (source[i + 1] === char) {
        i += 2;
        continue;
      }
    }
    const opener = syntax.openers.find((candidate) => source.startsWith(candidate, i));
    if (opener) {
      const close = closingBrace(
        source,
        i + opener.length,
        opener.endsWith('(') ? '(' : '{',
        contentEnd,
      );
      if (close < 0) return undefined;
      pushText(i);
      const inner = source.slice(i + opener.length, close);
      segments.push({
        kind: 'hole',
        start: i,
        end: close + 1,
        // PHP's `{$id}` and `${id}`: the opener holds the variable's `$`.
        expression:
          family === 'php' ? `$${holeExpression(inner, family)}` : holeExpression(inner, family),
      });
      i = close + 1;
      textStart = i;
      continue;
    }
    if (syntax.bareDollar && char === '$') {
      const name = /^\$[A-Za-z_][\w]*/.exec(source.slice(i, contentEnd));
      if (name) {
        let end = i + name[0].length;
        if (syntax.phpMembers) {
          const member = /^(->[A-Za-z_]\w*|\[[^\]\s]+\])/.exec(source.slice(end, contentEnd));
          if (member) end += member[0].length;
        }
        pushText(i);
        const expression = source.slice(i, end);
        segments.push({
          kind: 'hole',
          start: i,
          end,
          // A shell or Kotlin `$id` is the variable `id` there; PHP keeps its `$`.
          expression: family === 'php' || family === 'shell' ? expression : expression.slice(1),
        });
        i = end;
        textStart = i;
        continue;
      }
    }
    i++;
  }
  pushText(contentEnd);
  return { contentStart, contentEnd, segments };
}

/** The index of the bracket closing one opened just before `from`, nested ones skipped. */
function closingBrace(source: string, from: number, open: '{' | '(', limit: number): number {
  const close = open === '{' ? '}' : ')';
  let depth = 1;
  let quote: string | undefined;
  for (let i = from; i < limit; i++) {
    const char = source[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return i;
  }
  return -1;
}

/** `id!r:>5` → `id` (Python); `id,5:D` → `id` (C#); anything else as written, trimmed. */
function holeExpression(inner: string, family: LanguageFamily): string {
  let expression = inner;
  if (family === 'python') expression = expression.replace(/(![rsa])?(:[^:]*)?$/, '');
  if (family === 'csharp') expression = expression.replace(/(,[^,:]*)?(:[^:]*)?$/, '');
  if (family === 'shell') expression = `$${expression.replace(/^\{|\}$/g, '')}`;
  return expression.trim();
}
