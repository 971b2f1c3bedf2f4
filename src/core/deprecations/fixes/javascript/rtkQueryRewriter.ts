/**
 * RTK Query: an endpoint of a `createApi` over `fetchBaseQuery` whose `query` asks for one pet,
 * `getPet: builder.query<Pet, string>({ query: (id) => `/pets/${id}` })` (or `({ url: … })`) →
 * `queryFn: (id, _api, _extraOptions, baseQuery) => findPetFromList(baseQuery, `/pets`, id)`. The
 * endpoint keeps its name, its hooks (`useGetPetQuery`), its tags and its cache: only how it asks
 * changes. The helper lists each status through the same baseQuery (its base URL and headers
 * apply) and answers as fetchBaseQuery did: `{ data: pet }`, or `{ error: { status: 404, data } }`
 * with the API's Error body when no list holds it; a list that fails answers its own error, its
 * body read as JSON.
 */
import type { Token } from '../../model/tokens';
import { tokenEnd } from '../../model/tokens';
import {
  matchingCloser,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { splitUrl } from '../urlParts';
import { helperDoc, isTypeScript } from './javascriptCode';
import { listIdLines, petIndexLines } from './listIds';
import { addNamedImports, importStatements } from './namedImports';

const NAME = 'findPetFromList';
const RTK_QUERY = /^@reduxjs\/toolkit\/query(?:\/react)?$/;

export const rtkQueryRewriter: Rewriter = {
  library: 'RTK Query',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    const rtk = importStatements(text).find(
      (statement) =>
        RTK_QUERY.test(statement.module) &&
        statement.names.some((name) => name.imported === 'fetchBaseQuery'),
    );
    if (!rtk) return undefined;
    const endpoint = endpointQuery(tokens, site.url);
    if (!endpoint) return undefined;
    const typed = isTypeScript(site.path);
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(site) });
    if ('problem' in endpoint) return manual(endpoint.problem);
    const first = tokenIndexAt(tokens, site.url.start);
    const last = tokenIndexAt(tokens, site.url.end - 1);
    const parts = splitUrl(text, tokens, first, last, site.language);
    if ('problem' in parts) return manual(parts.problem);
    const parameters = text.slice(endpoint.parameters.start, endpoint.parameters.end);
    const edits: TextEdit[] = [
      {
        start: endpoint.key.start,
        end: endpoint.body.end,
        newText: `queryFn: (${parameters}, _api, _extraOptions, baseQuery) => ${NAME}(baseQuery, ${parts.collection}, ${parts.id})`,
      },
    ];
    return {
      description: `RTK Query endpoint's query → queryFn over ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same baseQuery`,
      edits,
      helper: {
        name: NAME,
        code: styled(helperLines(typed), site.style, { swapQuotes: true, semicolons: true }),
        definedIn: (current) => current.includes(`function ${NAME}(`),
        imports: (current) =>
          typed
            ? addNamedImports(
                current,
                [
                  {
                    module: rtk.module,
                    names: [],
                    types: ['FetchArgs', 'FetchBaseQueryError', 'FetchBaseQueryMeta'],
                    typeOnly: true,
                  },
                ],
                site.style,
              )
            : [],
      },
    };
  },
};

interface EndpointQuery {
  /** The `query` key. */
  key: { start: number; end: number };
  /** The arrow's parameters, without their parentheses. */
  parameters: { start: number; end: number };
  /** The arrow's body: the URL, or `({ url: … })`. */
  body: { start: number; end: number };
}

/**
 * The endpoint's `query: (id) => URL` (or `query: (id) => ({ url: URL })`) around the URL at
 * `url`, or why it is not one the rewrite takes, or undefined when the URL is no query's.
 */
