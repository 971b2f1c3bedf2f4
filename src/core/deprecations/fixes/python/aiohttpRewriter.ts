/**
 * aiohttp: `async with session.get(url, **kw) as resp:` and `resp = await session.get(url)` →
 * `get_pet_from_list_aiohttp(session, pets_url, pet_id, **kw)`, in the same `async with` or
 * `await`. What the helper gives is, like aiohttp's, awaited or entered: it lists each status
 * with the same session and keywords, reads the list whole, and answers with a response read
 * whole as aiohttp's answers are used: `status`, `reason`, `ok`, `headers`, `url`, `read()`,
 * `text()`, `json()` and `raise_for_status()` (the same ClientResponseError): 200 with the pet, or
 * 404 with the API's Error body; a failed list (401, 5xx) is answered as it came.
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

const NAME = 'get_pet_from_list_aiohttp';

export const aiohttpSpec: PythonHelperSpec = {
  library: 'aiohttp',
  name: NAME,
  modules: ['json', 'aiohttp', 'multidict'],
  describe: (callee) =>
    `${callee} → ${NAME}: GET /pets?status=…&limit=100 for each status, in the same session`,
  lines: ({ json, aiohttp, multidict }, dialect) => [
    `def ${NAME}(session, pets_url, pet_id, **kwargs):`,
    ...docstring([
      'Answers as session.get did, awaited or entered with async with: a response with the pet',
      '(200), or 404 with the API Error body when no list holds it, so status, ok, json(), text()',
      'and raise_for_status() work as before; a list request that fails (401, 5xx) is answered',
      'as it came, read whole.',
      ...dialectDoc(dialect),
    ]),
    '  return _PetFromList(session, pets_url, pet_id, kwargs)',
    '',
    '',
    'class _PetFromList:',
    '  """What session.get(…) gives: awaited, or entered with async with, it answers a response."""',
    '',
    '  def __init__(self, session, pets_url, pet_id, kwargs):',
    "    self._request = (session, pets_url.rstrip('/'), pet_id, kwargs)",
    '',
    '  def __await__(self):',
    '    return self._answer().__await__()',
    '',
    '  async def __aenter__(self):',
    '    return await self._answer()',
    '',
    '  async def __aexit__(self, *exc_info):',
    '    return None',
    '',
    '  async def _answer(self):',
    '    session, pets_url, pet_id, kwargs = self._request',
    `    for status in ${STATUS_TUPLE}:`,
    `      async with session.get(${LIST_URL}, **kwargs) as response:`,
    '        body = await response.read()',
    '        if response.status >= 400:',
    '          return _ReadResponse(response, body)',
    ...foundLines('        ', `${json}.loads(body)`, dialect),
    '        if found:',
    `          return _ReadResponse(response, ${json}.dumps(${foundPet(dialect)}).encode(), 200, 'OK', pet_id)`,
    ...notFoundLines('error', '    '),
    `    return _ReadResponse(response, ${json}.dumps(error).encode(), 404, 'Not Found', pet_id)`,
    '',
    '',
    'class _ReadResponse:',
    '  """A response read whole, used as aiohttp answers are: the list as it came, or the answer for the pet."""',
    '',
    '  def __init__(self, listed, body, status=None, reason=None, pet_id=None):',
    '    self.status = listed.status if status is None else status',
    '    self.reason = listed.reason if reason is None else reason',
    '    self.request_info = listed.request_info',
    '    self.history = listed.history',
    '    self.url = listed.url if pet_id is None else listed.url.with_query(None) / str(pet_id)',
    '    self.headers = listed.headers',
    '    if status is not None:',
    `      headers = ${multidict}.CIMultiDict(listed.headers)`,
    "      headers.popall('Content-Length', None)",
    "      headers['Content-Type'] = 'application/json'",
    `      self.headers = ${multidict}.CIMultiDictProxy(headers)`,
    "    self.content_type = self.headers.get('Content-Type', '').split(';')[0]",
    '    self._body = body',
    '',
    '  @property',
    '  def ok(self):',
    '    return self.status < 400',
    '',
    '  async def read(self):',
    '    return self._body',
    '',
    "  async def text(self, encoding=None, errors='strict'):",
    "    return self._body.decode(encoding or 'utf-8', errors)",
    '',
    `  async def json(self, *, encoding=None, loads=${json}.loads, content_type='application/json'):`,
    "    return loads(self._body.decode(encoding or 'utf-8'))",
    '',
    '  def raise_for_status(self):',
    '    if self.status >= 400:',
    `      raise ${aiohttp}.ClientResponseError(`,
    '        self.request_info, self.history, status=self.status, message=self.reason, headers=self.headers',
    '      )',
    '',
    '  def release(self):',
    '    return None',
    '',
    '  def close(self):',
    '    return None',
  ],
};

export const aiohttpRewriter: Rewriter = {
  library: 'aiohttp',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    return pythonRewrite(site, 'aiohttp', () => aiohttpSpec);
  },
};
