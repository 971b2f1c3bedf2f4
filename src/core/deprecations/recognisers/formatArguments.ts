/**
 * A collection URL kept in a name and handed to a format call: `fmt.Sprintf("%s/%d", petsURL, id)`,
 * `format!("{}{}/{}", BASE, PETS, id)`, `String.format("%s/%d", PETS, id)`,
 * `string.Format("{0}/{1}", PetsUrl, id)`, `"{}/{}".format(PETS_URL, pid)`, `"%s/%s" % (PETS, pid)`.
 * Each placeholder takes its argument in order; a collection name's argument stands for `…/pets`,
 * any other for a hole, and the result is judged as any URL.
 */
import { HOLE_CHAR, literalText, type Token } from '../model/tokens';
import { matchingCloser, nextSignificant } from '../model/tokenWalk';
import { judgeUrl, type RawFinding, type ScanOptions } from './urlScanner';

/** printf verbs (%s %d %v %05d %-8s) and brace fields ({} {0} {:?} {name}), in order. */
const PLACEHOLDER = /%[-+ #0]*\d*(?:\.\d+)?[sdvxiqfuS]|\{[^{}]*\}/g;
/** Arguments read per call: a format call with more is not a URL's. */
const MAX_ARGUMENTS = 12;

/** What each argument's name stands for, if it names a collection URL. */
export type CollectionOf = (first: number, last: number) => string | undefined;

export function scanFormatArguments(
  tokens: readonly Token[],
  strings: readonly number[],
  collectionOf: CollectionOf,
  options: ScanOptions,
): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const i of strings) {
    const format = literalText(tokens[i]);
    if (format === undefined || !format.includes('/')) continue;
    const placeholders = [...format.matchAll(PLACEHOLDER)];
    if (placeholders.length === 0) continue;
    const args = formatArguments(tokens, i);
    if (!args || args.length < placeholders.length) continue;
    let named = false;
    let rendered = '';
    let from = 0;
    placeholders.forEach((match, k) => {
      const [first, last] = args[k]!;
      const collection = collectionOf(first, last);
      if (collection) named = true;
      rendered += format.slice(from, match.index) + (collection ?? HOLE_CHAR);
      from = match.index + match[0].length;
    });
    if (!named) continue;
    rendered += format.slice(from);
    const finding = judgeUrl(tokens, {
      first: i,
      last: i,
      methodSite: i,
      rendered,
      shell: options.shell,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}

/**
 * The token ranges of the arguments a format string at `at` fills: those after it in its call
 * (`Sprintf(fmt, a, b)`), in its `.format(a, b)`, or after Python's `%`.
 */
function formatArguments(tokens: readonly Token[], at: number): [number, number][] | undefined {
  const next = nextSignificant(tokens, at + 1);
  if (next < 0) return undefined;
  const text = tokens[next]!.text;
  if (text === ',') {
    const close = closerAfter(tokens, next);
    return close < 0 ? undefined : splitArguments(tokens, next + 1, close - 1);
  }
  if (text === '.' && tokens[next + 1]?.text === 'format') {
    const open = nextSignificant(tokens, next + 2);
    if (open < 0 || tokens[open]!.text !== '(') return undefined;
    const close = matchingCloser(tokens, open, 400);
    return close < 0 ? undefined : splitArguments(tokens, open + 1, close - 1);
  }
  if (text === '%') {
    const operand = nextSignificant(tokens, next + 1);
    if (operand < 0) return undefined;
    if (tokens[operand]!.text === '(') {
      const close = matchingCloser(tokens, operand, 400);
      return close < 0 ? undefined : splitArguments(tokens, operand + 1, close - 1);
    }
    return [[operand, operand]];
  }
  return undefined;
}

/** The `)` that closes the call whose argument list holds `from`. */
function closerAfter(tokens: readonly Token[], from: number): number {
  let depth = 0;
  for (let i = from; i < tokens.length && i < from + 400; i++) {
    const text = tokens[i]!.text;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') {
      if (depth === 0) return text === ')' ? i : -1;
      depth--;
    } else if (depth === 0 && text === ';') return -1; // the statement ended: not in a call
  }
  return -1;
}

/** Top-level comma-separated ranges of significant tokens in [first, last]. */
function splitArguments(tokens: readonly Token[], first: number, last: number): [number, number][] {
  const ranges: [number, number][] = [];
  let start = -1;
  let end = -1;
  let depth = 0;
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind === 'newline') continue;
    const text = token.text;
    if (depth === 0 && text === ',') {
      if (start >= 0) ranges.push([start, end]);
      if (ranges.length >= MAX_ARGUMENTS) return ranges;
      start = -1;
      continue;
    }
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') depth--;
    if (start < 0) start = i;
    end = i;
  }
  if (start >= 0) ranges.push([start, end]);
  return ranges;
}
