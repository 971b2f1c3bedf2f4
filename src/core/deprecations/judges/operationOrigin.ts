/**
 * Whether a call of a function named like the operation (getPet, get_pet, GetPet) is the
 * generated client's operation: its receiver or its import points at a client (api.getPet,
 * petService.getPet, apiClient.PetAPI.GetPet, `import { getPet } from './generated/petstore'`):
 * certain. A lookup that shares the name (store.getPet, `const { getPet } = usePetStore()`) is
 * only possible. A call of the file's own function or method of that name is none: the URL
 * inside it is found on its own. Imports only model/.
 */
import type { Confidence } from '../model/confidence';
import { WordList } from '../model/identifierWords';
import type { Token } from '../model/tokens';
import {
  chainStart,
  LINE_REACH,
  lineStartToken,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** Words naming a client of a remote API in receivers, types, factories and module paths. */
const CLIENT_WORDS = new WordList([
  'api',
  'apis',
  'client',
  'clients',
  'service',
  'services',
  'sdk',
  'gateway',
  'proxy',
  'stub',
  'petstore',
  'openapi',
  'swagger',
  'generated',
  'gen',
  'http',
  'rest',
  'remote',
  'endpoint',
  'endpoints',
  'backend',
]);

/** Receivers that are the object itself: the call is to a method of the same class. */
const SELF_RECEIVERS = new Set(['this', 'self', '$this', 'cls', 'super', 'base', 'me', 'Me']);

/** Tokens of a statement looked at for a variable's initializer or a destructuring's source. */
const STATEMENT_TOKENS = 40;

export function namesClient(text: string): boolean {
  return CLIENT_WORDS.inName(text);
}

export interface OperationSite {
  tokens: readonly Token[];
  /** The operation name's token (a string for api['getPet']). */
  index: number;
  /** Called on a receiver (api.getPet), not plainly (getPet(…)). */
  member: boolean;
  /** The file defines a function or method of that name itself. */
  definedHere: boolean;
  /** Answers already found for this file's names (a dense file calls the same receiver often). */
  memo: Map<string, Confidence>;
}

/**
 * The confidence of an operation call, or undefined when it is not the operation at all (a call
 * of the file's own function of that name: the URL inside it is found on its own).
 */
export function operationConfidence(site: OperationSite): Confidence | undefined {
  return site.member ? memberCallConfidence(site) : plainCallConfidence(site);
}

function memberCallConfidence({
  tokens,
  index,
  definedHere,
  memo,
}: OperationSite): Confidence | undefined {
  // The file's own method of that name: its calls reach the URL inside it, found on its own.
  if (definedHere) return undefined;
  // A gRPC stub's method of that name is a remote procedure, not GET /pets/{petId}.
  if (isGrpcCall(tokens, index)) return undefined;
  // api.getPet: the chain before the name; api['getPet']: the chain before the bracket.
  const end = tokens[index]!.kind === 'string' ? previousSignificant(tokens, index - 1) : index;
  const last = tokens[index]!.kind === 'string' ? previousSignificant(tokens, end - 1) : index;
  const receiver: string[] = [];
  for (let i = chainStart(tokens, last); i < end; i++)
    if (tokens[i]!.kind === 'ident') receiver.push(tokens[i]!.text);
  if (receiver.some(namesClient)) return 'certain';
  const own = receiver.filter((name) => !SELF_RECEIVERS.has(name));
  if (own.length === 0) return 'possible';
  // The receiver's declaration or initializer names a client: pets = new PetApi(config).
  const variable = own[0]!;
  return remembered(memo, `.${variable}`, () =>
    bindingNamesClient(tokens, variable) ? 'certain' : 'possible',
  );
}

function plainCallConfidence({
  tokens,
  index,
  definedHere,
  memo,
}: OperationSite): Confidence | undefined {
  if (definedHere) return undefined;
  const name = tokens[index]!.text;
  return remembered(memo, name, () => {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.kind === 'ident' && token.text === name && isImportLine(tokens, i))
        return lineNamesClient(tokens, i) ? 'certain' : 'possible';
    }
    return bindingNamesClient(tokens, name) ? 'certain' : 'possible';
  });
}

