import {
  isDigit,
  isIdentPart,
  isIdentStart,
  unescapeChar,
  type LexResult,
  type StringPart,
} from '../model/tokens';
import {
  LexerState,
  type LexRange,
  identEnd,
  readNumber,
  readOperator,
  withHole,
  withLastText,
} from './lexerState';

/** What differs between the C-family languages, as far as strings and comments go. */
export interface CLikeDialect {
  /** '#' starts a comment too (PHP, except '#['). */
  hashComments?: boolean;
  nestedBlockComments?: boolean;
  /** Single quotes delimit strings (JS, PHP) or character literals (Java, C#, Go, Kotlin, Rust). */
  singleQuote: 'string' | 'char';
  /** Backticks: JS template literals (with ${} holes) or Go raw strings. */
  backtick?: 'template' | 'raw';
  /** Interpolation inside double-quoted strings. */
  interpolation?: 'kotlin' | 'php';
  /** "…" may span lines (Rust, PHP). */
  multilineStrings?: boolean;
  /** $"…{x}…", @"…", raw """…""" (C#). */
  csharpStrings?: boolean;
  /** """…""" text blocks (Java, Kotlin). */
  tripleQuoteStrings?: boolean;
  /** r"…", r#"…"#, b"…" (Rust). */
  rustStrings?: boolean;
  /** /…/ regular expression literals (JS). */
  regexLiterals?: boolean;
  /** Only code between <?php and ?> is PHP. */
  phpTags?: boolean;
  /** Only code inside <script>…</script> is script (HTML, Vue and Svelte files). */
  scriptBlocks?: boolean;
  /** '…' and "…" both interpolate $x and ${…}; '''…''' and """…""" span lines; r'…' is raw (Dart). */
  dartStrings?: boolean;
  /** "…\(x)…" interpolation, """…""" multi-line strings, #"…"# raw strings with \#(x) (Swift). */
  swiftStrings?: boolean;
  /** An interpolator's name right before the quote belongs to the string: s"…", uri"…" (Scala). */
  scalaStrings?: boolean;
}

/**
 * A dialect with every flag present, in one order: all dialects then share one shape, so the
 * engine's optimised lexer is not thrown away (a wrong-map deoptimisation) when a file of
 * another language comes.
 */
export function cLikeDialect(flags: CLikeDialect): CLikeDialect {
  return {
    hashComments: flags.hashComments ?? false,
    nestedBlockComments: flags.nestedBlockComments ?? false,
    singleQuote: flags.singleQuote,
    backtick: flags.backtick,
    interpolation: flags.interpolation,
    multilineStrings: flags.multilineStrings ?? false,
    csharpStrings: flags.csharpStrings ?? false,
    tripleQuoteStrings: flags.tripleQuoteStrings ?? false,
    rustStrings: flags.rustStrings ?? false,
    regexLiterals: flags.regexLiterals ?? false,
    phpTags: flags.phpTags ?? false,
    scriptBlocks: flags.scriptBlocks ?? false,
    dartStrings: flags.dartStrings ?? false,
    swiftStrings: flags.swiftStrings ?? false,
    scalaStrings: flags.scalaStrings ?? false,
  };
}

const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  'instanceof',
]);

