/**
 * A module's ES imports by name (`import { HttpClient, HttpParams } from '@angular/common/http'`):
 * which local names they bind, and the edits that add names where the file keeps them sorted —
 * into the module's existing import (in its order, on its own lines when it has one name a line),
 * else as a new import among the packages' imports (in their order when they are sorted).
 */
import type { FileStyle } from '../fileStyle';
import type { TextEdit } from '../sourceEdit';

export interface ImportedName {
  imported: string;
  local: string;
  /** `type X` inside the braces, or the whole statement is `import type`. */
  typeOnly: boolean;
  /** Offsets of the specifier (`HttpClient`, `map as rxMap`). */
  start: number;
  end: number;
}

export interface ImportStatement {
  module: string;
  /** The statement's offsets (after its `;` when it has one). */
  start: number;
  end: number;
  typeOnly: boolean;
  defaultName?: string;
  namespace?: string;
  /** Offsets of `{` and `}`, when the statement names imports. */
  braces?: { open: number; close: number };
  names: ImportedName[];
}

const STATEMENT =
  /^import\s+(type\s+)?((?:[^'";]|\n)*?)\s*from\s*(['"])([^'"\n]+)\3[ \t]*;?|^import\s*(['"])([^'"\n]+)\5[ \t]*;?/gm;

export function importStatements(text: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const match of text.matchAll(STATEMENT)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[6] !== undefined) {
      statements.push({ module: match[6], start, end, typeOnly: false, names: [] });
      continue;
    }
    const typeOnly = match[1] !== undefined;
    const clause = match[2]!;
    const clauseStart = start + match[0].indexOf(clause, 'import'.length);
    const statement: ImportStatement = { module: match[4]!, start, end, typeOnly, names: [] };
    const defaultName = /^([A-Za-z_$][\w$]*)\s*(,|$)/.exec(clause);
    if (defaultName && defaultName[1] !== 'type') statement.defaultName = defaultName[1];
    const namespace = /\*\s*as\s+([A-Za-z_$][\w$]*)/.exec(clause);
    if (namespace) statement.namespace = namespace[1];
    const open = clause.indexOf('{');
    const close = clause.lastIndexOf('}');
    if (open >= 0 && close > open) {
      statement.braces = { open: clauseStart + open, close: clauseStart + close };
      let at = open + 1;
      for (const part of clause.slice(open + 1, close).split(',')) {
        const specifier = part.trim();
        const offset = clauseStart + at + part.indexOf(specifier);
        at += part.length + 1;
        if (!specifier) continue;
        const parsed = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(specifier);
        if (!parsed) continue;
        statement.names.push({
          imported: parsed[2]!,
          local: parsed[3] ?? parsed[2]!,
          typeOnly: typeOnly || parsed[1] !== undefined,
          start: offset,
          end: offset + specifier.length,
        });
      }
    }
    statements.push(statement);
  }
  return statements;
}

/** The local name `module`'s export `imported` has in the file (a type-only import counts when `type`). */
export function localNameOf(
  statements: readonly ImportStatement[],
  module: string,
  imported: string,
  asType = false,
): string | undefined {
  for (const statement of statements)
    if (statement.module === module)
      for (const name of statement.names)
        if (name.imported === imported && (asType || !name.typeOnly)) return name.local;
  return undefined;
}

/** Every local name the file's imports bind, with the module each comes from. */
export function importedLocals(statements: readonly ImportStatement[]): Map<string, string> {
  const locals = new Map<string, string>();
  for (const statement of statements) {
    for (const name of statement.names) locals.set(name.local, statement.module);
    if (statement.defaultName) locals.set(statement.defaultName, statement.module);
    if (statement.namespace) locals.set(statement.namespace, statement.module);
  }
  return locals;
}

export interface WantedImport {
  module: string;
  /** Names the code uses; `types` are used as types only (a type-only import binds them too). */
  names: readonly string[];
  types?: readonly string[];
  /**
   * The names are types that exist only as types (RTK Query's FetchArgs): they go into an
   * `import type`, as `verbatimModuleSyntax` requires, never into a value import.
   */
  typeOnly?: boolean;
}

/** Compares as the names are already ordered: case-insensitively, or by code point. */
type Order = (a: string, b: string) => number;

const caseless: Order = (a, b) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};
const ordinal: Order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function isSorted(values: readonly string[], order: Order): boolean {
  for (let i = 1; i < values.length; i++) if (order(values[i - 1]!, values[i]!) > 0) return false;
  return true;
}

/** The order `values` are in (case-insensitive first, as editors sort), or undefined. */
function orderOf(values: readonly string[]): Order | undefined {
  if (isSorted(values, caseless)) return caseless;
  if (isSorted(values, ordinal)) return ordinal;
  return undefined;
}

/**
 * The edits that import what `wanted` lists and the file does not bind yet, computed on `text`.
 * Names go into the module's import that names others (not a type-only one for values), in its
 * order; a module without one gets a statement of its own.
 */
