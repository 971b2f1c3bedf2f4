/** The receiver of a PHP method call, as written: `$this->client` of `$this->client->get(…)`. */
import { tokenEnd } from '../../model/tokens';
import { previousSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { callAround, type RequestCall } from '../requestCall';
import type { RequestSite } from '../rewriter';

/** Words a bracketed receiver may follow: `return (new Client())->get(…)` is not a call of `return`. */
const KEYWORDS = new Set([
  'return',
  'echo',
  'print',
  'yield',
  'throw',
  'and',
  'or',
  'xor',
  'else',
  'case',
]);

/** Where the call's receiver starts: its first token, or the bracket after a keyword. */
export function callStart(site: RequestSite, call: RequestCall): number {
  const first = site.tokens[call.callee.first]!;
  const next = site.tokens[call.callee.first + 1];
  return KEYWORDS.has(first.text) && next?.text === '(' ? next.start : call.callee.start;
}

/** The source of everything before the call's last `->` (or `::`), or undefined when none. */
export function callReceiver(site: RequestSite, call: RequestCall): string | undefined {
  const arrow = previousSignificant(site.tokens, call.callee.last - 1);
  if (arrow < 0 || arrow <= call.callee.first) return undefined;
  const text = site.tokens[arrow]!.text;
  if (text !== '->' && text !== '::') return undefined;
  const receiver = site.text.slice(callStart(site, call), site.tokens[arrow]!.start).trim();
  return wrapped(receiver) ? receiver.slice(1, -1).trim() : receiver;
}

/** `(new Client())`: brackets around the whole, which an argument does not need. */
function wrapped(expression: string): boolean {
  if (!expression.startsWith('(') || !expression.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    if (expression[i] === '(') depth++;
    else if (expression[i] === ')' && --depth === 0) return i === expression.length - 1;
  }
  return false;
}

/**
 * The call whose argument is the call holding the URL: `$client->get(sprintf('pets/%d', $id))`
 * gives `$client->get(…)`. A URL built by a function is not one the rewrite can take apart.
 */
export function callAroundCall(
  site: RequestSite,
): { outer: RequestCall; inner: RequestCall } | undefined {
  const inner = callAround(site.text, site.tokens, site.url);
  if ('problem' in inner) return undefined;
  const range = { start: inner.callee.start, end: tokenEnd(site.tokens[inner.close]!) };
  const outer = callAround(site.text, site.tokens, range);
  if ('problem' in outer) return undefined;
  const argument = outer.args[outer.urlArgument]!;
  return argument.start === range.start && argument.end === range.end
    ? { outer, inner }
    : undefined;
}

/**
 * The variable the URL is kept in (`$url = "…/pets/{$id}";`) when the rewrite could not follow it
 * to one request: the reason a person is asked to change it.
 */
export function keptUrlProblem(site: RequestSite): string | undefined {
  const { tokens } = site;
  const first = tokenIndexAt(tokens, site.url.start);
  const operator = previousSignificant(tokens, first - 1);
  if (operator < 1 || tokens[operator]!.text !== '=') return undefined;
  const name = tokens[operator - 1]!;
  if (name.kind !== 'ident' || !name.text.startsWith('$')) return undefined;
  return `the URL kept in ${name.text} is used more than once, read in a string or changed: change its uses by hand`;
}

/**
 * Whether the receiver is a Guzzle client from what the file shows: named as a client
 * (`$this->client`, `$http`, `$guzzle`), made with `new Client(…)`, or declared with its type
 * (`Client $client`, `ClientInterface $http`). `->get(` alone is also a container's or a cache's.
 */
export function isGuzzleClient(text: string, receiver: string): boolean {
  if (/^\(?new\s+\\?(GuzzleHttp\\)?Client\b/.test(receiver)) return true;
  // The last name in it: `$this->client`, `$http`, `$this->getClient()`.
  const word = /(\w+)\W*$/.exec(receiver)?.[1];
  if (!word) return false;
  if (/client|http|guzzle/i.test(word)) return true;
  return (
    new RegExp(`\\$${word}\\s*=\\s*new\\s+\\\\?(GuzzleHttp\\\\)?Client\\b`).test(text) ||
    new RegExp(`\\bClient(Interface)?\\s+\\$${word}\\b`).test(text)
  );
}
