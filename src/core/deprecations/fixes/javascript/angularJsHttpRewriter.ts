/**
 * AngularJS's $http: `$http.get(url, config)`, `this.$http.get(url)` and `$http({ method: 'GET',
 * url })` → `getPetFromList($http, petsUrl, petId, config)`. The helper stays on $http's promise
 * chain (no native Promise: the caller's handlers still run in a digest) and asks each status in
 * turn with the caller's config (params merged with status and limit; headers, interceptors and
 * cache apply). It answers as $http did: a response whose `data` is the pet, read by the config's
 * (or $http's) response transforms; when no list holds it, a rejection with a response of status
 * 404 whose `data` is the API's Error body; a list that fails (401, 5xx) rejects as it came.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import { enclosingOpener, nextSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { callAround } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { helperPlacement } from './helperPlacement';
import { helperDoc, isTypeScript } from './javascriptCode';
import { entryNamed, stringValue } from './objectLiteral';
import { settingsRequestOf } from './settingsRequest';
import { es5PetLoopLines, foundPet, listIdLines } from './listIds';
import { dialectNote, type ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';

const NAME = 'getPetFromList';
/** `$http`, `this.$http`, `vm.$http`: the service as AngularJS injects it, by its name. */
const HTTP_SERVICE = /^(?:[A-Za-z_$][\w$]*\.)*\$http$/;
/**
 * AngularJS in the file: a module, an injection (`$inject`, `['$http', …]`, a function or
 * constructor taking `$http`). Vue names its client `this.$http` too (vue-resource, or axios set
 * as Vue's $http), which answers and fails otherwise.
 */
const ANGULARJS =
  /\bangular\s*\.\s*module\b|\$inject\b|['"]\$http['"]|\bconstructor\s*\([^)]*\$http\b|\bfunction\s*[\w$]*\s*\([^)]*\$http\b|\(\s*[^()]*\$http\b[^()]*\)\s*=>/;

export const angularJsHttpRewriter: Rewriter = {
  library: 'AngularJS $http',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    if (!text.includes('$http')) return undefined;
    if (!ANGULARJS.test(text))
      return inHttpCall(site)
        ? {
            manual:
              '$http here is not AngularJS’s (no module or injection of it in the file): Vue’s this.$http is vue-resource, or axios set as $http, which answer and fail otherwise; change it by hand',
            snippet: snippet(site),
          }
        : undefined;
    const shortcut = requestOf(
      site,
      (call) =>
        call.urlArgument === 0 &&
        call.args.length <= 2 &&
        HTTP_SERVICE.test(call.callee.text.replace(/\.get$/, '')) &&
        call.callee.text.endsWith('.get'),
    );
    const settings = shortcut
      ? undefined
      : settingsRequestOf(
          site,
          (call, argument) =>
            HTTP_SERVICE.test(call.callee.text) && argument === 0 && call.args.length === 1,
        );
    const request = shortcut ?? settings;
    if (!request) {
      // A $http request of another shape: left, with this helper to paste.
      return inHttpCall(site)
        ? { manual: 'the $http call is not a shape the rewrite reads', snippet: snippet(site) }
        : undefined;
    }
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    if (isTypeScript(site.path))
      return {
        manual: 'an AngularJS service in TypeScript: the helper is written in JavaScript',
        snippet: snippet(site),
      };
    if (legacyCallbacks(tokens, request.call.close))
      return {
        manual:
          "the call's .success()/.error() callbacks are $http's own (gone in AngularJS 1.6): the helper's promise has then() only",
        snippet: snippet(site),
      };
    let service: string;
    let edits;
    if ('literal' in request) {
      const method = entryNamed(request.literal, 'method');
      const verb = method ? stringValue(tokens, method) : 'GET';
      if (verb === undefined || verb.toUpperCase() !== 'GET')
        return {
          manual: 'the config’s method is not written as GET',
          snippet: snippet(site),
        };
      service = request.call.callee.text;
      edits = request.edits(NAME, [service]);
    } else {
      service = request.call.callee.text.replace(/\.get$/, '');
      edits = request.edits(NAME, [service]);
    }
    const placement = helperPlacement(site.path, text, tokens, site.url.start, site.style);
    if (!placement)
      return { manual: "the request is not in one of the page's scripts", snippet: snippet(site) };
    return {
      description: `$http → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, on $http's promise chain${dialectNote(site.dialect)}`,
      edits,
      helper: {
        name: NAME,
        code: styled(helperLines(site.dialect), site.style, {
          swapQuotes: true,
          semicolons: true,
          base: placement.base,
        }),
        definedIn: (current) => current.includes(`function ${NAME}(`),
        ...(placement.insertAt !== undefined ? { insertAt: placement.insertAt } : {}),
      },
    };
  },
};

