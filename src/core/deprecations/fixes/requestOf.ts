/**
 * The request around a finding, for every language's rewriters: the call that sends the URL —
 * directly (`fetch(`${BASE}/pets/${id}`)`) or through a name it was kept in (`url = …;
 * requests.get(url)`) — and the URL taken apart. `accepts` says whether a call is the library's;
 * the edits then replace its callee by a helper's and hand the helper the collection and the id.
 */
import { tokenIndexAt } from '../model/tokenWalk';
import { callAround, type Range, type RequestCall } from './requestCall';
import type { RequestSite } from './rewriter';
import type { TextEdit } from './sourceEdit';
import { storedUrlOrProblem, type StoredUrl } from './storedUrl';
import type { UrlFound } from './urlExpression';
import { splitUrl, type UrlParts } from './urlParts';

export interface FoundRequest {
  call: RequestCall;
  parts: UrlParts;
  /** The URL expression's offsets (the finding, or a format call around it). */
  url: Range;
  /** The name the URL was kept in before it was sent, when it was. */
  stored?: StoredUrl;
  /**
   * `callee(url, rest)` → `helper(first..., collection, id, rest)`; with a stored URL, the name's
   * value becomes the collection and the call `helper(first..., name, id, rest)`.
   */
  edits(helper: string, first?: readonly string[]): TextEdit[];
}

/**
 * `expression` takes the URL apart (default: the finding itself, by splitUrl); a language whose
 * URLs are also built by format calls passes urlExpression, whose range may be wider. With
 * `query`, a query after the id (`/pets/${id}?format=json`) stays on the collection.
 */
export function requestOf(
  site: RequestSite,
  accepts: (call: RequestCall) => boolean,
  expression: (site: RequestSite) => UrlFound = findingItself,
  options: { query?: boolean } = {},
): FoundRequest | { problem: string } | undefined {
  const { text, tokens } = site;
  const split = expression(site);
  // A query after the id stays on the collection where the library adds the list's to it.
  const found: UrlFound =
    'problem' in split && split.withQuery && options.query
      ? { url: site.url, parts: split.withQuery }
      : split;
  const url = 'problem' in found ? site.url : found.url;
  const direct = callAround(text, tokens, url);
  if (!('problem' in direct)) {
    if (!accepts(direct)) return undefined;
    const argument = direct.args[direct.urlArgument]!;
    if (argument.start !== url.start || argument.end !== url.end)
      return { problem: 'the URL is part of a larger argument' };
    if ('problem' in found) return found;
    const parts = found.parts;
    return {
      call: direct,
      parts,
      url,
      edits: (helper, before = []) => [
        { start: direct.callee.start, end: direct.callee.end, newText: helper },
        {
          start: argument.start,
          end: argument.end,
          newText: [...before, parts.collection, parts.id].join(', '),
        },
      ],
    };
  }
  if ('problem' in found) return undefined;
  const parts = found.parts;
  const stored = storedUrlOrProblem(tokens, url, identifiersOf(parts.id));
  if (!stored) return undefined;
  // Used twice, one use a request of this library's (`fmt.Println(url)`, then `http.Get(url)`):
  // why it is left, rather than no rewrite knowing the shape.
  if ('problem' in stored) {
    const sends = stored.uses.some((use) => {
      const call = callAround(text, tokens, use);
      return !('problem' in call) && accepts(call);
    });
    return sends ? { problem: stored.problem } : undefined;
  }
  const call = callAround(text, tokens, stored.useRange);
  if ('problem' in call || !accepts(call)) return undefined;
  const argument = call.args[call.urlArgument]!;
  if (argument.start !== stored.useRange.start || argument.end !== stored.useRange.end)
    return { problem: 'the URL kept in a name is part of a larger argument' };
  return {
    call,
    parts,
    url,
    stored,
    edits: (helper, before = []) => [
      { start: url.start, end: url.end, newText: parts.collection },
      { start: call.callee.start, end: call.callee.end, newText: helper },
      {
        start: argument.start,
        end: argument.end,
        newText: [...before, stored.name, parts.id].join(', '),
      },
    ],
  };
}

function findingItself(site: RequestSite): UrlFound {
  const { text, tokens, language, url } = site;
  const first = tokenIndexAt(tokens, url.start);
  const last = tokenIndexAt(tokens, url.end - 1);
  const parts = splitUrl(text, tokens, first, last, language);
  return 'problem' in parts ? parts : { url, parts };
}

export function identifiersOf(expression: string): string[] {
  return expression.match(/[A-Za-z_$][\w$]*/g) ?? [];
}