/** One linear pass over a C-family source: tokens, strings with interpolation holes, comments. */
export function lexCLike(src: string, dialect: CLikeDialect, range?: LexRange): LexResult {
  const s = new LexerState(src, range);
  // The dialect's flags as locals: dialects differ in shape, and reading their properties on
  // every character would be a megamorphic load in the hottest loop of the finder.
  const phpTags = !!dialect.phpTags;
  const scriptBlocks = !!dialect.scriptBlocks;
  const hashComments = !!dialect.hashComments;
  const nestedBlockComments = !!dialect.nestedBlockComments;
  const tripleQuoteStrings = !!dialect.tripleQuoteStrings;
  const regexLiterals = !!dialect.regexLiterals;
  const singleQuoteStrings = dialect.singleQuote === 'string';
  const backtick = dialect.backtick;
  const multilineStrings = !!dialect.multilineStrings;
  const interpolation = dialect.interpolation;
  const singleQuoteHoles = dialect.dartStrings ? interpolation : undefined;
  if (phpTags && s.pos === 0) skipToPhp(s);
  if (scriptBlocks && !insideScriptBlock(src, s.pos)) skipToScript(s);
  const length = s.end;
  // Languages with strings of their own shapes: one test in the loop (it stays small enough for
  // the engine to inline the readers that run on every character).
  const hasOwnStrings = !!(
    dialect.rustStrings ||
    dialect.dartStrings ||
    dialect.swiftStrings ||
    dialect.csharpStrings ||
    dialect.scalaStrings
  );
  while (s.pos < length) {
    const c = src.charCodeAt(s.pos);
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      let end = s.pos + 1;
      for (let d = src.charCodeAt(end); d === 32 || d === 9 || d === 13; d = src.charCodeAt(++end));
      s.pos = end;
    } else if (c === 10) s.newline();
    // Identifiers first, the commonest token: no branch below starts with a letter, $ or a digit
    // unless the dialect has strings of its own shapes (r"…", $"…", @"…").
    else if (!hasOwnStrings && (isIdentStart(c) || c === 36)) readIdent(s);
    else if (isDigit(c)) readNumber(s);
    else if (c === 47 && s.code(1) === 42) s.blockComment('/*', '*/', nestedBlockComments);
    else if (c === 47 && s.code(1) === 47) s.lineComment();
    else if (c === 35 && hashComments && s.code(1) !== 91) s.lineComment();
    else if (phpTags && c === 63 && s.code(1) === 62) {
      s.pos += 2;
      skipToPhp(s);
    } else if (phpTags && c === 60 && s.startsWith('<<<') && readPhpHeredoc(s)) continue;
    else if (scriptBlocks && c === 60 && s.startsWith('</script')) skipToScript(s);
    else if (hasOwnStrings && readOwnString(s, dialect, c)) continue;
    else if (c === 34 && tripleQuoteStrings && s.startsWith('"""')) {
      readQuoted(s, '"""', {
        escapes: interpolation !== 'kotlin',
        multiline: true,
        holes: interpolation,
      });
    } else if (c === 34)
      readQuoted(s, '"', { escapes: true, multiline: multilineStrings, holes: interpolation });
    else if (c === 39) {
      if (singleQuoteStrings)
        readQuoted(s, "'", { escapes: true, multiline: multilineStrings, holes: singleQuoteHoles });
      else readCharLiteral(s);
    } else if (c === 96 && backtick === 'template')
      readQuoted(s, '`', { escapes: true, multiline: true, holes: 'js' });
    else if (c === 96 && backtick === 'raw')
      readQuoted(s, '`', { escapes: false, multiline: true });
    else if (c === 47 && regexLiterals && regexAllowed(s)) readRegex(s);
    else if (isIdentStart(c) || c === 36) readIdent(s);
    else readOperator(s);
  }
  return s.result();
}

/** Reads a string of the dialect's own shape at s.pos (r#"…"#, $"…", r'…', #"…"#), if one starts there. */
function readOwnString(s: LexerState, dialect: CLikeDialect, c: number): boolean {
  if (dialect.rustStrings && isRustStringStart(s)) readRustString(s);
  else if (dialect.dartStrings && isDartStringStart(s)) readDartString(s);
  else if (dialect.swiftStrings && (c === 34 || (c === 35 && isSwiftRawStart(s))))
    readSwiftString(s);
  else if (dialect.csharpStrings && isCSharpStringStart(s)) readCSharpString(s);
  else if (dialect.scalaStrings && isIdentStart(c)) return readScalaInterpolated(s);
  else return false;
  return true;
}

/**
 * Scala's interpolated strings: an identifier right before the quote names the interpolator
 * (`s"…$id…"`, `f"…"`, `uri"$base/pets/$id"`, `s"""…"""`): read with it as one string. Any other
 * identifier is read as one, so the lexer's loop goes on after it.
 */
