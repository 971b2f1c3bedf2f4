/**
 * Whether a use of a client's method in a test stands for a test double, not a call of the API:
 * a stub or a verification of a mock (`when(petClient.getPet(1)).thenReturn(pet)`,
 * `verify(petClient).getPet(1)`, `mock.EXPECT().GetPet(1)`, `every { client.getPet(1) } returns
 * pet`, `mock.Setup(c => c.GetPetAsync(1))`, `client.Received().GetPetAsync(1)`), a mocked
 * function configured or checked (`api.getPet.mockResolvedValue(pet)`, `client.get_pet.return_value
 * = pet`, `expect(api.getPet).toHaveBeenCalledWith(1)`, `jest.mocked(getPet)`), or a call on a
 * receiver named as a double (`mockClient.getPet(1)`, `fake_api.get_pet(1)`). Judged by the words
 * of the code around the use. Imports only model/.
 */
import { identifierWords, WordList } from '../model/identifierWords';
import { literalText, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** Words naming a test double: mockClient, petPlaceMock, fake_api, stubbedApi, apiSpy, mockk. */
const DOUBLE_WORD_LIST = [
  'mock',
  'mocked',
  'mocks',
  'mockk',
  'fake',
  'stub',
  'stubbed',
  'spy',
  'double',
  'substitute',
];
const DOUBLE_WORDS = new WordList(DOUBLE_WORD_LIST);

/**
 * Calls that take the stubbed call as their argument and answer it through their chain:
 * Mockito's `when(…).thenReturn(…)`, BDDMockito's `given(…).willReturn(…)`, mockito-kotlin's
 * `whenever(…)`. A call after them (`.thenReturn`) tells them from Kotlin's `when (x) { … }`.
 */
const ANSWERED_STUBS = new Set(['when', 'given', 'whenever']);

/**
 * Calls whose argument or block only sets up or checks a double: Moq's `Setup(c => c.GetPet(1))`
 * and `Verify(…)`, MockK's `every { … }`, `coEvery { … }`, `verify { … }`, `coVerify { … }`.
 */
const STUB_CALLEES = new Set([
  'Setup',
  'SetupSequence',
  'SetupGet',
  'Verify',
  'every',
  'coEvery',
  'verify',
  'coVerify',
  'justRun',
  'coJustRun',
  'verifySuspend',
]);

/**
 * Calls in the receiver's chain that make the method's call a stub or a check: gomock's
 * `mock.EXPECT().GetPet(1)`, Mockito's `verify(mock).getPet(1)` and `doReturn(p).when(mock)
 * .getPet(1)`, BDDMockito's `then(mock).should().getPet(1)`, NSubstitute's `client.Received()
 * .GetPetAsync(1)`.
 */
const STUB_CHAIN_CALLS = new Set([
  'EXPECT',
  'verify',
  'when',
  'should',
  'Received',
  'DidNotReceive',
  'ReceivedWithAnyArgs',
  'DidNotReceiveWithAnyArgs',
]);

/**
 * Members of a mocked function, read after a reference to it: jest's `getPet.mockResolvedValue`,
 * `getPet.mock.calls`, unittest.mock's `get_pet.return_value`, `.side_effect`,
 * `.assert_called_once_with`, sinon's `.returns`, `.resolves`, `.withArgs`, jasmine's `.and`.
 */
const DOUBLE_MEMBERS =
  /^(?:mock\w*|assert_\w*|assert[A-Z]\w*|return_value|side_effect|called\w*|call_count|call_args\w*|calls|returns|resolves|rejects|withArgs|callsFake|and|invocations)$/;

/** Calls that take a mocked function to configure or check it: `expect(api.getPet)`, `jest.mocked(getPet)`. */
const REFERENCE_CHECKS = new WordList(['expect', 'mocked', 'spied', 'verify', 'assert']);

/**
 * True when the use of a client's method at token `index` (its name) is a test double's stub or
 * check. `called`: the name is called there (`api.getPet(1)`), not only referred to.
 */
export function isStubbedUse(tokens: readonly Token[], index: number, called: boolean): boolean {
  const start = chainStart(tokens, index);
  if (receiverIsDouble(tokens, start, index)) return true;
  if (called) return isInsideStub(tokens, start);
  return isMockedReference(tokens, start, index);
}

/** A receiver named as a double, or a stubbing call in the chain before the name. */
function receiverIsDouble(tokens: readonly Token[], start: number, index: number): boolean {
  for (let i = start; i < index; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident') continue;
    if (STUB_CHAIN_CALLS.has(token.text) && tokens[nextSignificant(tokens, i + 1)]?.text === '(')
      return true;
    // Spring's MockMvc sends requests to the app: a mock of the server, not of the client.
    if (DOUBLE_WORDS.inName(token.text) && !identifierWords(token.text).includes('mvc'))
      return true;
    // Skip the arguments of a call in the chain: verify(petClient, times(1)).getPet(…).
    const next = nextSignificant(tokens, i + 1);
    if (next >= 0 && next < index && tokens[next]!.text === '(')
      i = matchingCloser(tokens, next, 400);
  }
  return false;
}

/** The call is the argument or the block of a call that stubs or verifies it. */
function isInsideStub(tokens: readonly Token[], start: number): boolean {
  const opener = enclosingOpener(tokens, start, 200);
  if (opener < 1) return false;
  const text = tokens[opener]!.text;
  if (text === '(') {
    const callee = previousSignificant(tokens, opener - 1);
    if (callee < 0 || tokens[callee]!.kind !== 'ident') return false;
    const name = tokens[callee]!.text;
    if (STUB_CALLEES.has(name)) return true;
    if (!ANSWERED_STUBS.has(name)) return false;
    const close = matchingCloser(tokens, opener, 400);
    const after = close < 0 ? -1 : nextSignificant(tokens, close + 1);
    return after >= 0 && tokens[after]!.text === '.';
  }
  if (text !== '{') return false;
  // every { … }, verify(exactly = 1) { … }
  let callee = previousSignificant(tokens, opener - 1);
  if (callee >= 0 && tokens[callee]!.text === ')')
    callee = previousSignificant(tokens, matchingOpener(tokens, callee) - 1);
  return callee >= 0 && STUB_CALLEES.has(tokens[callee]!.text);
}

/** `api.getPet.mockResolvedValue(…)`, `expect(api.getPet)…`, `(getPet as jest.Mock)`. */
function isMockedReference(tokens: readonly Token[], start: number, index: number): boolean {
  const next = nextSignificant(tokens, index + 1);
  if (next >= 0 && tokens[next]!.text === '.') {
    const member = nextSignificant(tokens, next + 1);
    if (member >= 0 && DOUBLE_MEMBERS.test(tokens[member]!.text)) return true;
  }
  // A cast to a mock's type: (getPet as jest.Mock), getPet as MockedFunction<typeof getPet>.
  if (next >= 0 && tokens[next]!.text === 'as') {
    for (let i = next + 1, stop = Math.min(tokens.length, next + 8); i < stop; i++) {
      const token = tokens[i]!;
      if (token.kind === 'ident' && DOUBLE_WORDS.inName(token.text)) return true;
      if (token.text === ')' || token.text === ';' || token.kind === 'newline') break;
    }
  }
  const opener = enclosingOpener(tokens, start, 40);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  const callee = previousSignificant(tokens, opener - 1);
  return (
    callee >= 0 &&
    tokens[callee]!.kind === 'ident' &&
    (REFERENCE_CHECKS.inName(tokens[callee]!.text) || DOUBLE_WORDS.inName(tokens[callee]!.text))
  );
}

/** Words of factories that make a double of a type or module: createMock, mockk, instance_double, create_autospec. */
const DOUBLE_FACTORY_WORDS = new WordList([...DOUBLE_WORD_LIST, 'autospec']);

/** Annotations that make a field a double: `@Mock`, `@MockBean`, `@MockitoBean`, `@MockK`, `@SpyBean`. */
const DOUBLE_ANNOTATION_WORDS = new WordList(['mock', 'mockk', 'spy', 'fake']);

/** Tokens of a mocked field's declaration or a factory's arguments looked at. */
const DECLARATION_REACH = 24;

/** What a test file replaces with doubles (names lower-cased, without `I` or `_` prefixes). */
export interface Doubles {
  /** Types and modules replaced whole: `@Mock PetClient`, `mockk<PetClient>()`, `jest.mock('./petClient')`. */
  containers: Set<string>;
  /** Functions replaced on their type or module, as `container.member`: `patch.object(client, "fetch_pet")`. */
  members: Set<string>;
}

/**
 * The types, modules and functions a test file replaces with doubles: the types of `@Mock`,
 * `@MockBean`, `@MockK` fields; what `mock(PetClient.class)`, `mockk<PetClient>()`, `new
 * Mock<IPetClient>()`, `Substitute.For<IPetClient>()`, `$this->createMock(PetClient::class)`,
 * `instance_double(PetApi::Client)`, `MagicMock(spec=PetClient)` are made of; the modules
 * `jest.mock('../api/petClient')` and `vi.mock(…)` replace; what `patch('app.clients.PetClient')`,
 * `patch('app.client.fetch_pet')`, `patch.object(views.client, "fetch_pet")` and
 * `sinon.stub(petApi, 'getPet')` replace. A call that reaches the API only through one of them
 * reaches a double.
 */
export function doublesOf(tokens: readonly Token[]): Doubles {
  const doubles: Doubles = { containers: new Set(), members: new Set() };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident') continue;
    const before = previousSignificant(tokens, i - 1);
    // @Mock, @MockBean on a field; Python's @patch(…) decorator is a factory like patch(…).
    if (before >= 0 && tokens[before]!.text === '@' && isDoubleAnnotation(token.text)) {
      addDeclared(tokens, i, doubles.containers);
      continue;
    }
    if (!isDoubleFactory(tokens, i)) continue;
    // Type arguments (mockk<PetClient>(), Substitute.For<IPetClient>()) and the arguments.
    let open = nextSignificant(tokens, i + 1);
    if (open >= 0 && tokens[open]!.text === '<') {
      for (let j = open + 1; j < tokens.length && j < open + DECLARATION_REACH; j++) {
        if (tokens[j]!.text === '>') {
          open = nextSignificant(tokens, j + 1);
          break;
        }
        if (tokens[j]!.kind === 'ident') doubles.containers.add(plainName(tokens[j]!.text));
      }
    }
    if (open < 0 || tokens[open]!.text !== '(') continue;
    addArguments(tokens, open, doubles);
  }
  return doubles;
}

