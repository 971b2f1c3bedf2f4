/**
 * A URL kept in a named constant or field (`const ById = Resource + "/%d"`, `private static final
 * String PET_BY_ID = "/pets/{id}"`, `GET_PET = "/pets/{}"`) is sent where the name is used: the
 * finding moves to each use inside a function (`rest.getForObject(PET_BY_ID, Pet.class, id)`), so
 * that it sits on the request and that function is indexed as a wrapper. A constant with no such
 * use in its file (exported, used elsewhere) keeps its finding where it is defined.
 */
import { definitionStyleOf, enclosingDefinition } from '../model/definitions';
import { bindsLocally } from '../model/parameters';
import { tokenEnd, type Token } from '../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
  skipTypeArguments,
  tokenIndexAt,
} from '../model/tokenWalk';
import { isNotSent } from '../judges/notSent';
import type { RawFinding } from './urlScanner';

/** Constants followed per file: a file of hundreds is a table of routes, not a client. */
const MAX_CONSTANTS = 32;
/** Uses of one constant turned into findings. */
const MAX_USES = 64;
/** Tokens searched for uses of one constant. */
const MAX_TOKENS = 200_000;
const DECLARATION_WORDS = new Set(['const', 'val', 'var', 'let', 'final', 'static', 'readonly']);
const RECEIVERS = new Set(['self', 'this', 'cls', 'static', 'Self', '$this']);

/**
 * The findings with each constant's one replaced by findings at its uses in functions. `findings`
 * must carry `within` already (a finding inside a function is never a constant's).
 */
export function moveToConstantUses(
  tokens: readonly Token[],
  findings: RawFinding[],
  family: string,
): RawFinding[] {
  const style = definitionStyleOf(family);
  if (!style || family === 'shell') return findings;
  let followed = 0;
  const result: RawFinding[] = [];
  for (const finding of findings) {
    if (finding.kind !== 'url' || finding.within || followed >= MAX_CONSTANTS) {
      result.push(finding);
      continue;
    }
    const first = tokenAt(tokens, finding.start);
    let name = first < 0 ? -1 : constantName(tokens, first);
    const descriptor = name < 0 && first >= 0 ? descriptorName(tokens, first) : -1;
    if (descriptor >= 0) name = descriptor;
    if (name < 0) {
      result.push(finding);
      continue;
    }
    followed++;
    const moved: RawFinding[] = [];
    for (const use of usesOf(tokens, name)) {
      const within = enclosingDefinition(tokens, use, style);
      if (!within || isNotSent(tokens, use, false)) continue;
      if (bindsLocally(tokens, within.start, use, tokens[use]!.text)) continue;
      const token = tokens[use]!;
      moved.push({
        ...finding,
        start: token.start,
        end: tokenEnd(token),
        anchor: token.start,
        detail: `${token.text} (${finding.detail})`,
        within,
      });
      if (moved.length >= MAX_USES) break;
    }
    if (moved.length > 0) for (const use of moved) result.push(use);
    else if (descriptor >= 0) {
      // A descriptor used in other files: its uses there are the calls (the index follows the
      // name), the descriptor itself only a hint.
      const token = tokens[descriptor]!;
      result.push({
        ...finding,
        confidence: 'possible',
        within: { name: token.text, start: token.start, value: finding.confidence },
      });
    } else result.push(finding);
  }
  return result;
}

/** The token that starts exactly at `offset`, or -1. */
function tokenAt(tokens: readonly Token[], offset: number): number {
  const index = tokenIndexAt(tokens, offset);
  return tokens[index]?.start === offset ? index : -1;
}

/**
 * The name token a declaration binds the value starting at `first` to: `NAME = …`, `NAME: T = …`,
 * `const NAME = …`, `ById = Resource + …` in Go's `const ( … )`, a field `String URL = …;`. Not a
 * keyword argument, an object's key or a member of another object.
 */
