/**
 * The abstract method a declared client's mapping annotation is on (Feign, OpenFeign, Retrofit):
 * its name, the id it takes (alone, annotated as the library wants), and the pet type it answers
 * (maybe wrapped: `ResponseEntity<Pet>`, `Call<Pet>`), or why a rewrite should not touch it.
 */
import { tokenEnd } from '../../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import type { Rewrite, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { declaredClientRewriter } from './declaredClients';

/** Return types whose answer is not the pet's body, decoded. */
const NOT_A_BODY = /^(void|String|Object|Response|ResponseEntity|Optional|byte|int|long|boolean)$/;

/** The interface the offset is declared in (Feign's own clients carry no annotation). */
export function interfaceBefore(
  text: string,
  offset: number,
): { name: string; attributes: string } | undefined {
  const interfaces = [...text.slice(0, offset).matchAll(/\binterface\s+(\w+)/g)];
  const last = interfaces[interfaces.length - 1];
  return last ? { name: last[1]!, attributes: '' } : undefined;
}

export interface DeclaredMethod {
  name: string;
  returns: string;
  /** The pet's type: what the method answers, or what its ResponseEntity holds. */
  body: string;
  /** Whether the pet comes wrapped (`ResponseEntity<Pet>`, `Call<Pet>`): `body` is then inside. */
  wrapped: boolean;
  idType: string;
  id: string;
  /** Parameters that go with each list as they went with the removed request (headers, queries). */
  passed: JavaParameter[];
  /** Where the id is among all the parameters. */
  idIndex: number;
  /** The offset after the method's `;`. */
  end: number;
}

export interface JavaParameter {
  /** As declared: `@Header("Authorization") String token`. */
  declared: string;
  type: string;
  name: string;
}

/**
 * The abstract method after the mapping, when it takes the id alone (or with parameters whose
 * annotation `passed` accepts) and answers a body type.
 */
export function methodAfter(
  site: RequestSite,
  close: number,
  idAnnotation: RegExp,
  /** The generic type the pet may (or, for `Call`, must) come wrapped in. */
  /** `ResponseEntity`, `Call`, RxJava's types, or an envelope of the project's (`ApiResponse`). */
  wrapper?: string,
  passed?: RegExp,
): DeclaredMethod | string {
  const { text, tokens } = site;
  let i = nextSignificant(tokens, close + 1);
  if (tokens[i]?.text === '@')
    return 'the method has other annotations: the list would need them too';
  const returnsStart = i;
  let name = -1;
  for (let steps = 0; i >= 0 && steps < 20; steps++, i = nextSignificant(tokens, i + 1)) {
    if (tokens[i]!.text === '(') {
      name = i - 1;
      while (name > returnsStart && tokens[name]!.kind !== 'ident') name--;
      break;
    }
    if (/^[;{}=]$/.test(tokens[i]!.text)) return 'the mapping is not on an abstract method';
  }
  if (name <= returnsStart) return 'the mapping is not on an abstract method';
  const returns = text.slice(tokens[returnsStart]!.start, tokens[name]!.start).trim();
  const entity = wrapper
    ? new RegExp(`^${wrapper}\\s*<\\s*([A-Za-z_][\\w.]*)\\s*>$`).exec(returns)
    : null;
  if (wrapper && wrapper !== 'ResponseEntity' && !entity)
    return `the method answers ${returns}, not a ${wrapper} of the pet`;
  const body = entity ? entity[1]! : returns;
  if (!/^[A-Za-z_][\w.]*$/.test(body) || NOT_A_BODY.test(body.replace(/^.*\./, '')))
    return `the method answers ${returns}, not the pet’s body`;
  const open = i;
  const closeParen = matchingCloser(tokens, open, 2000);
  const semicolon = nextSignificant(tokens, closeParen + 1);
  if (tokens[semicolon]?.text !== ';') return 'the mapping is not on an abstract method';
  const parameters = text.slice(tokenEnd(tokens[open]!), tokens[closeParen]!.start);
  const read = readParameters(parameters, idAnnotation, passed);
  if (typeof read === 'string') return read;
  return {
    name: tokens[name]!.text,
    returns,
    body,
    wrapped: entity !== null,
    ...read,
    end: tokenEnd(tokens[semicolon]),
  };
}

/** The id's parameter and those passed on, or why the method takes others. */
function readParameters(
  parameters: string,
  idAnnotation: RegExp,
  passed: RegExp | undefined,
): Pick<DeclaredMethod, 'idType' | 'id' | 'passed' | 'idIndex'> | string {
  const more = 'the method takes more than the id: the list would need them too';
  let id: { type: string; name: string; index: number } | undefined;
  const others: JavaParameter[] = [];
  for (const [index, declared] of topLevelParts(parameters).entries()) {
    const plain = declared
      .replace(/@[\w.]+(\s*\([^()]*\))?/g, '')
      .replace(/\bfinal\b/g, '')
      .trim();
    const parameter = /^([A-Za-z_][\w.]*(?:\s*<[^()]*>)?)\s+(\w+)$/.exec(plain);
    if (!parameter) return more;
    if (idAnnotation.test(declared) && !id) {
      if (!/^[A-Za-z_][\w.]*$/.test(parameter[1]!)) return more;
      id = { type: parameter[1]!, name: parameter[2]!, index };
    } else if (passed?.test(declared.trim())) {
      if (/^(status|limit)$/.test(parameter[2]!) || /\(\s*"(status|limit)"/.test(declared))
        return 'the method already takes a status or a limit';
      others.push({ declared: declared.trim(), type: parameter[1]!, name: parameter[2]! });
    } else return more;
  }
  if (!id) return more;
  return { idType: id.type, id: id.name, passed: others, idIndex: id.index };
}

/** A parameter list (Java's or Kotlin's) split at its top-level commas. */
export function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '<' || c === '[') depth++;
    else if (c === ')' || c === '>' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) parts.push(text.slice(start));
  return parts;
}

