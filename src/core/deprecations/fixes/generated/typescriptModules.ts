/**
 * A TypeScript or JavaScript file's imports and the generated modules they lead to: which class a
 * receiver is (`const api = new PetsApi(…)`, `private readonly petsApi: PetsApi`), the import it
 * comes from, that module's file (`./generated` → `./generated/index.ts`) and the file that
 * declares the class, through `export * from './apis/index'` and `export { PetsApi } from …`. Read
 * from the text with patterns: generated modules are regular enough, and what is not found is
 * left for a person.
 */
import { dirname, resolve } from 'node:path';
import type { FileStyle } from '../fileStyle';
import type { TextEdit } from '../sourceEdit';
import type { Surroundings } from './workspaceFiles';

export interface ImportSpecifier {
  imported: string;
  local: string;
  typeOnly: boolean;
  start: number;
  end: number;
}

export interface ImportStatement {
  start: number;
  end: number;
  module: string;
  /** `import type { … }`: names only for types. */
  typeOnly: boolean;
  defaultName?: string;
  namespace?: string;
  /** `{ … }`: its braces' offsets and its specifiers, when it has them. */
  braces?: { start: number; end: number };
  named: ImportSpecifier[];
}

const IMPORT =
  /^[ \t]*import\s+(type\s+)?((?:[A-Za-z_$][\w$]*\s*,?\s*)?(?:\*\s*as\s+[A-Za-z_$][\w$]*|\{[^}]*\})?)\s*from\s*(['"])([^'"\n]+)\3[ \t]*;?/gm;

export function importsOf(text: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const clause = match[2]!;
    const clauseStart = match.index + match[0].indexOf(clause, 'import'.length);
    const statement: ImportStatement = {
      start: match.index + match[0].length - match[0].trimStart().length,
      end: match.index + match[0].length,
      module: match[4]!,
      typeOnly: !!match[1],
      named: [],
    };
    const defaultName = /^([A-Za-z_$][\w$]*)\s*(?:,|$)/.exec(clause)?.[1];
    if (defaultName) statement.defaultName = defaultName;
    const namespace = /\*\s*as\s+([A-Za-z_$][\w$]*)/.exec(clause)?.[1];
    if (namespace) statement.namespace = namespace;
    const open = clause.indexOf('{');
    if (open >= 0) {
      const close = clause.indexOf('}', open);
      statement.braces = { start: clauseStart + open, end: clauseStart + close + 1 };
      const list = /[^,\s][^,]*/g;
      const inner = clause.slice(open + 1, close);
      for (const entry of inner.matchAll(list)) {
        const written = entry[0].trimEnd();
        const parts = /^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(written);
        if (!parts) continue;
        const start = clauseStart + open + 1 + entry.index;
        statement.named.push({
          imported: parts[2]!,
          local: parts[3] ?? parts[2]!,
          typeOnly: !!parts[1],
          start,
          end: start + written.length,
        });
      }
    }
    statements.push(statement);
  }
  return statements;
}

/**
 * The class a receiver is an instance of, as the file declares it: `new PetsApi(…)` itself, or
 * the name's declarations (`api = new PetsApi(…)`, `petsApi: PetsApi`). Undefined when none or
 * more than one class is seen.
 */
export function receiverClass(text: string, receiver: string): string | undefined {
  const constructed = /^new\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*[(<]/.exec(receiver);
  if (constructed) return constructed[1];
  const name = /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(receiver.replace(/\s+/g, ''))?.[1];
  if (!name) return undefined;
  const escaped = name.replace(/\$/g, '\\$');
  const classes = new Set<string>();
  const type = '([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)?)';
  const patterns = [
    new RegExp(`(?:^|[^\\w$.])${escaped}\\s*[!?]?\\s*:\\s*${type}\\s*[,;)=\\n]`, 'gm'),
    new RegExp(`(?:^|[^\\w$])${escaped}\\s*(?::[^=;\\n]+)?=\\s*new\\s+${type}\\s*[(<]`, 'gm'),
  ];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern)) classes.add(match[1]!);
  return classes.size === 1 ? [...classes][0] : undefined;
}

/** The import binding `local` (`PetsApi`, or `gen` of `gen.PetsApi`), and the name it imports. */
export function importOf(
  imports: readonly ImportStatement[],
  local: string,
): { statement: ImportStatement; imported: string } | undefined {
  const [head, member] = local.split('.');
  for (const statement of imports) {
    if (member && statement.namespace === head) return { statement, imported: member };
    if (member) continue;
    const specifier = statement.named.find((named) => named.local === head);
    if (specifier) return { statement, imported: specifier.imported };
  }
  return undefined;
}

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'];

/** The file a relative module specifier names from `folder`, or undefined (a package, unread). */
export function moduleFile(
  surroundings: Surroundings,
  folder: string,
  specifier: string,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(folder, specifier);
  const candidates = [
    // ESM imports name the emitted `.js` of a `.ts` source.
    ...(/\.(m|c)?js$/.test(base) ? [base.replace(/\.(m|c)?js$/, '.$1ts')] : []),
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => resolve(base, `index${extension}`)),
  ];
  for (const candidate of candidates)
    if (/\.[cm]?[jt]sx?$/.test(candidate) && surroundings.read(candidate) !== undefined)
      return candidate;
  return undefined;
}

