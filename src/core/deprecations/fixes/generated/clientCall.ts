/**
 * A generated client's call as the finder reports it (the operation's name, kind `operation`):
 * the receiver before it (`api`, `this.petsApi`, `new PetsApi(config)`, `client.PetsAPI`), the
 * arguments after it, and what the whole call spans, the part a rewrite replaces.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import {
  chainStart,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import type { Range } from '../requestCall';
import type { RequestSite } from '../rewriter';

export interface ClientCall {
  /** The operation's name as written (`getPet`, `get_pet_by_id`, `GetPetAsync`). */
  name: string;
  /** The receiver's source text and range, when there is one. */
  receiver?: Range & { text: string; first: number };
  /** The argument list's parentheses (token indices) and each argument (trimmed source). */
  open: number;
  close: number;
  args: (Range & { text: string; first: number; last: number })[];
  /** From the receiver's start (or the name's) to the closing parenthesis. */
  span: Range;
}

/** The call at the site's finding, or why it is no plain call (handed on as a value, say). */
export function clientCallAt(site: RequestSite): ClientCall | { problem: string } {
  const { tokens, text } = site;
  const at = tokenIndexAt(tokens, site.url.start);
  const nameToken = tokens[at];
  if (!nameToken || nameToken.kind !== 'ident' || nameToken.start !== site.url.start)
    return { problem: 'the operation is not called by its name here' };
  const open = nextSignificant(tokens, at + 1);
  if (tokens[open]?.text !== '(')
    return { problem: `${nameToken.text} is handed on as a value here, not called` };
  const close = matchingCloser(tokens, open, 20_000);
  if (tokens[close]?.text !== ')') return { problem: 'the call is not closed' };
  const call: ClientCall = {
    name: nameToken.text,
    open,
    close,
    args: argumentsOf(text, tokens, open, close),
    span: { start: nameToken.start, end: tokenEnd(tokens[close]) },
  };
  const separator = previousSignificant(tokens, at - 1);
  const dot = tokens[separator]?.text;
  if (dot === '.' || dot === '?.' || dot === '->' || dot === '::') {
    const last = previousSignificant(tokens, separator - 1);
    if (last < 0) return { problem: 'the call has no receiver' };
    // `PetsApi(client).get_pet(…)`: chainStart walks from a name, so start at the call's callee.
    let from = last;
    if (tokens[last]!.text === ')' || tokens[last]!.text === ']') {
      const opener = matchingOpener(tokens, last);
      const callee = previousSignificant(tokens, opener - 1);
      from = opener >= 0 && tokens[callee]?.kind === 'ident' ? callee : opener;
      if (from < 0) return { problem: 'the receiver is not read' };
    }
    let first = chainStart(tokens, from);
    // `new PetsApi(config).getPet(…)`: the constructor's call is part of the receiver.
    const before = previousSignificant(tokens, first - 1);
    if (tokens[before]?.text === 'new') first = before;
    const start = tokens[first]!.start;
    const end = tokenEnd(tokens[last]!);
    call.receiver = { start, end, text: text.slice(start, end), first };
    call.span.start = start;
  }
  return call;
}

function argumentsOf(
  text: string,
  tokens: readonly Token[],
  open: number,
  close: number,
): ClientCall['args'] {
  const args: ClientCall['args'] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open + 1; i <= close; i++) {
    const token = tokens[i]!;
    if (i === close || (depth === 0 && token.text === ',')) {
      let first = from;
      while (first < i && tokens[first]!.kind === 'newline') first++;
      let last = i - 1;
      while (last >= first && tokens[last]!.kind === 'newline') last--;
      if (last >= first) {
        const start = tokens[first]!.start;
        const end = tokenEnd(tokens[last]!);
        args.push({ start, end, text: text.slice(start, end), first, last });
      }
      from = i + 1;
      continue;
    }
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
  }
  return args;
}

/** The last name of a receiver: `this.petsApi` → petsApi, `api` → api; undefined for a call. */
export function receiverName(receiver: string): string | undefined {
  return /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(receiver.replace(/\s+/g, ''))?.[1];
}
