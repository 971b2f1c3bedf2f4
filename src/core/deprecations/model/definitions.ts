/**
 * The named function or method that holds a token: what a call of that function reaches. Read from
 * tokens alone, as search-based code navigation does (a name, where it is defined, its class), with
 * no types: braces and declaration words in C-family languages, indentation in Python and Ruby.
 * A request in an annotation or attribute (`@GET("pets/{id}")`, `[Get("/pets/{id}")]`) belongs to
 * the method declared after it.
 */
import type { Confidence } from './confidence';
import { literalText, type Token } from './tokens';
import {
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
  skipTypeArguments,
} from './tokenWalk';

export interface Definition {
  /** The function's or method's name. */
  name: string;
  /** Offset of its name. */
  start: number;
  /** The class, interface, struct or module it is declared in, when there is one. */
  owner?: string;
  /** Other names its callers use: an RTK Query endpoint's hooks (useGetPetQuery). */
  aliases?: string[];
  /**
   * A value bound to the name, not a function: a request's descriptor (`GET_PET = { method: 'GET',
   * pathTemplate: '/pets/{pet_id}' }`) whose uses send it, with this confidence.
   */
  value?: Confidence;
}

/**
 * `braces`: bodies in braces, a method declared by its head alone (`Pet getPet(int id) {`,
 * `async getPet(id) {`); `declared`: bodies in braces, every function declared with its word
 * (`func`, `fun`, `fn`, `function`, `def`), so `name(…) {` without one is a call taking a closure
 * (Kotlin's `test("…") { … }`, Swift's `it("…") { … }`); `indentation`, `ruby` and `elixir`:
 * Python's, Ruby's and Elixir's blocks (`def`, `defp` … `end` in a `defmodule`).
 */
export type DefinitionStyle = 'braces' | 'declared' | 'indentation' | 'ruby' | 'elixir';

/** How a language family's functions are delimited; none for shell and .http files. */
const DEFINITION_STYLES: Readonly<Record<string, DefinitionStyle>> = {
  javascript: 'braces',
  go: 'declared',
  java: 'braces',
  kotlin: 'declared',
  csharp: 'braces',
  php: 'declared',
  rust: 'declared',
  dart: 'braces',
  swift: 'declared',
  scala: 'declared',
  python: 'indentation',
  ruby: 'ruby',
  elixir: 'elixir',
};

export function definitionStyleOf(family: string): DefinitionStyle | undefined {
  return DEFINITION_STYLES[family];
}

/** Bodies in braces, whether or not a function needs its declaring word. */
function inBraces(style: DefinitionStyle): boolean {
  return style === 'braces' || style === 'declared';
}

/** Words before `(` that open a statement, not a function: `if (…) {`, `catch (e) {`. */
const CONTROL_WORDS = new Set([
  'if',
  'for',
  'foreach',
  'while',
  'switch',
  'catch',
  'using',
  'lock',
  'synchronized',
  'fixed',
  'when',
  'guard',
  'else',
  'do',
  'try',
  'return',
  'await',
  'yield',
  'throw',
  'new',
  'match',
  'with',
  'elseif',
  'elif',
  'unless',
  'until',
  'select',
  'typeof',
  'sizeof',
  'in',
  'of',
  'and',
  'or',
  'not',
  'function',
]);

/** Words that declare a function: with one of these, a head is a definition in any language. */
const FUNCTION_WORDS = new Set(['function', 'fun', 'func', 'fn', 'def', 'sub', 'init']);

/** Words that open a type's body: what the methods inside it belong to. */
const OWNER_WORDS = new Set([
  'class',
  'interface',
  'struct',
  'object',
  'enum',
  'trait',
  'impl',
  'record',
  'protocol',
  'extension',
  'module',
  'mixin',
]);

/** Tokens of a head (`public async Task<Pet> GetPetAsync(int id) where …`) looked at. */
const HEAD_REACH = 60;
/** Enclosing brackets climbed from a token to its function: nested callbacks, blocks, classes. */
const NESTING_REACH = 24;

