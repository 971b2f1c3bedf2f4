/**
 * A URL a client object is made for, with the method on the request it executes: RestSharp's
 * `client = new RestClient($"…/pets/{id}")` then `new RestRequest("/", Method.PUT)` executed by
 * it. The request object states the method, and its path is what the URL is completed with: a
 * path other than "" or "/" makes the URL a base of another resource. Imports only model/ and the
 * method arguments judge.
 */
import { argumentMethod } from './methodArguments';
import { WordList } from '../model/identifierWords';
import { literalText, type Token } from '../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** Words of a type made for a URL that then executes requests: RestClient, HttpClient. */
const CLIENT_TYPES = new WordList(['client']);
/** Words of the request object such a client executes: RestRequest, HttpRequestMessage. */
const REQUEST_TYPES = new WordList(['request']);
/** Tokens of the function after the client is made, searched for its request. */
const REQUEST_REACH = 400;

/**
 * The method of the request the client made for the URL at `first` executes, if the code shows
 * one: `GET`, another method, or `PATH` when the request adds a path of its own (the URL is only
 * the client's base).
 */
export function clientRequestMethod(tokens: readonly Token[], first: number): string | undefined {
  const opener = enclosingOpener(tokens, first, 20);
  if (opener < 2 || tokens[opener]!.text !== '(') return undefined;
  if (nextSignificant(tokens, opener + 1) !== first) return undefined;
  const type = previousSignificant(tokens, opener - 1);
  const word = previousSignificant(tokens, type - 1);
  if (tokens[word]?.text !== 'new' || !CLIENT_TYPES.inName(tokens[type]!.text)) return undefined;
  const close = matchingCloser(tokens, opener, 400);
  const end = Math.min(tokens.length, close + REQUEST_REACH, functionEnd(tokens, opener));
  for (let i = close + 1; i < end; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || tokens[i - 1]?.text !== 'new') continue;
    if (!REQUEST_TYPES.inName(token.text) || CLIENT_TYPES.inName(token.text)) continue;
    const open = nextSignificant(tokens, i + 1);
    if (tokens[open]?.text !== '(') return undefined;
    const path = nextSignificant(tokens, open + 1);
    const text = tokens[path]?.kind === 'string' ? literalText(tokens[path]) : undefined;
    if (text !== undefined && text.trim() !== '' && text.trim() !== '/') return 'PATH';
    return argumentMethod(tokens, open + 1, matchingCloser(tokens, open, 400));
  }
  return undefined;
}

/** Words before `(…) {` that open a block, not a function's body. */
const CONTROL = new Set([
  'if',
  'for',
  'foreach',
  'while',
  'using',
  'lock',
  'switch',
  'catch',
  'fixed',
]);

/** The end of the body of the function holding token `index` (its blocks climbed), or the file's. */
function functionEnd(tokens: readonly Token[], index: number): number {
  let at = index;
  for (let level = 0; level < 8; level++) {
    const open = enclosingOpener(tokens, at, 100_000);
    if (open < 0) break;
    const before = previousSignificant(tokens, open - 1);
    if (tokens[open]!.text === '{' && tokens[before]?.text === ')') {
      const head = previousSignificant(tokens, matchingOpener(tokens, before) - 1);
      if (tokens[head]?.kind === 'ident' && !CONTROL.has(tokens[head].text))
        return matchingCloser(tokens, open, 100_000);
    }
    at = open;
  }
  return tokens.length;
}
