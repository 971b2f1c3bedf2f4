/**
 * A URL kept in a name before it is sent: `const url = `${BASE}/pets/${id}`; … fetch(url)`. The
 * rewrite keeps the name for the collection's URL and hands the id to the call, so both the
 * assignment and the one call that uses the name change. Anything less clear (the name used
 * twice, reassigned, or the id changed between) is left for a person.
 */
import { HOLE, tokenEnd, type Token } from '../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../model/tokenWalk';
import type { Range } from './requestCall';

export interface StoredUrl {
  /** The name the URL is kept in. */
  name: string;
  /** The one use of it after the assignment: a token index and its offsets. */
  use: number;
  useRange: Range;
}

/** Tokens looked at after the assignment for the name's use: a function's worth. */
const REACH = 400;

const ASSIGNMENT = new Set(['=', ':=']);

/**
 * The name `url` (offsets of the URL expression) is assigned to, and its single later use, or
 * undefined. `idNames` are the identifiers of the id's expression: none may be assigned between.
 * With `objectKeys`, a name written as an object literal's key (`{ url: url }`: JavaScript's, not
 * Python's, whose keys are expressions) is not a use of it.
 */
export function storedUrl(
  tokens: readonly Token[],
  url: Range,
  idNames: readonly string[],
  options: { objectKeys?: boolean } = {},
): StoredUrl | undefined {
  const found = storedUrlOrProblem(tokens, url, idNames, options);
  return found && 'name' in found ? found : undefined;
}

/**
 * As storedUrl, or why a URL kept in a name has no one clear use: used twice (`fmt.Println(url)`
 * and `http.Get(url)`), assigned again, read in a string, or its id changed between.
 */
export function storedUrlOrProblem(
  tokens: readonly Token[],
  url: Range,
  idNames: readonly string[],
  options: { objectKeys?: boolean } = {},
): StoredUrl | { problem: string; uses: Range[] } | undefined {
  const first = tokenIndexAt(tokens, url.start);
  const operator = previousSignificant(tokens, first - 1);
  if (operator < 0 || !ASSIGNMENT.has(tokens[operator]!.text)) return undefined;
  const target = previousSignificant(tokens, operator - 1);
  if (target < 0 || tokens[target]!.kind !== 'ident') return undefined;
  // `a.b = …` keeps it in a member, which other code may read: not this shape.
  const before = previousSignificant(tokens, target - 1);
  if (before >= 0 && /^(\.|->|\?\.)$/.test(tokens[before]!.text)) return undefined;
  const name = tokens[target]!.text;
  const end = tokenIndexAt(tokens, url.end - 1);
  // Within the block that holds the assignment (a function's body), or a reach of tokens.
  const block = enclosingOpener(tokens, target, 20_000);
  const blockEnd =
    block >= 0 && tokens[block]!.text === '{' ? matchingCloser(tokens, block, 20_000) : -1;
  const stop = blockEnd >= 0 ? blockEnd : Math.min(tokens.length, end + REACH);
  let use = -1;
  // A string's interpolation that reads the name (`"GET ${url}"`, PHP's `"GET $url"`) is a use the
  // tokens do not show: the name kept for the collection would change what it says.
  const inString = new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w])`);
  for (let i = end + 1; i < stop; i++) {
    const token = tokens[i]!;
    if (token.kind === 'string' && token.parts?.includes(HOLE) && inString.test(token.text))
      return {
        problem: `${name}, the name the URL is kept in, is also read in a string: keeping it for the collection would change what that says`,
        uses: [],
      };
    if (token.kind !== 'ident') continue;
    if (token.text === name) {
      const after = nextSignificant(tokens, i + 1);
      const member = i > 0 && /^(\.|->|\?\.)$/.test(tokens[i - 1]!.text);
      if (member || (options.objectKeys && isObjectKey(tokens, i, after))) continue;
      // A log of the URL (`fmt.Println(url)`, `console.log('GET', url)`) then logs the collection's
      // URL, which is what is sent: not a use the rewrite would change the meaning of.
      if (inLogCall(tokens, i)) continue;
      // Assigned again, or used a second time: not one clear use.
      if (after >= 0 && ASSIGNMENT.has(tokens[after]!.text))
        return { problem: `${name}, the name the URL is kept in, is assigned again`, uses: [] };
      if (use >= 0)
        return {
          problem: `${name}, the name the URL is kept in, is used more than once: keeping it for the collection would change its other uses`,
          uses: [use, i].map((at) => ({ start: tokens[at]!.start, end: tokenEnd(tokens[at]!) })),
        };
      use = i;
    } else if (use < 0 && idNames.includes(token.text)) {
      const after = nextSignificant(tokens, i + 1);
      if (after >= 0 && (ASSIGNMENT.has(tokens[after]!.text) || changes(tokens, after)))
        return { problem: `the id (${token.text}) changes between the URL and its use`, uses: [] };
    }
  }
  if (use < 0) return undefined;
  return { name, use, useRange: { start: tokens[use]!.start, end: tokenEnd(tokens[use]!) } };
}

/** Calls that only log what they are given, by their callee's text. */
const LOG_CALLEE =
  /^(?:console\.(?:log|info|debug|warn|error|trace)|fmt\.(?:Print|Println|Printf|Fprintf|Fprintln)|log\.\w+|(?:this\.|self\.|_)?logger\.\w+|logging\.\w+|print|println|puts|System\.out\.println|Console\.WriteLine|Log\.[dive]|error_log)$/;

/** Whether the name at `name` is read among the arguments of a call that only logs them. */
function inLogCall(tokens: readonly Token[], name: number): boolean {
  const opener = enclosingOpener(tokens, name, 60);
  if (opener < 0 || tokens[opener]!.text !== '(') return false;
  let start = opener - 1;
  let callee = '';
  while (start >= 0) {
    const token = tokens[start]!;
    if (token.kind !== 'ident' && !/^(?:\.|->)$/.test(token.text)) break;
    callee = token.text + callee;
    start--;
  }
  return LOG_CALLEE.test(callee.replace(/->/g, '.'));
}

/** `{ url: …` or `, url: …`: the key of an object literal's entry. */
function isObjectKey(tokens: readonly Token[], name: number, after: number): boolean {
  const before = previousSignificant(tokens, name - 1);
  return (
    tokens[after]?.text === ':' && (tokens[before]?.text === '{' || tokens[before]?.text === ',')
  );
}

/** `+=`, `-=`, and `++`/`--`, which C-family lexers give as two tokens. */
function changes(tokens: readonly Token[], operator: number): boolean {
  const text = tokens[operator]!.text;
  if (/^(\+\+|--|\+=|-=)$/.test(text)) return true;
  const next = tokens[operator + 1];
  return (
    (text === '+' || text === '-') &&
    next?.text === text &&
    next.start === tokens[operator]!.start + 1
  );
}
