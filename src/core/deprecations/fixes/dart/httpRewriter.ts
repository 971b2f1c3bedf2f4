/**
 * Dart's package:http: `http.get(Uri.parse('$baseUrl/pets/$id'), headers: h)` (or
 * `Uri.https(host, '/pets/$id')`), a `http.Client`'s `client.get(…)`, and the Uri kept in a name first (`final uri = Uri.parse(…); http.get(uri)`) →
 * `getPetFromList(http.get, Uri.parse('$baseUrl/pets'), id, headers: h)`. The helper takes the
 * same `get` (the package's or the client's, torn off), lists each status with the caller's
 * headers, and answers with an `http.Response` as the removed request did: 200 with the pet, or
 * 404 with the API's Error body, so `statusCode` checks and `jsonDecode(response.body)` work as
 * before; a list that fails (401, 5xx) is answered as it came. Written for null-safe Dart (2.12
 * and later) unless the project's pubspec.yaml allows an older SDK.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { callAround, type Range, type RequestCall } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { storedUrl } from '../storedUrl';
import { tokenEnd } from '../../model/tokens';
import { tokenIndexAt } from '../../model/tokenWalk';
import { splitUrl } from '../urlParts';
import { convertImport, petLookupLines, pubspecOf } from './dartCode';

const NAME = 'getPetFromList';
const HTTP_IMPORT = /^import\s+['"]package:http\/http\.dart['"](?:\s+as\s+(\w+))?\s*;/m;

export const dartHttpRewriter: Rewriter = {
  library: 'package:http',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    const imported = HTTP_IMPORT.exec(text);
    if (!imported) return undefined;
    const prefix = imported[1];
    const nullSafe = isNullSafe(site);
    const manual = (reason: string): Rewrite => ({
      manual: reason,
      snippet: styled(
        [
          `// ${NAME}(http.get, Uri.parse('$baseUrl/pets'), petId, headers: headers) instead of http.get(Uri.parse('$baseUrl/pets/$petId'), headers: headers)`,
          ...helperLines(prefix ?? 'http', nullSafe),
        ],
        site.style,
      ),
    });
    const first = tokenIndexAt(tokens, site.url.start);
    const last = tokenIndexAt(tokens, site.url.end - 1);
    const parts = splitUrl(text, tokens, first, last, site.language);
    if ('problem' in parts) return manual(parts.problem);
    const idNames = parts.id.match(/[A-Za-z_$][\w$]*/g) ?? [];
    // The string, or the name it is kept in, handed to Uri.parse.
    const stringUse = sentOrStored(site, site.url, idNames);
    if (!stringUse) return undefined;
    // Uri.parse(url), or Uri.https(host, path[, query]) with the path: the Uri's query is kept.
    const parse = callAround(text, tokens, stringUse);
    if ('problem' in parse) return undefined;
    const parsing = /^Uri\.(?:try)?[pP]arse$/.test(parse.callee.text);
    const building = /^Uri\.https?$/.test(parse.callee.text) && parse.urlArgument === 1;
    if (!parsing && !building) return undefined;
    if (parsing && parse.args.length !== 1) return manual('Uri.parse is given more than the URL');
    const parsed = { start: parse.callee.start, end: tokenEnd(tokens[parse.close]!) };
    // The Uri, or the name it is kept in, handed to a get.
    const uriUse = sentOrStored(site, parsed, idNames);
    if (!uriUse) return undefined;
    const get = callAround(text, tokens, uriUse);
    if ('problem' in get) return undefined;
    const getter = getterOf(text, get, prefix);
    if (!getter) return undefined;
    if (get.urlArgument !== 0) return manual('the Uri is not the first argument of get');
    const others = get.args.slice(1).map((arg) => text.slice(arg.start, arg.end));
    if (others.some((arg) => !/^headers\s*:/.test(arg)))
      return manual('get is given more than the Uri and its headers');
    const uriArgument = get.args[0]!;
    const edits: TextEdit[] = [
      { start: site.url.start, end: site.url.end, newText: parts.collection },
      { start: get.callee.start, end: get.callee.end, newText: NAME },
      { start: uriArgument.start, end: uriArgument.start, newText: `${getter}, ` },
      { start: uriArgument.end, end: uriArgument.end, newText: `, ${parts.id}` },
    ];
    return {
      description: `${get.callee.text} → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper: {
        name: NAME,
        // Single quotes as written (Dart's own style): the id pattern's raw string holds `"`.
        code: styled(helperLines(prefix ?? 'http', nullSafe), site.style),
        definedIn: (current) => new RegExp(`\\s${NAME}\\(\\s*Future<`).test(current),
        imports: (current) => convertImport(current, site.style.eol),
      },
    };
  },
};