/**
 * The named function or method whose body or declaration holds token `index`, or undefined (top
 * level, an anonymous callback that is not assigned to a name, a field's initializer).
 */
export function enclosingDefinition(
  tokens: readonly Token[],
  index: number,
  style: DefinitionStyle,
): Definition | undefined {
  const annotated = annotatedDeclaration(tokens, index, style);
  if (annotated) return annotated;
  return inBraces(style)
    ? braceDefinition(tokens, index, style === 'declared')
    : indentedDefinition(tokens, index, style);
}

/**
 * `@GET("pets/{id}") Call<Pet> getPet(…)`, `[Get("/pets/{id}")] Task<Pet> GetPetAsync(…)`,
 * `@uplink.get("pets/{id}")\n def get_pet(…)`: the method declared after the annotation holding
 * `index`.
 */
function annotatedDeclaration(
  tokens: readonly Token[],
  index: number,
  style: DefinitionStyle,
): Definition | undefined {
  let open = enclosingOpener(tokens, index, 40);
  if (open < 1 || tokens[open]!.text !== '(') return undefined;
  // The annotation's name, possibly dotted: @uplink.get(…), @RequestLine(…), [Get(…)].
  let name = previousSignificant(tokens, open - 1);
  while (name >= 2 && tokens[name - 1]!.text === '.' && tokens[name - 2]!.kind === 'ident')
    name -= 2;
  const marker = name > 0 ? tokens[name - 1]! : undefined;
  // A C# attribute starts its line, outside any call or list: [Get("/pets/{id}")].
  const attribute =
    inBraces(style) &&
    marker?.text === '[' &&
    (name < 2 || isLineBreakOrBoundary(tokens[name - 2]!)) &&
    isOutsideCalls(tokens, name - 1);
  if (!marker || (marker.text !== '@' && !attribute)) return undefined;
  if (attribute) open = name - 1;
  const close = matchingCloser(tokens, open, 400);
  const declared = declaredAfter(tokens, close + 1, style);
  if (declared === undefined) return undefined;
  return definitionOf(tokens[declared]!, ownerOf(tokens, declared, style));
}

/** At top level or directly in a body, not inside a call's or a list's brackets. */
function isOutsideCalls(tokens: readonly Token[], index: number): boolean {
  const opener = enclosingOpener(tokens, index, 4000);
  return opener < 0 || tokens[opener]!.text === '{';
}

/** The definition named by `token`, with its owner when it has one. */
function definitionOf(token: Token, owner: string | undefined): Definition {
  return owner
    ? { name: token.text, start: token.start, owner }
    : { name: token.text, start: token.start };
}

function isLineBreakOrBoundary(token: Token): boolean {
  return token.kind === 'newline' || token.text === ';' || token.text === '{' || token.text === '}';
}

/** The index of the first `name(` after annotations and modifiers, before the declaration's end. */
function declaredAfter(
  tokens: readonly Token[],
  from: number,
  style: DefinitionStyle,
): number | undefined {
  for (let i = from, stop = Math.min(tokens.length, from + HEAD_REACH); i < stop; i++) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '{' || token.text === '}' || token.text === '=')
      return undefined;
    if (token.text === '@') {
      // Another annotation, with its arguments: @Path("id"), @Headers({…}).
      const next = nextSignificant(tokens, i + 1);
      // A lone `@` at the end: nothing is declared (and the walk must not start over).
      if (next < 0) return undefined;
      const after = nextSignificant(tokens, next + 1);
      if (after >= 0 && tokens[after]!.text === '(') i = matchingCloser(tokens, after, 400);
      else i = next;
      continue;
    }
    if (token.text === '[' && inBraces(style)) {
      i = matchingCloser(tokens, i, 400); // another attribute
      continue;
    }
    if (token.kind !== 'ident' || CONTROL_WORDS.has(token.text)) continue;
    const next = nextSignificant(tokens, i + 1);
    if (next >= 0 && tokens[next]!.text === '(' && !FUNCTION_WORDS.has(token.text)) return i;
  }
  return undefined;
}