function readScalaInterpolated(s: LexerState): boolean {
  const start = s.pos;
  const end = identEnd(s.src, start);
  if (s.src.charCodeAt(end) !== 34) {
    s.pos = end;
    s.emit('ident', start, end);
    return true;
  }
  s.pos = end;
  const triple = s.src.startsWith('"""', end);
  readQuoted(
    s,
    triple ? '"""' : '"',
    { escapes: !triple, multiline: triple, holes: 'kotlin' },
    start,
  );
  return true;
}

function skipToPhp(s: LexerState): void {
  const open = s.src.indexOf('<?', s.pos);
  if (open === -1) {
    s.pos = s.src.length;
    return;
  }
  s.pos = open + 2;
  if (s.startsWith('php')) s.pos += 3;
  else if (s.startsWith('=')) s.pos += 1;
}

/** Whether `offset` lies inside a <script> block (a window may start anywhere in the file). */
function insideScriptBlock(src: string, offset: number): boolean {
  if (offset === 0) return false;
  const open = src.lastIndexOf('<script', offset - 1);
  return open !== -1 && open > src.lastIndexOf('</script', offset - 1);
}

/** Moves past markup to the code of the next <script …> block (or to the end). */
function skipToScript(s: LexerState): void {
  const open = s.src.indexOf('<script', s.pos === 0 ? 0 : s.pos + 1);
  const tagEnd = open === -1 ? -1 : s.src.indexOf('>', open);
  s.pos = tagEnd === -1 ? s.src.length : tagEnd + 1;
}

function readIdent(s: LexerState): void {
  const start = s.pos;
  s.pos = identEnd(s.src, start);
  s.emit('ident', start, s.pos);
}

interface QuotedOptions {
  escapes: boolean;
  multiline: boolean;
  holes?: 'js' | 'kotlin' | 'php' | 'csharp' | 'swift';
  /** Swift raw strings: the hashes between the backslash and the parenthesis (\#(x)). */
  swiftHashes?: string;
  /** Verbatim strings: a doubled delimiter is the delimiter itself (C# @"…""…"). */
  doubledQuote?: boolean;
}

/**
 * Reads a string from its opening delimiter (at s.pos, possibly after a prefix the caller
 * consumed) to its closing one. An unterminated single-line string ends at the newline, so one
 * odd quote (JSX text, a lifetime) cannot swallow the rest of the file.
 */
function readQuoted(s: LexerState, delimiter: string, options: QuotedOptions, start = s.pos): void {
  s.pos += delimiter.length;
  let parts: StringPart[] | undefined;
  let text = '';
  const src = s.src;
  const length = src.length;
  const close = delimiter.charCodeAt(0);
  // Options as locals: read on every character, from objects of several shapes.
  const escapes = options.escapes;
  const multiline = options.multiline;
  const holes = options.holes;
  const swiftHashes = options.swiftHashes ?? '';
  const doubledQuote = !!options.doubledQuote;
  let run = s.pos; // start of the plain characters not yet added to text
  while (s.pos < length) {
    const c = src.charCodeAt(s.pos);
    if (c === close && src.startsWith(delimiter, s.pos)) {
      if (doubledQuote && src.startsWith(delimiter, s.pos + delimiter.length)) {
        text += src.slice(run, s.pos) + delimiter;
        s.pos += delimiter.length * 2;
        run = s.pos;
        continue;
      }
      text += src.slice(run, s.pos);
      s.pos += delimiter.length;
      run = -1;
      break;
    }
    if (c === 10 && !multiline) break;
    // An interpolation: \(…) in Swift, ${…}, $name, {…} or {$…} in the others.
    const hole =
      holes === 'swift'
        ? c === 92
          ? swiftHoleLength(src, s.pos, swiftHashes)
          : 0
        : holes && (c === 36 || c === 123 || c === 125)
          ? holeLength(s, holes)
          : 0;
    if (hole > 0) {
      text += src.slice(run, s.pos);
      parts = withHole(parts, text);
      text = '';
      s.pos += hole;
      run = s.pos;
      continue;
    }
    if (c === 92 && escapes) {
      text += src.slice(run, s.pos) + unescapeChar(src[s.pos + 1] ?? '');
      s.pos += 2;
      run = s.pos;
      continue;
    }
    // C#'s doubled braces in an interpolated string: one literal brace.
    if (holes === 'csharp' && (c === 123 || c === 125) && src.charCodeAt(s.pos + 1) === c) {
      text += src.slice(run, s.pos + 1);
      s.pos += 2;
      run = s.pos;
      continue;
    }
    s.pos++;
  }
  if (run !== -1) text += src.slice(run, Math.min(s.pos, length));
  s.emit('string', start, s.pos, withLastText(parts, text));
}