/**
 * Where `value` (offsets) goes: itself, when it is a call's argument; else the one use of the name
 * it is kept in (`final uri = Uri.parse(…);` then `http.get(uri)`); undefined when neither.
 */
function sentOrStored(
  site: RequestSite,
  value: Range,
  idNames: readonly string[],
): Range | undefined {
  const direct = callAround(site.text, site.tokens, value);
  if (!('problem' in direct)) {
    const argument = direct.args[direct.urlArgument]!;
    return argument.start === value.start && argument.end === value.end ? value : undefined;
  }
  return storedUrl(site.tokens, value, idNames)?.useRange;
}

/**
 * The `get` torn off for the helper: the package's (`http.get`, or a bare `get` without a prefix)
 * or a `http.Client`'s (`client.get`, `_client.get`, `this.client.get`), or undefined.
 */
function getterOf(text: string, call: RequestCall, prefix: string | undefined): string | undefined {
  const callee = call.callee.text;
  if (prefix ? callee === `${prefix}.get` : callee === 'get') return callee;
  const match = /^((?:this\.)?([A-Za-z_$][\w$]*))\.get$/.exec(callee);
  if (!match) return undefined;
  const name = match[2]!;
  const client = prefix ? `${prefix}\\.Client` : 'Client';
  const typed = new RegExp(
    `\\b${client}\\??\\s+${name}\\b|\\b${name}\\s*=\\s*${client}\\(|\\b(?:final|var)\\s+${name}\\s*=\\s*${client}\\(`,
  );
  return typed.test(text) ? `${match[1]}.get` : undefined;
}

/**
 * Whether the helper may use null-safe types: the nearest pubspec.yaml's SDK constraint starts at
 * 2.12 or later, or no constraint can be read.
 */
function isNullSafe(site: RequestSite): boolean {
  const lower = /\bsdk\s*:\s*["']?(?:>=|\^)\s*(\d+)\.(\d+)/.exec(pubspecOf(site) ?? '');
  if (lower) return Number(lower[1]) > 2 || (Number(lower[1]) === 2 && Number(lower[2]) >= 12);
  // No SDK constraint read: Dart 3, where every package is null-safe.
  return true;
}

function helperLines(http: string, nullSafe: boolean): string[] {
  const optional = nullSafe ? '?' : '';
  const body = notFoundBody();
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...helperDocLines([
      'Answers as that request did: an http.Response with the pet (200), or 404 with the API',
      'Error body when no list holds it, so statusCode checks and jsonDecode(response.body) work',
      'as before; a list request that fails (401, 5xx) is answered as it came.',
    ]).map((line) => `/// ${line}`),
    `Future<${http}.Response> ${NAME}(`,
    `  Future<${http}.Response> Function(Uri url, {Map<String, String>${optional} headers}) get,`,
    '  Uri petsUrl,',
    '  Object petId, {',
    `  Map<String, String>${optional} headers,`,
    '}) async {',
    `  ${http}.Response${optional} listed;`,
    `  for (final status in const [${statuses}]) {`,
    '    final response = await get(',
    `      petsUrl.replace(queryParameters: {...petsUrl.queryParameters, 'status': status, 'limit': '${LIST_LIMIT}'}),`,
    '      headers: headers,',
    '    );',
    '    if (response.statusCode != 200) return response;',
    '    listed = response;',
    ...petLookupLines('response.body', [
      `return ${http}.Response(jsonEncode(pets[i]), 200,`,
      "    headers: {'content-type': 'application/json; charset=utf-8'}, request: response.request);",
    ]),
    '  }',
    `  final error = {'code': '${body.code}', 'message': '${body.message}', 'status': ${body.status}};`,
    `  return ${http}.Response(jsonEncode(error), 404,`,
    "      headers: {'content-type': 'application/json; charset=utf-8'},",
    `      reasonPhrase: 'Not Found', request: listed${optional}.request);`,
    '}',
  ];
}