/** The function around `index` in a language of braces, climbing its enclosing brackets. */
function braceDefinition(
  tokens: readonly Token[],
  index: number,
  declaredOnly: boolean,
): Definition | undefined {
  let at = index;
  for (let level = 0; level < NESTING_REACH; level++) {
    const open = enclosingOpener(tokens, at, 4000);
    if (open < 0) return expressionBodied(tokens, at);
    if (tokens[open]!.text === '(') {
      const endpoint = queryEndpoint(tokens, open);
      if (endpoint) return endpoint;
    }
    if (tokens[open]!.text === '{') {
      const head = headOf(tokens, open, declaredOnly);
      // In a type's body: a method with an expression body, or a field's initializer.
      if (head.owner) return expressionBodied(tokens, at);
      if (head.definition) return head.definition;
      // A member with an expression body of an object that is named (`const petApi = { getPet:
      // (id) => axios.get(…) }`, `export default {…}`). An object handed to a call is settings:
      // its members (`queryFn: () => …`, `query: (id) => …`) are the library's to call.
      const member = isNamedObject(tokens, open) ? expressionBodied(tokens, at) : undefined;
      if (member) return member;
      // An anonymous object's method with an expression body: Scala's `new PetService[F] {
      // def find(id: Pet.Id) = client.expectOption(…) }`, Kotlin's `object : Api { fun … = … }`.
      if (declaredOnly && at !== index) {
        const declared = expressionBodied(tokens, at);
        if (declared) return declared;
      }
    }
    at = open;
  }
  return undefined;
}

/** Tokens before the brace of an object whose members are called by name. */
const NAMED_OBJECT_BEFORE = new Set(['=', 'default', 'return', ':']);

function isNamedObject(tokens: readonly Token[], open: number): boolean {
  const before = previousSignificant(tokens, open - 1);
  return before >= 0 && NAMED_OBJECT_BEFORE.has(tokens[before]!.text);
}

interface Head {
  definition?: Definition;
  /** The brace opens a class's or interface's body. */
  owner?: string;
}

/** Tokens after which a brace opens an object literal, never a body. */
const OBJECT_LITERAL_BEFORE = new Set(['(', ',', '[', 'return', '=', ':']);

/**
 * What the brace at `open` is the body of: a function, a type, or neither (a block, an object, a
 * closure handed to a call). `declaredOnly`: a function needs its declaring word.
 */
function headOf(tokens: readonly Token[], open: number, declaredOnly = false): Head {
  const before = previousSignificant(tokens, open - 1);
  if (before < 0) return {};
  const text = tokens[before]!.text;
  // An object literal: an argument, a value, an element (`return $http({ method: 'GET', … })`).
  if (OBJECT_LITERAL_BEFORE.has(text)) return {};
  // An arrow function's block: `const fetchPet = async (id) => { … }`.
  if (text === '=>' || text === '->') {
    const name = arrowName(tokens, before);
    if (name >= 0) return { definition: definitionAt(tokens, name, open) };
    return {};
  }
  const start = headStart(tokens, before);
  for (let i = start; i <= before; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident') continue;
    if (OWNER_WORDS.has(token.text)) {
      const name = ownerNameAfter(tokens, i, before);
      // Swift's `class func spec()` and `static func`: a modifier of a method, not a type.
      if (
        name >= 0 &&
        name <= before &&
        tokens[name]!.kind === 'ident' &&
        !FUNCTION_WORDS.has(tokens[name]!.text)
      )
        return { owner: tokens[name]!.text };
    }
  }
  const name = headName(tokens, start, before, declaredOnly);
  return name >= 0 ? { definition: definitionAt(tokens, name, open) } : {};
}

/**
 * The type's name after an owner word: `class Pet`, Rust's `impl<'a> ShowPetByIdRequest<'a>` (its
 * type parameters skipped) and `impl Display for Pet` (the type, not the trait).
 */