/** A factory's arguments: a target and a member's name, a dotted or module path, a type. */
function addArguments(tokens: readonly Token[], open: number, doubles: Doubles): void {
  const close = matchingCloser(tokens, open, 400);
  const stop = Math.min(close, open + DECLARATION_REACH);
  // patch.object(views.client, "fetch_pet"), sinon.stub(petApi, 'getPet'): a member of a target.
  for (let j = open + 1; j < stop; j++) {
    if (tokens[j]!.text !== ',') continue;
    const target = previousSignificant(tokens, j - 1);
    const member = nextSignificant(tokens, j + 1);
    if (tokens[target]?.kind === 'ident' && tokens[member]?.kind === 'string') {
      const name = literalOf(tokens[member]);
      doubles.members.add(`${plainName(tokens[target].text)}.${plainName(name)}`);
      return;
    }
    break;
  }
  for (let j = open + 1; j < stop; j++) {
    const argument = tokens[j]!;
    if (argument.kind === 'ident' && /^[A-Z]/.test(argument.text))
      doubles.containers.add(plainName(argument.text));
    else if (argument.kind === 'string') addPath(literalOf(argument), doubles);
  }
}

/**
 * `'../api/petClient'` (a module: replaced whole), `'app.clients.PetClient'` (a class),
 * `'app.client.fetch_pet'` and `'app.clients.PetClient.get_pet'` (a function of its module or class).
 */
