/**
 * Whether a function that calls a wrapper is a wrapper itself: it hands one of its own parameters
 * to the call (`fetchPet(id) { return getPetById(id) }`, a thunk's `async (id) => api.getPet(id)`),
 * so its callers choose the pet. A function that takes the id from elsewhere (a response, a field,
 * the route: `loadAdverts() { … getPetDetails(advert.petId) … }`) is where the lookup is made:
 * its callers do not make the deprecated call any more than any other caller of the app does.
 */
import type { Token } from '../model/tokens';
import { matchingCloser, nextSignificant } from '../model/tokenWalk';

/** Tokens searched back from a call for its function's name, and forward for a parameter list. */
const NAME_REACH = 20_000;
const PARAMETERS_REACH = 40;
/** A parameter list longer than this is something else (a call's whole argument): not judged. */
const MAX_PARAMETER_TOKENS = 400;
/** Receivers, never parameters a caller chooses. */
const SELF_NAMES = new Set(['self', 'this', 'cls', '$this']);

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

function nameTokenBefore(tokens: readonly Token[], start: number, from: number): number {
  for (let i = from, steps = 0; i >= 0 && steps < NAME_REACH; i--, steps++)
    if (tokens[i]!.start === start) return i;
  return -1;
}

/** The identifiers of the first parenthesised list after the name; undefined if none is seen. */
function parameterNames(tokens: readonly Token[], name: number): Set<string> | undefined {
  let open = -1;
  for (let i = name + 1, steps = 0; i < tokens.length && steps < PARAMETERS_REACH; i++, steps++) {
    const text = tokens[i]!.text;
    if (text === '(') {
      open = i;
      break;
    }
    // A body or an arrow before any list: `get pet() {`, `val pet = lazy {`, `id => …`.
    if (text === '{' || text === ':' || text === '=>' || text === '->') break;
  }
  if (open < 0) return arrowParameter(tokens, name);
  const close = matchingCloser(tokens, open, MAX_PARAMETER_TOKENS);
  if (close < 0) return undefined;
  const names = new Set<string>();
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && !SELF_NAMES.has(token.text)) names.add(token.text);
  }
  return names;
}

/** `const fetchPet = async id => …`: the one parameter before the arrow. */
function arrowParameter(tokens: readonly Token[], name: number): Set<string> | undefined {
  for (let i = name + 1, steps = 0; i < tokens.length && steps < 6; i++, steps++) {
    if (tokens[i]!.text !== '=>') continue;
    const parameter = tokens[i - 1];
    return parameter?.kind === 'ident' ? new Set([parameter.text]) : undefined;
  }
  return undefined;
}
