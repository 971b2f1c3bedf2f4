import { HOLE_CHAR } from './tokens';

export interface PetPathMatch {
  /** Offset of "pets/" in the rendered text. */
  index: number;
}

/**
 * Whether text holds the collection's path "pets/" as servers that ignore case also route it:
 * ASP.NET's `api/[controller]` is written `api/Pets/{id}` by its clients.
 */
export function includesPetsPath(text: string): boolean {
  return text.includes('pets/') || text.includes('Pets/');
}

/** The next "pets/" or "Pets/" at or after `from`, or -1. */
function nextPetsPath(text: string, from: number): number {
  const lower = text.indexOf('pets/', from);
  const capital = text.indexOf('Pets/', from);
  return lower === -1 ? capital : capital === -1 ? lower : Math.min(lower, capital);
}

const METHOD_LINE = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT)\s+/i;

/**
 * Whether rendered URL text (holes as HOLE_CHAR) targets GET /pets/{one segment} of this API:
 * "pets/" at the start, after "/" or after an interpolated base; then one non-empty segment
 * (a literal, a placeholder, a format verb or a hole); then the end, a query or a fragment.
 * `/pets`, `/pets?…`, `/pets/{id}/sub`, `/petsitters/…` and other API versions do not match.
 * Linear in the text length; no regular expression runs over it.
 */
export function matchPetPath(
  text: string,
  options: { routeParameters?: boolean } = {},
): PetPathMatch | undefined {
  const methodLine = METHOD_LINE.test(text);
  const commandLine = /\b(curl|wget|http|https|xh)\s/.test(text);
  const requestLine = methodLine || commandLine;
  // "fetching /pets/{id}", "Calling /pets/{} failed": words before the path make it prose.
  const proseBefore = requestLine ? text.length : firstInnerSpace(text);
  let lastNonSpace = text.length - 1;
  while (lastNonSpace >= 0 && isSpace(text.charCodeAt(lastNonSpace))) lastNonSpace--;
  // "https://host/#/pets/1": after a "#" is a hash route of a single-page app, never sent.
  const fragment = text.indexOf('#');
  for (let index = nextPetsPath(text, 0); index !== -1; index = nextPetsPath(text, index + 5)) {
    if (index > proseBefore) break;
    if (fragment !== -1 && fragment < index) break;
    if (!startsPathSegment(text, index, requestLine)) continue;
    if (isOtherApiVersion(text, index) || isFilePath(text, index)) continue;
    if (isNestedOrVerbPath(text, index)) continue;
    const segmentStart = index + 5;
    let end = segmentStart;
    while (end < text.length && !isSegmentEnd(text.charCodeAt(end))) end++;
    if (end === segmentStart) continue; // "/pets/" or "/pets/?…": the list
    if (namesAnotherResource(text, segmentStart, end)) continue;
    const parameter = options.routeParameters === true && isRouteParameter(text, segmentStart, end);
    if (!parameter && (isPattern(text, segmentStart, end) || isNamedPage(text, segmentStart, end)))
      continue;
    if (end === text.length) return { index };
    const next = text[end]!;
    if (next === '?' || next === '#') return { index };
    if (next === '/') {
      // A trailing slash is the same resource; anything after it is a sub-resource.
      const after = end + 1;
      if (
        after === text.length ||
        text[after] === '?' ||
        text[after] === '#' ||
        isSpace(text.charCodeAt(after))
      )
        return { index };
      continue;
    }
    if (isSpace(next.charCodeAt(0))) {
      // "…/pets/1\n" ends with white space; "GET /pets/1 HTTP/1.1" and "curl … /pets/1 -H …" are
      // requests; "GET /pets/{id} failed" is prose.
      let rest = end;
      while (rest < text.length && isSpace(text.charCodeAt(rest))) rest++;
      if (rest >= lastNonSpace + 1 || commandLine) return { index };
      // A sliced string, then a test anchored at its start: no copy, no scan of a long rest.
      if (methodLine && /^HTTP\/[\d.]+$/i.test(text.slice(rest, lastNonSpace + 1)))
        return { index };
    }
  }
  return undefined;
}

function startsPathSegment(text: string, index: number, requestLine: boolean): boolean {
  if (index === 0) return true;
  const before = text[index - 1]!;
  // "pets/{id}" after a space only in a request line ("GET pets/{id}"), never in prose.
  return before === '/' || before === HOLE_CHAR || (requestLine && isSpace(before.charCodeAt(0)));
}

