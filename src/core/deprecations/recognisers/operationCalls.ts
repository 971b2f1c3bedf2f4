import { operationConfidence } from '../judges/operationOrigin';
import { isStubbedUse } from '../judges/stubs';
import type { Confidence } from '../model/confidence';
import { literalText, renderParts, tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import { anchorOf, type RawFinding } from './urlScanner';

export const DEFAULT_OPERATION_NAMES = ['getPet', 'get_pet', 'GetPet'];

/**
 * Suffixes OpenAPI generators add to an operation's method: GetPetAsync (NSwag, openapi-generator's
 * C#), getPetWithHttpInfo (its Java), get_pet_with_http_info and _without_preload_content (its
 * Python), getPetRaw (its TypeScript fetch), GetPetExecute (its Go), GetPetWithResponse
 * (oapi-codegen's ClientWithResponses).
 */
const GENERATED_SUFFIXES = [
  '',
  'Async',
  'WithHttpInfo',
  'WithHttpInfoAsync',
  'Raw',
  'Execute',
  'WithResponse',
  '_with_http_info',
  '_without_preload_content',
  '_async',
];

/**
 * Hooks generated around an operation, from its PascalCase name: orval's React Query hook
 * (useGetPet), RTK Query's (useGetPetQuery, useLazyGetPetQuery).
 */
const GENERATED_HOOKS = [
  (pascal: string) => `use${pascal}`,
  (pascal: string) => `use${pascal}Query`,
  (pascal: string) => `useLazy${pascal}Query`,
];

/**
 * An operation's name in the case each generator family writes it: camelCase (TypeScript, Java,
 * Kotlin, Swift, Dart), PascalCase (C#, Go), snake_case (Python, Ruby, Rust). showPetById ->
 * showPetById, ShowPetById, show_pet_by_id.
 */
export function operationNameVariants(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return [name];
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const pascal = words.map(capital).join('');
  const camel =
    words[0]!.charAt(0).toLowerCase() + words[0]!.slice(1) + words.slice(1).map(capital).join('');
  const snake = words.map((word) => word.toLowerCase()).join('_');
  return [...new Set([name, camel, pascal, snake])];
}

/** Words before a name that make it a declaration, not a call. */
const DECLARATION_WORDS = new Set([
  'def',
  'function',
  'func',
  'fn',
  'fun',
  'sub',
  'async',
  'static',
  'void',
  'public',
  'private',
  'protected',
  'internal',
  'override',
  'virtual',
  'abstract',
  'suspend',
  'export',
  'declare',
  'get',
  'set',
  'final',
  'open',
]);
/** Words that declare a function: before a member (`def self.get`), a declaration on a type. */
const FUNCTION_DECLARING_WORDS = new Set(['def', 'fun', 'func', 'fn', 'function', 'sub']);

/** Words before a name that leave it a call. */
const CALL_WORDS = new Set([
  'await',
  'return',
  'yield',
  'new',
  'throw',
  'not',
  'and',
  'or',
  'in',
  'of',
  'else',
  'do',
  'then',
  'case',
  'go',
  'defer',
  'try',
  'if',
  'elif',
  'while',
  'unless',
  'until',
  'when',
  'assert',
  'puts',
  'print',
  'echo',
  'lambda',
  'is',
  'as',
  'typeof',
  'void',
  'match',
]);

export interface OperationScanOptions {
  /** Ruby calls methods without parentheses: api.get_pet 42. */
  parenlessCalls: boolean;
  /** `getPet(id): Pet` after the parameters is a TypeScript signature, not a call. */
  typeAnnotatedSignatures: boolean;
  /** `GetPet(id int64) (*Pet, error)`: a result type after the parameters is a Go interface method. */
  resultTypeAfterParameters: boolean;
}

/** Every name a generated client gives the operations named `names`: cases, suffixes, hooks. */
export function operationNameSet(names: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const base of names)
    for (const name of operationNameVariants(base)) {
      for (const suffix of GENERATED_SUFFIXES) set.add(name + suffix);
      if (/^[A-Z]/.test(name)) for (const hook of GENERATED_HOOKS) set.add(hook(name));
    }
  return set;
}

/**
 * Calls of a generated client's getPet operation (member calls and plain calls, not
 * declarations), each with the confidence its receiver or import gives; calls of the file's own
 * function of that name are left out.
 */
export function scanOperationCalls(
  tokens: readonly Token[],
  names: ReadonlySet<string>,
  options: OperationScanOptions,
): RawFinding[] {
  const { calls, definedHere } = nameUses(tokens, names, options);
  const findings: RawFinding[] = [];
  const memo = new Map<string, Confidence>();
  /** Argument lists of the calls found: a builder handed to the call that sends it is that call. */
  const argumentLists: [number, number][] = [];
  for (const { index, called, member } of calls) {
    if (isInsideAny(tokens[index]!.start, argumentLists)) continue;
    const name = literalText(tokens[index]) ?? tokens[index]!.text;
    const confidence = operationConfidence({
      tokens,
      index,
      member,
      definedHere: definedHere.has(name),
      memo,
    });
    if (!confidence) continue;
    const finding = operationFinding(tokens, index, confidence, called);
    if (called) argumentLists.push(argumentRange(tokens, index));
    // A test double's stub or check (when(api.getPet(1)), mock.EXPECT().GetPet(1)): a hint apart.
    if (isStubbedUse(tokens, index, called)) {
      finding.kind = 'mock';
      finding.confidence = 'possible';
    }
    findings.push(finding);
  }
  return findings;
}

