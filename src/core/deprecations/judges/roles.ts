/**
 * Whether a path-shaped string plays a role other than a request to the API, judged from the code
 * around it: a page of the app (the argument of a redirect or a navigation, a link's target, a
 * Location header, what is assigned to window.location or an element's href, the current page a
 * test compares with), a place in storage (a file, a bundle's resource, a database reference), or
 * a name (an object's key). Names are judged by their words (redirect_to, HttpResponseRedirect,
 * sendRedirect, NavigateTo all say "redirect" or "navigate"), not by a list of frameworks'
 * functions. Imports only model/.
 */
import { WordList } from '../model/identifierWords';
import { HOLE, literalText, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingOpener,
  nextSignificant,
  previousSignificant,
  statementStartToken,
} from '../model/tokenWalk';

/** Words of a callee that make its string argument a page: redirect_to, navigateTo, goto, link_to. */
const PAGE_WORDS = new WordList([
  'redirect',
  'redirects',
  'navigate',
  'navigation',
  // const nav = useNavigate(); nav(`/pets/${id}`)
  'nav',
  'goto',
  'link',
  'href',
  'page',
  'render',
  'composable',
  'image',
  'img',
  'visit',
  'created',
  'location',
  'revalidate',
  'current',
  // a router matching a path (router.match("get", "/pets/1"), matchPath, lookup): not a request
  'match',
  'lookup',
]);

/** Receivers or callees that take text to copy or share, not to request: navigator.clipboard.writeText(url). */
const TEXT_SINK_WORDS = new WordList(['clipboard', 'pasteboard', 'share']);

/** Variables that hold text to show or send as a body: let body = format!("GET /pets/{}", id). */
const TEXT_VARIABLES = new Set([
  'body',
  'message',
  'msg',
  'text',
  'title',
  'label',
  'summary',
  'description',
  'caption',
]);

/** Keys whose value names or describes something: { id: "GET /pets/{petId}", summary: … }. */
const NAME_KEYS = new Set([
  'id',
  'name',
  'title',
  'label',
  'summary',
  'description',
  'operationId',
  'message',
  'text',
  'key',
]);

/**
 * Words of a callee, its receivers or an argument's label that make the string a place in storage
 * (or a header's value: Response.Headers.Add("X-Pet", $"/pets/{id}")).
 */
const STORE_WORDS = new WordList([
  'file',
  'files',
  'directory',
  'dir',
  'folder',
  'bundle',
  'asset',
  'assets',
  'storage',
  'bucket',
  'upload',
  'uploads',
  'fs',
  'shutil',
  'header',
  'headers',
]);

/**
 * Receivers whose calls take a database's or a cache's key: db.get("/pets/" + id),
 * Rails.cache.fetch(…), redis_client.get(…). Only receivers: fetchWithCache(url) is a request.
 */
const DATA_STORE_WORDS = new WordList([
  'db',
  'database',
  'cache',
  'redis',
  'memcache',
  'memcached',
]);

/**
 * Words of a key or a keyword argument that make its value a route's pattern, not the URL sent:
 * openapi-core's `MockRequest(host, "GET", "/pets/1", path_pattern="/pets/{petId}")`, a
 * validator's `MatchedPath`.
 */
const PATTERN_WORDS = new WordList(['pattern', 'matched']);

/** Functions named for files that read URLs as well. */
const URL_READERS = new Set(['file_get_contents', 'readfile', 'fopen']);

/** Words of a name inside the path that make it a file's: "/pets/" + fileName, `${dir}/pets/${id}`. */
const FILE_OPERAND_WORDS = new WordList([
  'file',
  'filename',
  'files',
  'dir',
  'directory',
  'folder',
  'asset',
  'assets',
  'upload',
  'uploads',
  'bucket',
]);

/** Calls that take a path in a database: Firebase's ref(…) and child(…), Firestore's doc(…). */
const DATABASE_PATH_CALLEES = new Set([
  'ref',
  'getReference',
  'reference',
  'child',
  'doc',
  'document',
  'collection',
  'collectionGroup',
]);