/** A request of a declared client left for a person, with the declared clients' snippet. */
export function leftWithSnippet(site: RequestSite): (reason: string) => Rewrite {
  return (reason) => {
    const declared = declaredClientRewriter.rewrite(site);
    return { manual: reason, snippet: declared && 'snippet' in declared ? declared.snippet : '' };
  };
}

/** Whether the mapping annotation (its first token at `first`) is the method's first annotation. */
export function firstAnnotation(tokens: RequestSite['tokens'], first: number): boolean {
  const before = previousSignificant(tokens, first - 1);
  return before < 0 || /^[;{}]$/.test(tokens[before]!.text);
}

/**
 * The edits that declare `list` beside the method and put the lookup in its place, at the
 * method's indentation. Comments above the method stay with it (the list goes above them); the
 * lookup's own doc is then said in its body (`lookup(true)`) rather than as a second doc comment.
 * The list is parted from the member before it as the type parts its members (by a blank line,
 * or not, as most of them are), even when the method was not; the lookup, a body, always is from
 * the member after it.
 */
export function methodReplacement(
  site: RequestSite,
  annotationFirst: number,
  methodEnd: number,
  list: readonly string[],
  lookup: (commented: boolean) => string[],
): TextEdit[] {
  const { text, tokens, style } = site;
  const lineStart = text.lastIndexOf('\n', tokens[annotationFirst]!.start - 1) + 1;
  const base = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const before = previousSignificant(tokens, annotationFirst - 1);
  const previousEnd = before >= 0 ? tokenEnd(tokens[before]!) : 0;
  // The first line after the previous member that holds anything: its comments, or the mapping.
  let commentsStart = before >= 0 ? text.indexOf('\n', previousEnd) + 1 : lineStart;
  while (commentsStart < lineStart && /^[ \t]*\r?\n/.test(text.slice(commentsStart, lineStart)))
    commentsStart = text.indexOf('\n', commentsStart) + 1;
  const commented = /\S/.test(text.slice(commentsStart, lineStart));
  const parted = membersPartedByBlankLines(text, tokens, annotationFirst, {
    start: tokens[annotationFirst]!.start,
    end: methodEnd,
  });
  const next = nextSignificant(tokens, tokenIndexAt(tokens, methodEnd - 1) + 1);
  const gapBefore =
    parted &&
    /^[;}]$/.test(tokens[before]?.text ?? '') &&
    !hasBlankLine(text, previousEnd, commentsStart)
      ? style.eol
      : '';
  const gapAfter =
    next >= 0 && tokens[next]!.text !== '}' && !hasBlankLine(text, methodEnd, tokens[next]!.start)
      ? style.eol
      : '';
  if (!commented)
    return [
      {
        start: lineStart,
        end: methodEnd,
        newText: gapBefore + styled([...list, '', ...lookup(false)], style, { base }) + gapAfter,
      },
    ];
  return [
    {
      start: commentsStart,
      end: commentsStart,
      newText: gapBefore + styled([...list, ''], style, { base }) + style.eol,
    },
    { start: lineStart, end: methodEnd, newText: styled(lookup(true), style, { base }) + gapAfter },
  ];
}

function hasBlankLine(text: string, start: number, end: number): boolean {
  return /\n[ \t]*\r?\n/.test(text.slice(start, end));
}

/**
 * Whether the type around token `inside` parts its members by blank lines: most pairs of
 * consecutive members (a tie, or no pair to judge, counts as yes, Java's usual way), those
 * touching `skipped` (the method replaced) left out.
 */
function membersPartedByBlankLines(
  text: string,
  tokens: RequestSite['tokens'],
  inside: number,
  skipped: { start: number; end: number },
): boolean {
  const open = enclosingOpener(tokens, inside, 1_000_000);
  if (tokens[open]?.text !== '{') return true;
  const close = matchingCloser(tokens, open, 1_000_000);
  let depth = 0;
  let parted = 0;
  let joined = 0;
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind === 'punct' && /^[([{]$/.test(token.text)) depth++;
    else if (token.kind === 'punct' && /^[)\]}]$/.test(token.text)) depth--;
    // A member ends with its `;` or its body's `}` (not an array initializer's, followed by `;`).
    if (depth !== 0 || !(token.text === ';' || token.text === '}')) continue;
    const next = nextSignificant(tokens, i + 1);
    if (next < 0 || next >= close || /^[;,)]$/.test(tokens[next]!.text)) continue;
    const end = tokenEnd(token);
    if (end > skipped.start - 1 && token.start < skipped.end) continue;
    if (tokens[next]!.start >= skipped.start && tokens[next]!.start < skipped.end) continue;
    if (hasBlankLine(text, end, tokens[next]!.start)) parted++;
    else joined++;
  }
  return parted >= joined;
}

/** The lookup's doc: a doc comment, or, below a doc comment of the method's own, line comments. */
export function lookupDoc(
  doc: readonly string[],
  commented: boolean,
): { above: string[]; inBody: string[] } {
  return commented
    ? { above: [], inBody: doc.slice(1, -1).map((line) => `  // ${line.replace(/^ \* ?/, '')}`) }
    : { above: [...doc], inBody: [] };
}
