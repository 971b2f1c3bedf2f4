/**
 * `fetch(url, init)` → `fetchPetFromList(petsUrl, petId, init)`: the helper lists each status and
 * answers with a Response as the old request's: 200 with the pet, or 404 with the API's Error body,
 * so `res.ok`, `res.status` and `res.json()` in the caller work as before.
 */
import { styled } from '../fileStyle';
import { pageScriptPlacement, placedFunctionHelper } from './helperPlacement';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { requestOf } from '../requestOf';
import { urlOrFieldCollection } from './fieldCollection';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { helperDoc, isTypeScriptAt } from './javascriptCode';
import { foundPet, listIdLines, petIndexLines } from './listIds';
import { dialectNote, type ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';

const NAME = 'fetchPetFromList';
const FETCH_CALLEES = new Set(['fetch', 'window.fetch', 'globalThis.fetch', 'self.fetch']);

export const fetchRewriter: Rewriter = {
  library: 'fetch',
  followsApiDialect: true,
  snippet,
  rewrite(site: RequestSite): Rewrite | undefined {
    const request = requestOf(
      site,
      (call) => FETCH_CALLEES.has(call.callee.text) && call.urlArgument === 0,
      urlOrFieldCollection,
      { query: true },
    );
    if (!request) return undefined;
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    const typed = isTypeScriptAt(site.path, site.text, site.url.start);
    // In a component's or page's script the helper goes inside it, before `</script>`.
    const page = pageScriptPlacement(site.path, site.text, site.tokens, site.url.start, site.style);
    if (page === 'outside')
      return { manual: "the request is not in one of the page's scripts", snippet: snippet(site) };
    return {
      description: `fetch → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status${dialectNote(site.dialect)}`,
      edits: request.edits(NAME),
      helper: placedFunctionHelper(NAME, helperLines(typed, site.dialect), site.style, page),
    };
  },
};

function snippet(site: RequestSite): string {
  return styled(
    [
      `// const response = await ${NAME}(\`\${BASE_URL}/pets\`, petId, init);`,
      ...helperLines(isTypeScriptAt(site.path, site.text, site.url.start)),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

function helperLines(typed: boolean, dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDoc(
      'Answers as that request did: a Response with the pet (200), or 404 with the API Error',
      "body when no list holds it, so the caller's checks still work.",
      ...dialectDoc(dialect),
    ),
    typed
      ? `async function ${NAME}(petsUrl: string, petId: string | number, init?: RequestInit): Promise<Response> {`
      : `async function ${NAME}(petsUrl, petId, init) {`,
    '  // A query the request had (?populate=owner) goes with each list.',
    "  const listUrl = petsUrl.includes('?') ? `${petsUrl}&` : `${petsUrl.replace(/\\/+$/, '')}?`;",
    `  for (const status of [${statuses}]) {`,
    `    const response = await fetch(\`\${listUrl}status=\${status}&limit=${LIST_LIMIT}\`, init);`,
    '    if (!response.ok) return response;',
    '    const body = await response.text();',
    ...listIdLines('    ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('    ', dialect),
    '    if (index >= 0) {',
    `      return new Response(JSON.stringify(${foundPet(dialect)}), { status: 200, headers: { 'Content-Type': 'application/json' } });`,
    '    }',
    '  }',
    "  const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    "  return new Response(JSON.stringify(error), { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } });",
    '}',
  ];
}