function addPath(path: string, doubles: Doubles): void {
  if (/[/\\]/.test(path)) {
    const module = path
      .split(/[/\\]/)
      .pop()!
      .replace(/\.[A-Za-z]+$/, '');
    if (module) doubles.containers.add(plainName(module));
    return;
  }
  const segments = path.split('.').filter(Boolean);
  const last = segments.at(-1);
  if (last === undefined) return;
  if (/^[A-Z]/.test(last) || segments.length === 1) doubles.containers.add(plainName(last));
  else doubles.members.add(`${plainName(segments.at(-2)!)}.${plainName(last)}`);
}

/** A plain string's text (none for one with interpolation). */
function literalOf(token: Token): string {
  return literalText(token) ?? '';
}

function isDoubleAnnotation(name: string): boolean {
  const words = identifierWords(name);
  return DOUBLE_ANNOTATION_WORDS.inName(name) && !words.includes('inject');
}

/** `mock(…)`, `Mockito.mock(…)`, `jest.mock(…)`, `Substitute.For<…>`, `patch(…)`, `patch.object(…)`. */
function isDoubleFactory(tokens: readonly Token[], callee: number): boolean {
  const name = tokens[callee]!.text;
  const next = nextSignificant(tokens, callee + 1);
  if (next < 0 || (tokens[next]!.text !== '(' && tokens[next]!.text !== '<')) return false;
  if (DOUBLE_FACTORY_WORDS.inName(name)) return !identifierWords(name).includes('inject');
  // unittest.mock's patch('app.clients.PetClient') and patch.object(PetClient, 'get_pet'); an
  // HTTP client's `client.patch(url)` is a request, not this.
  const separator = previousSignificant(tokens, callee - 1);
  const receiver =
    separator >= 0 && tokens[separator]!.text === '.'
      ? previousSignificant(tokens, separator - 1)
      : -1;
  const receiverText = receiver >= 0 ? tokens[receiver]!.text : '';
  if (name === 'patch') return receiver < 0 || receiverText === 'mock' || receiverText === 'mocker';
  return receiverText === 'patch' && (name === 'object' || name === 'multiple');
}

