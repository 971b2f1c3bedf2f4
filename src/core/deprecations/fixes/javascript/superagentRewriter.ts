/**
 * superagent: `request.get(url)`, its chain of header settings (`.set(…)`, `.accept(…)`, `.auth(…)`)
 * and its answer awaited or taken with `.then`, `.catch` or `.end(callback)` →
 * `getPetFromList(request, petsUrl, petId)`, which answers the same chain. The helper lists each
 * status through the same agent, the chain's settings applied to each list request, and answers
 * as superagent did: a response whose body is the pet, or the error superagent rejects with for
 * a 404 (`status` 404, `response.body` the API's Error body); a list that fails fails as it came.
 */
import { nextSignificant, matchingCloser } from '../../model/tokenWalk';
import { dialectNote, type ApiDialect } from '../apiShape';
import { styled } from '../fileStyle';
import { dialectDoc } from '../helperDoc';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { urlOrFieldCollection } from './fieldCollection';
import { pageScriptPlacement, placedFunctionHelper } from './helperPlacement';
import { defaultImportOf } from './imports';
import { helperDoc, isTypeScriptAt } from './javascriptCode';
import { foundPet, listIdLines, petIndexLines } from './listIds';

const NAME = 'getPetFromList';

/** What the chain may call after `get(url)`: settings replayed on each list, and the answer. */
const SETTINGS = ['set', 'accept', 'type', 'auth', 'timeout', 'retry', 'withCredentials'];
const ANSWER = new Set(['then', 'catch', 'finally', 'end']);

export const superagentRewriter: Rewriter = {
  library: 'superagent',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const agent = defaultImportOf(site.text, 'superagent');
    if (!agent) return undefined;
    const request = requestOf(
      site,
      (call) => call.urlArgument === 0 && call.callee.text === `${agent}.get`,
      urlOrFieldCollection,
      { query: true },
    );
    if (!request) return undefined;
    const snippet = () =>
      styled(helperLines(isTypeScriptAt(site.path, site.text, site.url.start)), site.style, {
        swapQuotes: true,
        semicolons: true,
      });
    if ('problem' in request) return { manual: request.problem, snippet: snippet() };
    const unknown = chainProblem(site, request.call.close);
    if (unknown) return { manual: unknown, snippet: snippet() };
    const page = pageScriptPlacement(site.path, site.text, site.tokens, site.url.start, site.style);
    if (page === 'outside')
      return { manual: "the request is not in one of the page's scripts", snippet: snippet() };
    return {
      description: `superagent → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same agent${dialectNote(site.dialect)}`,
      edits: request.edits(NAME, [agent]),
      helper: placedFunctionHelper(
        NAME,
        helperLines(isTypeScriptAt(site.path, site.text, site.url.start), site.dialect),
        site.style,
        page,
      ),
    };
  },
};

/** Why the chain after the call's `)` is not one the helper answers, or undefined. */
function chainProblem(site: RequestSite, close: number): string | undefined {
  const { tokens } = site;
  let at = close;
  for (;;) {
    const dot = nextSignificant(tokens, at + 1);
    if (dot < 0 || tokens[dot]!.text !== '.') return undefined;
    const name = nextSignificant(tokens, dot + 1);
    const open = nextSignificant(tokens, name + 1);
    const method = tokens[name]?.text ?? '';
    if (!SETTINGS.includes(method) && !ANSWER.has(method))
      return `the request's chain calls .${method}(…), which the helper does not replay on its lists`;
    if (tokens[open]?.text !== '(') return `the request's .${method} is read, not called`;
    at = matchingCloser(tokens, open, 20_000);
    if (at < 0) return 'the chain is not closed';
    if (ANSWER.has(method)) return undefined;
  }
}

function helperLines(typed: boolean, dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const any = typed ? ': any' : '';
  return [
    ...helperDoc(
      'Answers as superagent did, awaited or with then, catch or end: a response whose body is the',
      'pet, or, when no list holds it, the error superagent rejects with for a 404 (status 404,',
      "response.body the API's Error body); a list request that fails (401, 5xx) fails as it",
      'came. The settings chained on it (set, accept, auth…) apply to each list request.',
      ...dialectDoc(dialect),
    ),
    typed
      ? `function ${NAME}(agent: { get(url: string): any }, petsUrl: string, petId: string | number): any {`
      : `function ${NAME}(agent, petsUrl, petId) {`,
    `  const settings${typed ? ': [string, unknown[]][]' : ''} = [];`,
    `  const request${any} = {};`,
    `  for (const method of [${SETTINGS.map((name) => `'${name}'`).join(', ')}]) {`,
    `    request[method] = (...args${typed ? ': unknown[]' : ''}) => {`,
    '      settings.push([method, args]);',
    '      return request;',
    '    };',
    '  }',
    `  let answer${typed ? ': Promise<any> | undefined' : ''};`,
    '  const answered = () => answer || (answer = find());',
    `  request.then = (resolve${any}, reject${any}) => answered().then(resolve, reject);`,
    `  request.catch = (reject${any}) => answered().catch(reject);`,
    `  request.finally = (done${any}) => answered().finally(done);`,
    `  request.end = (callback${any}) => {`,
    `    answered().then((response${any}) => callback(null, response), (error${any}) => callback(error, error.response));`,
    '  };',
    '  async function find() {',
    `    let response${any};`,
    `    for (const status of [${statuses}]) {`,
    `      let list = agent.get(petsUrl.replace(/\\/+$/, '')).query({ status, limit: ${LIST_LIMIT} });`,
    '      for (const [method, args] of settings) list = list[method](...args);',
    '      response = await list;',
    `      const body${typed ? ': string' : ''} = response.text;`,
    ...listIdLines('      ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('      ', dialect),
    '      if (index >= 0) {',
    `        const pet = ${foundPet(dialect)};`,
    '        return Object.assign(Object.create(Object.getPrototypeOf(response)), response, { body: pet, text: JSON.stringify(pet) });',
    '      }',
    '    }',
    "    const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    '    const notFound = Object.assign(Object.create(Object.getPrototypeOf(response)), response, {',
    '      status: 404,',
    '      statusCode: 404,',
    '      statusType: 4,',
    '      ok: false,',
    '      clientError: true,',
    '      notFound: true,',
    '      body: error,',
    '      text: JSON.stringify(error),',
    '    });',
    `    const failure${any} = new Error('Not Found');`,
    '    failure.status = 404;',
    '    failure.response = notFound;',
    '    throw failure;',
    '  }',
    '  return request;',
    '}',
  ];
}
