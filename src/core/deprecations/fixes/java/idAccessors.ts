/**
 * How Java code reads a pet type's id, from the type's declaration: a record's `id()`, a public
 * field's `id`, a getter's `getId()` (declared, or made by Lombok's @Data, @Getter or @Value;
 * `id()` under @Accessors(fluent = true)), a method `id()`. A type whose declaration says none of
 * these (its id inherited, a Kotlin class) is not listed: the rewrite then calls getId(), as for a
 * type it cannot read.
 */
export type IdAccessor = 'id()' | 'id' | 'getId()';

/**
 * Declared types by qualified name (`com.shop.dto.PetDTO`) and simple name; a simple name declared
 * with different accessors in different packages maps to undefined (its qualified name decides).
 */
export type IdAccessors = Map<string, IdAccessor | undefined>;

/** The accessor of each class and record a Java text declares, added to `into`. */
export function addIdAccessors(text: string, into: IdAccessors): IdAccessors {
  if (!/\b(class|record)\b/.test(text)) return into;
  const code = blanked(text);
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(code)?.[1];
  for (const match of code.matchAll(/(?<![\w$.])(class|record)\s+([A-Za-z_$][\w$]*)/g)) {
    const accessor = accessorOf(code, match.index, match[1] as 'class' | 'record', match[2]!);
    if (!accessor) continue;
    const simple = match[2]!;
    if (pkg) into.set(`${pkg}.${simple}`, accessor);
    into.set(simple, into.has(simple) && into.get(simple) !== accessor ? undefined : accessor);
  }
  return into;
}

/**
 * The accessor of `type` (as the method's return type names it) in `text`, the client's file:
 * resolved by its qualified name (written, imported, or in the file's package), else by its
 * simple name; getId() when neither is known.
 */
export function idAccessorOf(accessors: IdAccessors, text: string, type: string): IdAccessor {
  const simple = type.replace(/^.*\./, '');
  const imported = new RegExp(`^\\s*import\\s+([\\w.]+\\.${simple})\\s*;`, 'm').exec(text)?.[1];
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const qualified = type.includes('.') ? type : (imported ?? (pkg ? `${pkg}.${simple}` : simple));
  return accessors.get(qualified) ?? accessors.get(simple) ?? 'getId()';
}

function accessorOf(
  code: string,
  at: number,
  keyword: 'class' | 'record',
  name: string,
): IdAccessor | undefined {
  let headerEnd = at + keyword.length + 1 + name.length;
  let components = '';
  if (keyword === 'record') {
    const open = code.indexOf('(', headerEnd);
    const close = open >= 0 ? matching(code, open, '(', ')') : -1;
    if (close < 0) return undefined;
    components = code.slice(open + 1, close);
    headerEnd = close + 1;
  }
  const open = code.indexOf('{', headerEnd);
  if (open < 0 || /[;}]/.test(code.slice(headerEnd, open))) return undefined;
  const close = matching(code, open, '{', '}');
  const members = ownMembers(code.slice(open + 1, close < 0 ? code.length : close));
  if (/[\w$>\]]\s+getId\s*\(\s*\)/.test(members)) return 'getId()';
  // Lombok's annotations on the class (before it, after the previous declaration).
  const before = code.slice(Math.max(0, code.lastIndexOf(';', at), code.lastIndexOf('}', at)), at);
  const fluent = /@(lombok\.experimental\.)?Accessors\s*\([^)]*\bfluent\s*=\s*true/.test(before);
  const idField = fieldNamedId(members);
  if (
    /@(lombok\.)?(Data|Getter|Value)\b/.test(before) ||
    /@(lombok\.)?Getter\b/.test(idField ?? '')
  )
    return fluent ? 'id()' : 'getId()';
  if (/[\w$>\]]\s+id\s*\(\s*\)/.test(members)) return 'id()';
  if (keyword === 'record' && /(^|[\s,>\]])id\s*$/m.test(components.split(',').join('\n')))
    return 'id()';
  if (idField !== undefined && /\bpublic\b/.test(idField)) return 'id';
  return undefined;
}

/** The declaration of a field named `id` among a class's own members (annotations, modifiers, type). */
function fieldNamedId(members: string): string | undefined {
  for (const statement of members.split(/[;{}]/)) {
    const declaration = statement.replace(/@[\w.]+\s*(\([^()]*\))?/g, ' ');
    if (/^[^()=]*[\w$>\]]\s+id\s*(=[\s\S]*)?$/.test(declaration.trim())) return statement;
  }
  return undefined;
}

/** The offset of the closer matching the opener at `open`, or -1. */
export function matching(code: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === opener) depth++;
    else if (code[i] === closer && --depth === 0) return i;
  }
  return -1;
}

/** A class body with its nested blocks (method bodies, inner classes) emptied. */
export function ownMembers(body: string): string {
  let depth = 0;
  let own = '';
  for (const char of body) {
    if (char === '}') depth--;
    own += depth > 0 ? ' ' : char;
    if (char === '{') depth++;
  }
  return own;
}

/** The text with comments, strings and character literals blanked (offsets kept). */
export function blanked(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g,
    (found) => found.replace(/[^\n]/g, ' '),
  );
}