/** Names a test compares with the current page: expect(current_path).to eq("/pets/…"). */
const CURRENT_PAGE = new Set([
  'current_path',
  'current_url',
  'currentPath',
  'currentUrl',
  'currentRoute',
  'pathname',
]);

/** Members that change the page when called on a router, the history or the location. */
const HISTORY_MEMBERS = new Set([
  'push',
  'replace',
  'assign',
  'go',
  'open',
  'pushNamed',
  'pushReplacementNamed',
  'popAndPushNamed',
  'goNamed',
  'pushState',
  'replaceState',
]);
const HISTORY_RECEIVER = /router|history|location|navigat|^window$|^context$/i;

/** Attributes whose value is a page: <Link to={…}>, <a href={…}>, <img src={…}>. */
const PAGE_ATTRIBUTES = new Set(['to', 'href', 'src', 'action', 'srcSet']);

/** Assigning to these sends the browser there (or loads a file): location.href = …, img.src = …. */
const PAGE_TARGETS = new Set(['location', 'href', 'src']);

/** Calls that only format the string for the call around them: format!(…), fmt.Sprintf(…), url_for. */
const FORMATTERS = new Set([
  'format',
  'Sprintf',
  'sprintf',
  'Format',
  'join',
  'url_for',
  'String',
  // URL constructors: URI.create(…), new URL(…), Uri.parse(…).
  'create',
  'URI',
  'URL',
  'Uri',
  'parse',
]);

/**
 * The bracket around token `index` and, when it is a call's, the callee (else -1), looking through
 * calls that only format or construct the value (fmt.Sprintf, URI.create): the call around those
 * decides. Searches at most `reach` tokens back for the first bracket.
 */
export function callAround(
  tokens: readonly Token[],
  index: number,
  reach?: number,
): { opener: number; callee: number } {
  let opener = enclosingOpener(tokens, index, reach);
  for (let level = 0; level <= MAX_LEVELS; level++) {
    const callee =
      opener >= 1 && tokens[opener]!.text === '(' ? previousSignificant(tokens, opener - 1) : -1;
    if (callee < 0 || tokens[callee]!.kind !== 'ident') return { opener, callee: -1 };
    if (!FORMATTERS.has(tokens[callee]!.text) || level === MAX_LEVELS) return { opener, callee };
    opener = enclosingOpener(tokens, chainStart(tokens, callee));
  }
  return { opener, callee: -1 };
}

/** Words of a variable that make what is assigned to it a page: location, redirectUrl, petLink. */
const PAGE_VARIABLE_WORDS = new WordList(['location', 'redirect', 'link', 'href', 'navigate']);

/**
 * Words of an assertion: assertEquals, XCTAssertEqual, expect(…).toBe, should. Testify's and Node's
 * `require` count only as a receiver (require.Equal), never as a call (require('./pets/x')).
 */
const EXPECTATION_WORDS = new WordList(['assert', 'asserts', 'expect', 'expects', 'should']);
/** Tokens searched back from a value for the assertion around it. */
const EXPECTATION_REACH = 120;
/** Matchers a parenless RSpec expectation ends with: expect(x).to eq("/pets/1"). */
const RSPEC_MATCHERS = new Set(['eq', 'eql', 'equal', 'be', 'include', 'end_with', 'start_with']);

/** Enclosing calls looked through (formatters, object arguments) to find the one that decides. */
const MAX_LEVELS = 4;

function hasPageWord(name: string): boolean {
  return PAGE_WORDS.inName(name);
}

function hasStoreWord(name: string): boolean {
  return STORE_WORDS.inName(name);
}

/**
 * The identifiers of the receiver chain before a callee: Bundle.main.resourceURL?.appendingPathComponent.
 * A builder's `with…(…)` call configures the request it precedes (`$this->withHeaders(…)->getJson(…)`,
 * `client.withToken(t).get(…)`): it is not a receiver that names a store.
 */
