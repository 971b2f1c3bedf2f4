/**
 * A Python module's imports, read from its tokens: which names they bind (what `requests`, `rq`,
 * `urlopen` are in this module), where the module's header of imports ends (the helper goes
 * after it, before any module-level code can call it), and the edits that add an import where a
 * sorted block (isort's order, or the file's own) keeps it.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import { enclosingOpener } from '../../model/tokenWalk';
import type { TextEdit } from '../sourceEdit';

export interface ImportStatement {
  kind: 'import' | 'from';
  /** `import a.b` → a.b; `from .x import y` → .x. */
  module: string;
  /**
   * What each binds: the name in the module and what it stands for (`import urllib.request` binds
   * `urllib` to urllib; `import requests as rq`, `rq` to requests), and the dotted name imported.
   */
  bindings: { name: string; target: string; imported: string }[];
  /** Offsets: the statement's first character and the start of the line after it. */
  start: number;
  end: number;
  /** Written at the start of a line (a module's statement, not one inside a function). */
  topLevel: boolean;
}

export interface ModuleImports {
  statements: ImportStatement[];
  /** Top-level bound name → dotted path (`rq` → requests, `urlopen` → urllib.request.urlopen). */
  bound: Map<string, string>;
  /** Every module named anywhere in the file (also in functions): to tell its libraries. */
  modules: Set<string>;
}

const cache = new WeakMap<readonly Token[], ModuleImports>();

export function importsOf(text: string, tokens: readonly Token[]): ModuleImports {
  let found = cache.get(tokens);
  if (!found) {
    found = readImports(text, tokens);
    cache.set(tokens, found);
  }
  return found;
}

function readImports(text: string, tokens: readonly Token[]): ModuleImports {
  const statements: ImportStatement[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || (token.text !== 'import' && token.text !== 'from')) continue;
    const before = tokens[i - 1];
    if (before && before.kind !== 'newline' && before.text !== ';') continue;
    const statement = readStatement(text, tokens, i);
    if (statement) statements.push(statement);
  }
  const bound = new Map<string, string>();
  const modules = new Set<string>();
  for (const statement of statements) {
    modules.add(statement.module);
    for (const binding of statement.bindings) {
      if (statement.kind === 'import') modules.add(binding.imported);
      if (statement.topLevel) bound.set(binding.name, binding.target);
    }
  }
  return { statements, bound, modules };
}

function readStatement(
  text: string,
  tokens: readonly Token[],
  first: number,
): ImportStatement | undefined {
  const kind = tokens[first]!.text as 'import' | 'from';
  let i = first + 1;
  const dotted = (): string => {
    let name = '';
    while (i < tokens.length) {
      const token = tokens[i]!;
      if (token.kind === 'ident' && token.text !== 'import' && token.text !== 'as')
        name += token.text;
      else if (token.text === '.' || token.text === '...') name += token.text;
      else break;
      i++;
    }
    return name;
  };
  const bindings: ImportStatement['bindings'] = [];
  let module = '';
  let depth = 0;
  if (kind === 'import') {
    for (;;) {
      const target = dotted();
      if (!target) return undefined;
      if (!module) module = target;
      if (tokens[i]?.text === 'as' && tokens[i + 1]?.kind === 'ident') {
        bindings.push({ name: tokens[i + 1]!.text, target, imported: target });
        i += 2;
      } else {
        const head = target.split('.')[0]!;
        bindings.push({ name: head, target: head, imported: target });
      }
      if (tokens[i]?.text !== ',') break;
      i++;
    }
  } else {
    module = dotted();
    if (!module || tokens[i]?.text !== 'import') return undefined;
    i++;
    for (; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.text === '(') depth++;
      else if (token.text === ')') depth--;
      else if (token.kind === 'newline' && depth <= 0) break;
      else if (token.text === ';' && depth <= 0) break;
      else if (token.kind === 'ident' && token.text !== 'as') {
        const alias = tokens[i + 1]?.text === 'as' ? tokens[i + 2] : undefined;
        const name = alias?.kind === 'ident' ? alias.text : token.text;
        const target = `${module}.${token.text}`;
        bindings.push({ name, target, imported: target });
        if (alias) i += 2;
      }
    }
  }
  while (i < tokens.length && tokens[i]!.kind !== 'newline' && tokens[i]!.text !== ';') i++;
  const newline = tokens[i];
  const start = tokens[first]!.start;
  return {
    kind,
    module,
    bindings,
    start,
    end: newline?.kind === 'newline' ? tokenEnd(newline) : lineEndAfter(text, start),
    topLevel: start === 0 || text[start - 1] === '\n',
  };
}

function lineEndAfter(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline + 1;
}

/** What a dotted name stands for in this module (`rq.get` → requests.get), or undefined. */
export function resolveName(imports: ModuleImports, dotted: string): string | undefined {
  const dot = dotted.indexOf('.');
  const head = dot < 0 ? dotted : dotted.slice(0, dot);
  const target = imports.bound.get(head);
  return target === undefined ? undefined : target + (dot < 0 ? '' : dotted.slice(dot));
}

/**
 * Where the module's header of imports ends: after its last top-level import that comes before
 * any other top-level statement (a module docstring, comments and blank lines are part of the
 * header), and how many blank lines follow. Module-level code starts after it, so a helper placed
 * there is defined before any module-level code calls it. Without such an import: the first
 * other statement's start (after a shebang, comments and the docstring).
 */
