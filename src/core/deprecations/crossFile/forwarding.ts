/**
 * Whether a function that calls a wrapper is a wrapper itself: it hands one of its own parameters
 * to the call (`fetchPet(id) { return getPetById(id) }`, a thunk's `async (id) => api.getPet(id)`),
 * so its callers choose the pet. A function that takes the id from elsewhere (a response, a field,
 * the route: `loadAdverts() { … getPetDetails(advert.petId) … }`) is where the lookup is made:
 * its callers do not make the deprecated call any more than any other caller of the app does.
 */
import { nameTokenBefore, parameterNames } from '../model/parameters';
import type { Token } from '../model/tokens';
import {
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** `func (r Request) Execute()`: `r`, the receiver before the method's name. */
function goReceiverName(tokens: readonly Token[], name: number): string | undefined {
  const close = previousSignificant(tokens, name - 1);
  if (close < 0 || tokens[close]!.text !== ')') return undefined;
  const open = matchingOpener(tokens, close);
  if (open < 1 || tokens[previousSignificant(tokens, open - 1)]?.text !== 'func') return undefined;
  const receiver = nextSignificant(tokens, open + 1);
  return tokens[receiver]?.kind === 'ident' && receiver < close ? tokens[receiver].text : undefined;
}

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
  // A Go method's receiver is the request its caller built: `func (r ApiPetsIdGetRequest)
  // Execute() { return r.ApiService.PetsIdGetExecute(r) }`.
  const receiver = goReceiverName(tokens, name);
  if (receiver) parameters.add(receiver);
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
