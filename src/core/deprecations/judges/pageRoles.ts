/**
 * Whether a path-shaped string is a page of the app rather than a request to the API, by the role
 * it plays in the code: the argument of a redirect or a navigation, a link's target, a Location
 * header, what is assigned to window.location or an element's href. Names are judged by their
 * words (redirect_to, HttpResponseRedirect, sendRedirect, NavigateTo all say "redirect" or
 * "navigate"), not by a list of frameworks' functions. Imports only model/.
 */
import { identifierWords } from '../model/identifierWords';
import { literalText, type Token } from '../model/tokens';
import {
  chainStart,
  enclosingOpener,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** Words of a callee that make its string argument a page: redirect_to, navigateTo, goto, link_to. */
const PAGE_WORDS = new Set([
  'redirect',
  'redirects',
  'navigate',
  'navigation',
  'goto',
  'link',
  'href',
  'page',
  'render',
  'composable',
  'image',
  'img',
  'visit',
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
const FORMATTERS = new Set(['format', 'Sprintf', 'sprintf', 'Format', 'join', 'url_for', 'String']);

/** Enclosing calls looked through (formatters, object arguments) to find the one that decides. */
const MAX_LEVELS = 4;

function hasPageWord(name: string): boolean {
  return identifierWords(name).some((word) => PAGE_WORDS.has(word));
}

/**
 * True when the string starting at token `first` is a page of the app: redirected or navigated
 * to, linked, or set as a Location header.
 */
export function isPageReference(tokens: readonly Token[], first: number): boolean {
  if (isViewName(tokens[first]!) || isAssignedToPage(tokens, first)) return true;
  if (isParenlessPageCall(tokens, first)) return true;
  let site = first;
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (followsLocationKey(tokens, site)) return true;
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
        if (!FORMATTERS.has(name)) return false;
        site = chainStart(tokens, callee);
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

/** `("Location", url)`, `{ Location: url }`, `setHeader('Location', url)`: a redirect header. */
function followsLocationKey(tokens: readonly Token[], site: number): boolean {
  const separator = previousSignificant(tokens, site - 1);
  if (separator < 0 || ![',', ':', '=>'].includes(tokens[separator]!.text)) return false;
  const key = previousSignificant(tokens, separator - 1);
  if (key < 0) return false;
  const text = tokens[key]!.kind === 'ident' ? tokens[key]!.text : literalText(tokens[key]);
  return text?.toLowerCase() === 'location';
}

/**
 * Ruby's calls without parentheses: `redirect_to "/pets/#{id}"`, `link_to pet.name, "/pets/…"`,
 * `redirect_back fallback_location: "…"`: the statement's first word names the call.
 */
function isParenlessPageCall(tokens: readonly Token[], first: number): boolean {
  let start = first;
  for (let i = first - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (token.kind === 'newline' || token.text === ';') break;
    if (token.kind === 'punct' && ['(', '[', '{'].includes(token.text)) return false;
    start = i;
  }
  // `@page "/pets/{id}"` (Razor): a directive naming the page.
  if (tokens[start]!.text === '@' && start + 1 < first) start++;
  if (start === first || tokens[start]!.kind !== 'ident') return false;
  const next = nextSignificant(tokens, start + 1);
  // The first word takes what follows as arguments: not a call (f(…)), member or assignment.
  if (next !== start + 1 || tokens[next]!.kind === 'punct') return false;
  return hasPageWord(tokens[start]!.text);
}