function receiverNames(tokens: readonly Token[], callee: number): string[] {
  const names: string[] = [];
  for (let i = chainStart(tokens, callee); i < callee; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident') continue;
    if (/^with[A-Z]/.test(token.text) && tokens[i + 1]?.text === '(') continue;
    names.push(token.text);
  }
  return names;
}

/**
 * True when the string starting at token `first` is a page of the app: redirected or navigated
 * to, linked, or set as a Location header.
 */
export function playsOtherRole(tokens: readonly Token[], first: number, last = first): boolean {
  if (namesFile(tokens, first, last) || isAssignedToFileVariable(tokens, first)) return true;
  if (isViewName(tokens[first]!) || isAssignedToPage(tokens, first)) return true;
  if (isObjectKey(tokens, first) || comparesCurrentPage(tokens, first)) return true;
  if (isParenlessPageCall(tokens, first)) return true;
  let site = first;
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (followsRoleKey(tokens, site)) return true;
    const opener = enclosingOpener(tokens, site);
    if (opener < 1) return false;
    const open = tokens[opener]!.text;
    if (open === '{' && isPageAttribute(tokens, opener)) return true;
    if (open === '(') {
      let callee = previousSignificant(tokens, opener - 1);
      if (callee >= 0 && tokens[callee]!.text === '!')
        callee = previousSignificant(tokens, callee - 1);
      if (callee >= 0 && tokens[callee]!.kind === 'ident') {
        const name = tokens[callee]!.text;
        if (hasPageWord(name) || isHistoryChange(tokens, callee) || isPageOwner(tokens, callee))
          return true;
        const receivers = receiverNames(tokens, callee);
        if (!URL_READERS.has(name) && (hasStoreWord(name) || receivers.some(hasStoreWord)))
          return true;
        if (receivers.some((receiver) => DATA_STORE_WORDS.inName(receiver))) return true;
        if (TEXT_SINK_WORDS.inName(name) || receivers.some((r) => TEXT_SINK_WORDS.inName(r)))
          return true;
        if (DATABASE_PATH_CALLEES.has(name)) return true;
        // Python's os.path.join(MEDIA_ROOT, f"pets/{id}"): a path on disk.
        if (receivers.length >= 2 && receivers[0] === 'os' && receivers[1] === 'path') return true;
        // A formatter or a constructor (new StringValues(…), new URL(…)) only wraps the string:
        // the call around it decides.
        const start = chainStart(tokens, callee);
        const isConstructed = tokens[previousSignificant(tokens, start - 1)]?.text === 'new';
        if (!FORMATTERS.has(name) && !isConstructed) return false;
        site = isConstructed ? previousSignificant(tokens, start - 1) : start;
        continue;
      }
      // A tuple or a grouping: (("Location", format!(…))).
      site = opener;
      continue;
    }
    // An object or array argument (router.push({ path: … }), router.navigate(['/pets', id]));
    // not a block, whose statements are judged where they are.
    const before = previousSignificant(tokens, opener - 1);
    if (open === '{' && !(before >= 0 && ['(', ',', ':', '=', '['].includes(tokens[before]!.text)))
      return false;
    site = opener;
  }
  return false;
}

/** A name inside the URL expression says it is a file: "/pets/" + fileName, `${uploadDir}/pets/${id}`. */
function namesFile(tokens: readonly Token[], first: number, last: number): boolean {
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && FILE_OPERAND_WORDS.inName(token.text)) return true;
    // Interpolated names: the string's raw text holds them (`…${fileName}`, f"{upload_dir}…").
    if (
      token.kind === 'string' &&
      token.parts?.includes(HOLE) &&
      FILE_OPERAND_WORDS.inName(token.text)
    )
      return true;
  }
  return false;
}