/** Length of a Swift interpolation \(…) (or \#(…) in a raw string) at `at`, 0 if none. */
function swiftHoleLength(src: string, at: number, hashes: string): number {
  const open = at + 1 + hashes.length;
  if (!src.startsWith(hashes, at + 1) || src.charCodeAt(open) !== 40) return 0;
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i + 1 - at;
    else if (c === 34) i = skipSimpleQuoted(src, i) - 1;
    else if (c === 10) return i - at; // an unclosed hole ends with its line
  }
  return src.length - at;
}

/** Length of the interpolation hole at s.pos (0 when there is none). */
function holeLength(s: LexerState, style: 'js' | 'kotlin' | 'php' | 'csharp'): number {
  const src = s.src;
  const at = s.pos;
  const c = src.charCodeAt(at);
  const next = src.charCodeAt(at + 1);
  if (style === 'js') return c === 36 && next === 123 ? balancedEnd(src, at + 1) - at : 0;
  if (style === 'csharp') return c === 123 && next !== 123 ? balancedEnd(src, at) - at : 0;
  if (c === 36 && next === 123) return balancedEnd(src, at + 1) - at; // ${…}
  if (style === 'php' && c === 123 && next === 36) return balancedEnd(src, at) - at; // {$…}
  if (c === 36 && isIdentStart(next)) {
    let end = at + 2;
    while (end < src.length && isIdentPart(src.charCodeAt(end))) end++;
    if (style === 'php') {
      // $pet->id and $row['id'] belong to the variable
      for (;;) {
        if (src.startsWith('->', end) && isIdentStart(src.charCodeAt(end + 2))) {
          end += 3;
          while (end < src.length && isIdentPart(src.charCodeAt(end))) end++;
        } else if (src.charCodeAt(end) === 91) {
          const close = src.indexOf(']', end);
          if (close === -1 || src.slice(end, close).includes('\n')) break;
          end = close + 1;
        } else break;
      }
    }
    return end - at;
  }
  return 0;
}

/**
 * Index just past the brace that closes the one at `open`, skipping nested braces and quoted
 * text (a template's `${…}` holes, nested to any depth). Bounded by the end of the source. One
 * loop over a stack of what it is inside, not recursion: a file of templates nested thousands
 * deep overflowed the call stack and ended the whole scan.
 */
export function balancedEnd(src: string, open: number): number {
  // Per level: the quote of the string being read, or 0 in code (with its own brace depth).
  const quotes: number[] = [0];
  const depths: number[] = [0];
  let i = open;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    const level = quotes.length - 1;
    const quote = quotes[level]!;
    if (quote === 0) {
      if (c === 123) depths[level]!++;
      else if (c === 125 && --depths[level]! === 0) {
        quotes.pop();
        depths.pop();
        if (level === 0) return i + 1;
      } else if (c === 34 || c === 39 || c === 96) {
        quotes.push(c);
        depths.push(0);
      }
      i++;
    } else if (c === 92) i += 2;
    else if (c === quote) {
      quotes.pop();
      depths.pop();
      i++;
    } else if (c === 10 && quote !== 96) {
      quotes.pop(); // an unterminated string ends with its line
      depths.pop();
    } else if (quote === 96 && c === 36 && src.charCodeAt(i + 1) === 123) {
      quotes.push(0); // a hole: code again, until its closing brace
      depths.push(0);
      i++;
    } else i++;
  }
  return src.length;
}

