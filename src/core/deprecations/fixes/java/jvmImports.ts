/**
 * The imports a JVM helper needs, added to a Java or Kotlin file as its author keeps them: each
 * where it sorts among the others when they are sorted (within their block), after the last one
 * otherwise, after the package line when there are none. An import already there (or its
 * package's `*`) is not added again; a simple name the file imports from another package is a
 * clash, which the rewrite leaves for a person.
 */
import type { TextEdit } from '../sourceEdit';

interface ImportLine {
  name: string;
  isStatic: boolean;
  /** The line's start and the offset after its line ending. */
  start: number;
  next: number;
  /** Whether a blank line (or anything but an import) comes before it since the previous one. */
  startsBlock: boolean;
}

const IMPORT =
  /^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+(?:\.\*)?)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;?[ \t]*(?:\/\/[^\n]*)?$/;

export function importEdits(
  text: string,
  needed: readonly string[],
  eol: string,
  kotlin: boolean,
): TextEdit[] | { problem: string } {
  const lines = importLines(text);
  const aliases = new Map<string, string>();
  for (const match of text.matchAll(/^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+(\w+)/gm))
    aliases.set(match[2]!, match[1]!);
  const missing: string[] = [];
  for (const name of needed) {
    const simple = name.slice(name.lastIndexOf('.') + 1);
    const pkg = name.slice(0, name.lastIndexOf('.'));
    const plain = lines.filter((line) => !line.isStatic);
    if (plain.some((line) => line.name === name || line.name === `${pkg}.*`)) continue;
    const other =
      plain.find((line) => line.name !== name && line.name.endsWith(`.${simple}`))?.name ??
      aliases.get(simple);
    if (other) return { problem: `the file imports another ${simple} (${other})` };
    if (new RegExp(`\\b(class|interface|enum|record|object)\\s+${simple}\\b`).test(text))
      return { problem: `the file declares its own ${simple}` };
    missing.push(name);
  }
  if (missing.length === 0) return [];
  const end = kotlin ? '' : ';';
  const statement = (name: string) => `import ${name}${end}${eol}`;
  const plain = lines.filter((line) => !line.isStatic);
  if (plain.length === 0) {
    const anchor = lines[lines.length - 1];
    if (anchor)
      return [{ start: anchor.next, end: anchor.next, newText: missing.map(statement).join('') }];
    const pkg = /^[ \t]*package[ \t]+[\w.]+[ \t]*;?[ \t]*$/m.exec(text);
    if (!pkg) return [{ start: 0, end: 0, newText: missing.map(statement).join('') + eol }];
    const after = pkg.index + pkg[0].length;
    const lineEnd = text.startsWith('\r\n', after)
      ? after + 2
      : text[after] === '\n'
        ? after + 1
        : after;
    return [{ start: lineEnd, end: lineEnd, newText: eol + missing.map(statement).join('') }];
  }
  const sorted = isSortedInBlocks(plain);
  const edits = new Map<number, string[]>();
  for (const name of [...missing].sort()) {
    let at = plain[plain.length - 1]!.next;
    if (sorted) {
      const before = plain.filter((line) => line.name < name).pop();
      at = before ? before.next : plain[0]!.start;
    }
    edits.set(at, [...(edits.get(at) ?? []), statement(name)]);
  }
  return [...edits].map(([at, statements]) => ({
    start: at,
    end: at,
    newText: statements.join(''),
  }));
}

function importLines(text: string): ImportLine[] {
  const lines: ImportLine[] = [];
  let offset = 0;
  let gap = true;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const match = IMPORT.exec(line.replace(/\r$/, ''));
    if (match) {
      lines.push({
        name: match[2]!,
        isStatic: !!match[1],
        start,
        next: Math.min(offset, text.length),
        startsBlock: gap,
      });
      gap = false;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || !/^(package|\/\/|\/\*|\*)/.test(trimmed)) gap = true;
    // The first class or function ends the imports.
    if (
      /^(public|private|internal|protected|abstract|final|open|data|sealed|class|interface|enum|record|object|fun|val|var|@)/.test(
        trimmed,
      )
    )
      break;
  }
  return lines;
}

/** Whether each block of imports (between blank lines) is in order. */
function isSortedInBlocks(lines: readonly ImportLine[]): boolean {
  for (let i = 1; i < lines.length; i++)
    if (!lines[i]!.startsBlock && lines[i]!.name < lines[i - 1]!.name) return false;
  return true;
}