export function headerEnd(
  text: string,
  tokens: readonly Token[],
  imports: ModuleImports,
): { at: number; blankLines: number; afterImports: boolean } {
  const topImports = imports.statements.filter((statement) => statement.topLevel);
  let firstOther = text.length;
  let docstring = true;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'newline') continue;
    const atLineStart = token.start === 0 || text[token.start - 1] === '\n';
    if (!atLineStart || enclosingOpener(tokens, i, 100_000) >= 0) continue;
    if (topImports.some((s) => s.start <= token.start && token.start < s.end)) continue;
    if (docstring && token.kind === 'string') {
      docstring = false;
      continue;
    }
    firstOther = token.start;
    break;
  }
  let at = -1;
  for (const statement of topImports)
    if (statement.end <= firstOther) at = Math.max(at, statement.end);
  if (at < 0) return { at: firstOther, blankLines: 0, afterImports: false };
  let blankLines = 0;
  let cursor = at;
  for (;;) {
    const end = text.indexOf('\n', cursor);
    if (end < 0 || text.slice(cursor, end).trim() !== '') break;
    blankLines++;
    cursor = end + 1;
  }
  return { at, blankLines, afterImports: true };
}

/** Common standard library modules: an import of one of these marks the standard library's block. */
const STANDARD_LIBRARY = new Set(
  (
    'abc argparse array ast asyncio base64 binascii bisect builtins calendar cgi codecs collections ' +
    'concurrent configparser contextlib contextvars copy csv ctypes dataclasses datetime decimal ' +
    'difflib email enum errno fnmatch fractions functools getpass gettext glob gzip hashlib heapq ' +
    'hmac html http importlib inspect io ipaddress itertools json locale logging math mimetypes ' +
    'multiprocessing numbers operator os pathlib pickle platform pprint queue random re secrets ' +
    'select shlex shutil signal socket sqlite3 ssl stat statistics string struct subprocess sys ' +
    'tempfile textwrap threading time timeit traceback types typing unicodedata unittest urllib ' +
    'uuid warnings weakref xml zipfile zlib zoneinfo'
  ).split(' '),
);

function isStandard(module: string): boolean {
  return STANDARD_LIBRARY.has(module.split('.')[0]!);
}

/**
 * The edits that add `import <module>` for each of `modules` not yet bound at the top level, each
 * in the block of imports it belongs to (its own module's, else the standard library's or the
 * third-party one), where the block's order keeps it sorted: isort's (plain imports first, then
 * `from` imports, each by name) or one order for both.
 */
export function addImports(
  text: string,
  imports: ModuleImports,
  modules: readonly string[],
  eol: string,
): TextEdit[] {
  const top = imports.statements.filter((statement) => statement.topLevel);
  const blocks: ImportStatement[][] = [];
  for (const statement of top) {
    const block = blocks[blocks.length - 1];
    const previous = block?.[block.length - 1];
    if (block && previous && previous.end === statement.start) block.push(statement);
    else blocks.push([statement]);
  }
  const edits: TextEdit[] = [];
  for (const module of [...modules].sort()) {
    if (isImported(imports, module)) continue;
    const head = module.split('.')[0]!;
    const line = `import ${module}`;
    const block =
      blocks.find((candidate) => candidate.some((s) => s.module.split('.')[0] === head)) ??
      blocks.find((candidate) =>
        candidate.some(
          (s) =>
            s.module !== '__future__' &&
            !s.module.startsWith('.') &&
            isStandard(s.module) === isStandard(module),
        ),
      );
    if (!block) {
      edits.push(newBlock(text, blocks, line, isStandard(module), eol));
      continue;
    }
    const at = placeIn(block, module, text);
    const unended = at === text.length && !text.endsWith('\n');
    edits.push({ start: at, end: at, newText: unended ? `${eol}${line}` : `${line}${eol}` });
  }
  return edits;
}

function isImported(imports: ModuleImports, module: string): boolean {
  if (!module.includes('.')) return imports.bound.has(module);
  return imports.statements.some(
    (statement) =>
      statement.topLevel &&
      statement.kind === 'import' &&
      statement.bindings.some(
        (binding) => binding.imported === module && binding.name === module.split('.')[0],
      ),
  );
}

const sortKey = (module: string) => module.toLowerCase();

/** The offset in `block` where `import module` keeps its order. */
function placeIn(block: readonly ImportStatement[], module: string, text: string): number {
  const key = sortKey(module);
  const plain = block.filter((statement) => statement.kind === 'import');
  const lastPlain = plain.length ? block.lastIndexOf(plain[plain.length - 1]!) : -1;
  const firstFrom = block.findIndex((statement) => statement.kind === 'from');
  const plainFirst = firstFrom < 0 || lastPlain < firstFrom;
  const candidates = plainFirst ? plain : block;
  const next = candidates.find((statement) => sortKey(statement.module) > key);
  if (next) return next.start;
  if (plainFirst && firstFrom >= 0) return block[firstFrom]!.start;
  const last = candidates[candidates.length - 1] ?? block[block.length - 1]!;
  return endOf(last, text);
}

function endOf(statement: ImportStatement, text: string): number {
  return Math.min(statement.end, text.length);
}

/** A block of its own: the standard library's before the others (after `__future__`), else last. */
function newBlock(
  text: string,
  blocks: readonly ImportStatement[][],
  line: string,
  standard: boolean,
  eol: string,
): TextEdit {
  const others = blocks.filter((block) => !block.every((s) => s.module === '__future__'));
  if (standard && others.length) {
    const at = others[0]![0]!.start;
    return { start: at, end: at, newText: `${line}${eol}${eol}` };
  }
  const last = blocks[blocks.length - 1];
  if (!last) return { start: 0, end: 0, newText: `${line}${eol}${eol}` };
  const at = endOf(last[last.length - 1]!, text);
  const unended = at === text.length && !text.endsWith('\n');
  return { start: at, end: at, newText: unended ? `${eol}${eol}${line}` : `${eol}${line}${eol}` };
}