/** Index of the first white space after the text's first non-space character (or its length). */
function firstInnerSpace(text: string): number {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * "./pets/dog", "../pets/x", "data/pets/{name}.json": a path on disk or a module, not this API's
 * path. Relative URLs ("pets/1", "v1/pets/1") start with the API's own segments.
 */
function isFilePath(text: string, index: number): boolean {
  let start = 0;
  while (start < index && isSpace(text.charCodeAt(start))) start++;
  const before = text.slice(start, index);
  if (before.startsWith('./') || before.startsWith('../') || before.startsWith('~/')) return true;
  // "/images/pets/dog.png", "${CDN}/pets/${id}.jpg": a file name where the id would be.
  return endsWithFileExtension(text, index + 5);
}

/**
 * "/pets/new", "/pets/edit", "/pets/search": a word where the integer id would be names a page
 * or another resource. Placeholders written as words stay ids: "/pets/petId", "/pets/PET_ID".
 */
function isNamedPage(text: string, start: number, end: number): boolean {
  const segment = text.slice(start, end);
  // A list's page with what follows it in a hole: `/pets/index${query}`, `/pets/search${params}`.
  if (segment.endsWith(HOLE_CHAR) && LIST_PAGES.test(segment.slice(0, -1))) return true;
  if (!/^[A-Za-z][A-Za-z_-]*$/.test(segment) || segment.length === 1) return false;
  // The values generators and tests put for a string id: "/pets/string" (Stainless), "/pets/foo".
  if (PLACEHOLDER_IDS.has(segment)) return false;
  if (/^[A-Z][A-Z_]*$/.test(segment)) return false; // PET_ID, ID
  return !/(^id|id$)/i.test(segment);
}

/**
 * Words of a path parameter's name that say it identifies something else than the pet: `/pets/
 * {petowner_id}` lists an owner's pets, `/pets/{userId}` a user's. Not the pet's GET by id.
 */
export const OTHER_RESOURCE_WORDS: ReadonlySet<string> = new Set([
  'owner',
  'petowner',
  'user',
  'customer',
  'client',
  'shelter',
  'category',
  'breed',
  'species',
  'tag',
  'status',
  'person',
  'adopter',
  'household',
  'account',
]);

/** A placeholder segment (`{ownerId}`, `:user_id`, `<int:shelter_id>`) named for another resource. */
function namesAnotherResource(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first !== 123 && first !== 58 && first !== 60) return false; // { : <
  const name = /^(?:\{|:|<(?:\w+:)?)([A-Za-z_]\w*)/.exec(text.slice(start, end))?.[1];
  if (!name) return false;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => OTHER_RESOURCE_WORDS.has(word));
}

/** Pages that list pets, whose query may follow in a hole. */
const LIST_PAGES = /^(?:index|all|list|search|filter|find[A-Za-z]*)$/i;

/** Words that stand for an id in generated tests and examples, never a page. */
const PLACEHOLDER_IDS = new Set(['string', 'example', 'foo', 'bar', 'abc', 'dummy', 'placeholder']);

/** The segment starting at `start` ends in a file name extension: "{name}.json", "dog.png". */
function endsWithFileExtension(text: string, start: number): boolean {
  let end = start;
  while (end < text.length && !isSegmentEnd(text.charCodeAt(end))) end++;
  // The segment's last dot, looked for only where an extension could start: a search back over
  // all the text would make a long rendered chain with many "pets/" quadratic.
  let dot = -1;
  for (let i = end - 1; i > start && i >= end - 6; i--)
    if (text.charCodeAt(i) === 46) {
      dot = i;
      break;
    }
  if (dot < 0 || end - dot < 2) return false;
  for (let i = dot + 1; i < end; i++) {
    const code = text.charCodeAt(i) | 32;
    if (code < 97 || code > 122) return false;
  }
  return true;
}

/** A route's parameter: `:id`, `<id>`, `<int:pet_id>` (Express, Echo, Fiber, Flask, Rails). */
function isRouteParameter(text: string, start: number, end: number): boolean {
  const segment = text.slice(start, end);
  // `*`: a glob of a test double or a request interceptor (cy.intercept, page.route, msw).
  return (
    segment === '*' || /^:[A-Za-z_]\w*$/.test(segment) || /^<(?:\w+:)?[A-Za-z_]\w*>$/.test(segment)
  );
}