/**
 * The type of the field an annotation makes a double: `@Mock private PetClient petClient;` (the
 * name before the field's), `@MockK lateinit var client: PetClient` (the name after the colon).
 */
function addDeclared(tokens: readonly Token[], annotation: number, names: Set<string>): void {
  let i = nextSignificant(tokens, annotation + 1);
  if (i < 0) return;
  // The annotation's own arguments: @MockBean(name = "x").
  if (tokens[i]!.text === '(') i = matchingCloser(tokens, i, 400) + 1;
  const words: string[] = [];
  let colon = -1;
  for (const stop = Math.min(tokens.length, i + DECLARATION_REACH); i < stop; i++) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '=' || token.text === '{' || token.text === ')') break;
    // The declaration's line ends it (Kotlin has no `;`); the annotation may stand on a line above.
    if (token.kind === 'newline' && words.length > 0) break;
    if (token.text === ':' && colon < 0) colon = words.length;
    if (token.kind === 'ident') words.push(token.text);
  }
  const types = colon >= 0 ? words.slice(colon) : words.slice(0, -1);
  for (const type of types) if (/^[A-Z]/.test(type)) names.add(plainName(type));
}

/** `_petClient`, `IPetClient`, `pet_client`, `$client` -> `petclient`, `client`. */
export function plainName(name: string): string {
  let plain = name.replace(/^(m_|_+|\$)/, '');
  if (/^I[A-Z]/.test(plain)) plain = plain.slice(1);
  return plain.replace(/_/g, '').toLowerCase();
}
