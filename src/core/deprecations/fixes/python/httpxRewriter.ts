/**
 * httpx: `httpx.get(url)`, `client.get(url)` (a Client) → `get_pet_from_list(client, pets_url,
 * pet_id, **kw)`; `await client.get(url)` (an AsyncClient) → `await get_pet_from_list_async(…)`.
 * The helper lists each status with the same client and keywords and answers with an
 * httpx.Response as the old request's: 200 with the pet, or 404 with the API's Error body, its
 * request the old URL's, so `status_code`, `is_success`, `raise_for_status()` (the same
 * HTTPStatusError and message) and `json()` work as before; a failed list (401, 5xx) is returned
 * as it came.
 */
import { dialectDoc } from '../helperDoc';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import {
  docstring,
  foundLines,
  foundPet,
  LIST_URL,
  notFoundLines,
  pythonRewrite,
  STATUS_TUPLE,
  type PythonHelperSpec,
} from './pythonCode';

/**
 * The helpers' names: with requests imported too, the sync one takes httpx's name, so that both
 * libraries' helpers can live in one module.
 */
function nameOf(async: boolean, withRequests: boolean): string {
  if (async) return 'get_pet_from_list_async';
  return withRequests ? 'get_pet_from_list_httpx' : 'get_pet_from_list';
}

function httpxSpec(async: boolean, withRequests: boolean): PythonHelperSpec {
  const name = nameOf(async, withRequests);
  return {
    library: 'httpx',
    name,
    modules: ['httpx'],
    describe: (callee) =>
      `${async ? 'await ' : ''}${callee} → ${name}: GET /pets?status=…&limit=100 for each status`,
    lines: ({ httpx }, dialect) => [
      `${async ? 'async ' : ''}def ${name}(client, pets_url, pet_id, **kwargs):`,
      ...docstring([
        'Answers as that request did: an httpx.Response with the pet (200), or 404 with the API',
        'Error body when no list holds it, so status_code, is_success, raise_for_status() and',
        'json() work as before; a list request that fails (401, 5xx) is answered as it came.',
        ...dialectDoc(dialect),
      ]),
      `  for status in ${STATUS_TUPLE}:`,
      `    response = ${async ? 'await ' : ''}client.get(${LIST_URL}, **kwargs)`,
      '    if response.is_error:',
      '      return response',
      ...foundLines('    ', 'response.json()', dialect),
      '    if found:',
      '      break',
      '  url = response.request.url',
      "  path = url.copy_with(path=url.path + '/' + str(pet_id), query=None)",
      `  request = ${httpx}.Request('GET', path, headers=response.request.headers)`,
      '  if found:',
      `    return ${httpx}.Response(200, json=${foundPet(dialect)}, request=request)`,
      ...notFoundLines('error', '  '),
      `  return ${httpx}.Response(404, json=error, request=request)`,
    ],
  };
}

export const httpxRewriter: Rewriter = {
  library: 'httpx',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    return pythonRewrite(site, 'httpx', (request) =>
      httpxSpec(request.async, request.libraries.includes('requests')),
    );
  },
};