function ownerNameAfter(tokens: readonly Token[], word: number, last: number): number {
  let name = nextSignificant(tokens, word + 1);
  if (tokens[word]!.text !== 'impl') return name;
  if (tokens[name]?.text === '<')
    name = nextSignificant(tokens, closingAngle(tokens, name, last) + 1);
  for (let i = name; i >= 0 && i <= last; i++)
    if (tokens[i]!.kind === 'ident' && tokens[i]!.text === 'for')
      return nextSignificant(tokens, i + 1);
  return name;
}

/** The `>` closing the type parameters opened at `open`, or `last`. */
function closingAngle(tokens: readonly Token[], open: number, last: number): number {
  let depth = 0;
  for (let i = open; i <= last; i++) {
    if (tokens[i]!.text === '<') depth++;
    else if (tokens[i]!.text === '>' && --depth === 0) return i;
  }
  return last;
}

/**
 * First token of the head before a brace: after the previous statement, block or line of braces.
 * Where statements end at a line's end (Go, Kotlin, Swift, JavaScript without semicolons), a
 * line ending a call or a block (`})`, `Decode(&body))`) ends the statement before, unless the
 * next line continues it (`.then(…)`, `throws …`, `where …`, `-> Pet`).
 */
function headStart(tokens: readonly Token[], last: number): number {
  let i = last;
  for (let steps = 0; i >= 0 && steps < HEAD_REACH; i--, steps++) {
    const text = tokens[i]!.text;
    if (text === ';' || text === '{' || text === '}') return i + 1;
    if (tokens[i]!.kind === 'newline' && endsStatementBefore(tokens, i)) return i + 1;
    // A comma that ends its line ends the member before: `getPet: (id) => …,` then `async loadPet(id) {`.
    if (text === ',' && tokens[i + 1]?.kind === 'newline') return i + 1;
    // `func` or `function` opening its line starts the head: Go's `const ( … )` above is not in it.
    if (FUNCTION_WORDS.has(text) && (i === 0 || tokens[i - 1]!.kind === 'newline')) return i;
    if (text === ')' || text === ']' || text === '>') {
      // Parameters and type arguments may span lines.
      const opener = text === '>' ? -1 : matchingOpener(tokens, i);
      if (opener >= 0) {
        i = opener;
        continue;
      }
    }
  }
  // Too long for a head: where the walk stopped (a token of the same nesting, never mid-call).
  return Math.max(0, i + 1);
}

/** After a call's parentheses: the chain goes on (a declaration's return type never starts so). */
const CHAINING = new Set(['.', '?.']);

/** Words and operators that start a line continuing a head: `throws …`, `where T : …`, `-> Pet`. */
const HEAD_CONTINUATIONS = new Set([
  'throws',
  'where',
  'extends',
  'implements',
  'async',
  'rethrows',
  ':',
  '->',
  '=>',
  '.',
  '?.',
  '&&',
  '||',
  '+',
  '=',
]);

/** The line break at `newline` ends a statement: a call or block ends before it, none continues after. */
function endsStatementBefore(tokens: readonly Token[], newline: number): boolean {
  const before = previousSignificant(tokens, newline - 1);
  const after = nextSignificant(tokens, newline + 1);
  if (before < 0 || after < 0) return false;
  const ending = tokens[before]!.text;
  if (ending !== ')' && ending !== '}') return false;
  return !HEAD_CONTINUATIONS.has(tokens[after]!.text);
}

/**
 * The name a head declares: `function name(`, `fun name(`, `Pet getPet(`, `async getPet(`,
 * `func (c *Client) GetPet(`; -1 for a control statement, a call with a trailing block, or a
 * function literal handed to a call (`it('…', function () {`, `t.Run("…", func(t *testing.T) {`).
 * `declaredOnly`: without a declaring word it is a call (Kotlin's `test("…") {`).
 */