/** `.success(` or `.error(` chained on the call. */
function legacyCallbacks(tokens: readonly Token[], close: number): boolean {
  const dot = nextSignificant(tokens, close + 1);
  const name = dot >= 0 ? tokens[nextSignificant(tokens, dot + 1)] : undefined;
  return tokens[dot]?.text === '.' && (name?.text === 'success' || name?.text === 'error');
}

/** Whether the URL is inside a call of $http (its arguments or a settings object in them). */
function inHttpCall(site: RequestSite): boolean {
  const { text, tokens, url } = site;
  let index = tokenIndexAt(tokens, url.start);
  for (let depth = 0; depth < 3; depth++) {
    const open = enclosingOpener(tokens, index, 2000);
    if (open < 0) return false;
    if (tokens[open]!.text === '(') {
      const call = callAround(text, tokens, {
        start: tokens[open + 1]?.start ?? url.start,
        end: tokenEnd(tokens[open + 1] ?? tokens[open]!),
      });
      if (!('problem' in call) && /\$http(\.\w+)?$/.test(call.callee.text)) return true;
    }
    index = open;
  }
  return false;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// $http.get(BASE_URL + '/pets/' + petId, config) → ${NAME}($http, BASE_URL + '/pets', petId, config)`,
      ...helperLines(),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

/** ES5, as AngularJS code is written to run in every browser it supports. */
function helperLines(dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDoc(
      'Answers as $http did, on its promise chain: a response whose data is the pet, or a rejection',
      "with a response of status 404 whose data is the API's Error body when no list holds it; a",
      'list request that fails (401, 5xx) rejects as it came.',
      ...dialectDoc(dialect),
    ),
    `function ${NAME}($http, petsUrl, petId, config) {`,
    '  var settings = config || {};',
    "  var listUrl = String(petsUrl).replace(/\\/+$/, '');",
    `  var statuses = [${statuses}];`,
    "  // The config's response transforms (else $http's), applied to the pet as to the old response.",
    '  var transforms = [].concat(settings.transformResponse || $http.defaults.transformResponse || []);',
    '  function transformed(data, headers, status) {',
    '    for (var i = 0; i < transforms.length; i++) data = transforms[i](data, headers, status);',
    '    return data;',
    '  }',
    '  function notFoundHeaders(name) {',
    "    var all = { 'content-type': 'application/json' };",
    '    return name ? all[String(name).toLowerCase()] || null : all;',
    '  }',
    "  // A rejection the $http chain adopts (no $q needed): the caller's handlers run as before.",
    '  function rejected(response) {',
    '    return {',
    '      then: function (resolve, reject) {',
    '        reject(response);',
    '      }',
    '    };',
    '  }',
    '  function list(index) {',
    '    var body = null;',
    '    var listConfig = {};',
    '    for (var key in settings) listConfig[key] = settings[key];',
    '    listConfig.params = {};',
    '    for (key in settings.params) listConfig.params[key] = settings.params[key];',
    '    listConfig.params.status = statuses[index];',
    `    listConfig.params.limit = ${LIST_LIMIT};`,
    '    // The list read as usual (interceptors see its data), its text kept to compare ids exactly.',
    '    listConfig.transformResponse = function (data, headers, status) {',
    '      body = data;',
    '      return transformed(data, headers, status);',
    '    };',
    '    return $http.get(listUrl, listConfig).then(function (response) {',
    ...listIdLines('      ', 'es5', dialect),
    ...es5PetLoopLines(
      '      ',
      [
        `response.data = transformed(JSON.stringify(${foundPet(dialect, 'i')}), response.headers, response.status);`,
        'return response;',
      ],
      dialect,
    ),
    '      if (index + 1 < statuses.length) return list(index + 1);',
    "      var error = { code: 'not_found', message: 'no pet ' + petId + ' in the first 100 pets of any status', status: 404 };",
    '      var failedConfig = {};',
    '      for (key in settings) failedConfig[key] = settings[key];',
    "      failedConfig.method = 'GET';",
    "      failedConfig.url = listUrl + '/' + petId;",
    '      return rejected({',
    '        data: transformed(JSON.stringify(error), notFoundHeaders, 404),',
    '        status: 404,',
    '        headers: notFoundHeaders,',
    '        config: failedConfig,',
    "        statusText: 'Not Found',",
    "        xhrStatus: 'complete'",
    '      });',
    '    });',
    '  }',
    '  return list(0);',
    '}',
  ];
}