function constantName(tokens: readonly Token[], first: number): number {
  let at = previousSignificant(tokens, first - 1);
  // The value may start with the operand before the string: `Resource + "/%d"`.
  for (let steps = 0; at >= 0 && steps < 8 && tokens[at]!.text !== '='; steps++) {
    const token = tokens[at]!;
    if (token.kind === 'newline' || [';', '{', '}', ',', '(', ')'].includes(token.text)) return -1;
    at = previousSignificant(tokens, at - 1);
  }
  if (at < 0 || tokens[at]!.text !== '=') return -1;
  let name = previousSignificant(tokens, at - 1);
  // A type annotation: `PET_URL: str = …`, `val url: String = …`.
  if (name >= 2 && tokens[name]!.kind === 'ident' && tokens[name - 1]?.text === ':') name -= 2;
  if (name < 0 || tokens[name]!.kind !== 'ident') return -1;
  const before = previousSignificant(tokens, name - 1);
  if (before >= 0 && ['.', '->', '::', '?.'].includes(tokens[before]!.text)) return -1;
  // Inside a call's parentheses: a keyword argument, unless a Go `const (`/`var (` group.
  const opener = enclosingOpener(tokens, name, 4000);
  if (opener >= 0 && tokens[opener]!.text !== '{') {
    const keyword = previousSignificant(tokens, opener - 1);
    if (tokens[opener]!.text !== '(' || !DECLARATION_WORDS.has(tokens[keyword]?.text ?? ''))
      return -1;
  }
  return name;
}

/** Brackets climbed from a descriptor's path to the value bound to its name. */
const DESCRIPTOR_LEVELS = 3;

/**
 * A request's descriptor: the path is a key's value in an object that states the method, bound
 * to a name at the top level: `export const GET_PET: Operation = Object.freeze({ method: 'GET',
 * pathTemplate: '/pets/{pet_id}' })`, Go's `var getPet = Operation{Method: "GET", Path: …}`,
 * Python's `GET_PET = Operation(method="GET", path=…)`. The name's token, or -1.
 */
function descriptorName(tokens: readonly Token[], first: number): number {
  const key = previousSignificant(tokens, first - 1);
  if (key < 0 || (tokens[key]!.text !== ':' && tokens[key]!.text !== '=')) return -1;
  let opener = enclosingOpener(tokens, first, 400);
  if (opener < 0 || !statesMethod(tokens, opener)) return -1;
  for (let level = 0; level < DESCRIPTOR_LEVELS && opener >= 0; level++) {
    // Before the bracket: the callee or type (`Object.freeze<Operation>(`, `Operation{`), if any.
    let before = previousSignificant(tokens, opener - 1);
    before = skipTypeArguments(tokens, before);
    while (before >= 0 && tokens[before]!.kind === 'ident') {
      const dot = previousSignificant(tokens, before - 1);
      if (dot < 0 || tokens[dot]!.text !== '.') {
        before = dot;
        break;
      }
      before = previousSignificant(tokens, dot - 1);
    }
    if (before >= 0 && tokens[before]!.text === '=') {
      const name = constantName(tokens, nextSignificant(tokens, before + 1));
      return name >= 0 && enclosingOpener(tokens, name, 100_000) < 0 ? name : -1;
    }
    opener = enclosingOpener(tokens, opener, 400);
  }
  return -1;
}

/** The object or argument list at `opener` has a method key: `method: 'GET'`, `Method: "GET"`. */
function statesMethod(tokens: readonly Token[], opener: number): boolean {
  const close = matchingCloser(tokens, opener, 400);
  for (let i = opener + 1; i < close; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text.toLowerCase() !== 'method') continue;
    const after = nextSignificant(tokens, i + 1);
    if (after >= 0 && (tokens[after]!.text === ':' || tokens[after]!.text === '=')) return true;
  }
  return false;
}

/** The name's uses after its declaration, plain or through `this.`/`self.`/`static::`. */
function* usesOf(tokens: readonly Token[], name: number): Generator<number> {
  const text = tokens[name]!.text;
  const stop = Math.min(tokens.length, name + MAX_TOKENS);
  for (let i = 0; i < stop; i++) {
    if (i === name) continue;
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== text) continue;
    const before = previousSignificant(tokens, i - 1);
    if (before >= 0 && ['.', '->', '::', '?.'].includes(tokens[before]!.text)) {
      const receiver = previousSignificant(tokens, before - 1);
      if (receiver < 0 || !RECEIVERS.has(tokens[receiver]!.text)) continue;
    }
    const after = nextSignificant(tokens, i + 1);
    // Assigned again, a key, a parameter's name: not a use of the value.
    if (after >= 0 && ['=', ':', '=>'].includes(tokens[after]!.text)) continue;
    yield i;
  }
}