function headName(
  tokens: readonly Token[],
  start: number,
  last: number,
  declaredOnly: boolean,
): number {
  let declared = false;
  for (let i = start; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && FUNCTION_WORDS.has(token.text)) declared = true;
    if (token.text !== '(') continue;
    // Still open at the brace: a call whose arguments hold the brace (`it('…', function () {`);
    // a declaration's parameters close before its body. What is inside decides.
    const close = matchingCloser(tokens, i, 4000);
    if (close > last) continue;
    // A call in a chain (`$("#retrieve-btn").click(function () {`): a declaration's parameters
    // are never followed by a member or another call.
    const after = nextSignificant(tokens, close + 1);
    if (after >= 0 && after <= last && CHAINING.has(tokens[after]!.text)) {
      i = close;
      continue;
    }
    // A generic method's type parameters: `static loadPet<T>(id)`, `Task<T> GetAs<T>(int id)`.
    const name = skipTypeArguments(tokens, previousSignificant(tokens, i - 1));
    if (name < start) {
      // Go's receiver: func (c *Client) GetPet(…).
      if (declared) {
        i = matchingCloser(tokens, i, 400);
        continue;
      }
      return -1;
    }
    const nameToken = tokens[name]!;
    if (nameToken.kind !== 'ident') {
      if (declared && nameToken.text === ')') {
        i = matchingCloser(tokens, i, 400);
        continue;
      }
      return -1;
    }
    if (CONTROL_WORDS.has(nameToken.text)) {
      // function (id) { … }: an anonymous function, named by what it is assigned to.
      if (nameToken.text === 'function') {
        const assigned = arrowName(tokens, i);
        return assigned;
      }
      return -1;
    }
    if (FUNCTION_WORDS.has(nameToken.text)) {
      // Go's receiver after func: (c *Client).
      i = matchingCloser(tokens, i, 400);
      continue;
    }
    const before = previousSignificant(tokens, name - 1);
    const beforeToken = before >= start ? tokens[before]! : undefined;
    if (declared) return name;
    if (declaredOnly) {
      // A call (`test("…") {`, `describe("…") {`), or a call before a function word.
      i = matchingCloser(tokens, i, 400);
      continue;
    }
    // Without a declaring word, only a method's head: after modifiers or a type, or alone on its
    // line in a class body (JavaScript). A call (`.then(…) {`, `x = f(…) {`) is not.
    if (!beforeToken) return name;
    if (beforeToken.text === '.' || beforeToken.text === '=') return -1;
    // After a comma: the next method of an object literal (`}, getPet(id) {`), not an argument.
    if (beforeToken.text === ',') {
      const opener = enclosingOpener(tokens, before, 4000);
      return opener >= 0 && tokens[opener]!.text === '{' ? name : -1;
    }
    if (beforeToken.text === '@') return -1;
    return beforeToken.kind === 'ident' ||
      beforeToken.text === '>' ||
      beforeToken.text === ']' ||
      beforeToken.text === '?' ||
      beforeToken.text === '*'
      ? name
      : -1;
  }
  return -1;
}

/**
 * The name an arrow or anonymous function is bound to: `const name = (…) =>`, `name: async id =>`,
 * `name = function (…)`, `export const name = createAsyncThunk('…', async (id) => …)`; -1 when it
 * is handed to a call that is not assigned (a callback).
 */
function arrowName(tokens: readonly Token[], arrow: number): number {
  let at = previousSignificant(tokens, arrow - 1);
  // Dart's `Future<Pet> load(int id) async => …`
  if (at >= 0 && tokens[at]!.text === 'async' && tokens[at - 1]?.text !== '(')
    at = previousSignificant(tokens, at - 1);
  if (at >= 0 && tokens[at]!.text === ')') {
    at = matchingOpener(tokens, at);
    const method = declaredMethodBefore(tokens, at);
    if (method >= 0) return method;
  }
  if (at < 0) return -1;
  // Skip the parameters' start and `async`.
  let before = previousSignificant(tokens, at - 1);
  if (before >= 0 && (tokens[before]!.text === 'async' || tokens[before]!.text === 'function'))
    before = previousSignificant(tokens, before - 1);
  // Handed to a call: createAsyncThunk('pets/fetch', async (id) => …) takes its assigned name.
  for (let hops = 0; hops < 3 && before >= 0; hops++) {
    const text = tokens[before]!.text;
    if (text === '=' || text === ':') {
      const name = previousSignificant(tokens, before - 1);
      if (name < 0 || tokens[name]!.kind !== 'ident') return -1;
      // `{ a: x }` property or `const a =`, not `a.b = …` assignments to another's member.
      return name;
    }
    if (text !== '(' && text !== ',') return -1;
    const open = text === '(' ? before : enclosingOpener(tokens, before, 200);
    if (open < 0 || tokens[open]!.text !== '(') return -1;
    const callee = previousSignificant(tokens, open - 1);
    if (callee < 0 || tokens[callee]!.kind !== 'ident') return -1;
    before = previousSignificant(tokens, calleeStart(tokens, callee) - 1);
  }
  return -1;
}

