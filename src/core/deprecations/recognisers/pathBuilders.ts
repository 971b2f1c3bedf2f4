/**
 * Generated clients that build the path member by member (Kiota): `client.pets.byPetId(id).get()`,
 * `client.Pets[id].GetAsync()`, `client.Pets().ByPetId(id).Get(ctx, nil)`,
 * `client.pets.by_pet_id(pet_id).get()`; and resource-style SDKs (Stainless):
 * `client.pets.retrieve(id)`. The item is chosen by an indexer or a `by…` method named for the
 * path's parameter, then read with the builder's get.
 */
import { tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import type { RawFinding } from './urlScanner';

/** Methods that read the item a path builder chose. */
const GETS = new Set(['get', 'Get', 'GetAsync', 'get_async']);
/** `by…` methods of a path parameter: byPetId, ByPetId, by_pet_id, byId. */
const BY_PARAMETER = /^(?:by|By|by_)\w+$/;

/** The texts a file must hold for a path builder's call: for a quick test before lexing. */
export const PATH_BUILDER_NEEDLES = [
  '.pets.',
  '.Pets',
  '.pets(',
  '.pets\n',
  '.pets\r',
  'pets.retrieve',
];

export function scanPathBuilders(tokens: readonly Token[]): RawFinding[] {
  const findings: RawFinding[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || (token.text !== 'pets' && token.text !== 'Pets')) continue;
    const dot = previousSignificant(tokens, i - 1);
    if (dot < 0 || tokens[dot]!.text !== '.') continue;
    const end = builderCallEnd(tokens, i);
    if (!end) continue;
    const start = chainStart(tokens, i);
    findings.push({
      kind: 'operation',
      confidence: end.certain ? 'certain' : 'likely',
      start: tokens[start]!.start,
      end: tokenEnd(tokens[end.last]!),
      anchor: tokens[start]!.start,
      detail: tokens
        .slice(i, end.last + 1)
        .filter((part) => part.kind !== 'newline')
        .map((part) => part.text)
        .join('')
        .replace(/\((?!\))[^()]*\)/g, '(…)')
        .replace(/\[[^\]]*\]/g, '[…]'),
    });
  }
  return findings;
}

/**
 * The end of `pets[…].get(…)` or `pets.byPetId(…).get(…)` (with `pets()` for builders that are
 * methods) from the `pets` token, or `pets.retrieve(…)`; undefined for anything else.
 */
function builderCallEnd(
  tokens: readonly Token[],
  pets: number,
): { last: number; certain: boolean } | undefined {
  let at = nextSignificant(tokens, pets + 1);
  if (at < 0) return undefined;
  // Java's and Go's builders are methods: pets().byPetId(…), Pets().ByPetId(…).
  if (tokens[at]!.text === '(' && tokens[at + 1]?.text === ')')
    at = nextSignificant(tokens, at + 2);
  if (at < 0) return undefined;
  let chosen: number;
  if (tokens[at]!.text === '[') chosen = matchingCloser(tokens, at, 200);
  else if (tokens[at]!.text === '.') {
    const member = nextSignificant(tokens, at + 1);
    const open = member < 0 ? -1 : nextSignificant(tokens, member + 1);
    if (open < 0 || tokens[open]!.text !== '(') return undefined;
    const name = tokens[member]!.text;
    if (name === 'retrieve') return { last: matchingCloser(tokens, open, 400), certain: false };
    if (!BY_PARAMETER.test(name)) return undefined;
    chosen = matchingCloser(tokens, open, 400);
  } else return undefined;
  const dot = nextSignificant(tokens, chosen + 1);
  if (dot < 0 || tokens[dot]!.text !== '.') return undefined;
  const get = nextSignificant(tokens, dot + 1);
  const open = get < 0 ? -1 : nextSignificant(tokens, get + 1);
  if (open < 0 || !GETS.has(tokens[get]!.text) || tokens[open]!.text !== '(') return undefined;
  return { last: matchingCloser(tokens, open, 400), certain: true };
}
