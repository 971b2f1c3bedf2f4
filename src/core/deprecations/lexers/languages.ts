/**
 * Stage 1, lexers/: which language a file is (by extension, name or shebang) and its lexer. Takes
 * source text; returns tokens (strings with their literal parts and interpolation holes), comments,
 * and for large files a survey of where candidates may be. Imports only model/.
 */
import { cLikeDialect, lexCLike, type CLikeDialect } from './cLike';
import { lexElixir } from './elixir';
import { lexPython } from './python';
import { lexRuby } from './ruby';
import { lexShell } from './shell';
import type { LexRange } from './lexerState';
import type { LexResult } from '../model/tokens';

export type LanguageFamily =
  | 'javascript'
  | 'python'
  | 'go'
  | 'java'
  | 'kotlin'
  | 'csharp'
  | 'ruby'
  | 'php'
  | 'rust'
  | 'dart'
  | 'swift'
  | 'scala'
  | 'elixir'
  | 'shell'
  | 'http';

export interface LanguageSupport {
  family: LanguageFamily;
  lex?: (src: string, range?: LexRange) => LexResult;
  concatenation: ReadonlySet<string>;
  adjacentStrings: boolean;
  /** How a line comment starts, for the suppression quick fix. */
  lineComment: string;
}

const PLUS = new Set(['+', '+=']);
const dialects: Record<string, CLikeDialect> = {
  javascript: cLikeDialect({ singleQuote: 'string', backtick: 'template', regexLiterals: true }),
  go: cLikeDialect({ singleQuote: 'char', backtick: 'raw' }),
  java: cLikeDialect({ singleQuote: 'char', tripleQuoteStrings: true }),
  kotlin: cLikeDialect({
    singleQuote: 'char',
    tripleQuoteStrings: true,
    interpolation: 'kotlin',
    nestedBlockComments: true,
  }),
  csharp: cLikeDialect({ singleQuote: 'char', csharpStrings: true }),
  php: cLikeDialect({
    singleQuote: 'string',
    interpolation: 'php',
    hashComments: true,
    multilineStrings: true,
    phpTags: true,
  }),
  rust: cLikeDialect({
    singleQuote: 'char',
    rustStrings: true,
    multilineStrings: true,
    nestedBlockComments: true,
  }),
  dart: cLikeDialect({
    singleQuote: 'string',
    interpolation: 'kotlin',
    dartStrings: true,
    nestedBlockComments: true,
  }),
  swift: cLikeDialect({ singleQuote: 'char', swiftStrings: true, nestedBlockComments: true }),
  /** s"…$id…", uri"$base/pets/$id": an interpolator's name before the quote is the string's. */
  scala: cLikeDialect({
    singleQuote: 'char',
    tripleQuoteStrings: true,
    interpolation: 'kotlin',
    nestedBlockComments: true,
    scalaStrings: true,
  }),
  /** HTML, Vue and Svelte files: the JavaScript/TypeScript inside their <script> blocks. */
  scriptBlocks: cLikeDialect({
    singleQuote: 'string',
    backtick: 'template',
    regexLiterals: true,
    scriptBlocks: true,
  }),
};

/**
 * Every language's support in one shape (fields in one order, `lex` always present): the engine
 * reads these for every file, and differing shapes would deoptimise it as languages alternate.
 */
function support(
  family: LanguageFamily,
  lex: LanguageSupport['lex'],
  concatenation: ReadonlySet<string>,
  adjacentStrings: boolean,
  lineComment: string,
): LanguageSupport {
  return { family, lex, concatenation, adjacentStrings, lineComment };
}

const cLike = (
  family: LanguageFamily,
  concatenation: ReadonlySet<string> = PLUS,
  adjacentStrings = false,
  dialect = dialects[family]!,
): LanguageSupport =>
  support(
    family,
    (src, range) => lexCLike(src, dialect, range),
    concatenation,
    adjacentStrings,
    '//',
  );

const SCRIPT_BLOCKS = cLike('javascript', PLUS, false, dialects.scriptBlocks);