/** Words that end an expression before a call, never a declaration's type. */
const NOT_A_TYPE = new Set([
  'return',
  'await',
  'new',
  'yield',
  'throw',
  'in',
  'of',
  'else',
  'case',
  'fn',
  'function',
  'async',
]);

/**
 * C#'s and Dart's expression-bodied members: `Task<Pet> GetPetAsync(int id) => …`,
 * `Future<Pet> fetchPet(int id) => …`: the name before the parameters at `open`, when a type (a
 * word, `>`, `?`, `]`) comes before it rather than an operator; -1 otherwise.
 */
function declaredMethodBefore(tokens: readonly Token[], open: number): number {
  if (open < 0) return -1;
  const name = previousSignificant(tokens, open - 1);
  if (name < 0 || tokens[name]!.kind !== 'ident' || NOT_A_TYPE.has(tokens[name]!.text)) return -1;
  const type = previousSignificant(tokens, name - 1);
  if (type < 0) return -1;
  const text = tokens[type]!.text;
  if (tokens[type]!.kind === 'ident') return NOT_A_TYPE.has(text) ? -1 : name;
  return text === '>' || text === '?' || text === ']' ? name : -1;
}

/** `builder.query` walks back to `builder`. */
function calleeStart(tokens: readonly Token[], callee: number): number {
  let at = callee;
  while (at >= 2 && tokens[at - 1]!.text === '.' && tokens[at - 2]!.kind === 'ident') at -= 2;
  return at;
}

/**
 * An RTK Query endpoint, `petById: builder.query<Pet, number>({ query: (id) => … })`: named by its
 * key, and called through the hooks RTK generates from it (usePetByIdQuery, useLazyPetByIdQuery).
 */
function queryEndpoint(tokens: readonly Token[], open: number): Definition | undefined {
  const callee = skipTypeArguments(tokens, previousSignificant(tokens, open - 1));
  if (callee < 2 || tokens[callee]!.text !== 'query' || tokens[callee - 1]!.text !== '.')
    return undefined;
  const colon = previousSignificant(tokens, calleeStart(tokens, callee) - 1);
  if (colon < 1 || tokens[colon]!.text !== ':') return undefined;
  const key = previousSignificant(tokens, colon - 1);
  const token = tokens[key];
  if (!token || token.kind !== 'ident') return undefined;
  const pascal = token.text.charAt(0).toUpperCase() + token.text.slice(1);
  return {
    name: token.text,
    start: token.start,
    aliases: [`use${pascal}Query`, `useLazy${pascal}Query`],
  };
}

/** Words that start a declaration on its line: where a statement without `;` begins. */
const DECLARATION_STARTS = new Set([
  ...FUNCTION_WORDS,
  'const',
  'let',
  'var',
  'val',
  'export',
  'public',
  'private',
  'protected',
  'internal',
  'override',
  'suspend',
  'static',
  'async',
  'open',
  'final',
  'pub',
]);

/**
 * A function without braces around `index`: `const fetchPet = (id) => axios.get(…)`,
 * `fun loadPet(id: Long): Pet = client.get(…)`, `Pet Load(long id) => _http.Get…(…);`.
 */
