/**
 * Whether "/pets/" in a URL expression follows another resource's id that the code puts there:
 * `$"{_uri}/{ownerId}/pets/{petId}"`, `base + "/" + owner.getId() + "/pets/" + id`. Such pets
 * are nested under their owner (another API's path, as /owners/{id}/pets/{id} is); the owner's own
 * segment is then in the base, so the rendered URL alone cannot tell it from a base URL. The
 * names of the code before "/pets/" can: an id's name ends with the word "id". Imports only model/.
 */
import { identifierWords } from '../model/identifierWords';
import { isIdentPart, type Token } from '../model/tokens';
import { matchingOpener, previousSignificant } from '../model/tokenWalk';

const PETS = '/pets/';

export function isUnderParentId(tokens: readonly Token[], first: number, last: number): boolean {
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'string') continue;
    for (let at = token.text.indexOf(PETS); at !== -1; at = token.text.indexOf(PETS, at + 1)) {
      const hole = holeBefore(token.text, at);
      if (hole !== undefined && (namesAnId(hole) || namesAnOwner(hole))) return true;
    }
    // "…/pets/…" opening a string joined to what comes before: base + "/" + ownerId + "/pets/" + id.
    if (opensWithPets(token.text) && namesAnId(operandBefore(tokens, i) ?? '')) return true;
  }
  return false;
}

/**
 * The expression interpolated right before `at` in a string's source: `{ownerId}`, `${owner.id}`,
 * `#{owner.id}`, Swift's `\(ownerID)`, or a `$ownerId` variable (Kotlin, Dart, PHP, shell).
 */
function holeBefore(source: string, at: number): string | undefined {
  const close = source[at - 1];
  if (close === '}' || close === ')') {
    const open = close === '}' ? '{' : '(';
    let depth = 0;
    for (let i = at - 1; i >= 0; i--) {
      if (source[i] === close) depth++;
      else if (source[i] === open && --depth === 0) {
        if (open === '(' && source[i - 1] !== '\\') return undefined; // a group, not \(…)
        return source.slice(i + 1, at - 1);
      }
    }
    return undefined;
  }
  const variable = /\$\{?([A-Za-z_]\w*)$/.exec(source.slice(Math.max(0, at - 64), at));
  return variable?.[1];
}

/** A string whose text starts with "/pets/" (after its quote, and a prefix such as f, r or $). */
function opensWithPets(source: string): boolean {
  for (let i = 0; i <= 3 && i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === 34 || code === 39 || code === 96) return source.startsWith(PETS, i + 1);
  }
  return false;
}

/** The source of the operand joined just before string token `index` (`ownerId`, `owner.getId()`). */
function operandBefore(tokens: readonly Token[], index: number): string | undefined {
  const operator = previousSignificant(tokens, index - 1);
  if (operator < 0 || tokens[operator]!.kind !== 'punct') return undefined;
  if (tokens[operator]!.text !== '+' && tokens[operator]!.text !== '.') return undefined;
  let end = previousSignificant(tokens, operator - 1);
  if (end >= 0 && tokens[end]!.text === ')') {
    const open = matchingOpener(tokens, end);
    end = open < 0 ? -1 : previousSignificant(tokens, open - 1);
  }
  return end >= 0 && tokens[end]!.kind === 'ident' ? tokens[end]!.text : undefined;
}

/** Words for whom pets belong to: `/{username}/pets/{id}` is a user's pet, another API's path. */
const OWNER_WORDS = new Set([
  'username',
  'user',
  'owner',
  'customer',
  'shelter',
  'account',
  'login',
]);

/** `{username}`, `{owner}`, `${user.login}`: the last name's last word names an owner. */
function namesAnOwner(expression: string): boolean {
  const last = /([A-Za-z_]\w*)\W*$/.exec(expression)?.[1];
  return last !== undefined && OWNER_WORDS.has(identifierWords(last).at(-1) ?? '');
}

/** `ownerId`, `owner_id`, `ownerID`, `owner.id`, `owner.getId()`: the last name's last word is "id". */
function namesAnId(expression: string): boolean {
  // The last name: skip what closes it (a call's parentheses), then take its word characters.
  let end = expression.length;
  while (end > 0 && !isIdentPart(expression.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isIdentPart(expression.charCodeAt(start - 1))) start--;
  // Most names do not end with "id" at all: no need to split them into words.
  if (end - start < 2 || (expression.charCodeAt(end - 1) | 32) !== 100) return false;
  if ((expression.charCodeAt(end - 2) | 32) !== 105) return false;
  return identifierWords(expression.slice(start, end)).at(-1) === 'id';
}