/**
 * Offsets of the argument list of the call whose name is at `index`: `api.PetsIdGetExecute(api
 * .PetsIdGet(ctx, 1))` sends the builder made inside it, one call.
 */
export function argumentRange(tokens: readonly Token[], index: number): [number, number] {
  const open = afterTypeArguments(tokens, nextSignificant(tokens, index + 1));
  if (open < 0 || tokens[open]!.text !== '(') return [0, 0];
  const close = matchingCloser(tokens, open, 4000);
  return [tokens[open]!.start, tokens[close]!.start];
}

/** Whether `offset` is inside one of the ranges (calls are found in order: the last ones first). */
export function isInsideAny(offset: number, ranges: readonly [number, number][]): boolean {
  for (let i = ranges.length - 1; i >= 0; i--) {
    const [start, end] = ranges[i]!;
    if (offset > start && offset < end) return true;
  }
  return false;
}

/** A use of one of the names that calls it, or hands it on to be called. */
export interface NameUse {
  index: number;
  called: boolean;
  /** On a receiver (`api.getPet`), not plain (`getPet(…)`). */
  member: boolean;
}

/**
 * Where the names are called or handed on to be called (member calls and plain calls), and which
 * of them the file declares itself (a declaration is not a use). Shared with the cross-file
 * index, which looks for the calls of wrappers the same way.
 */
export function nameUses(
  tokens: readonly Token[],
  names: ReadonlySet<string>,
  options: OperationScanOptions,
): { calls: NameUse[]; definedHere: Set<string> } {
  const calls: NameUse[] = [];
  const definedHere = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'string') {
      if (isComputedMemberCall(tokens, i, names))
        calls.push({ index: i, called: true, member: true });
      continue;
    }
    if (token.kind !== 'ident' || !names.has(token.text)) continue;
    // Type arguments between the name and its call: `_service.FetchAs<Pet>(id)`.
    const next = afterTypeArguments(tokens, nextSignificant(tokens, i + 1));
    const before = previousSignificant(tokens, i - 1);
    // Making a request type is calling it: Go's `return ApiPetsIdGetRequest{…}`, Rust's
    // `request::ShowPetByIdRequest { … }` (a generated builder, sent later).
    const constructs = next >= 0 && tokens[next]!.text === '{' && isConstruction(tokens, i, before);
    const called = constructs || (next >= 0 && tokens[next]!.text === '(');
    const beforeText = before >= 0 ? tokens[before]!.text : '';
    const isMember =
      beforeText === '.' ||
      beforeText === '?.' ||
      beforeText === '->' ||
      beforeText === '::' ||
      beforeText === '&.';
    // Declared on a type, not called on it: Ruby's `def self.get(pet_id:)`, Kotlin's extension
    // `fun PetClient.fetchPet(id: Long)`.
    if (
      isMember &&
      isDeclaration(tokens, previousSignificant(tokens, chainStart(tokens, i) - 1), true)
    ) {
      definedHere.add(token.text);
      continue;
    }
    // Not called here, but handed on to be called: ids.map(api.getPet), petApi::getPet, a Ruby
    // call without arguments (api.get_pet). Not when assigned to (a definition) or a type query.
    if (!called && !(isMember && isMemberReference(tokens, i, next))) {
      if (!isMember && isLocalBinding(tokens, before, next)) definedHere.add(token.text);
      continue;
    }
    if (
      (!isMember && isDeclaration(tokens, before)) ||
      (called && !constructs && !isMember && isDefinitionBody(tokens, next, options))
    ) {
      definedHere.add(token.text);
      continue;
    }
    calls.push({ index: i, called, member: isMember });
  }
  return { calls, definedHere };
}

/** Tokens before a type's name that make `Name {` a value: `return T{`, `&T{`, `x := T{`, `a::T {`. */
const CONSTRUCTION_BEFORE = new Set([
  'return',
  '=',
  ':=',
  '(',
  ',',
  '&',
  ':',
  '[',
  '{',
  '=>',
  '::',
  '.',
]);

/** `Name {` builds a value of the type (a struct literal), not a declaration or a block. */
function isConstruction(tokens: readonly Token[], name: number, before: number): boolean {
  if (!/^[A-Z]/.test(tokens[name]!.text)) return false;
  return before >= 0 && CONSTRUCTION_BEFORE.has(tokens[before]!.text);
}

/** `const getPet = (id) => …`, `getPet: async (id) => …`: the file binds the name itself. */
function isLocalBinding(tokens: readonly Token[], before: number, next: number): boolean {
  if (next < 0) return false;
  const text = tokens[next]!.text;
  if (text === '=' || text === ':=') return true;
  // An object's method: { getPet: (id) => … }, not a keyword argument (f(getPet: 1)).
  return (
    text === ':' && before >= 0 && (tokens[before]!.text === '{' || tokens[before]!.text === ',')
  );
}