/** `const targetDir = `${home}/pets/${id}``, `pet_folder = f"…"`: a variable named for a place on disk. */
function isAssignedToFileVariable(tokens: readonly Token[], first: number): boolean {
  const equals = previousSignificant(tokens, first - 1);
  if (equals < 0 || (tokens[equals]!.text !== '=' && tokens[equals]!.text !== ':=')) return false;
  const target = previousSignificant(tokens, equals - 1);
  return target >= 0 && tokens[target]!.kind === 'ident' && namesFileVariable(tokens[target]!.text);
}

/** A variable's name says it holds a place on disk: TARGET_DIR, uploadFolder, cacheFile. */
export function namesFileVariable(name: string): boolean {
  return FILE_OPERAND_WORDS.inName(name);
}

/** Spring MVC's view names: "redirect:/pets/" + id, "forward:/pets/1". */
function isViewName(token: Token): boolean {
  const text = token.parts && typeof token.parts[0] === 'string' ? token.parts[0] : '';
  return /^\s*(redirect|forward):/.test(text);
}

/** `Redirect::to(…)`, `redirect()->to(…)`: the call's owner says redirect. */
function isPageOwner(tokens: readonly Token[], callee: number): boolean {
  const separator = previousSignificant(tokens, callee - 1);
  if (separator < 0 || !['.', '::', '->'].includes(tokens[separator]!.text)) return false;
  let owner = previousSignificant(tokens, separator - 1);
  if (owner >= 0 && tokens[owner]!.text === ')') {
    // redirect()->to(…): the call the member is taken of.
    const open = matchingOpener(tokens, owner);
    owner = open < 0 ? -1 : previousSignificant(tokens, open - 1);
  }
  return owner >= 0 && tokens[owner]!.kind === 'ident' && hasPageWord(tokens[owner]!.text);
}

/** router.push(…), history.replace(…), window.open(…), context.go(…); not urls.push(…). */
function isHistoryChange(tokens: readonly Token[], callee: number): boolean {
  if (!HISTORY_MEMBERS.has(tokens[callee]!.text)) return false;
  const dot = previousSignificant(tokens, callee - 1);
  const receiver = dot < 0 || tokens[dot]!.text !== '.' ? -1 : previousSignificant(tokens, dot - 1);
  return receiver >= 0 && HISTORY_RECEIVER.test(tokens[receiver]!.text);
}

/** `href={…}`, `to={…}` right before the brace. */
function isPageAttribute(tokens: readonly Token[], brace: number): boolean {
  const equals = previousSignificant(tokens, brace - 1);
  if (equals < 0 || tokens[equals]!.text !== '=') return false;
  const attribute = previousSignificant(tokens, equals - 1);
  return attribute >= 0 && PAGE_ATTRIBUTES.has(tokens[attribute]!.text);
}

/** `window.location.href = …`, `location = …`, `a.href = …`, and `<a href="…">` in JSX. */
function isAssignedToPage(tokens: readonly Token[], first: number): boolean {
  const equals = previousSignificant(tokens, first - 1);
  if (equals < 0 || tokens[equals]!.text !== '=') return false;
  const target = previousSignificant(tokens, equals - 1);
  if (target < 0 || tokens[target]!.kind !== 'ident') return false;
  const name = tokens[target]!.text;
  if (PAGE_ATTRIBUTES.has(name) && tokens[target - 1]?.kind !== 'newline') {
    // An attribute inside a JSX tag (<a href="…">), not a variable named to (to = "…").
    const before = previousSignificant(tokens, target - 1);
    if (before >= 0 && tokens[before]!.kind !== 'punct') return true;
  }
  if (!PAGE_TARGETS.has(name.toLowerCase())) return false;
  // A member (window.location, el.href) or the global location itself.
  const separator = previousSignificant(tokens, target - 1);
  return name === 'location' || (separator >= 0 && tokens[separator]!.text === '.');
}