function endpointQuery(
  tokens: readonly Token[],
  url: { start: number; end: number },
): EndpointQuery | { problem: string } | undefined {
  const first = tokenIndexAt(tokens, url.start);
  const last = tokenIndexAt(tokens, url.end - 1);
  let before = previousSignificant(tokens, first - 1);
  let body = { start: url.start, end: url.end };
  // `({ url: URL })`: the object holds the URL alone (a method or params would change the list).
  if (
    tokens[before]?.text === ':' &&
    tokens[previousSignificant(tokens, before - 1)]?.text === 'url'
  ) {
    const brace = previousSignificant(tokens, previousSignificant(tokens, before - 1) - 1);
    const paren = previousSignificant(tokens, brace - 1);
    if (tokens[brace]?.text !== '{' || tokens[paren]?.text !== '(') return undefined;
    const closeBrace = nextSignificant(tokens, last + 1);
    const closeParen = nextSignificant(tokens, closeBrace + 1);
    if (tokens[closeBrace]?.text !== '}' || tokens[closeParen]?.text !== ')')
      return { problem: 'the query asks for more than the URL (a method, params, headers)' };
    body = { start: tokens[paren].start, end: tokenEnd(tokens[closeParen]) };
    before = previousSignificant(tokens, paren - 1);
  } else {
    const after = nextSignificant(tokens, last + 1);
    if (after >= 0 && ![',', '}'].includes(tokens[after]!.text)) return undefined;
  }
  if (tokens[before]?.text !== '=>') return undefined;
  // The arrow's parameters: `(id)`, `(id: string)`, `({ id })`, or a bare `id`.
  let parameters: { start: number; end: number };
  let start: number;
  const beforeArrow = previousSignificant(tokens, before - 1);
  if (tokens[beforeArrow]?.text === ')') {
    let open = beforeArrow;
    for (let depth = 0; open >= 0; open--) {
      if (tokens[open]!.text === ')') depth++;
      else if (tokens[open]!.text === '(' && --depth === 0) break;
    }
    if (open < 0 || matchingCloser(tokens, open, 200) !== beforeArrow) return undefined;
    if (beforeArrow === open + 1)
      return { problem: 'the query takes no argument: the pet it asks for is fixed' };
    parameters = { start: tokens[open + 1]!.start, end: tokenEnd(tokens[beforeArrow - 1]!) };
    start = open;
  } else if (tokens[beforeArrow]?.kind === 'ident') {
    parameters = { start: tokens[beforeArrow].start, end: tokenEnd(tokens[beforeArrow]) };
    start = beforeArrow;
  } else return undefined;
  const colon = previousSignificant(tokens, start - 1);
  const key = previousSignificant(tokens, colon - 1);
  if (tokens[colon]?.text !== ':' || tokens[key]?.text !== 'query') return undefined;
  return {
    key: { start: tokens[key].start, end: tokenEnd(tokens[key]) },
    parameters,
    body,
  };
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// queryFn: (id, _api, _extraOptions, baseQuery) => ${NAME}(baseQuery, '/pets', id),`,
      ...helperLines(isTypeScript(site.path)),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

function helperLines(typed: boolean): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDoc(
      'Answers as fetchBaseQuery did: { data: pet }, or { error: { status: 404, data } } with the',
      "API's Error body when no list holds it; a list request that fails answers its own error,",
      'its body read as JSON.',
    ),
    // Typed by the endpoint it answers for: T is inferred from the query's result type.
    typed ? `async function ${NAME}<T>(` : `async function ${NAME}(baseQuery, petsUrl, petId) {`,
    ...(typed
      ? [
          '  baseQuery: (args: FetchArgs) => unknown,',
          '  petsUrl: string,',
          '  petId: unknown,',
          '): Promise<',
          // RTK Query's QueryReturnValue, written out: T is inferred from the endpoint's type.
          '  | { data: T; error?: undefined; meta?: FetchBaseQueryMeta }',
          '  | { error: FetchBaseQueryError; data?: undefined; meta?: FetchBaseQueryMeta }',
          '> {',
        ]
      : []),
    typed ? '  let meta: FetchBaseQueryMeta | undefined;' : '  let meta;',
    `  for (const status of [${statuses}]) {`,
    typed
      ? `    const result = (await baseQuery({ url: petsUrl, params: { status, limit: ${LIST_LIMIT} }, responseHandler: 'text' })) as { data?: unknown; error?: FetchBaseQueryError; meta?: FetchBaseQueryMeta };`
      : `    const result = await baseQuery({ url: petsUrl, params: { status, limit: ${LIST_LIMIT} }, responseHandler: 'text' });`,
    '    meta = result.meta;',
    '    if (result.error) {',
    '      const error = result.error;',
    "      // The error's body read as JSON, as fetchBaseQuery reads it for a JSON request.",
    "      if ('data' in error && typeof error.data === 'string') {",
    '        try {',
    '          return { error: { ...error, data: JSON.parse(error.data) }, meta };',
    '        } catch {',
    '          // Not JSON: the text, as fetchBaseQuery keeps it.',
    '        }',
    '      }',
    '      return { error, meta };',
    '    }',
    '    const body = String(result.data);',
    ...listIdLines('    ', typed ? 'typed' : 'untyped'),
    ...petIndexLines('    '),
    `    if (index >= 0) return { data: pets[index]${typed ? ' as unknown as T' : ''}, meta };`,
    '  }',
    "  const error = { code: 'not_found', message: `no pet ${String(petId)} in the first 100 pets of any status`, status: 404 };",
    '  return { error: { status: 404, data: error }, meta };',
    '}',
  ];
}
