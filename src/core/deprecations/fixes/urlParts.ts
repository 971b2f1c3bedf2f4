/**
 * A URL expression of GET /pets/{id} taken apart into what the replacement needs: the collection's
 * URL as an expression of the same syntax (`${BASE}/pets`, `BASE + '/pets'`, f"{BASE}/pets") and
 * the id's expression (`id`, `pet.id`, `42`). Everything else stays as written.
 */
import type { LanguageSupport } from '../lexers/languages';
import { tokenEnd, type Token } from '../model/tokens';
import { stringSource, type Segment } from './stringSegments';

export interface UrlParts {
  /** The collection's URL, as source text of the file's language. */
  collection: string;
  /** The id, as source text (an expression, or a number literal). */
  id: string;
}

/**
 * Why a URL is not taken apart; for one whose query follows the id (`/pets/${id}?format=json`),
 * also the parts with the query kept on the collection (`/pets?format=json`), for a rewrite whose
 * library adds the list's query to one already in the URL (axios's and Angular's `params`).
 */
export type UrlSplit = UrlParts | { problem: string; withQuery?: UrlParts };

/** Where "pets/" starts in a segment's text, by case as servers route it. */
function petsIndex(text: string): number {
  const lower = text.lastIndexOf('pets/');
  const capital = text.lastIndexOf('Pets/');
  return Math.max(lower, capital);
}

/**
 * Splits the URL expression of tokens `first..last` of `text` (the finding's range). The last
 * string token holding "pets/" is the one the id follows: as a hole in it, as digits in it, or as
 * the operand concatenated after it.
 */
export function splitUrl(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
  language: LanguageSupport,
): UrlSplit {
  let k = -1;
  for (let i = last; i >= first; i--) {
    const token = tokens[i]!;
    if (token.kind === 'string' && petsIndex(token.text) >= 0) {
      k = i;
      break;
    }
  }
  if (k < 0)
    return (
      afterNamedCollection(text, tokens, first, last, language) ?? {
        problem: 'the path is not written in one string',
      }
    );
  const token = tokens[k]!;
  const source = stringSource(token.text, language.family);
  if (!source) return { problem: 'the URL is a kind of string the rewrite does not read' };
  const segmentIndex = source.segments.findIndex(
    (segment) =>
      segment.kind === 'text' && petsIndex(token.text.slice(segment.start, segment.end)) >= 0,
  );
  // The last text segment holding pets/ is the path's (a base could name pets too).
  let at = -1;
  for (let s = source.segments.length - 1; s >= 0; s--) {
    const segment = source.segments[s]!;
    if (segment.kind === 'text' && petsIndex(token.text.slice(segment.start, segment.end)) >= 0) {
      at = s;
      break;
    }
  }
  if (segmentIndex < 0 || at < 0) return { problem: 'the path is not in the string' };
  const segment = source.segments[at]!;
  const segmentText = token.text.slice(segment.start, segment.end);
  const slash = segment.start + petsIndex(segmentText) + 4; // the "/" after "pets"
  const after = token.text.slice(slash + 1, segment.end);
  const prefixSource = text.slice(tokens[first]!.start, token.start);
  const suffixSource = text.slice(tokenEnd(token), tokenEnd(tokens[last]!));
  const collection = (cutFrom: number, cutTo: number) =>
    prefixSource + token.text.slice(0, cutFrom) + token.text.slice(cutTo);

  // 1. The id is a hole right after "pets/": `${BASE}/pets/${id}`.
  if (after === '') {
    const next: Segment | undefined = source.segments[at + 1];
    if (next?.kind === 'hole') {
      const rest = source.segments[at + 2];
      if (suffixSource.trim()) return { problem: 'the URL goes on after the string' };
      if (rest && !restIsEmpty(token.text.slice(rest.start, rest.end))) {
        const problem = 'the URL goes on after the id (a query or a fragment)';
        // A query, its values written or interpolated, and no fragment: kept on the collection.
        const query = token.text.slice(rest.start, source.contentEnd);
        return query.startsWith('?') && !query.includes('#') && query.length > 1
          ? {
              problem,
              withQuery: { collection: collection(slash, next.end), id: next.expression ?? '' },
            }
          : { problem };
      }
      return { collection: collection(slash, next.end), id: next.expression ?? '' };
    }
    // 2. The string ends with "pets/" and the id is concatenated after it: BASE + '/pets/' + id.
    if (next === undefined && token.text.slice(segment.end, source.contentEnd) === '') {
      const operator = tokens[k + 1];
      if (!operator || !language.concatenation.has(operator.text))
        return { problem: 'the id does not follow the path' };
      const operand = text.slice(tokenEnd(operator), tokenEnd(tokens[last]!)).trim();
      if (!operand) return { problem: 'the id does not follow the path' };
      if (hasTopLevelOperator(tokens, k + 2, last, language.concatenation))
        return { problem: 'the URL goes on after the id' };
      return {
        collection: prefixSource + token.text.slice(0, slash) + token.text.slice(segment.end),
        id: operand,
      };
    }
    return { problem: 'the id is not an expression the rewrite can take' };
  }
  // 3. A literal id: "/pets/42".
  const literal = /^(\d+)(.*)$/s.exec(after);
  if (literal) {
    if (!restIsEmpty(literal[2]!) || source.segments[at + 1] || suffixSource.trim())
      return { problem: 'the URL goes on after the id (a query or a fragment)' };
    return { collection: collection(slash, segment.end), id: literal[1]! };
  }
  return { problem: `the id "${after.slice(0, 20)}" is a placeholder, not an expression` };
}

