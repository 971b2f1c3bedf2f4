/**
 * A client whose base URL is the pets collection, with the id as the whole path of a request:
 * RTK Query's `fetchBaseQuery({ baseUrl: `${API}/pets/` })` with an endpoint's `query: (id) =>
 * `${id}``, an axios instance `const api = axios.create({ baseURL: '…/pets' })` then
 * `api.get(`/${id}`)`, Retrofit's `.baseUrl("…/pets/")` (or a constant holding it) with
 * `@GET("{id}")`, Ktor's `defaultRequest { url("…/pets/") }` then `client.get("$id")`. The path is
 * judged as the whole URL, the base and the path joined, by the same judges as any URL. Only a
 * base the same file sets counts.
 */
import { identifierWords } from '../model/identifierWords';
import { HOLE_CHAR, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';
import {
  extendChain,
  judgeUrl,
  leftOperandStart,
  type RawFinding,
  type ScanOptions,
} from './urlScanner';

/** A rendered URL that is the pets collection: `/pets`, `{…}/pets/`, `http://host/pets`. */
const COLLECTION = new RegExp(`(?:^|/|${HOLE_CHAR})[pP]ets/?$`);
/** A path that is one placeholder: `/${id}`, `${id}`, `{id}`, `/{petId}`, `$id` (rendered). */
const ID_ONLY = new RegExp(`^/?(?:${HOLE_CHAR}|\\{[A-Za-z_]\\w*\\})/?$`);
/** Openers climbed from a base to the call that makes the client. */
const CLIENT_LEVELS = 6;

interface Client {
  /** The base URL as rendered, without its trailing slash. */
  base: string;
  /** The name the client is bound to (`api` in `const api = axios.create(…)`), if any. */
  name?: string;
  /** Token range of the call that makes it: its endpoints' paths are inside (RTK Query). */
  first: number;
  last: number;
  /** Set by a builder's `.baseUrl(…)` (Retrofit): the file's annotated methods are its requests. */
  annotations: boolean;
}

export function scanCollectionBases(
  tokens: readonly Token[],
  strings: readonly number[],
  options: ScanOptions,
): RawFinding[] {
  const clients = clientsOf(tokens, strings, options);
  if (clients.length === 0) return [];
  const findings: RawFinding[] = [];
  for (const i of strings) {
    const token = tokens[i]!;
    if (!token.parts) continue;
    const chain = extendChain(tokens, i, options);
    if (chain.last !== i || !ID_ONLY.test(chain.rendered)) continue;
    const client = clients.find((candidate) => isRequestOf(tokens, i, candidate));
    if (!client) continue;
    const path = chain.rendered.replace(/^\//, '');
    const finding = judgeUrl(tokens, {
      first: i,
      last: i,
      methodSite: i,
      rendered: `${client.base}/${path}`,
      shell: false,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The clients the file makes with the pets collection as their base. */
function clientsOf(
  tokens: readonly Token[],
  strings: readonly number[],
  options: ScanOptions,
): Client[] {
  const clients: Client[] = [];
  /** Constants holding the collection: `BASE_URL = "…/pets/"`, used in a base's place. */
  const constants = new Map<string, string>();
  for (const i of strings) {
    if (!tokens[i]!.parts) continue;
    const chain = extendChain(tokens, i, options);
    if (!COLLECTION.test(chain.rendered)) continue;
    const start = leftOperandStart(tokens, i, options);
    const base = chain.rendered.replace(/\/$/, '');
    const slot = baseSlot(tokens, start);
    if (slot) clients.push(clientAt(tokens, slot, base));
    else {
      const name = constantNamed(tokens, start);
      if (name) constants.set(name, base);
    }
  }
  if (constants.size > 0)
    for (let i = 0; i < tokens.length; i++) {
      const base = constants.get(tokens[i]!.text);
      if (base === undefined || tokens[i]!.kind !== 'ident') continue;
      const slot = baseSlot(tokens, i);
      if (slot) clients.push(clientAt(tokens, slot, base));
    }
  return clients;
}

interface Slot {
  /** The token where the base is set (its key or its call's name). */
  at: number;
  /** Set through a builder's method (`.baseUrl(…)`), not a key. */
  call: boolean;
}

/** Words of a key or a method that sets a client's base: baseUrl, baseURL, base_url, BaseAddress, prefixUrl. */
function isBaseName(name: string): boolean {
  const words = identifierWords(name);
  if (words.includes('prefix') && words.includes('url')) return true;
  return (
    words.includes('base') &&
    (words.includes('url') || words.includes('uri') || words.includes('address'))
  );
}

/**
 * Whether the value starting at `start` sets a client's base: a key's value (`baseURL: …`,
 * `base_url=…`, `BaseAddress = new Uri(…)`), a builder's argument (`.baseUrl(…)`), Ktor's
 * `url(…)` in a `defaultRequest { … }` block.
 */
function baseSlot(tokens: readonly Token[], start: number): Slot | undefined {
  let before = previousSignificant(tokens, start - 1);
  // `new Uri("…/pets/")`: the value is the Uri.
  if (before >= 0 && tokens[before]!.text === '(') {
    const callee = previousSignificant(tokens, before - 1);
    const word = previousSignificant(tokens, callee - 1);
    if (tokens[callee]?.text === 'Uri' && tokens[word]?.text === 'new')
      before = previousSignificant(tokens, word - 1);
  }
  if (before < 0) return undefined;
  const text = tokens[before]!.text;
  if (text === ':' || text === '=') {
    const key = previousSignificant(tokens, before - 1);
    const name = tokens[key];
    if (!name) return undefined;
    // A key of an object or an argument (`{ baseURL: …`, `base_url=…`, `{ BaseAddress = …`), not
    // a declaration (`const val BASE_URL = …`: a constant, a base where it is used as one).
    const entry = previousSignificant(tokens, key - 1);
    if (entry < 0 || !['{', ',', '('].includes(tokens[entry]!.text)) return undefined;
    const keyText = name.kind === 'string' ? name.text.replace(/^["'`]|["'`]$/g, '') : name.text;
    return isBaseName(keyText) ? { at: key, call: false } : undefined;
  }
  if (text !== '(') return undefined;
  const callee = previousSignificant(tokens, before - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return undefined;
  if (isBaseName(tokens[callee]!.text)) return { at: callee, call: true };
  // Ktor: defaultRequest { url("…/pets/") }
  if (tokens[callee]!.text !== 'url') return undefined;
  const block = enclosingOpener(tokens, callee, 200);
  const owner = block < 1 ? -1 : previousSignificant(tokens, block - 1);
  return tokens[block]?.text === '{' && tokens[owner]?.text === 'defaultRequest'
    ? { at: callee, call: false }
    : undefined;
}

/** The client a base is set for: the call around it and the name that call is bound to. */
function clientAt(tokens: readonly Token[], slot: Slot, base: string): Client {
  let outer = -1;
  let at = slot.at;
  for (let level = 0; level < CLIENT_LEVELS; level++) {
    const open = enclosingOpener(tokens, at, 4000);
    if (open < 0 || !isValueOpener(tokens, open)) break;
    outer = open;
    at = open;
  }
  let first = slot.at;
  let last = slot.at;
  if (outer >= 0) {
    // The call the outermost brackets belong to: `axios.create(`, `HttpClient(engine) {`.
    let callee = previousSignificant(tokens, outer - 1);
    if (tokens[callee]?.text === ')')
      callee = previousSignificant(tokens, matchingOpener(tokens, callee) - 1);
    first = tokens[callee]?.kind === 'ident' ? chainStart(tokens, callee) : outer;
    last = matchingCloser(tokens, outer, 100_000);
  } else if (slot.call) first = chainStart(tokens, slot.at);
  const client: Client = { base, first, last, annotations: slot.call };
  const name = boundName(tokens, first);
  if (name) client.name = name;
  return client;
}

/**
 * An opener whose brackets hold a value, not a body: a call's arguments, an object literal, a
 * builder's block (`HttpClient(CIO) { … }`, `defaultRequest { … }`); not a function's or a
 * class's body.
 */
function isValueOpener(tokens: readonly Token[], open: number): boolean {
  const text = tokens[open]!.text;
  const before = previousSignificant(tokens, open - 1);
  if (before < 0) return false;
  const previous = tokens[before]!;
  if (text === '(' || text === '[') return previous.kind === 'ident' || previous.text === '>';
  if (text !== '{') return false;
  if (['(', ',', ':', '=', '['].includes(previous.text)) return true;
  // A trailing block: `defaultRequest {`, `HttpClient(CIO) {`; not `fun client() {`.
  let callee = before;
  if (previous.text === ')')
    callee = previousSignificant(tokens, matchingOpener(tokens, before) - 1);
  if (callee < 0 || tokens[callee]!.kind !== 'ident' || DECLARING.has(tokens[callee]!.text))
    return false;
  const word = previousSignificant(tokens, callee - 1);
  return !(word >= 0 && DECLARING.has(tokens[word]!.text));
}

/** Words before a name that declare it: its braces are a body. */
const DECLARING = new Set([
  'fun',
  'func',
  'function',
  'fn',
  'def',
  'class',
  'object',
  'interface',
  'struct',
]);

/** `const api = …`, `val client = …`, `private val retrofit: Retrofit = …`, `api = …`. */
function boundName(tokens: readonly Token[], first: number): string | undefined {
  const equals = previousSignificant(tokens, first - 1);
  if (equals < 0 || tokens[equals]!.text !== '=') return undefined;
  let name = previousSignificant(tokens, equals - 1);
  // A type annotation: `retrofit: Retrofit = …`.
  const colon = previousSignificant(tokens, name - 1);
  if (colon >= 0 && tokens[colon]!.text === ':') name = previousSignificant(tokens, colon - 1);
  const token = tokens[name];
  return token?.kind === 'ident' ? token.text : undefined;
}

/** `BASE_URL = "…/pets/"`, `const val BASE_URL = …`: the name bound to a value at `start`. */
function constantNamed(tokens: readonly Token[], start: number): string | undefined {
  return boundName(tokens, start);
}

/**
 * The id-only string at `index` is a request of `client`: a member call on its name
 * (`api.get(`/${id}`)`), an endpoint's path inside the call that makes it (`query: (id) =>
 * `${id}``, `url: `/${id}``), or an annotated client method (`@GET("{id}")`) beside a builder's
 * base.
 */
function isRequestOf(tokens: readonly Token[], index: number, client: Client): boolean {
  if (index > client.first && index < client.last) return isEndpointPath(tokens, index);
  const opener = enclosingOpener(tokens, index, 40);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  // The path is the call's first argument.
  if (nextSignificant(tokens, opener + 1) !== index) return false;
  const callee = skipTypeArgumentsBack(tokens, previousSignificant(tokens, opener - 1));
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return false;
  const separator = previousSignificant(tokens, callee - 1);
  if (client.annotations && tokens[separator]?.text === '@') return true;
  if (!client.name || !['.', '?.'].includes(tokens[separator]?.text ?? '')) return false;
  const receiver = previousSignificant(tokens, separator - 1);
  return tokens[receiver]?.text === client.name;
}

/** `api.get<Pet>(…)`: the callee before type arguments. */
function skipTypeArgumentsBack(tokens: readonly Token[], index: number): number {
  if (index < 0 || tokens[index]!.text !== '>') return index;
  let depth = 0;
  for (let i = index; i >= 0 && index - i < 40; i--) {
    const text = tokens[i]!.text;
    if (text === '>') depth++;
    else if (text === '<' && --depth === 0) return previousSignificant(tokens, i - 1);
  }
  return index;
}

/** An endpoint's path: `query: (id) => `${id}``, `url: `/${id}``, `path: …`. */
function isEndpointPath(tokens: readonly Token[], index: number): boolean {
  let before = previousSignificant(tokens, index - 1);
  if (before >= 0 && tokens[before]!.text === '=>') {
    // query: (id) => `${id}`, query: id => `${id}`
    let parameters = previousSignificant(tokens, before - 1);
    if (tokens[parameters]?.text === ')') parameters = matchingOpener(tokens, parameters);
    before = previousSignificant(tokens, parameters - 1);
  }
  if (before < 0 || tokens[before]!.text !== ':') return false;
  const key = tokens[previousSignificant(tokens, before - 1)]?.text;
  return key === 'query' || key === 'url' || key === 'path';
}