/** Index just past the string whose quote is at `at` (at its line's end if unterminated). */
function skipSimpleQuoted(src: string, at: number): number {
  const quote = src.charCodeAt(at);
  let i = at + 1;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === quote) return i + 1;
    else if (c === 10 && quote !== 96) return i;
    else if (quote === 96 && c === 36 && src.charCodeAt(i + 1) === 123) i = balancedEnd(src, i + 1);
    else i++;
  }
  return src.length;
}

/** 'x', '\\n', '\\u0041' are characters; anything else ('a in Rust) is just a quote mark. */
function readCharLiteral(s: LexerState): void {
  const start = s.pos;
  const src = s.src;
  let i = s.pos + 1;
  if (src.charCodeAt(i) === 92) {
    const limit = Math.min(src.length, s.pos + 12);
    i += 2;
    while (i < limit && src.charCodeAt(i) !== 39 && src.charCodeAt(i) !== 10) i++;
  } else {
    i += (src.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  if (src.charCodeAt(i) === 39) {
    s.pos = i + 1;
    s.emit('number', start, s.pos);
  } else {
    s.pos++;
    s.emit('punct', start, s.pos);
  }
}

function regexAllowed(s: LexerState): boolean {
  const last = s.last();
  if (!last) return true;
  if (last.kind === 'string' || last.kind === 'number') return false;
  if (last.kind === 'ident') return KEYWORDS_BEFORE_REGEX.has(last.text);
  return !(last.text === ')' || last.text === ']' || last.text === '}');
}

function readRegex(s: LexerState): void {
  const start = s.pos;
  const src = s.src;
  let i = s.pos + 1;
  let inClass = false;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 10) break;
    if (c === 92) i += 2;
    else {
      if (c === 91) inClass = true;
      else if (c === 93) inClass = false;
      else if (c === 47 && !inClass) {
        i++;
        break;
      }
      i++;
    }
  }
  while (i < src.length && isIdentPart(src.charCodeAt(i))) i++;
  s.pos = i;
  s.emit('number', start, i);
}

/**
 * PHP heredoc (<<<EOT, interpolating like "…") and nowdoc (<<<'EOT', literal): the body runs from
 * the next line to the line that starts, after optional indentation, with the identifier.
 */
function readPhpHeredoc(s: LexerState): boolean {
  const match = /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1\r?\n/.exec(s.src.slice(s.pos, s.pos + 100));
  if (!match) return false;
  const start = s.pos;
  const bodyStart = s.pos + match[0].length;
  const terminator = new RegExp(`^[ \\t]*${match[2]}\\b`, 'm');
  const rest = s.src.slice(bodyStart);
  const found = terminator.exec(rest);
  const bodyEnd = found ? bodyStart + found.index : s.src.length;
  // The line break before the closing identifier is not part of the string.
  const body = s.src.slice(bodyStart, bodyEnd).replace(/\r?\n$/, '');
  let parts: StringPart[];
  if (match[1] === "'") parts = body ? [body] : [];
  else {
    // Reuse the double-quote reader on the body alone, for its $var and {$…} holes.
    // A NUL opens it and never closes it, so the reader runs to the end of the body.
    const inner = new LexerState(`\u0000${body}`);
    readQuoted(inner, '\u0000', { escapes: true, multiline: true, holes: 'php' });
    parts = inner.tokens[0]?.parts ?? [];
  }
  s.pos = found ? bodyEnd + found[0].length : s.src.length;
  s.emit('string', start, s.pos, parts);
  return true;
}

function isRustStringStart(s: LexerState): boolean {
  const c = s.code();
  if (
    c === 98 &&
    (s.code(1) === 34 || (s.code(1) === 114 && (s.code(2) === 34 || s.code(2) === 35)))
  )
    return true;
  if (c === 114 && (s.code(1) === 34 || s.code(1) === 35)) {
    let i = 1;
    while (s.code(i) === 35) i++;
    return s.code(i) === 34;
  }
  return false;
}