function restIsEmpty(text: string): boolean {
  return text === '';
}

function hasTopLevelOperator(
  tokens: readonly Token[],
  from: number,
  to: number,
  operators: ReadonlySet<string>,
): boolean {
  return topLevelOperators(tokens, from, to, operators).length > 0;
}

/** The operators of `operators` among tokens `from..to` outside any bracket, as token indices. */
export function topLevelOperators(
  tokens: readonly Token[],
  from: number,
  to: number,
  operators: ReadonlySet<string>,
): number[] {
  const found: number[] = [];
  let depth = 0;
  for (let i = from; i <= to; i++) {
    const text = tokens[i]!.text;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') depth--;
    else if (depth === 0 && operators.has(text)) found.push(i);
  }
  return found;
}

/**
 * The collection's URL kept in a name, the id joined after a slash: `rootUrl + '/' + id`,
 * `` `${rootUrl}/${id}` `` (the finder read the name's value, `/api/v1/pets`). The collection is
 * the expression before the slash, as written.
 */
function afterNamedCollection(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
  language: LanguageSupport,
): UrlParts | undefined {
  const lastToken = tokens[last]!;
  // A template ending with a hole after a slash after a hole: `${rootUrl}/${id}`.
  if (first === last && lastToken.kind === 'string') {
    const source = stringSource(lastToken.text, language.family);
    const segments = source?.segments ?? [];
    const [collection, slash, id] = segments.slice(-3);
    if (
      segments.length === 3 &&
      collection?.kind === 'hole' &&
      slash?.kind === 'text' &&
      lastToken.text.slice(slash.start, slash.end) === '/' &&
      id?.kind === 'hole' &&
      id.expression &&
      lastToken.text.slice(id.end, source!.contentEnd) === ''
    )
      // The collection's expression itself, as one would write it: `rootUrl`, `this.petsUrl`.
      return collection.expression
        ? { collection: collection.expression, id: id.expression }
        : undefined;
    return undefined;
  }
  // `ApiUrl + petId`, `$"{Base}/{ApiUrl}" + petId`: the collection, its slash kept, joined to
  // the id (the helpers of these languages drop a collection's last slash).
  const joined = collectionJoinedToId(text, tokens, first, last, language);
  if (joined) return joined;
  // `rootUrl + '/' + id`: the last string is a lone slash, joined on both sides.
  for (let j = last - 1; j > first; j--) {
    const token = tokens[j]!;
    if (token.kind !== 'string') continue;
    const source = stringSource(token.text, language.family);
    if (!source || token.text.slice(source.contentStart, source.contentEnd) !== '/')
      return undefined;
    const before = tokens[j - 1]!;
    const after = tokens[j + 1]!;
    if (!language.concatenation.has(before.text) || !language.concatenation.has(after.text))
      return undefined;
    if (hasTopLevelOperator(tokens, j + 2, last, language.concatenation)) return undefined;
    const collection = text.slice(tokens[first]!.start, before.start).trim();
    const id = text.slice(tokenEnd(after), tokenEnd(lastToken)).trim();
    return collection && id ? { collection, id } : undefined;
  }
  return undefined;
}

/** Languages whose helpers list a collection written with its last slash (`…/pets/`) without it. */
const TRIMMING_HELPERS = new Set(['csharp', 'javascript']);

/**
 * `A + id`: two operands joined once, the first a name, a member or a string ending with a hole
 * (whose value the finder read: `…/pets/`), the second the id, with no string in it.
 */
function collectionJoinedToId(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
  language: LanguageSupport,
): UrlParts | undefined {
  if (!TRIMMING_HELPERS.has(language.family)) return undefined;
  const operators = topLevelOperators(tokens, first, last, language.concatenation);
  if (operators.length !== 1) return undefined;
  const operator = operators[0]!;
  if (operator <= first || operator >= last) return undefined;
  for (let i = operator + 1; i <= last; i++) if (tokens[i]!.kind === 'string') return undefined;
  const head = tokens[operator - 1]!;
  if (head.kind === 'string') {
    const source = stringSource(head.text, language.family);
    const segments = source?.segments ?? [];
    const lastSegment = segments[segments.length - 1];
    if (operator - 1 !== first || lastSegment?.kind !== 'hole') return undefined;
    if (head.text.slice(lastSegment.end, source!.contentEnd) !== '') return undefined;
  } else if (head.kind !== 'ident') return undefined;
  const collection = text.slice(tokens[first]!.start, tokens[operator]!.start).trim();
  const id = text.slice(tokenEnd(tokens[operator]!), tokenEnd(tokens[last]!)).trim();
  return collection && id ? { collection, id } : undefined;
}