function expressionBodied(tokens: readonly Token[], index: number): Definition | undefined {
  let arrow = -1;
  let start = -1;
  for (let i = index - 1, steps = 0; i >= 0 && steps < HEAD_REACH; i--, steps++) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '}' || token.text === '{') break;
    // A comma ending its line ends the member before (`list: () => …,` above `getPet: (id) => …`).
    if (token.text === ',' && tokens[i + 1]?.kind === 'newline') break;
    if (token.text === '=>') arrow = i;
    if (token.text === ')' || token.text === ']') {
      const opener = matchingOpener(tokens, i);
      if (opener < 0) break;
      i = opener;
      continue;
    }
    // The first token of its line starts a declaration: the statement starts there.
    if ((i === 0 || tokens[i - 1]!.kind === 'newline') && DECLARATION_STARTS.has(token.text)) {
      start = i;
      break;
    }
  }
  if (start >= 0) {
    for (let i = start; i < index && i < start + HEAD_REACH; i++) {
      if (tokens[i]!.kind !== 'ident' || !FUNCTION_WORDS.has(tokens[i]!.text)) continue;
      let name = nextSignificant(tokens, i + 1);
      // fun Client.loadPet(…): an extension function's receiver type.
      while (name >= 0 && tokens[name + 1]?.text === '.' && tokens[name + 2]?.kind === 'ident')
        name += 2;
      if (name >= 0 && tokens[name]!.kind === 'ident') return definitionAt(tokens, name, name);
      return undefined;
    }
  }
  if (arrow < 0) return undefined;
  const name = arrowName(tokens, arrow);
  return name >= 0 ? definitionAt(tokens, name, arrow) : undefined;
}

function definitionAt(tokens: readonly Token[], name: number, body: number): Definition {
  return definitionOf(tokens[name]!, extendedType(tokens, name) ?? ownerOf(tokens, body, 'braces'));
}

/** Kotlin's extension function `fun PetClient.fetchPet(…)`: the type it extends is its owner. */
function extendedType(tokens: readonly Token[], name: number): string | undefined {
  if (tokens[name - 1]?.text !== '.') return undefined;
  const type = tokens[name - 2];
  if (type?.kind !== 'ident') return undefined;
  const word = previousSignificant(tokens, name - 3);
  return word >= 0 && FUNCTION_WORDS.has(tokens[word]!.text) ? type.text : undefined;
}

/** The class or interface whose body holds token `index`, or Go's receiver type. */
function ownerOf(
  tokens: readonly Token[],
  index: number,
  style: DefinitionStyle,
): string | undefined {
  if (!inBraces(style)) return indentedOwner(tokens, index, style);
  if (tokens[index]!.text === '{') {
    const receiver = goReceiver(tokens, index);
    if (receiver) return receiver;
  }
  let at = index;
  for (let level = 0; level < NESTING_REACH; level++) {
    const open = enclosingOpener(tokens, at, 100_000);
    if (open < 0) break;
    if (tokens[open]!.text === '{') {
      const head = headOf(tokens, open);
      if (head.owner) return head.owner;
      const receiver = goReceiver(tokens, open);
      if (receiver) return receiver;
      const registered = registeredService(tokens, open);
      if (registered) return registered;
    }
    at = open;
  }
  return undefined;
}

/** Registrations that name what their function builds, injected by that name (AngularJS). */
const SERVICE_REGISTRATIONS = new Set(['service', 'factory', 'provider']);

/**
 * `app.service('petsService', function ($http) { … })`: the body of a function registered under
 * a name, which callers get injected by that name (`petsService.getOnePet(id)`).
 */
function registeredService(tokens: readonly Token[], open: number): string | undefined {
  const close = previousSignificant(tokens, open - 1);
  if (close < 0 || tokens[close]!.text !== ')') return undefined;
  const parameters = matchingOpener(tokens, close);
  const word = previousSignificant(tokens, parameters - 1);
  if (word < 0 || tokens[word]!.text !== 'function') return undefined;
  const comma = previousSignificant(tokens, word - 1);
  const name =
    comma < 0 || tokens[comma]!.text !== ',' ? -1 : previousSignificant(tokens, comma - 1);
  const call = name < 0 ? -1 : previousSignificant(tokens, name - 1);
  if (call < 0 || tokens[call]!.text !== '(') return undefined;
  const callee = previousSignificant(tokens, call - 1);
  if (callee < 0 || !SERVICE_REGISTRATIONS.has(tokens[callee]!.text)) return undefined;
  return literalText(tokens[name]);
}