/** The separator (`,` `:` `=>` `=`) right before a value, and the key or label before that. */
function labelBefore(
  tokens: readonly Token[],
  site: number,
): { separator: number; key: number } | undefined {
  const separator = previousSignificant(tokens, site - 1);
  if (separator < 0 || ![',', ':', '=>', '='].includes(tokens[separator]!.text)) return undefined;
  const key = previousSignificant(tokens, separator - 1);
  return key < 0 ? undefined : { separator, key };
}

/**
 * `const link = `${base}/pets/${id}``, `redirectUrl = …`: stored in a variable named like a page,
 * which its later uses may still send (fetch(link)).
 */
export function isAssignedToPageVariable(tokens: readonly Token[], site: number): boolean {
  const label = labelBefore(tokens, site);
  if (!label || tokens[label.separator]!.text !== '=' || tokens[label.key]!.kind !== 'ident')
    return false;
  const opener = enclosingOpener(tokens, label.key);
  return (
    (opener < 0 || tokens[opener]!.text !== '(') &&
    PAGE_VARIABLE_WORDS.inName(tokens[label.key]!.text)
  );
}

/**
 * The key or label the value follows says what it is: `("Location", url)`, `{ Location: url }`,
 * `setHeader('Location', url)` (a redirect), `href: "/pets/…"`, `to: …` (a link),
 * `fromDirectory: "…"` (a folder).
 */
function followsRoleKey(tokens: readonly Token[], site: number): boolean {
  const label = labelBefore(tokens, site);
  if (!label) return false;
  const { separator, key } = label;
  const text = tokens[key]!.kind === 'ident' ? tokens[key]!.text : literalText(tokens[key]);
  if (!text) return false;
  // A comma separates arguments: only a quoted header name before it names this value.
  if (tokens[separator]!.text === ',' && tokens[key]!.kind === 'ident') return false;
  // `=` is a keyword argument (Python, Kotlin) inside a call's parentheses, else an assignment.
  if (tokens[separator]!.text === '=') {
    const opener = enclosingOpener(tokens, key);
    if (opener < 0 || tokens[opener]!.text !== '(')
      return PAGE_VARIABLE_WORDS.inName(text) || TEXT_VARIABLES.has(text.toLowerCase());
  }
  // { id: "GET /pets/{petId}", summary: "…" }: the value names or describes something.
  if (tokens[separator]!.text !== ',' && NAME_KEYS.has(text)) return true;
  return (
    text === 'to' ||
    text === 'Location' ||
    text === 'location' ||
    hasPageWord(text) ||
    hasStoreWord(text) ||
    PATTERN_WORDS.inName(text)
  );
}

/**
 * A stored URL handed on as a route's pattern (`MockRequest(…, path_pattern=path_pattern)`,
 * `{ pattern: route }`): it describes the route, the request is made from another value.
 */
export function isPatternValue(tokens: readonly Token[], use: number): boolean {
  const label = labelBefore(tokens, use);
  if (!label) return false;
  const { separator, key } = label;
  if (tokens[separator]!.text !== '=' && tokens[separator]!.text !== ':') return false;
  if (tokens[key]!.kind !== 'ident' || !PATTERN_WORDS.inName(tokens[key]!.text)) return false;
  // A keyword argument (path_pattern=…) or an object's key ({ pattern: … }); `path_pattern = url`
  // in a block is another variable.
  const opener = enclosingOpener(tokens, key);
  const bracket = opener < 0 ? '' : tokens[opener]!.text;
  return bracket === '(' || (bracket === '{' && tokens[separator]!.text === ':');
}

/** `{ "/pets/{id}": handler }`, a generated `paths` type's keys: a name, not a request. */
function isObjectKey(tokens: readonly Token[], first: number): boolean {
  const after = nextSignificant(tokens, first + 1);
  if (after < 0 || tokens[after]!.text !== ':') return false;
  const before = previousSignificant(tokens, first - 1);
  return before >= 0 && ['{', ',', ';'].includes(tokens[before]!.text);
}