function readRustString(s: LexerState): void {
  const start = s.pos;
  if (s.code() === 98) s.pos++;
  if (s.code() !== 114) {
    readQuoted(s, '"', { escapes: true, multiline: true }, start);
    return;
  }
  s.pos++;
  let hashes = '';
  while (s.code() === 35) {
    hashes += '#';
    s.pos++;
  }
  readRaw(s, '"', `"${hashes}`, start);
}

/** A raw string: no escapes, ends at `close`. */
function readRaw(s: LexerState, open: string, close: string, start: number): void {
  s.pos += open.length;
  const end = s.src.indexOf(close, s.pos);
  const contentEnd = end === -1 ? s.src.length : end;
  const text = s.src.slice(s.pos, contentEnd);
  s.pos = end === -1 ? s.src.length : end + close.length;
  s.emit('string', start, s.pos, text ? [text] : []);
}

/** A Dart string: r'…' or r"…" (raw), or a triple-quoted one ('''…''', """…"""). */
function isDartStringStart(s: LexerState): boolean {
  const c = s.code();
  if (c === 114 && (s.code(1) === 34 || s.code(1) === 39)) {
    const before = s.pos > 0 ? s.src.charCodeAt(s.pos - 1) : 32;
    return !isIdentPart(before) && before !== 36; // not the end of an identifier like `bar'`
  }
  return (c === 34 || c === 39) && s.code(1) === c && s.code(2) === c;
}

function readDartString(s: LexerState): void {
  const start = s.pos;
  const raw = s.code() === 114;
  if (raw) s.pos++;
  const quote = s.src[s.pos]!;
  const triple = s.code(1) === s.code() && s.code(2) === s.code();
  const delimiter = triple ? quote.repeat(3) : quote;
  if (raw) readRaw(s, delimiter, delimiter, start);
  else readQuoted(s, delimiter, { escapes: true, multiline: triple, holes: 'kotlin' }, start);
}

/** #"…"#, ##"…"##: a Swift raw string. */
function isSwiftRawStart(s: LexerState): boolean {
  let i = 0;
  while (s.code(i) === 35) i++;
  return i > 0 && s.code(i) === 34;
}

/** "…", """…""" and #"…"#, with \(…) holes (\#(…) in a raw string). */
function readSwiftString(s: LexerState): void {
  const start = s.pos;
  let hashes = '';
  while (s.code() === 35) {
    hashes += '#';
    s.pos++;
  }
  const triple = s.startsWith('"""');
  // The closing "# is as long as the opening #": the reader skips the opening by that length.
  const delimiter = (triple ? '"""' : '"') + hashes;
  s.pos = start;
  readQuoted(
    s,
    delimiter,
    { escapes: hashes === '', multiline: triple, holes: 'swift', swiftHashes: hashes },
    start,
  );
}

function isCSharpStringStart(s: LexerState): boolean {
  const c = s.code();
  if (c === 36)
    return (
      s.code(1) === 34 ||
      (s.code(1) === 64 && s.code(2) === 34) ||
      (s.code(1) === 36 && s.code(2) === 34)
    );
  if (c === 64) return s.code(1) === 34 || (s.code(1) === 36 && s.code(2) === 34);
  return s.startsWith('"""');
}

function readCSharpString(s: LexerState): void {
  const start = s.pos;
  let interpolated = false;
  let verbatim = false;
  while (s.code() === 36 || s.code() === 64) {
    if (s.code() === 36) interpolated = true;
    else verbatim = true;
    s.pos++;
  }
  const holes = interpolated ? 'csharp' : undefined;
  if (s.startsWith('"""')) {
    let quotes = 0;
    while (s.code(quotes) === 34) quotes++;
    const delimiter = '"'.repeat(quotes);
    readQuoted(s, delimiter, { escapes: false, multiline: true, holes }, start);
  } else if (verbatim)
    readQuoted(s, '"', { escapes: false, multiline: true, holes, doubledQuote: true }, start);
  else readQuoted(s, '"', { escapes: true, multiline: false, holes }, start);
}
