/**
 * jQuery: `$.get(url)`, `$.getJSON(url, data, success)`, `$.ajax(url, settings)`, `$.ajax({ url,
 * type: 'GET', … })` and `$.get({ url })` → `getPetFromList($, petsUrl, petId, settings)` (a success
 * callback given by position becomes `.done(callback)`). The helper asks each status in turn with
 * `$.ajax` and the caller's settings (headers, beforeSend, data, timeout; `$.ajaxSetup` applies) and
 * returns a promise of `$.Deferred` that settles as jQuery's did: done with (pet, 'success', jqXHR);
 * when no list holds it, fail with (jqXHR, 'error', 'Not Found') where the jqXHR has status 404 and
 * the API's Error body as responseJSON and responseText; a list that fails (401, 5xx) fails with
 * its own jqXHR. The settings' success, error, complete and statusCode callbacks run as jQuery runs
 * them, in the same order, with the same `this`.
 */
import type { Token } from '../../model/tokens';
import { nextSignificant } from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { helperPlacement } from './helperPlacement';
import { helperDoc, isTypeScript } from './javascriptCode';
import { entryNamed, objectLiteralAt, stringValue, type ObjectLiteral } from './objectLiteral';
import { settingsRequestOf } from './settingsRequest';
import { es5PetLoopLines, foundPet, listIdLines } from './listIds';
import { dialectNote, type ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';

const NAME = 'getPetFromList';
const JQUERY = /^(?:window\.)?(\$|jQuery)$/;
const METHODS = new Set(['get', 'getJSON', 'ajax']);
/**
 * What a caller may chain on the helper's promise: a Deferred's promise has these, and the helper
 * adds jqXHR's success, error and complete; not jqXHR's own (abort, getResponseHeader…).
 */
const PROMISE_METHODS = new Set([
  'done',
  'fail',
  'always',
  'success',
  'error',
  'complete',
  'then',
  'catch',
  'pipe',
  'progress',
  'state',
  'promise',
]);

export const jqueryRewriter: Rewriter = {
  library: 'jQuery',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    const jqueryCall = (call: RequestCall) => {
      const match = /^(.*)\.(\w+)$/.exec(call.callee.text);
      return (
        !!match && JQUERY.test(match[1]!) && METHODS.has(match[2]!) && isJquery(text, match[1]!)
      );
    };
    const positional = requestOf(site, (call) => jqueryCall(call) && call.urlArgument === 0);
    const settings = positional
      ? undefined
      : settingsRequestOf(
          site,
          (call, argument) =>
            jqueryCall(call) &&
            argument === 0 &&
            call.args.length === 1 &&
            !call.callee.text.endsWith('.getJSON'),
        );
    const request = positional ?? settings;
    if (!request) return undefined;
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    const left = (manual: string): Rewrite => ({ manual, snippet: snippet(site) });
    if (isTypeScript(site.path))
      return left('a jQuery call in TypeScript: the helper is written in JavaScript');
    const { call } = request;
    const chained = chainedMember(tokens, call.close);
    if (chained && !PROMISE_METHODS.has(chained))
      return left(
        `the call's jqXHR is used (.${chained}): the helper returns a promise of $.Deferred`,
      );
    const [, jquery, method] = /^(.*)\.(\w+)$/.exec(call.callee.text)!;
    let edits: TextEdit[];
    if ('literal' in request) {
      const problem = settingsProblem(tokens, request.literal, method === 'ajax');
      if (problem) return left(problem);
      edits = request.edits(NAME, [jquery!]);
    } else {
      const shape = positionalShape(site, call, method!);
      if ('problem' in shape) return left(shape.problem);
      edits = positionalEdits(request, jquery!, shape);
    }
    const placement = helperPlacement(site.path, text, tokens, site.url.start, site.style);
    if (!placement)
      return { manual: "the request is not in one of the page's scripts", snippet: snippet(site) };
    return {
      description: `$.${method} → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, with $.ajax and $.Deferred${dialectNote(site.dialect)}`,
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

/** `$` is jQuery unless the file imports it from another module (cash-dom, Zepto…). */
function isJquery(text: string, name: string): boolean {
  const bare = name.replace(/^window\./, '');
  const escaped = bare.replace(/\$/g, '\\$');
  const bound = new RegExp(
    `(?:import\\s+${escaped}\\s+from|(?<![\\w$])${escaped}\\s*=\\s*require\\()\\s*['"]([^'"]+)['"]`,
    'g',
  );
  return [...text.matchAll(bound)].every((match) => match[1] === 'jquery');
}

/** The member chained right after the call's `)`: `done` in `$.get(url).done(…)`. */
function chainedMember(tokens: readonly Token[], close: number): string | undefined {
  const dot = nextSignificant(tokens, close + 1);
  if (tokens[dot]?.text !== '.' && tokens[dot]?.text !== '?.') return undefined;
  return tokens[nextSignificant(tokens, dot + 1)]?.text;
}

/** Why a settings object cannot go to the helper as it is (a method other than GET, a non-JSON dataType). */
function settingsProblem(
  tokens: readonly Token[],
  literal: ObjectLiteral,
  ajax: boolean,
): string | undefined {
  if (ajax)
    for (const key of ['type', 'method']) {
      const entry = entryNamed(literal, key);
      if (!entry) continue;
      const value = stringValue(tokens, entry);
      if (value === undefined || value.toUpperCase() !== 'GET')
        return `the settings' ${key} is not written as GET`;
    }
  const dataType = entryNamed(literal, 'dataType');
  if (dataType) {
    const value = stringValue(tokens, dataType);
    // JSONP: the helper lists with JSONP too, as the call asked.
    if (value !== 'json' && value !== 'jsonp')
      return `the settings ask for the body as ${value === undefined ? 'an expression' : `'${value}'`}: the helper answers JSON`;
  }
  return undefined;
}

interface PositionalShape {
  /** Source texts of the data argument and the success callback, when given. */
  data?: string;
  success?: string;
  /** The settings object given to $.ajax(url, settings), as written. */
  settings?: string;
  /** Offsets of the first argument after the URL and of the last, when there are any. */
  rest?: { start: number; end: number };
}

/** What the arguments after the URL are, as jQuery would read them; or why that is not clear. */
function positionalShape(
  site: RequestSite,
  call: RequestCall,
  method: string,
): PositionalShape | { problem: string } {
  const { text, tokens } = site;
  const extra = call.args.slice(1);
  const source = (arg: (typeof extra)[number]) => text.slice(arg.start, arg.end);
  const shape: PositionalShape = {};
  if (extra.length) shape.rest = { start: extra[0]!.start, end: extra[extra.length - 1]!.end };
  if (method === 'ajax') {
    if (extra.length > 1) return { problem: '$.ajax is given more than a URL and settings' };
    const settings = extra[0];
    if (settings) {
      const literal =
        tokens[settings.first]?.text === '{' ? objectLiteralAt(tokens, settings.first) : undefined;
      if (literal && literal.close === settings.last) {
        const problem = settingsProblem(tokens, literal, true);
        if (problem) return { problem };
      }
      shape.settings = source(settings);
    }
    return shape;
  }
  const limit = method === 'getJSON' ? 2 : 3;
  if (extra.length > limit) return { problem: `$.${method} is given more arguments than it takes` };
  const kinds = extra.map((arg) => kindOf(text, tokens, arg.first, arg.last));
  let at = 0;
  if (kinds[0] !== 'function' && extra[0]) {
    if (kinds[0] === 'unknown')
      return {
        problem: `the argument after the URL (${source(extra[0])}) may be data or a callback`,
      };
    shape.data = source(extra[0]);
    at = 1;
  }
  if (extra[at]) {
    if (kinds[at] !== 'function') {
      if (method === 'get' && kinds[at] === 'string' && at === extra.length - 1) {
        // `$.get(url, data, 'json')`: the dataType, with no callback.
      } else
        return {
          problem: `the argument ${source(extra[at]!)} is not a callback the rewrite can see`,
        };
    } else {
      shape.success = source(extra[at]!);
      at++;
    }
  }
  const dataType = extra[at];
  if (dataType) {
    const value = stringValue(tokens, {
      spread: false,
      shorthand: false,
      first: dataType.first,
      last: dataType.last,
      valueFirst: dataType.first,
      valueLast: dataType.last,
    });
    if (value !== 'json')
      return {
        problem: `the call asks for the body as ${value === undefined ? 'an expression' : `'${value}'`}: the helper answers JSON`,
      };
  }
  return shape;
}

/** A function (literal, or a name the file declares as one), an object, a string, or not known. */
function kindOf(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
): 'function' | 'data' | 'string' | 'unknown' {
  const head = tokens[first]!;
  if (head.text === 'function' || (head.text === 'async' && tokens[first + 1]?.text === 'function'))
    return 'function';
  let depth = 0;
  for (let i = first; i <= last; i++) {
    const t = tokens[i]!.text;
    if (t === '(' || t === '[' || t === '{') depth++;
    else if (t === ')' || t === ']' || t === '}') depth--;
    else if (t === '=>' && depth === 0) return 'function';
  }
  if (head.text === '{' || head.text === '[') return 'data';
  if (first === last && head.kind === 'string') return 'string';
  if (first === last && head.kind === 'ident') {
    const name = head.text.replace(/\$/g, '\\$');
    if (
      new RegExp(
        `function\\s+${name}\\s*\\(|(?<![\\w$.])${name}\\s*=\\s*(?:async\\s+)?(?:function\\b|\\([^()]*\\)\\s*=>|[\\w$]+\\s*=>)`,
      ).test(text)
    )
      return 'function';
    if (new RegExp(`(?<![\\w$.])${name}\\s*=\\s*[{'"\`]`).test(text)) return 'data';
  }
  return 'unknown';
}

/**
 * `$.getJSON(url, data, success)` → `getPetFromList($, petsUrl, petId, { data: data }).done(success)`:
 * the arguments after the URL become the settings, the callback a `.done` (the same arguments,
 * the same `this`, run first as jQuery runs a success setting).
 */
function positionalEdits(
  request: Exclude<ReturnType<typeof requestOf>, undefined | { problem: string }>,
  jquery: string,
  shape: PositionalShape,
): TextEdit[] {
  const { call, parts, stored, url } = request;
  const argument = call.args[0]!;
  const args = [jquery, stored ? stored.name : parts.collection, parts.id];
  if (shape.settings) args.push(shape.settings);
  else if (shape.data) args.push(`{ data: ${shape.data} }`);
  const edits: TextEdit[] = [];
  if (stored) edits.push({ start: url.start, end: url.end, newText: parts.collection });
  edits.push({ start: call.callee.start, end: call.callee.end, newText: NAME });
  const end = shape.rest ? shape.rest.end : argument.end;
  // The call's own `)` closes `.done(` when a callback follows.
  const newText = shape.success ? `${args.join(', ')}).done(${shape.success}` : args.join(', ');
  edits.push({ start: argument.start, end, newText });
  return edits;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// $.getJSON(BASE_URL + '/pets/' + petId) → ${NAME}($, BASE_URL + '/pets', petId, settings)`,
      ...helperLines(),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

/** ES5, as jQuery code is written to run in every browser it supports. */
function helperLines(dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDoc(
      "Answers as jQuery did: a promise done with (pet, 'success', jqXHR), or, when no list holds",
      "it, failed with (jqXHR, 'error', 'Not Found') where jqXHR.status is 404 and responseJSON the",
      "API's Error body; a list request that fails (401, 5xx) fails with its own jqXHR. The",
      "settings' success, error, complete and statusCode callbacks run as jQuery runs them. Settings",
      'that ask for JSONP list with JSONP.',
      ...dialectDoc(dialect),
    ),
    `function ${NAME}($, petsUrl, petId, settings) {`,
    '  var options = $.extend({}, settings);',
    '  var callbacks = {',
    '    success: options.success,',
    '    error: options.error,',
    '    complete: options.complete,',
    '    statusCode: options.statusCode || {}',
    '  };',
    "  $.each(['success', 'error', 'complete', 'statusCode', 'dataFilter'], function (i, name) {",
    '    delete options[name];',
    '  });',
    "  var listUrl = String(petsUrl).replace(/\\/+$/, '');",
    "  var context = options.context || $.extend({}, $.ajaxSettings, options, { url: listUrl + '/' + petId, type: 'GET' });",
    `  var statuses = [${statuses}];`,
    "  var jsonp = options.dataType === 'jsonp' || options.jsonp !== undefined || options.jsonpCallback !== undefined;",
    '  var deferred = $.Deferred().done(callbacks.success).fail(callbacks.error);',
    '  function settle(ok, args, jqXHR) {',
    "    deferred[ok ? 'resolveWith' : 'rejectWith'](context, args);",
    '    if (callbacks.statusCode[jqXHR.status]) deferred.always(callbacks.statusCode[jqXHR.status]);',
    '    $.Callbacks().add(callbacks.complete).fireWith(context, [jqXHR, args[1]]);',
    '  }',
    '  function list(index) {',
    '    $.ajax($.extend({}, options, {',
    `      url: listUrl + '?status=' + statuses[index] + '&limit=${LIST_LIMIT}',`,
    "      type: 'GET',",
    "      method: 'GET',",
    "      // JSONP where the call asked for it (another origin's API): its answer comes parsed.",
    "      dataType: jsonp ? 'jsonp' : 'text'",
    '    })).done(function (answer, textStatus, jqXHR) {',
    "      var body = typeof answer === 'string' ? answer : JSON.stringify(answer);",
    ...listIdLines('      ', 'es5', dialect),
    ...es5PetLoopLines(
      '      ',
      [`return settle(true, [${foundPet(dialect, 'i')}, textStatus, jqXHR], jqXHR);`],
      dialect,
    ),
    '      if (index + 1 < statuses.length) return list(index + 1);',
    "      var error = { code: 'not_found', message: 'no pet ' + petId + ' in the first 100 pets of any status', status: 404 };",
    '      var notFound = {',
    '        readyState: 4,',
    '        status: 404,',
    "        statusText: 'Not Found',",
    '        responseText: JSON.stringify(error),',
    '        responseJSON: error,',
    '        getResponseHeader: function (name) {',
    "          return /^content-type$/i.test(name) ? 'application/json' : null;",
    '        },',
    '        getAllResponseHeaders: function () {',
    "          return 'content-type: application/json\\r\\n';",
    '        }',
    '      };',
    "      settle(false, [notFound, 'error', 'Not Found'], notFound);",
    '    }).fail(function (jqXHR, textStatus, errorThrown) {',
    "      // The error's body read as JSON, as jQuery reads it for a JSON request.",
    '      try {',
    '        jqXHR.responseJSON = JSON.parse(jqXHR.responseText);',
    '      } catch (notJson) {',
    '        // Not JSON: the text only, as jQuery leaves it.',
    '      }',
    '      settle(false, [jqXHR, textStatus, errorThrown], jqXHR);',
    '    });',
    '  }',
    '  list(0);',
    "  // jqXHR's success, error and complete (jQuery before 3): the same callbacks, by their old names.",
    '  var promise = deferred.promise();',
    '  promise.success = promise.done;',
    '  promise.error = promise.fail;',
    '  promise.complete = promise.always;',
    '  return promise;',
    '}',
  ];
}
