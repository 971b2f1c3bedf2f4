/**
 * Whether the id put after "/pets/" is named for another resource: `/api/pets/${clientId}`,
 * `"/pets/" + ownerId`. Such a URL lists a client's or an owner's pets (its caller reads a list),
 * not the pet's GET by id; a path parameter so named (`{ownerId}`) is judged in model/petPath.
 * An id naming the pet too (`clientPetId`) stays the pet's. Imports only model/.
 */
import { identifierWords } from '../model/identifierWords';
import { OTHER_RESOURCE_WORDS } from '../model/petPath';
import { type Token } from '../model/tokens';
import { nextSignificant } from '../model/tokenWalk';

const PETS = 'pets/';

export function isOtherResourceId(tokens: readonly Token[], first: number, last: number): boolean {
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'string') continue;
    const text = token.text;
    for (let at = text.indexOf(PETS); at !== -1; at = text.indexOf(PETS, at + 1)) {
      const hole = holeAfter(text, at + PETS.length);
      if (hole !== undefined) return namesOtherResourceId(hole);
    }
    // A string ending with "pets/" joined to the id: "/pets/" + clientId.
    if (/pets\/["'`]$/.test(text)) {
      const operator = nextSignificant(tokens, i + 1);
      const operand = nextSignificant(tokens, operator + 1);
      if (
        operator > 0 &&
        /^(?:\+|\.)$/.test(tokens[operator]!.text) &&
        operand > 0 &&
        operand <= last
      )
        if (tokens[operand]!.kind === 'ident')
          return namesOtherResourceId(dottedName(tokens, operand));
    }
  }
  return false;
}

/** The expression interpolated at `at`: `${clientId}`, `{owner_id}`, `#{user.id}`, `$ownerId`. */
function holeAfter(source: string, at: number): string | undefined {
  const opened = /^(?:\$\{|#\{|\{|\$\()/.exec(source.slice(at, at + 2))?.[0];
  if (opened) {
    const close = source.indexOf(opened.endsWith('(') ? ')' : '}', at);
    return close < 0 ? undefined : source.slice(at + opened.length, close);
  }
  return /^\$([A-Za-z_]\w*)/.exec(source.slice(at, at + 64))?.[1];
}

/** `owner.id` from the tokens of a dotted name starting at `from`. */
function dottedName(tokens: readonly Token[], from: number): string {
  let name = tokens[from]!.text;
  for (let i = from + 1; i + 1 < tokens.length && tokens[i]!.text === '.'; i += 2)
    name += `.${tokens[i + 1]!.text}`;
  return name;
}

/** `clientId`, `owner_id`, `user.id`, `this.customerId`: an id named for another resource. */
function namesOtherResourceId(expression: string): boolean {
  if (!/^[\w$.]+$/.test(expression.trim())) return false;
  const words = expression
    .trim()
    .split('.')
    .filter((part) => part !== 'this' && part !== 'self' && part !== 'props')
    .flatMap((part) => identifierWords(part));
  if (words.at(-1) !== 'id' || words.includes('pet')) return false;
  return words.some((word) => OTHER_RESOURCE_WORDS.has(word));
}