/**
 * A test comparing the current page: `expect(current_path).to eq("/pets/#{id}")`,
 * `expect(location.pathname).toBe(…)`: a name on the string's line says so.
 */
function comparesCurrentPage(tokens: readonly Token[], first: number): boolean {
  for (let i = first - 1, steps = 0; i >= 0 && steps < 60; i--, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'newline') break;
    if (token.kind !== 'ident' || !CURRENT_PAGE.has(token.text)) continue;
    // u.pathname = [...].join('/') builds a URL; a comparison reads the current page.
    const next = nextSignificant(tokens, i + 1);
    if (next < 0 || tokens[next]!.text !== '=') return true;
  }
  return false;
}

/**
 * A value a test compares with, not a request made there: the string's own call is an assertion
 * (`assertEquals("/pets/1", path)`, `XCTAssertEqual`), a matcher on an expectation's chain
 * (`expect(url).toBe(…)`, `assertThat(path).isEqualTo(…)`, `require.Equal(t, …)`, RSpec's
 * `expect(path).to eq(…)`), or it stands in an assert statement outside any call (`assert path ==
 * "/pets/1"`). A request made inside an assertion (`assert client.get("/pets/1").ok`) is judged
 * by its own call, which is not one of these.
 */
export function isExpectedValue(tokens: readonly Token[], first: number): boolean {
  // An assertion's arguments before the value are few: no need to search far back. A formatter
  // only builds the value: require.Equal(t, fmt.Sprintf("/pets/%d", id), path).
  const { opener, callee } = callAround(tokens, first, EXPECTATION_REACH);
  if (opener < 0 || tokens[opener]!.text !== '(') {
    return statementStartsWith(tokens, first, (word) => word === 'assert');
  }
  if (callee < 0) return false;
  const name = tokens[callee]!.text;
  if (EXPECTATION_WORDS.inName(name)) return true;
  if (isTestifyRequire(tokens, callee) || isTestifyAssertionObject(tokens, callee)) return true;
  if (receiverNames(tokens, callee).some((receiver) => EXPECTATION_WORDS.inName(receiver)))
    return true;
  if (!RSPEC_MATCHERS.has(name)) return false;
  return statementStartsWith(tokens, callee, (word) => EXPECTATION_WORDS.inName(word));
}

/** Calls and annotations whose arguments are a table of test cases. */
const TEST_TABLES = new Set(['parametrize', 'each', 'ValueSource', 'CsvSource', 'TestCase']);
/** Brackets climbed from a value to the table's call: row, table, call (and a list of rows). */
const TEST_TABLE_LEVELS = 4;
/** Tokens searched back for a table's opening bracket: tables run to thousands of tokens. */
const TEST_TABLE_REACH = 20_000;

/**
 * A row of a test table (`@pytest.mark.parametrize("path", [("/pets/{id}", 200)])`,
 * `it.each([["/pets/1"]])`, JUnit's `@ValueSource(strings = {"/pets/1"})`): data the test is fed,
 * whose use is not seen here. Only a value standing bare in a tuple, list or array is climbed
 * from, so a URL handed to a call (the common case) costs one look back.
 */
export function isTestParameter(tokens: readonly Token[], first: number): boolean {
  let opener = enclosingOpener(tokens, first);
  for (let level = 0; opener >= 0 && level < TEST_TABLE_LEVELS; level++) {
    const before = previousSignificant(tokens, opener - 1);
    const beforeToken = before >= 0 ? tokens[before]! : undefined;
    if (tokens[opener]!.text === '(' && beforeToken?.kind === 'ident')
      return TEST_TABLES.has(beforeToken.text);
    // A bare row: after an opening bracket, a comma or `=` (Java's `strings = {…}`), nothing else.
    const text = beforeToken?.text ?? '';
    if (!(text === '(' || text === '[' || text === '{' || text === ',' || text === '='))
      return false;
    opener = enclosingOpener(tokens, opener, TEST_TABLE_REACH);
  }
  return false;
}

