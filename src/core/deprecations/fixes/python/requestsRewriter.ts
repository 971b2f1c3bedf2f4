/**
 * requests: `requests.get(url, **kw)`, `session.get(url)`, `self.session.get(url)` →
 * `get_pet_from_list(client, pets_url, pet_id, **kw)`. The helper lists each status with the same
 * client and keywords and answers with a requests.Response as the old request's: 200 with the
 * pet, or 404 with the API's Error body, so `status_code`, `ok`, `raise_for_status()` (the same
 * HTTPError and message, the old URL in it) and `json()` work as before; a failed list (401, 5xx)
 * is returned as it came.
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

const NAME = 'get_pet_from_list';

export const requestsSpec: PythonHelperSpec = {
  library: 'requests',
  name: NAME,
  modules: ['json', 'requests'],
  describe: (callee) => `${callee} → ${NAME}: GET /pets?status=…&limit=100 for each status`,
  lines: ({ json, requests }, dialect) => [
    `def ${NAME}(client, pets_url, pet_id, **kwargs):`,
    ...docstring([
      'Answers as that request did: a requests.Response with the pet (200), or 404 with the API',
      'Error body when no list holds it, so status_code, ok, raise_for_status() and json() work',
      'as before; a list request that fails (401, 5xx) is answered as it came.',
      ...dialectDoc(dialect),
    ]),
    `  answer = ${requests}.Response()`,
    "  answer.status_code, answer.reason = 404, 'Not Found'",
    ...notFoundLines('body', '  '),
    `  for status in ${STATUS_TUPLE}:`,
    `    response = client.get(${LIST_URL}, **kwargs)`,
    '    if not response.ok:',
    '      return response',
    '    answer.request = response.request',
    ...foundLines('    ', 'response.json()', dialect),
    '    if found:',
    `      answer.status_code, answer.reason, body = 200, 'OK', ${foundPet(dialect)}`,
    '      break',
    "  answer.url = pets_url + '/' + str(pet_id)",
    "  answer.headers['Content-Type'] = 'application/json'",
    "  answer.encoding = 'utf-8'",
    `  answer._content = ${json}.dumps(body, separators=(',', ':'), ensure_ascii=False).encode('utf-8')`,
    '  answer._content_consumed = True',
    '  return answer',
  ],
};

export const requestsRewriter: Rewriter = {
  library: 'requests',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    return pythonRewrite(site, 'requests', () => requestsSpec);
  },
};
