/**
 * A function's parameters and local bindings, read from its tokens: what a wrapper hands on to
 * the call it makes, and whether a name inside it is its own or the file's.
 */
import type { Token } from './tokens';
import { matchingCloser, nextSignificant } from './tokenWalk';

/** Tokens searched back from a call for its function's name, and forward for a parameter list. */
const NAME_REACH = 20_000;
const PARAMETERS_REACH = 40;
/** A parameter list longer than this is something else (a call's whole argument): not judged. */
const MAX_PARAMETER_TOKENS = 400;
/** Receivers, never parameters a caller chooses. */
const SELF_NAMES = new Set(['self', 'this', 'cls', '$this']);

/**
 * Whether the function named at offset `definitionStart` binds `name` itself before token `use`: a
 * parameter, or an assignment or declaration in its body (`a = …`, `let a`, `a := …`). Then `name`
 * at `use` is that local, not the file's constant of the same name.
 */
export function bindsLocally(
  tokens: readonly Token[],
  definitionStart: number,
  use: number,
  name: string,
): boolean {
  const definition = nameTokenBefore(tokens, definitionStart, use);
  if (definition < 0) return false;
  if (parameterNames(tokens, definition)?.has(name)) return true;
  for (let i = definition + 1; i < use; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== name) continue;
    const next = nextSignificant(tokens, i + 1);
    if (next >= 0 && LOCAL_BINDINGS.has(tokens[next]!.text)) return true;
    const before = tokens[i - 1];
    if (before && LOCAL_DECLARATIONS.has(before.text)) return true;
  }
  return false;
}
const LOCAL_BINDINGS = new Set(['=', ':=']);
const LOCAL_DECLARATIONS = new Set(['let', 'var', 'const', 'val', 'my', 'local']);

export function nameTokenBefore(tokens: readonly Token[], start: number, from: number): number {
  for (let i = from, steps = 0; i >= 0 && steps < NAME_REACH; i--, steps++)
    if (tokens[i]!.start === start) return i;
  return -1;
}

/** The identifiers of the first parenthesised list after the name; undefined if none is seen. */
export function parameterNames(tokens: readonly Token[], name: number): Set<string> | undefined {
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
