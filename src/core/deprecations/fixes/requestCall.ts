/**
 * The call a request's URL is an argument of: `fetch(url, init)`, `axios.get(url, config)`,
 * `requests.get(url, timeout=5)`. Its callee (as written and with spaces taken out), its
 * arguments' ranges, and which argument the URL is: what a rewrite replaces.
 */
import { tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  previousSignificant,
  skipTypeArguments,
  tokenIndexAt,
} from '../model/tokenWalk';

export interface Range {
  /** Offsets in the file's text. */
  start: number;
  end: number;
}

export interface RequestCall {
  /** The callee, from its first token to the last before `(` or its type arguments. */
  callee: Range & { text: string; first: number; last: number };
  /** `<Pet>` between the callee and `(`, when there is one. */
  typeArguments?: Range;
  /** The parentheses, as token indices. */
  open: number;
  close: number;
  /** Each argument's source range (trimmed) and its tokens. */
  args: (Range & { first: number; last: number })[];
  /** The index of the argument holding the URL. */
  urlArgument: number;
}

/** The call whose argument list holds the offset range `url`, or why there is none. */
export function callAround(
  text: string,
  tokens: readonly Token[],
  url: Range,
): RequestCall | { problem: string } {
  const firstUrlToken = tokenIndexAt(tokens, url.start);
  const open = enclosingOpener(tokens, firstUrlToken, 2000);
  if (open < 0 || tokens[open]!.text !== '(')
    return { problem: 'the URL is not an argument of a call (kept in a name, say)' };
  const close = matchingCloser(tokens, open, 20_000);
  if (tokens[close]?.text !== ')') return { problem: 'the call is not closed' };
  const beforeOpen = previousSignificant(tokens, open - 1);
  const calleeLast = skipTypeArguments(tokens, beforeOpen);
  if (calleeLast < 0 || tokens[calleeLast]!.kind !== 'ident')
    return { problem: 'the URL is inside brackets that are not a call' };
  const calleeFirst = chainStart(tokens, calleeLast);
  const args: RequestCall['args'] = [];
  let argStart = open + 1;
  let depth = 0;
  for (let i = open + 1; i <= close; i++) {
    const token = tokens[i]!;
    if (i === close || (depth === 0 && token.text === ',')) {
      const first = nextNonNewline(tokens, argStart, i);
      const last = previousNonNewline(tokens, i - 1, argStart);
      if (first >= 0 && last >= first)
        args.push({ start: tokens[first]!.start, end: tokenEnd(tokens[last]!), first, last });
      argStart = i + 1;
      continue;
    }
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
  }
  const urlArgument = args.findIndex((arg) => arg.start <= url.start && url.end <= arg.end);
  if (urlArgument < 0) return { problem: 'the URL is not one argument of the call' };
  const calleeEnd = tokenEnd(tokens[calleeLast]!);
  const call: RequestCall = {
    callee: {
      start: tokens[calleeFirst]!.start,
      end: calleeEnd,
      text: text.slice(tokens[calleeFirst]!.start, calleeEnd).replace(/\s+/g, ''),
      first: calleeFirst,
      last: calleeLast,
    },
    open,
    close,
    args,
    urlArgument,
  };
  if (calleeLast !== beforeOpen)
    call.typeArguments = { start: calleeEnd, end: tokenEnd(tokens[beforeOpen]!) };
  return call;
}

function nextNonNewline(tokens: readonly Token[], from: number, to: number): number {
  for (let i = from; i < to; i++) if (tokens[i]!.kind !== 'newline') return i;
  return -1;
}

function previousNonNewline(tokens: readonly Token[], from: number, to: number): number {
  for (let i = from; i >= to; i--) if (tokens[i]!.kind !== 'newline') return i;
  return -1;
}
