/**
 * urllib: `urlopen(url, **kw)`, `urlopen(Request(url, headers=h))` (also kept in names first) →
 * `urlopen_pet_from_list(url_or_request, pet_id, **kw)`. The helper opens each status's list with
 * the same headers and keywords; a pet found is answered with a response urllib itself gives
 * (addinfourl: `read()`, `json.load`, `with`, `status`, `headers`), none with the HTTPError a 404
 * raised (code 404, reason "Not Found", the API's Error body to read, the old URL); a list that
 * fails (401, 5xx) raises its own HTTPError as before.
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

const NAME = 'urlopen_pet_from_list';

export const urllibSpec: PythonHelperSpec = {
  library: 'urllib',
  name: NAME,
  modules: ['io', 'json', 'urllib.error', 'urllib.request', 'urllib.response'],
  describe: (callee) => `${callee} → ${NAME}: GET /pets?status=…&limit=100 for each status`,
  lines: ({ io, json }, dialect) => [
    `def ${NAME}(url, pet_id, **kwargs):`,
    ...docstring([
      'Answers as that request did: a response with the pet (read(), json.load, with, status),',
      'or the HTTPError of a 404 with the API Error body when no list holds it; a list request',
      'that fails (401, 5xx) raises its own HTTPError.',
      ...dialectDoc(dialect),
    ]),
    '  request = url if isinstance(url, urllib.request.Request) else urllib.request.Request(url)',
    '  pets_url, sent_headers = request.full_url, dict(request.header_items())',
    "  pet_url = pets_url + '/' + str(pet_id)",
    `  for status in ${STATUS_TUPLE}:`,
    `    page = urllib.request.Request(${LIST_URL}, headers=sent_headers)`,
    '    with urllib.request.urlopen(page, **kwargs) as response:',
    `      pets, headers = ${json}.load(response), response.headers`,
    ...foundLines('    ', 'pets', dialect),
    '    if found:',
    '      break',
    ...notFoundLines('error', '  '),
    `  text = ${json}.dumps(${foundPet(dialect)} if found else error, separators=(',', ':'), ensure_ascii=False)`,
    "  body = text.encode('utf-8')",
    "  del headers['Content-Length']",
    "  headers['Content-Length'] = str(len(body))",
    '  if found:',
    `    return urllib.response.addinfourl(${io}.BytesIO(body), headers, pet_url, 200)`,
    `  raise urllib.error.HTTPError(pet_url, 404, 'Not Found', headers, ${io}.BytesIO(body))`,
  ],
};

export const urllibRewriter: Rewriter = {
  library: 'urllib',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    return pythonRewrite(site, 'urllib', () => urllibSpec);
  },
};
