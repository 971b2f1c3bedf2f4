/**
 * A URL whose collection is kept in a name and has no "pets/" literal of its own: `this.path + id`,
 * `` `${this.baseUrl}${id}` ``, `` `${PETS_URL}/${id}` `` — the finder knows from the name's value
 * that it is the pets collection. The collection is then the name (it may end with "/": the
 * JavaScript helpers take a trailing slash off) and the id the last operand.
 */
import { tokenEnd } from '../../model/tokens';
import { tokenIndexAt } from '../../model/tokenWalk';
import type { RequestSite } from '../rewriter';
import { stringSource } from '../stringSegments';
import { urlExpression, type UrlFound } from '../urlExpression';
import { topLevelOperators } from '../urlParts';

export function urlOrFieldCollection(site: RequestSite): UrlFound {
  const found = urlExpression(site);
  if (!('problem' in found)) return found;
  const { text, tokens, url, language } = site;
  const first = tokenIndexAt(tokens, url.start);
  const last = tokenIndexAt(tokens, url.end - 1);
  // `A + B`: two operands joined once, neither a string holding a path.
  const plus = topLevelOperators(tokens, first, last, language.concatenation);
  if (plus.length === 1 && first === tokenIndexAt(tokens, url.start)) {
    const operator = plus[0]!;
    const collection = text.slice(url.start, tokens[operator]!.start).trim();
    const id = text.slice(tokenEnd(tokens[operator]!), url.end).trim();
    if (collection && id && !/['"`]/.test(collection + id))
      return { url, parts: { collection, id } };
    return found;
  }
  // `${A}${B}` or `${A}/${B}`: a template of two holes.
  if (first !== last) return found;
  const token = tokens[first]!;
  const source = stringSource(token.text, language.family);
  const segments = source?.segments ?? [];
  const holes = segments.filter((segment) => segment.kind === 'hole');
  const texts = segments.filter((segment) => segment.kind === 'text');
  if (
    holes.length !== 2 ||
    texts.some((segment) => token.text.slice(segment.start, segment.end) !== '/') ||
    segments[0]?.kind !== 'hole' ||
    segments[segments.length - 1]?.kind !== 'hole'
  )
    return found;
  return {
    url,
    parts: { collection: holes[0]!.expression ?? '', id: holes[1]!.expression ?? '' },
  };
}