/**
 * "/pets/(\d+)", "/pets/[0-9]+": a regular expression matching the path; "/pets/:id",
 * "/pets/<int:pet_id>": a route that a server serves or an app navigates to. Neither is a request.
 */
function isPattern(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first === 58 && end > start + 1) return true; // :id
  // $petId left literal (an interpolation would be a hole): a file-based router's parameter,
  // unless the base is a $placeholder too (string.Template('$base/pets/$id')).
  if (
    first === 36 &&
    /[A-Za-z_]/.test(text[start + 1] ?? '') &&
    !text.slice(0, start).includes('$')
  )
    return true;
  if (first === 60 && text.charCodeAt(end - 1) === 62) return true; // <id>, <int:id>
  let braces = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    // Placeholders hold anything: {pet[id]}, {id:[0-9]+} (a route), %(id)s (a format string).
    if (code === 123) braces++;
    else if (code === 125) braces = Math.max(0, braces - 1);
    else if (braces > 0) continue;
    else if (code === 37 && text.charCodeAt(i + 1) === 40) {
      const close = text.indexOf(')', i);
      if (close === -1 || close >= end) return true;
      i = close;
    } else if (
      code === 92 ||
      code === 40 ||
      code === 91 ||
      code === 42 ||
      code === 43 ||
      code === 94
    )
      return true; // \ ( [ * + ^
  }
  return false;
}

/**
 * "/owners/{ownerId}/pets/{petId}", "/users/%d/pets/%d": pets nested under another resource's id
 * (Spring PetClinic's shape) are another API's; so are RPC-style paths with a verb before "pets"
 * ("/get/pets/1", "/api/find/pets/1"). A base URL before "pets" ("${BASE}/pets", "https://h/v1/pets")
 * is neither.
 */
function isNestedOrVerbPath(text: string, index: number): boolean {
  if (index < 2 || text[index - 1] !== '/') return false;
  const previous = segmentBefore(text, index - 1);
  if (previous === undefined) return false;
  if (PATH_VERBS.has(previous.text.toLowerCase())) return true;
  if (!isIdSegment(previous.text) || previous.start < 2 || text[previous.start - 1] !== '/')
    return false;
  const owner = segmentBefore(text, previous.start - 1);
  return (
    owner !== undefined && /^[A-Za-z][A-Za-z_-]*$/.test(owner.text) && !/^v\d+$/i.test(owner.text)
  );
}

/** Verbs that name an operation in RPC-style paths. */
const PATH_VERBS = new Set([
  'get',
  'find',
  'fetch',
  'list',
  'search',
  'delete',
  'update',
  'create',
  'add',
  'remove',
]);

/** The path segment that ends at the slash at `slash`, with its start; undefined if there is none. */
function segmentBefore(text: string, slash: number): { text: string; start: number } | undefined {
  let start = slash;
  while (start > 0 && text[start - 1] !== '/') start--;
  if (start === slash) return undefined;
  return { text: text.slice(start, slash), start };
}

/** An id where a path segment stands: a hole, {ownerId}, %d, 42, :id, *. */
function isIdSegment(segment: string): boolean {
  // A wildcard matches any owner's id: "owners/*/pets/{petId}" (a route of PetClinic's services).
  if (segment === HOLE_CHAR || segment === '*') return true;
  if (/^\d+$/.test(segment) || /^%[sdvi]$/.test(segment)) return true;
  return /^\{[^{}]*\}$/.test(segment) || /^:[A-Za-z_]\w*$/.test(segment);
}

/** "/v2/pets/1" belongs to another version of the interface. */
function isOtherApiVersion(text: string, index: number): boolean {
  if (index < 2 || text[index - 1] !== '/') return false;
  let start = index - 2;
  while (start >= 0 && text[start] !== '/') start--;
  const segment = text.slice(start + 1, index - 1);
  return /^v\d+$/i.test(segment) && segment.toLowerCase() !== 'v1';
}

function isSegmentEnd(code: number): boolean {
  return code === 47 || code === 63 || code === 35 || isSpace(code) || code === 34 || code === 39;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The explicit method at the start of a request-line string ("DELETE /pets/{id}"), if any. */
export function requestLineMethod(text: string): string | undefined {
  return METHOD_LINE.exec(text)?.[1]?.toUpperCase();
}

/** A string that is just the path segment "pets" ('pets', "/pets", 'pets/'), to be joined to others. */
export function isPetsSegmentText(text: string): boolean {
  return text.length <= 6 && text.replace(/\//g, '') === 'pets';
}
