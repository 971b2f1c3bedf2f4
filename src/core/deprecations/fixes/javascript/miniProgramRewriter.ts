/**
 * Mini programs' request (WeChat's `wx.request`, uni-app's `uni.request`, QQ's and ByteDance's
 * `qq.request` and `tt.request`, the same API): `wx.request({ url: `${base}/pets/${id}`, header,
 * success, fail, complete })` → `getPetFromList(wx, `${base}/pets`, id, { header, success, fail,
 * complete })`. The helper asks each status in turn through the same `request` with the caller's
 * settings (header, timeout, data as query) and answers as the request did: success (then
 * complete) with `{ data: pet, statusCode: 200, header }`, or, when no list holds it, with status
 * 404 and the API's Error body (the request calls fail only when no answer comes); a list that
 * fails (401, 5xx) answers as it came; fail and complete as the request calls them.
 */
import { previousSignificant, nextSignificant } from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { helperPlacement } from './helperPlacement';
import { helperDoc, isTypeScript } from './javascriptCode';
import { es5PetLoopLines, listIdLines } from './listIds';
import { entryNamed, stringValue, type ObjectLiteral } from './objectLiteral';
import { settingsRequestOf } from './settingsRequest';

const NAME = 'getPetFromList';
/** The platforms whose `request` takes these settings and answers `{ data, statusCode, header }`. */
const PLATFORM = /^(wx|uni|qq|tt)$/;

