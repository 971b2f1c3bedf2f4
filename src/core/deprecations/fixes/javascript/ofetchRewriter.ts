/**
 * ofetch, as Nuxt and Nitro give it: `$fetch(url, options)`, `ofetch(url, options)` and an instance
 * (`const api = $fetch.create({ baseURL })`, `api(url)`) → `getPetFromListVia(fetcher, petsUrl,
 * petId, options)`; Nuxt's `useFetch(url)` → `useAsyncData(`pet-${petId}`, () =>
 * getPetFromListVia($fetch, …))`, which is what useFetch does, keyed by the pet. The helper lists each status through
 * the same fetcher (its baseURL, headers and interceptors apply) and answers as $fetch did: the
 * pet, or, when no list holds it, an error as ofetch's for a 404 (`statusCode` and `status` 404,
 * `data` the API's Error body); a list that fails throws as it came.
 */
import { dialectNote, type ApiDialect } from '../apiShape';
import { styled } from '../fileStyle';
import { dialectDoc } from '../helperDoc';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { tokenEnd } from '../../model/tokens';
import { urlOrFieldCollection } from './fieldCollection';
import { pageScriptPlacement, placedFunctionHelper } from './helperPlacement';
import { defaultImportOf } from './imports';
import { helperDoc, isTypeScriptAt } from './javascriptCode';
import { foundPet, listIdLines, petIndexLines } from './listIds';

const NAME = 'getPetFromListVia';

export const ofetchRewriter: Rewriter = {
  library: 'ofetch',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const fetchers = fetchersOf(site.text);
    if (fetchers.size === 0) return undefined;
    const request = requestOf(
      site,
      (call) =>
        call.urlArgument === 0 &&
        fetchers.has(call.callee.text) &&
        (call.callee.text !== 'useFetch' || call.args.length === 1),
      urlOrFieldCollection,
      { query: true },
    );
    if (!request) return undefined;
    const typed = isTypeScriptAt(site.path, site.text, site.url.start);
    const snippet = () =>
      styled(helperLines(typed), site.style, { swapQuotes: true, semicolons: true });
    if ('problem' in request) return { manual: request.problem, snippet: snippet() };
    const page = pageScriptPlacement(site.path, site.text, site.tokens, site.url.start, site.style);
    if (page === 'outside')
      return { manual: "the request is not in one of the page's scripts", snippet: snippet() };
    const callee = request.call.callee.text;
    const composable = callee === 'useFetch';
    if (composable && request.stored)
      return {
        manual: "useFetch's URL is kept in a name: its key would change",
        snippet: snippet(),
      };
    return {
      description: composable
        ? `useFetch → useAsyncData over ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through $fetch${dialectNote(site.dialect)}`
        : `${callee} → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same fetcher${dialectNote(site.dialect)}`,
      edits: composable
        ? asyncDataEdits(site, request.call, request.parts)
        : request.edits(NAME, [callee]),
      helper: placedFunctionHelper(NAME, helperLines(typed, site.dialect), site.style, page),
    };
  },
};

/**
 * The fetchers of ofetch the file uses: Nuxt's global `$fetch` and `useFetch` (a Vue or Nuxt file
 * that names them), `ofetch` imported from 'ofetch', and instances created from either.
 */
function fetchersOf(text: string): ReadonlySet<string> {
  // Asked once per request: a file with many requests is read for them once.
  if (lastFetchers?.text !== text) lastFetchers = { text, names: readFetchers(text) };
  return lastFetchers.names;
}

let lastFetchers: { text: string; names: ReadonlySet<string> } | undefined;

function readFetchers(text: string): Set<string> {
  const names = new Set<string>();
  if (/\$fetch\s*[(.<]/.test(text)) names.add('$fetch');
  const imported = defaultImportOf(text, 'ofetch');
  if (imported) names.add(imported);
  if (
    /import\s*\{[^}]*\bofetch\b[^}]*\}\s*from\s*['"]ofetch['"]/.test(text) ||
    /\{[^}]*\bofetch\b[^}]*\}\s*=\s*require\(\s*['"]ofetch['"]\s*\)/.test(text)
  )
    names.add('ofetch');
  // useFetch as Nuxt auto-imports it: a file that imports a useFetch of its own is another's.
  if (/\buseFetch\s*[(<]/.test(text) && !/\bimport\b[^;]*\buseFetch\b/.test(text))
    names.add('useFetch');
  for (const match of text.matchAll(
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(\$fetch|ofetch)\.create\s*\(/g,
  ))
    if (names.has(match[2]!)) names.add(match[1]!);
  return names;
}

/** `useFetch(url)` → `useAsyncData(url, () => getPetFromListVia($fetch, petsUrl, petId))`. */
function asyncDataEdits(
  site: RequestSite,
  call: RequestCall,
  parts: { collection: string; id: string },
): { start: number; end: number; newText: string }[] {
  // The key names the pet, not its old URL: a URL there would still read as the removed request.
  const key = `\`pet-\${${parts.id}}\``;
  return [
    {
      start: call.callee.start,
      end: tokenEnd(site.tokens[call.close]!),
      newText: `useAsyncData(${key}, () => ${NAME}($fetch, ${parts.collection}, ${parts.id}))`,
    },
  ];
}

function helperLines(typed: boolean, dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const any = typed ? ': any' : '';
  return [
    ...helperDoc(
      'Answers as $fetch did: the pet, or, when no list holds it, an error as ofetch throws for a',
      "404 (statusCode and status 404, data the API's Error body); a list request that fails",
      '(401, 5xx) throws as it came. The options (headers, baseURL, query) go with each list.',
      ...dialectDoc(dialect),
    ),
    typed
      ? `async function ${NAME}<T = any>(fetcher: (url: string, options?: any) => Promise<any>, petsUrl: string, petId: string | number, options${any} = {}): Promise<T> {`
      : `async function ${NAME}(fetcher, petsUrl, petId, options = {}) {`,
    `  for (const status of [${statuses}]) {`,
    `    const body${typed ? ': string' : ''} = await fetcher(petsUrl.replace(/\\/+$/, ''), {`,
    '      ...options,',
    `      query: { ...options.params, ...options.query, status, limit: ${LIST_LIMIT} },`,
    "      responseType: 'text',",
    '    });',
    ...listIdLines('    ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('    ', dialect),
    `    if (index >= 0) return ${foundPet(dialect)}${typed ? (dialect?.envelope ? ' as unknown as T' : ' as T') : ''};`,
    '  }',
    "  const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    '  const failure = new Error(`[GET] "${petsUrl}/${petId}": 404 Not Found`);',
    '  throw Object.assign(failure, {',
    "    name: 'FetchError',",
    '    status: 404,',
    '    statusCode: 404,',
    "    statusText: 'Not Found',",
    "    statusMessage: 'Not Found',",
    '    data: error,',
    '  });',
    '}',
  ];
}