export interface DeclaringFile {
  path: string;
  text: string;
  /** The declaration's offset in it. */
  at: number;
}

/**
 * The file under `path` (a module) that declares `name` with `kind`, following its re-exports a
 * few modules deep.
 */
export function declaringFile(
  surroundings: Surroundings,
  path: string,
  name: string,
  kind: 'class' | 'any',
  seen = new Set<string>(),
): DeclaringFile | undefined {
  if (seen.has(path) || seen.size > 64) return undefined;
  seen.add(path);
  const text = surroundings.read(path);
  if (text === undefined) return undefined;
  const declaration = new RegExp(
    `^export\\s+(?:declare\\s+)?(?:abstract\\s+)?${kind === 'class' ? 'class' : '(?:class|const|function|interface|type|enum)'}\\s+${name.replace(/\$/g, '\\$')}\\b`,
    'm',
  ).exec(text);
  if (declaration) return { path, text, at: declaration.index };
  const folder = dirname(path);
  for (const match of text.matchAll(/^export\s+(\*|\{[^}]*\})\s*from\s*(['"])([^'"\n]+)\2/gm)) {
    const names = match[1]!;
    if (names !== '*' && !new RegExp(`(?:^|[{,\\s])${name}(?:\\s*[,}]|\\s+as\\b)`).test(names))
      continue;
    const file = moduleFile(surroundings, folder, match[3]!);
    const found = file && declaringFile(surroundings, file, name, kind, seen);
    if (found) return found;
  }
  return undefined;
}

/** The text from a class's declaration to the next top-level declaration after it. */
export function classBody(file: DeclaringFile): string {
  const rest = file.text.slice(file.at);
  const next =
    /\n(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:class|const|function|interface|type|enum)\s/.exec(
      rest.slice(1),
    );
  return next ? rest.slice(0, next.index + 1) : rest;
}

/** The members of `interface name { … }` in `text`: each name and whether it is optional. */
export function interfaceMembers(
  text: string,
  name: string,
): { name: string; optional: boolean }[] | undefined {
  const start = new RegExp(`\\binterface\\s+${name}\\s*(?:extends[^{]*)?\\{`).exec(text);
  if (!start) return undefined;
  const end = text.indexOf('\n}', start.index);
  const body = text.slice(start.index + start[0].length, end < 0 ? undefined : end);
  const members: { name: string; optional: boolean }[] = [];
  for (const line of body.split('\n')) {
    const member = /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)(\??)\s*:/.exec(line);
    if (member) members.push({ name: member[1]!, optional: member[2] === '?' });
  }
  return members;
}

/** A parameter list's names in order: `(limit?: number, status?: PetStatus, options?: …)`. */
export function parameterNames(list: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= list.length; i++) {
    const char = list[i];
    if (i === list.length || (char === ',' && depth === 0)) {
      const name = /^\s*(?:readonly\s+|public\s+|private\s+)?([A-Za-z_$][\w$]*)/.exec(
        list.slice(from, i),
      )?.[1];
      if (name) names.push(name);
      from = i + 1;
    } else if (char === '<' || char === '(' || char === '{' || char === '[') depth++;
    else if (char === '>' || char === ')' || char === '}' || char === ']') depth--;
  }
  return names;
}

/**
 * The edit that adds `name` to an import's braces, where its order keeps it (sorted lists stay
 * sorted; others get it last), written as the list is (one line, or one name a line).
 */
export function addedSpecifier(
  text: string,
  statement: ImportStatement,
  name: string,
  style: FileStyle,
): TextEdit | undefined {
  const { braces, named } = statement;
  if (!braces || named.length === 0) return undefined;
  const key = (specifier: string) => specifier.toLowerCase();
  const sorted = named.every(
    (specifier, i) => i === 0 || key(named[i - 1]!.imported) <= key(specifier.imported),
  );
  const at = sorted
    ? named.filter((specifier) => key(specifier.imported) < key(name)).length
    : named.length;
  const multiline = text.slice(braces.start, braces.end).includes('\n');
  const first = named[0]!;
  const indent = multiline
    ? /[ \t]*$/.exec(text.slice(text.lastIndexOf('\n', first.start) + 1, first.start))![0]
    : '';
  if (at === 0)
    return {
      start: first.start,
      end: first.start,
      newText: multiline ? `${name},${style.eol}${indent}` : `${name}, `,
    };
  const previous = named[at - 1]!;
  if (!multiline) return { start: previous.end, end: previous.end, newText: `, ${name}` };
  const comma = /^\s*,/.exec(text.slice(previous.end, braces.end));
  if (comma) {
    const after = previous.end + comma[0].length;
    return { start: after, end: after, newText: `${style.eol}${indent}${name},` };
  }
  return { start: previous.end, end: previous.end, newText: `,${style.eol}${indent}${name}` };
}

/** The edit that adds `import { name } from 'module'` after the file's last import. */
export function addedImportLine(
  imports: readonly ImportStatement[],
  name: string,
  module: string,
  style: FileStyle,
): TextEdit {
  const end = style.semicolons ? ';' : '';
  const line = `import { ${name} } from ${style.quote}${module}${style.quote}${end}`;
  const last = imports[imports.length - 1];
  if (!last) return { start: 0, end: 0, newText: `${line}${style.eol}` };
  return { start: last.end, end: last.end, newText: `${style.eol}${line}` };
}