export function addNamedImports(
  text: string,
  wanted: readonly WantedImport[],
  style: FileStyle,
): TextEdit[] {
  const statements = importStatements(text);
  const edits: TextEdit[] = [];
  const fresh: string[] = [];
  for (const { module, names, types = [], typeOnly = false } of wanted) {
    const missing = [
      ...names.filter((name) => localNameOf(statements, module, name) !== name),
      ...types.filter((name) => localNameOf(statements, module, name, true) !== name),
    ];
    if (missing.length === 0) continue;
    const into = statements.find(
      (statement) =>
        statement.module === module &&
        statement.braces &&
        (typeOnly
          ? statement.typeOnly
          : !statement.typeOnly || missing.every((name) => types.includes(name))),
    );
    if (into) edits.push(...namesInto(text, into, missing, style.eol));
    else fresh.push(module);
  }
  // New statements at one place are one edit, in the modules' order ('rxjs' before 'rxjs/operators').
  const placed = new Map<number, { lines: { module: string; line: string }[]; after: boolean }>();
  for (const module of fresh) {
    const want = wanted.find((entry) => entry.module === module)!;
    const types = want.types ?? [];
    const missing = [...want.names, ...types]
      .filter((name) => localNameOf(statements, module, name, types.includes(name)) !== name)
      .sort(caseless);
    const { at, line, after } = newStatement(
      text,
      statements,
      module,
      missing,
      style,
      want.typeOnly ?? false,
    );
    const group = placed.get(at) ?? { lines: [], after };
    group.lines.push({ module, line });
    placed.set(at, group);
  }
  for (const [at, { lines, after }] of placed) {
    const sorted = lines.sort((a, b) => ordinal(a.module, b.module)).map((entry) => entry.line);
    const newText = after
      ? sorted.map((line) => `${style.eol}${line}`).join('')
      : sorted.map((line) => `${line}${style.eol}`).join('') +
        (at === 0 && !text.startsWith('import') ? style.eol : '');
    edits.push({ start: at, end: at, newText });
  }
  return edits;
}

function namesInto(
  text: string,
  statement: ImportStatement,
  missing: readonly string[],
  eol: string,
): TextEdit[] {
  const existing = statement.names;
  const braces = statement.braces!;
  if (existing.length === 0) {
    return [
      {
        start: braces.open + 1,
        end: braces.close,
        newText: ` ${[...missing].sort(caseless).join(', ')} `,
      },
    ];
  }
  const order = orderOf(existing.map((name) => name.imported));
  const inside = text.slice(braces.open + 1, existing[0]!.start);
  const multiline = /\n/.test(inside);
  const indent = multiline ? /([ \t]*)$/.exec(inside)![1]! : '';
  const last = existing[existing.length - 1]!;
  const afterLast = text.slice(last.end, braces.close);
  const trailingComma = /^\s*,/.test(afterLast);
  // Where each name goes: before the first existing name after it in the order, else at the end.
  const before = new Map<number, string[]>();
  const atEnd: string[] = [];
  for (const name of [...missing].sort(order ?? caseless)) {
    const next = order ? existing.find((other) => order(other.imported, name) > 0) : undefined;
    if (next) before.set(next.start, [...(before.get(next.start) ?? []), name]);
    else atEnd.push(name);
  }
  const edits: TextEdit[] = [];
  for (const [start, names] of before)
    edits.push({
      start,
      end: start,
      newText: names.map((name) => (multiline ? `${name},${eol}${indent}` : `${name}, `)).join(''),
    });
  if (atEnd.length) {
    if (trailingComma) {
      const comma = last.end + afterLast.indexOf(',') + 1;
      edits.push({
        start: comma,
        end: comma,
        newText: atEnd
          .map((name) => (multiline ? `${eol}${indent}${name},` : ` ${name},`))
          .join(''),
      });
    } else
      edits.push({
        start: last.end,
        end: last.end,
        newText: atEnd
          .map((name) => (multiline ? `,${eol}${indent}${name}` : `, ${name}`))
          .join(''),
      });
  }
  return edits;
}

function newStatement(
  text: string,
  statements: readonly ImportStatement[],
  module: string,
  names: readonly string[],
  style: FileStyle,
  typeOnly = false,
): { at: number; line: string; after: boolean } {
  const spaced = !statements.some(
    (statement) => statement.braces && /^\{\S/.test(text.slice(statement.braces.open)),
  );
  const list = spaced ? `{ ${names.join(', ')} }` : `{${names.join(', ')}}`;
  const line = `import ${typeOnly ? 'type ' : ''}${list} from ${style.quote}${module}${style.quote}${style.semicolons ? ';' : ''}`;
  const packages = statements.filter((statement) => !statement.module.startsWith('.'));
  if (packages.length === 0) return { at: statements[0]?.start ?? 0, line, after: false };
  const order = orderOf(packages.map((statement) => statement.module));
  const next = order
    ? packages.find((statement) => order(statement.module, module) > 0)
    : undefined;
  if (next) return { at: next.start, line, after: false };
  return { at: packages[packages.length - 1]!.end, line, after: true };
}