const SUPPORT: Record<LanguageFamily, LanguageSupport> = {
  javascript: cLike('javascript'),
  go: cLike('go'),
  java: cLike('java'),
  kotlin: cLike('kotlin'),
  csharp: cLike('csharp'),
  php: cLike('php', new Set(['.', '.='])),
  rust: cLike('rust'),
  dart: cLike('dart', PLUS, true),
  swift: cLike('swift'),
  // http4s's path DSL joins segments with `/`: baseUri / "pets" / id.
  scala: cLike('scala', new Set(['+', '/'])),
  python: support('python', lexPython, PLUS, true, '#'),
  ruby: support('ruby', lexRuby, new Set(['+', '<<', '+=']), true, '#'),
  elixir: support('elixir', lexElixir, new Set(['<>']), false, '#'),
  shell: support('shell', lexShell, new Set(), false, '#'),
  http: support('http', undefined, new Set(), false, '#'),
};

const BY_EXTENSION: Record<string, LanguageFamily> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'javascript',
  mts: 'javascript',
  cts: 'javascript',
  tsx: 'javascript',
  py: 'python',
  pyw: 'python',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  cs: 'csharp',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  php: 'php',
  phtml: 'php',
  rs: 'rust',
  dart: 'dart',
  swift: 'swift',
  scala: 'scala',
  sc: 'scala',
  ex: 'elixir',
  exs: 'elixir',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ksh: 'shell',
  mk: 'shell',
  dockerfile: 'shell',
  http: 'http',
  rest: 'http',
};

/** Files that embed script in markup. */
const BY_EMBEDDING_EXTENSION: Record<string, LanguageSupport> = {
  vue: SCRIPT_BLOCKS,
  svelte: SCRIPT_BLOCKS,
  html: SCRIPT_BLOCKS,
  htm: SCRIPT_BLOCKS,
};

const RUBY_FILE_NAMES = new Set(['Rakefile', 'Gemfile']);
const SHELL_FILE_NAMES = new Set([
  'Makefile',
  'makefile',
  'GNUmakefile',
  'Dockerfile',
  'Containerfile',
]);

/** Whole file names (without extension) the finder reads. */
export const SUPPORTED_FILE_NAMES = [...RUBY_FILE_NAMES, ...SHELL_FILE_NAMES];

/** File extensions the finder reads (the editor watches these). */
export const SUPPORTED_EXTENSIONS = [
  ...Object.keys(BY_EXTENSION),
  ...Object.keys(BY_EMBEDDING_EXTENSION),
];

/** VS Code language ids of the supported languages (the language server selects documents by these). */
export const LANGUAGE_IDS: Record<string, LanguageFamily> = {
  javascript: 'javascript',
  javascriptreact: 'javascript',
  typescript: 'javascript',
  typescriptreact: 'javascript',
  python: 'python',
  go: 'go',
  java: 'java',
  kotlin: 'kotlin',
  csharp: 'csharp',
  ruby: 'ruby',
  php: 'php',
  rust: 'rust',
  dart: 'dart',
  swift: 'swift',
  scala: 'scala',
  elixir: 'elixir',
  shellscript: 'shell',
  http: 'http',
};

/** The language of a file by its name, or by a shebang line for files without an extension. */
export function languageOfPath(path: string, firstLine?: string): LanguageSupport | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot > 0) {
    const extension = name.slice(dot + 1).toLowerCase();
    const family = BY_EXTENSION[extension];
    return family ? SUPPORT[family] : BY_EMBEDDING_EXTENSION[extension];
  }
  if (RUBY_FILE_NAMES.has(name)) return SUPPORT.ruby;
  // Their commands are shell: recipes of makefiles, RUN lines of container files.
  if (SHELL_FILE_NAMES.has(name)) return SUPPORT.shell;
  if (firstLine?.startsWith('#!')) {
    if (/\b(ba|z|k|da)?sh\b/.test(firstLine)) return SUPPORT.shell;
    if (/\bpython[0-9.]*\b/.test(firstLine)) return SUPPORT.python;
    if (/\bruby\b/.test(firstLine)) return SUPPORT.ruby;
    if (/\bnode\b/.test(firstLine)) return SUPPORT.javascript;
  }
  return undefined;
}

export function languageOfFamily(family: LanguageFamily): LanguageSupport {
  return SUPPORT[family];
}

/** Each language's name: its family's, and markup's script blocks their own (another lexer). */
const NAMES = new Map<LanguageSupport, string>([
  ...Object.entries(SUPPORT).map(([family, support]) => [support, family] as const),
  [SCRIPT_BLOCKS, 'scriptBlocks'],
]);

/**
 * A language's name, the same on every thread (a worker thread's supports are other objects), so
 * that what one thread scanned a text as can be compared with what another would read it as;
 * undefined for a support made elsewhere (a test's).
 */
export function languageName(language: LanguageSupport): string | undefined {
  return NAMES.get(language);
}
