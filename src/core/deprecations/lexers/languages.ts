/**
 * Stage 1, lexers/: which language a file is (by extension, name or shebang) and its lexer. Takes
 * source text; returns tokens (strings with their literal parts and interpolation holes), comments,
 * and for large files a survey of where candidates may be. Imports only model/.
 */
import { lexCLike, type CLikeDialect } from './cLike';
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
  javascript: { singleQuote: 'string', backtick: 'template', regexLiterals: true },
  go: { singleQuote: 'char', backtick: 'raw' },
  java: { singleQuote: 'char', tripleQuoteStrings: true },
  kotlin: {
    singleQuote: 'char',
    tripleQuoteStrings: true,
    interpolation: 'kotlin',
    nestedBlockComments: true,
  },
  csharp: { singleQuote: 'char', csharpStrings: true },
  php: {
    singleQuote: 'string',
    interpolation: 'php',
    hashComments: true,
    multilineStrings: true,
    phpTags: true,
  },
  rust: {
    singleQuote: 'char',
    rustStrings: true,
    multilineStrings: true,
    nestedBlockComments: true,
  },
  dart: {
    singleQuote: 'string',
    interpolation: 'kotlin',
    dartStrings: true,
    nestedBlockComments: true,
  },
  swift: { singleQuote: 'char', swiftStrings: true, nestedBlockComments: true },
};

const cLike = (
  family: LanguageFamily,
  concatenation: ReadonlySet<string> = PLUS,
): LanguageSupport => ({
  family,
  lex: (src, range) => lexCLike(src, dialects[family]!, range),
  concatenation,
  adjacentStrings: false,
  lineComment: '//',
});

/** HTML, Vue and Svelte files: the JavaScript/TypeScript inside their <script> blocks. */
const SCRIPT_BLOCKS: LanguageSupport = {
  ...cLike('javascript'),
  lex: (src, range) => lexCLike(src, { ...dialects.javascript!, scriptBlocks: true }, range),
};

const SUPPORT: Record<LanguageFamily, LanguageSupport> = {
  javascript: cLike('javascript'),
  go: cLike('go'),
  java: cLike('java'),
  kotlin: cLike('kotlin'),
  csharp: cLike('csharp'),
  php: cLike('php', new Set(['.', '.='])),
  rust: cLike('rust'),
  dart: { ...cLike('dart'), adjacentStrings: true },
  swift: cLike('swift'),
  python: {
    family: 'python',
    lex: lexPython,
    concatenation: PLUS,
    adjacentStrings: true,
    lineComment: '#',
  },
  ruby: {
    family: 'ruby',
    lex: lexRuby,
    concatenation: new Set(['+', '<<', '+=']),
    adjacentStrings: true,
    lineComment: '#',
  },
  shell: {
    family: 'shell',
    lex: lexShell,
    concatenation: new Set(),
    adjacentStrings: false,
    lineComment: '#',
  },
  http: { family: 'http', concatenation: new Set(), adjacentStrings: false, lineComment: '#' },
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
