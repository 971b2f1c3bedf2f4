/**
 * What a URL whose method is not seen is handed to, and whether that says it is not a request: a
 * helper or a JSX component named for another method (confirmDelete(url), <ConfirmDelete
 * petUrl={…}>), or a helper whose result a test only checks (assert normalize_path("/pets/{id}")
 * == …). Imports only model/ and the roles judge.
 */
import { WordList } from '../model/identifierWords';
import type { Token } from '../model/tokens';
import {
  chainStart,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import { callAround, isExpectedValue } from './roles';

/** The URL starting at token `site` goes to something that only hints at a request. */
export function isHandedToNonRequest(tokens: readonly Token[], site: number): boolean {
  const taker = takerOf(tokens, site);
  if (taker === undefined) return builtBy(tokens, site, namedForOtherMethod);
  return namedForOtherMethod(tokens[taker]!.text) || isCheckedOnly(tokens, taker);
}

/**
 * Whether the URL at `site` is the whole body of an arrow function whose name `says` something:
 * Dart's `static String petDelete(dynamic id) => '/pets/$id';`, JavaScript's
 * `const deletePetUrl = (id) => `/pets/${id}``. A URL builder named for a DELETE builds the
 * DELETE's URL, though the GET's is the same text.
 */
function builtBy(tokens: readonly Token[], site: number, says: (name: string) => boolean): boolean {
  const arrow = previousSignificant(tokens, site - 1);
  if (arrow < 0 || tokens[arrow]!.text !== '=>') return false;
  let close = previousSignificant(tokens, arrow - 1);
  // A return type between the parameters and the arrow: `(id: string): string =>`.
  if (
    tokens[close]?.kind === 'ident' &&
    tokens[previousSignificant(tokens, close - 1)]?.text === ':'
  )
    close = previousSignificant(tokens, previousSignificant(tokens, close - 1) - 1);
  if (tokens[close]?.text !== ')') return false;
  const open = matchingOpener(tokens, close);
  let name = previousSignificant(tokens, open - 1);
  // `const name = (…) =>`, `name: (…) =>`: the name is before the `=` or the `:`.
  if (tokens[name]?.text === '=' || tokens[name]?.text === ':')
    name = previousSignificant(tokens, name - 1);
  return name >= 0 && tokens[name]!.kind === 'ident' && says(tokens[name]!.text);
}

/** Words of a helper's or a component's name that say a method other than GET. */
const OTHER_METHOD_WORDS = new WordList([
  'delete',
  'remove',
  'destroy',
  'update',
  'put',
  'patch',
  'post',
  'create',
  'save',
  'upload',
  'edit',
]);
/** …unless the name says it reads too: fetchAndUpdate, loadOrCreate. */
const READ_WORDS = new WordList(['get', 'fetch', 'load', 'read', 'show', 'view', 'find', 'list']);

function namedForOtherMethod(name: string): boolean {
  return OTHER_METHOD_WORDS.inName(name) && !READ_WORDS.inName(name);
}

/** What the URL is handed to: the call's callee, or the element of a JSX attribute (its name's token). */
function takerOf(tokens: readonly Token[], first: number): number | undefined {
  // URI.create(…), fmt.Sprintf(…) only wrap the URL: what takes their result decides.
  const { opener, callee } = callAround(tokens, first);
  if (callee >= 0) return callee;
  if (opener < 1) return undefined;
  const equals = previousSignificant(tokens, opener - 1);
  if (tokens[opener]!.text !== '{' || equals < 0 || tokens[equals]!.text !== '=') return undefined;
  // <ConfirmDelete show={show} petUrl={…}>: back over the other attributes to the element's name.
  for (let i = equals - 1, steps = 0; i >= 0 && steps < 200; i--, steps++) {
    const text = tokens[i]!.text;
    if (text === '}') {
      i = matchingOpener(tokens, i);
      if (i < 0) return undefined;
    } else if (text === '<') {
      const name = nextSignificant(tokens, i + 1);
      return name >= 0 && tokens[name]!.kind === 'ident' ? name : undefined;
    } else if (text === '>' || text === ';' || text === '{' || text === '(') return undefined;
  }
  return undefined;
}

/** Words of a call chain that may send what it is given: api_get, client.call, session.send. */
const SENDING_WORDS = new WordList([
  'get',
  'fetch',
  'load',
  'read',
  'request',
  'call',
  'send',
  'http',
  'api',
  'client',
  'session',
]);

/**
 * A helper whose result a test only checks (`assert normalize_path("/pets/{id}") == "pets_id"`,
 * `expect(buildPath('/pets/1')).toBe(…)`), named for nothing that sends: it computes, it does not
 * request.
 */
function isCheckedOnly(tokens: readonly Token[], taker: number): boolean {
  if (tokens[nextSignificant(tokens, taker + 1)]?.text !== '(') return false; // a JSX element
  const start = chainStart(tokens, taker);
  for (let i = start; i <= taker; i++)
    if (tokens[i]!.kind === 'ident' && SENDING_WORDS.inName(tokens[i]!.text)) return false;
  return isExpectedValue(tokens, start);
}