export const miniProgramRewriter: Rewriter = {
  library: 'mini program request',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    if (!/\b(wx|uni|qq|tt)\s*\.\s*request\b/.test(text)) return undefined;
    const request = settingsRequestOf(site, (call, argument) => {
      const match = /^(\w+)\.request$/.exec(call.callee.text);
      return !!match && PLATFORM.test(match[1]!) && argument === 0 && call.args.length === 1;
    });
    if (!request) return undefined;
    const left = (manual: string): Rewrite => ({ manual, snippet: snippet(site) });
    if ('problem' in request) return left(request.problem);
    if (isTypeScript(site.path))
      return left("a mini program's request in TypeScript: the helper is written in JavaScript");
    // `const task = wx.request(…)`, `await uni.request(…)`: the RequestTask (or uni-app's promise)
    // is used, and the helper returns none.
    if (!startsStatement(tokens, request.call.callee.first) || chained(tokens, request.call.close))
      return left(
        'what the request returns is used (its RequestTask or promise): the helper returns none',
      );
    const problem = settingsProblem(tokens, request.literal);
    if (problem) return left(problem);
    const platform = request.call.callee.text.replace(/\.request$/, '');
    const placement = helperPlacement(site.path, text, tokens, site.url.start, site.style);
    if (!placement) return left("the request is not in one of the page's scripts");
    return {
      description: `${platform}.request → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same request`,
      edits: request.edits(NAME, [platform]),
      helper: {
        name: NAME,
        code: styled(helperLines(), site.style, {
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

/** Tokens after which a new line still continues the expression (no statement starts there). */
const CONTINUES =
  /^(?:[=(,:?+\-*/%&|!<>[]|=>|&&|\|\||\?\?|return|await|yield|throw|new|typeof|void|delete|in|of|case)$/;

/** Whether the call is a statement of its own: after `;`, a brace, or a new line that ends one. */
function startsStatement(tokens: RequestSite['tokens'], first: number): boolean {
  const previous = previousSignificant(tokens, first - 1);
  if (previous < 0) return true;
  const text = tokens[previous]!.text;
  if (/^[;{}]$/.test(text)) return true;
  const newLine = tokens.slice(previous + 1, first).some((token) => token.kind === 'newline');
  return newLine && !CONTINUES.test(text) && !text.endsWith('=');
}

/** Whether a member is read on the call's result (`wx.request(…).abort()`). */
function chained(tokens: RequestSite['tokens'], close: number): boolean {
  const next = tokens[nextSignificant(tokens, close + 1)]?.text;
  return next === '.' || next === '?.';
}

/**
 * Why the settings cannot go to the helper as they are: a method other than GET, an answer not
 * read as JSON, no callback (uni-app then answers with a promise).
 */
function settingsProblem(
  tokens: RequestSite['tokens'],
  literal: ObjectLiteral,
): string | undefined {
  const method = entryNamed(literal, 'method');
  if (method) {
    const value = stringValue(tokens, method);
    if (value === undefined || value.toUpperCase() !== 'GET')
      return 'the settings’ method is not written as GET';
  }
  const dataType = entryNamed(literal, 'dataType');
  if (dataType && stringValue(tokens, dataType) !== 'json')
    return 'the settings ask for an answer not read as JSON (dataType)';
  const responseType = entryNamed(literal, 'responseType');
  if (responseType && stringValue(tokens, responseType) !== 'text')
    return 'the settings ask for a binary answer (responseType)';
  if (literal.entries.some((entry) => entry.spread))
    return 'the settings spread another object: what they hold is not known here';
  if (!['success', 'fail', 'complete'].some((name) => entryNamed(literal, name)))
    return 'the request has no success, fail or complete callback: its answer is read another way (a promise)';
  return undefined;
}

/** The API's Error body for the 404, as a JavaScript object literal. */
function notFoundLiteral(): string {
  const entries = Object.entries(notFoundBody()).map(
    ([key, value]) =>
      `${key}: ${typeof value === 'string' ? `'${value.replace(/'/g, "\\'")}'` : String(value)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// ${NAME}(wx, baseUrl + '/pets', petId, { header, success, fail, complete }) instead of wx.request({ url: baseUrl + '/pets/' + petId, … }):`,
      ...helperLines(),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

function helperLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDoc(
      'Answers as the request did: success (then complete) with { data: pet, statusCode: 200 }, or,',
      "when no list holds it, with statusCode 404 and the API's Error body (fail is called only when",
      'no answer comes); a list that fails (401, 5xx) answers as it came.',
    ),
    `function ${NAME}(platform, petsUrl, petId, settings) {`,
    '  var options = Object.assign({}, settings);',
    '  var success = options.success;',
    '  var fail = options.fail;',
    '  var complete = options.complete;',
    '  var query = options.data;',
    "  ['success', 'fail', 'complete', 'data', 'dataType', 'responseType'].forEach(function (name) {",
    '    delete options[name];',
    '  });',
    `  var statuses = [${statuses}];`,
    '  function answer(res) {',
    '    if (success) success(res);',
    '    if (complete) complete(res);',
    '  }',
    '  function list(index) {',
    '    platform.request(Object.assign({}, options, {',
    "      url: String(petsUrl).replace(/\\/+$/, ''),",
    "      method: 'GET',",
    `      data: Object.assign({}, query, { status: statuses[index], limit: ${LIST_LIMIT} }),`,
    "      // The text, so that ids are read as sent; the pet is parsed as the request's JSON was.",
    "      dataType: 'text',",
    '      success: function (res) {',
    '        var body = res.data;',
    '        if (res.statusCode !== 200) {',
    '          try {',
    '            res.data = JSON.parse(body);',
    '          } catch (notJson) {',
    '            // Not JSON: the text, as the request leaves it.',
    '          }',
    '          return answer(res);',
    '        }',
    ...listIdLines('        ', 'es5'),
    ...es5PetLoopLines('        ', ['return answer(Object.assign({}, res, { data: pets[i] }));']),
    '        if (index + 1 < statuses.length) return list(index + 1);',
    `        answer(Object.assign({}, res, { statusCode: 404, data: ${notFoundLiteral()} }));`,
    '      },',
    '      fail: function (error) {',
    '        if (fail) fail(error);',
    '        if (complete) complete(error);',
    '      }',
    '    }));',
    '  }',
    '  list(0);',
    '}',
  ];
}