/** Testify's `require.Equal(…)`: `require` itself, not called (require('axios').get(…) is a request). */
function isTestifyRequire(tokens: readonly Token[], callee: number): boolean {
  const start = chainStart(tokens, callee);
  return (
    tokens[start]!.text === 'require' && tokens[nextSignificant(tokens, start + 1)]?.text === '.'
  );
}

/** Testify's assertions that compare two values: Equal, EqualValues, NotContains, JSONEqf, … */
const TESTIFY_COMPARISONS =
  /^(?:Not)?(?:Equal|EqualValues|Exactly|Contains|Regexp|JSONEq|ElementsMatch|Subset|Same)f?$/;
/** Tokens searched back from an assertion for `a := require.New(t)`: a test function's length. */
const ASSERTION_OBJECT_REACH = 4000;

/**
 * Testify's assertion object: `a := require.New(t)` (or `assert.New(t)`), then `a.Equal(…)`. The
 * receiver is bound to one of those earlier in the file.
 */
function isTestifyAssertionObject(tokens: readonly Token[], callee: number): boolean {
  // Only an assertion's name sends the search back (client.Get(url) must not cost it).
  if (!TESTIFY_COMPARISONS.test(tokens[callee]!.text)) return false;
  const dot = previousSignificant(tokens, callee - 1);
  const receiver = dot >= 1 ? previousSignificant(tokens, dot - 1) : -1;
  if (receiver < 0 || tokens[dot]!.text !== '.' || tokens[receiver]!.kind !== 'ident') return false;
  if (chainStart(tokens, callee) !== receiver) return false;
  const name = tokens[receiver]!.text;
  const stop = Math.max(0, receiver - ASSERTION_OBJECT_REACH);
  for (let i = receiver - 1; i >= stop; i--) {
    if (tokens[i]!.text !== name || tokens[i]!.kind !== 'ident') continue;
    const bind = nextSignificant(tokens, i + 1);
    if (bind < 0 || (tokens[bind]!.text !== ':=' && tokens[bind]!.text !== '=')) continue;
    const module = nextSignificant(tokens, bind + 1);
    const member = module < 0 ? -1 : nextSignificant(tokens, module + 1);
    const made = member < 0 ? -1 : nextSignificant(tokens, member + 1);
    if (
      made >= 0 &&
      (tokens[module]!.text === 'require' || tokens[module]!.text === 'assert') &&
      tokens[member]!.text === '.' &&
      tokens[made]!.text === 'New'
    )
      return true;
  }
  return false;
}

/** The statement holding token `index` starts with the word `test` accepts. */
function statementStartsWith(
  tokens: readonly Token[],
  index: number,
  test: (word: string) => boolean,
): boolean {
  const start = statementStartToken(tokens, index);
  return start >= 0 && tokens[start]!.kind === 'ident' && test(tokens[start]!.text);
}

/**
 * Ruby's calls without parentheses: `redirect_to "/pets/#{id}"`, `link_to pet.name, "/pets/…"`,
 * `redirect_back fallback_location: "…"`: the statement's first word names the call.
 */
function isParenlessPageCall(tokens: readonly Token[], first: number): boolean {
  let start = statementStartToken(tokens, first);
  if (start < 0) return false; // the first word of so long a statement is not read
  for (let i = start; i < first; i++)
    if (tokens[i]!.kind === 'punct' && ['(', '[', '{'].includes(tokens[i]!.text)) return false;
  // `@page "/pets/{id}"` (Razor): a directive naming the page.
  if (tokens[start]!.text === '@' && start + 1 < first) start++;
  if (start === first || tokens[start]!.kind !== 'ident') return false;
  const next = nextSignificant(tokens, start + 1);
  // The first word takes what follows as arguments: not a call (f(…)), member or assignment.
  if (next !== start + 1 || tokens[next]!.kind === 'punct') return false;
  return hasPageWord(tokens[start]!.text);
}