/** A call's anchor is its start; a reference's is the call it is handed to (one call, one finding). */
export function operationFinding(
  tokens: readonly Token[],
  index: number,
  confidence: Confidence,
  called: boolean,
): RawFinding {
  const token = tokens[index]!;
  return {
    kind: 'operation',
    confidence,
    start: token.start,
    end: tokenEnd(token),
    anchor: called ? tokens[chainStart(tokens, index)]!.start : anchorOf(tokens, index),
    detail: token.kind === 'string' ? renderParts(token.parts ?? []) : token.text,
  };
}

/** api['getPet'](id): the operation named by a string in brackets, then called. */
function isComputedMemberCall(
  tokens: readonly Token[],
  index: number,
  names: ReadonlySet<string>,
): boolean {
  const open = previousSignificant(tokens, index - 1);
  if (open < 1 || tokens[open]!.text !== '[') return false; // most strings: stop here
  const name = literalText(tokens[index]);
  if (name === undefined || !names.has(name)) return false;
  const close = nextSignificant(tokens, index + 1);
  const call = close < 0 ? -1 : nextSignificant(tokens, close + 1);
  return (
    open > 0 &&
    tokens[open]!.text === '[' &&
    tokens[previousSignificant(tokens, open - 1)]?.kind === 'ident' &&
    tokens[close]!.text === ']' &&
    call >= 0 &&
    tokens[call]!.text === '('
  );
}

/**
 * The token at `before` makes the name after it a declaration: a declaring word or modifier, a
 * type. `wordsOnly`: only the words that declare a function (`def self.get`, `fun Client.get`).
 */
function isDeclaration(tokens: readonly Token[], before: number, wordsOnly = false): boolean {
  if (before < 0) return false;
  const token = tokens[before]!;
  if (wordsOnly) return token.kind === 'ident' && FUNCTION_DECLARING_WORDS.has(token.text);
  if (token.kind === 'ident')
    return DECLARATION_WORDS.has(token.text) || !CALL_WORDS.has(token.text);
  // Pet[] GetPet(…), Task<Pet> GetPetAsync(…), func (c *Client) GetPet(…)
  return (
    token.kind === 'punct' &&
    (token.text === '>' ||
      token.text === ']' ||
      token.text === ')' ||
      token.text === '*' ||
      token.text === '&')
  );
}

/** getPet(id) { … } in a class or object, and getPet(id): Promise<Pet> in TypeScript, define it. */
/**
 * The token after type arguments starting at `index` (`<Pet>`, `<Map<String, Pet>>`), or `index`
 * when none start there: a call's parentheses come after them.
 */
function afterTypeArguments(tokens: readonly Token[], index: number): number {
  if (index < 0 || tokens[index]!.text !== '<') return index;
  let depth = 0;
  for (let i = index, stop = Math.min(tokens.length, index + 40); i < stop; i++) {
    const text = tokens[i]!.text;
    if (text === '<') depth++;
    else if (text === '>') {
      if (--depth === 0) return nextSignificant(tokens, i + 1);
    } else if (text === ';' || text === '{' || text === '}' || text === '(' || text === ')')
      return index;
    else if (tokens[i]!.kind === 'newline') return index;
  }
  return index;
}

function isDefinitionBody(
  tokens: readonly Token[],
  open: number,
  options: OperationScanOptions,
): boolean {
  const close = matchingCloser(tokens, open);
  const next = tokens[close + 1];
  if (options.resultTypeAfterParameters && next && next.kind !== 'newline') {
    if (next.kind === 'ident' || next.text === '(' || next.text === '*' || next.text === '[')
      return true;
  }
  const after = nextSignificant(tokens, close + 1);
  if (after < 0) return false;
  const text = tokens[after]!.text;
  return text === '{' || (options.typeAnnotatedSignatures && text === ':');
}

const ASSIGNING = new Set(['=', ':=', '+=', '||=', '??=']);

/** Equality operators as lexed (`===` and `!==` are `==` and `!=` followed by `=`). */
const EQUALITY = new Set(['==', '!=']);

/**
 * `api.getPet` used as a value: not assigned to, not in `typeof api.getPet`, not compared
 * (`api.getPet != nil`, `client.getPet === undefined`: asking whether the client has it), and not
 * a module on a path (Rust's `crate::handlers::get_pet::handle(req)`, a server's own handler).
 */
function isMemberReference(tokens: readonly Token[], index: number, next: number): boolean {
  const nextText = next >= 0 ? tokens[next]!.text : '';
  if (ASSIGNING.has(nextText) || EQUALITY.has(nextText) || nextText === '::') return false;
  let before = previousSignificant(tokens, chainStart(tokens, index) - 1);
  if (before >= 1 && tokens[before]!.text === '=') before = previousSignificant(tokens, before - 1);
  const text = before >= 0 ? tokens[before]!.text : '';
  return !(text === 'typeof' || text === 'keyof' || EQUALITY.has(text));
}