function remembered(
  memo: Map<string, Confidence>,
  key: string,
  answer: () => Confidence,
): Confidence {
  let confidence = memo.get(key);
  if (!confidence) memo.set(key, (confidence = answer()));
  return confidence;
}

/** The occurrence is on an import line: import …, from … import …, use …, require(…). */
function isImportLine(tokens: readonly Token[], index: number): boolean {
  // An import is a short line: one that starts or ends far away (minified code) is not one.
  const start = lineStartToken(tokens, index);
  if (start < 0) return false;
  const first = tokens[start]!.text;
  if (first === 'import' || first === 'from' || first === 'use' || first === 'using') return true;
  for (let i = start, stop = Math.min(tokens.length, start + LINE_REACH); i < stop; i++) {
    if (tokens[i]!.kind === 'newline') break;
    if (tokens[i]!.text === 'require' || tokens[i]!.text === 'import') return true;
  }
  return false;
}

/** The rest of the statement from the line holding `index` names a client (the module path). */
function lineNamesClient(tokens: readonly Token[], index: number): boolean {
  const start = lineStartToken(tokens, index);
  if (start < 0) return false;
  for (let i = start, steps = 0; i < tokens.length && steps < STATEMENT_TOKENS; i++, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'punct' && token.text === ';') break;
    if (token.kind === 'ident' && namesClient(token.text)) return true;
    if (token.kind === 'string' && namesClient(token.text.replace(/[./@-]/g, ' '))) return true;
  }
  return false;
}

/**
 * Where `variable` is bound in the file (`x = …`, `val x: T = …`, `T x = …`,
 * `const { x } = …`), the binding names a client: its type, the constructor or factory of its
 * value, the hook it is destructured from.
 */
function bindingNamesClient(tokens: readonly Token[], variable: string): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== variable) continue;
    const separator = previousSignificant(tokens, i - 1);
    // A typed declaration: `PetApi api`, `private readonly pets: PetService` (the type follows).
    if (
      separator >= 0 &&
      tokens[separator]!.kind === 'ident' &&
      namesClient(tokens[separator]!.text)
    )
      return true;
    const next = nextSignificant(tokens, i + 1);
    if (next < 0) continue;
    const text = tokens[next]!.text;
    const binds = text === '=' || text === ':=' || text === ':' || text === '}' || text === ',';
    if (binds && initializerNamesClient(tokens, next)) return true;
  }
  return false;
}

/** The statement's tokens after the binding (to its end or a few dozen tokens) name a client. */
function initializerNamesClient(tokens: readonly Token[], from: number): boolean {
  let depth = 0;
  for (let i = from, steps = 0; i < tokens.length && steps < STATEMENT_TOKENS; i++, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'newline' && depth <= 0) return false;
    if (token.kind === 'punct') {
      if (token.text === ';' && depth <= 0) return false;
      if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
      else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
      continue;
    }
    if (token.kind === 'ident' && namesClient(token.text)) return true;
  }
  return false;
}

/** Stubs of gRPC services, by their receivers' names: stub, blockingStub, petStub, asyncStub. */
const STUB_RECEIVER = /(?:^|[a-z_])(?:stub|Stub)$/;

/**
 * A call of a gRPC stub: call options from grpc (`grpc.Header(&md)`, `grpc.WaitForReady(true)`),
 * the request a generated gateway decoded (`&protoReq`), or a receiver named a stub
 * (`stub.GetPet(request)`, `blockingStub.getPet(request)`).
 */
function isGrpcCall(tokens: readonly Token[], index: number): boolean {
  const open = nextSignificant(tokens, index + 1);
  if (open < 0 || tokens[open]!.text !== '(') return false;
  const receiverEnd = previousSignificant(tokens, index - 1);
  const receiver =
    receiverEnd >= 0 && tokens[receiverEnd]!.text === '.'
      ? previousSignificant(tokens, receiverEnd - 1)
      : -1;
  if (receiver >= 0 && STUB_RECEIVER.test(tokens[receiver]!.text)) return true;
  let depth = 0;
  for (let i = open; i < tokens.length && i < open + 200; i++) {
    const text = tokens[i]!.text;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') {
      if (--depth === 0) return false;
    } else if (text === 'protoReq') return true;
    else if (text === 'grpc' && tokens[nextSignificant(tokens, i + 1)]?.text === '.') return true;
  }
  return false;
}