/** `func (c *Client) GetPet(…) {`: Client. */
function goReceiver(tokens: readonly Token[], open: number): string | undefined {
  // After a previous function's `}` the head starts on a new line.
  const start = nextSignificant(tokens, headStart(tokens, open - 1));
  if (start < 0 || tokens[start]!.text !== 'func') return undefined;
  const paren = nextSignificant(tokens, start + 1);
  if (paren < 0 || tokens[paren]!.text !== '(') return undefined;
  const close = matchingCloser(tokens, paren, 20);
  const type = previousSignificant(tokens, close - 1);
  return type > paren && tokens[type]!.kind === 'ident' ? tokens[type]!.text : undefined;
}

/** Indentation of the line holding token `index` (its first token's column), and that token. */
function lineHead(tokens: readonly Token[], index: number): { first: number; indent: number } {
  let first = index;
  while (first > 0 && tokens[first - 1]!.kind !== 'newline') first--;
  const newline = first > 0 ? tokens[first - 1]! : undefined;
  const lineStart = newline ? newline.start + newline.text.length : 0;
  return { first, indent: tokens[first]!.start - lineStart };
}

/**
 * Python's `def name(` and Ruby's `def name` / `def self.name`: the nearest one before `index`
 * that is indented less than every line between them.
 */
function indentedDefinition(
  tokens: readonly Token[],
  index: number,
  style: DefinitionStyle,
): Definition | undefined {
  const words = style === 'elixir' ? ELIXIR_DEFINITIONS : ['def'];
  const found = indentedHead(tokens, index, words, style);
  if (!found) return undefined;
  let name = nextSignificant(tokens, found.first + 1);
  if (style === 'ruby' && tokens[name]?.text === 'self' && tokens[name + 1]?.text === '.')
    name += 2;
  const token = tokens[name];
  if (!token || token.kind !== 'ident') return undefined;
  return definitionOf(token, indentedOwner(tokens, found.first, style));
}

function indentedOwner(
  tokens: readonly Token[],
  index: number,
  style: DefinitionStyle,
): string | undefined {
  const owners = style === 'elixir' ? ['defmodule'] : ['class', 'module'];
  const found = indentedHead(tokens, index, owners, style);
  if (!found) return undefined;
  let name = nextSignificant(tokens, found.first + 1);
  // defmodule ExMonApi.PokeApi.Client: the module's last name is what callers alias.
  while (style === 'elixir' && tokens[name + 1]?.text === '.' && tokens[name + 2]?.kind === 'ident')
    name += 2;
  return name >= 0 && tokens[name]!.kind === 'ident' ? tokens[name]!.text : undefined;
}

/** Elixir's words that define a function. */
const ELIXIR_DEFINITIONS = ['def', 'defp', 'defmacro', 'defmacrop'];

/** Lines looked back for a def or class: a function of a few hundred lines. */
const INDENTED_REACH = 20_000;

function indentedHead(
  tokens: readonly Token[],
  index: number,
  words: readonly string[],
  style: DefinitionStyle,
): { first: number; indent: number } | undefined {
  const here = lineHead(tokens, index);
  let indent = here.indent;
  for (let i = here.first - 1, stop = Math.max(0, index - INDENTED_REACH); i >= stop; i--) {
    if (tokens[i]!.kind === 'newline') continue;
    const line = lineHead(tokens, i);
    i = line.first;
    if (line.indent >= indent) continue;
    // Inside brackets a continuation line may be indented less: only statements count.
    if (enclosingOpener(tokens, line.first, 4000) >= 0 && style === 'indentation') continue;
    let head = line.first;
    if (tokens[head]!.text === 'async') head++;
    if (words.includes(tokens[head]!.text)) return { first: head, indent: line.indent };
    indent = line.indent;
    if (indent === 0) return undefined;
  }
  return undefined;
}
