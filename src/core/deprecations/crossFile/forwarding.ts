/**
 * Whether a function that calls a wrapper is a wrapper itself: it hands one of its own parameters
 * to the call (`fetchPet(id) { return getPetById(id) }`, a thunk's `async (id) => api.getPet(id)`),
 * so its callers choose the pet. A function that takes the id from elsewhere (a response, a field,
 * the route: `loadAdverts() { … getPetDetails(advert.petId) … }`) is where the lookup is made:
 * its callers do not make the deprecated call any more than any other caller of the app does.
 */
import { nameTokenBefore, parameterNames } from '../model/parameters';
import type { Token } from '../model/tokens';
import { matchingCloser, nextSignificant } from '../model/tokenWalk';

/**
 * True when the call of a wrapper at token `call` passes a parameter of the function named at
 * offset `definitionStart`; also when that cannot be told (no name found, no argument list), so
 * that nothing is lost where the code is not understood.
 */
export function forwardsParameter(
  tokens: readonly Token[],
  definitionStart: number,
  call: number,
): boolean {
  const name = nameTokenBefore(tokens, definitionStart, call);
  if (name < 0) return true;
  const parameters = parameterNames(tokens, name);
  if (!parameters) return true;
  if (parameters.size === 0) return false;
  const open = nextSignificant(tokens, call + 1);
  if (open < 0 || tokens[open]!.text !== '(') return true;
  const close = matchingCloser(tokens, open, 4000);
  if (close < 0) return true;
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && parameters.has(token.text)) return true;
    // An interpolated argument: `${id}`, f"{pet_id}", "#{id}".
    if (token.kind === 'string' && [...parameters].some((p) => token.text.includes(p))) return true;
  }
  return false;
}
