/**
 * Dio (Flutter's most used client after package:http): `dio.get('$baseUrl/pets/$id', options:
 * …)` (also `get<T>`, with queryParameters, options and cancelToken; the Dio kept in a field or
 * made in place) → `getPetFromList(dio, '$baseUrl/pets', id, options: …)`. The helper lists each
 * status through the same Dio (its BaseOptions, interceptors and the caller's options), reading
 * the list as text so that ids are compared as sent, and answers as Dio answered the removed
 * request: a Response with the pet (200); when no list holds it, the DioException Dio throws for a
 * 404 (Dio 4: DioError), or the 404 Response where validateStatus accepts it; a failing list
 * throws, or answers, as Dio does. Dio before 4 (no null safety) is left for a person.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { convertImport, petLookupLines, pubspecOf } from './dartCode';

const NAME = 'getPetFromList';
const DIO_IMPORT = /^import\s+['"]package:dio\/dio\.dart['"](?:\s+as\s+(\w+))?\s*;/m;
const NAMED = /^(queryParameters|options|cancelToken)\s*:/;

export const dioRewriter: Rewriter = {
  library: 'Dio',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    const imported = DIO_IMPORT.exec(text);
    if (!imported || imported[1]) return undefined;
    const major = dioMajor(site);
    const manual = (reason: string): Rewrite => ({
      manual: reason,
      snippet: styled(
        [
          `// ${NAME}(dio, '$baseUrl/pets', petId, options: options) instead of dio.get('$baseUrl/pets/$petId', options: options)`,
          ...helperLines(major === 4 ? 4 : 5),
        ],
        site.style,
      ),
    });
    const request = requestOf(site, (call) => isDioGet(text, call));
    if (!request) return undefined;
    if ('problem' in request) return manual(request.problem);
    if (major !== undefined && major < 4)
      return manual('Dio before 4 (before null safety): its errors are made otherwise');
    const { call } = request;
    const others = call.args.slice(1).map((arg) => text.slice(arg.start, arg.end));
    if (others.some((arg) => !NAMED.test(arg)))
      return manual('get is given more than the URL, its query, options and cancel token');
    if (others.some((arg) => /^onReceiveProgress/.test(arg)))
      return manual('get reports its progress: the lists would report theirs');
    if (others.some((arg) => /\bresponseType\b/.test(arg)))
      return manual('the options ask for another response type: the helper answers JSON');
    const receiver = call.callee.text.replace(/\.get$/, '');
    const typeArguments = call.typeArguments
      ? text.slice(call.typeArguments.start, call.typeArguments.end)
      : '';
    const edits: TextEdit[] = request.edits(`${NAME}${typeArguments}`, [receiver]);
    if (/^<\s*(String|ResponseBody|List<int>)\s*>$/.test(typeArguments))
      return manual(
        `get${typeArguments} reads the answer as other than JSON: the helper answers JSON`,
      );
    if (call.typeArguments) {
      const callee = edits.find((edit) => edit.start === call.callee.start)!;
      callee.end = call.typeArguments.end;
    }
    return {
      description: `Dio get → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same Dio`,
      edits,
      helper: {
        name: NAME,
        code: styled(helperLines(major === 4 ? 4 : 5), site.style),
        definedIn: (current) => new RegExp(`\\s${NAME}<T>\\(\\s*Dio\\b`).test(current),
        imports: (current) => convertImport(current, site.style.eol),
      },
    };
  },
};

/** `dio.get(…)`, `_dio.get<T>(…)`, `this.dio.get(…)`, `Dio().get(…)`: a Dio's get, the URL first. */
function isDioGet(text: string, call: RequestCall): boolean {
  if (call.urlArgument !== 0) return false;
  const match = /^(?:(?:this\.)?([A-Za-z_$][\w$]*)|Dio\(\))\.get$/.exec(call.callee.text);
  if (!match) return false;
  const name = match[1];
  if (name === undefined) return true;
  const typed = new RegExp(
    `\\bDio\\??\\s+${name}\\b|\\b${name}\\s*=\\s*Dio\\(|\\b(?:final|var|late final)\\s+${name}\\s*=\\s*Dio\\(`,
  );
  return typed.test(text) || /dio/i.test(name);
}

/**
 * Dio's major version as the nearest pubspec.yaml allows it (`dio: ^5.4.0`, `dio: 4.0.6`), or
 * undefined when none says.
 */
function dioMajor(site: RequestSite): number | undefined {
  const version = /^\s+dio\s*:\s*["']?[\^>=~ ]*(\d+)\./m.exec(pubspecOf(site) ?? '');
  return version ? Number(version[1]) : undefined;
}

function helperLines(major: 4 | 5): string[] {
  const body = notFoundBody();
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const thrown =
    major === 5
      ? [
          '  throw DioException.badResponse(',
          '    statusCode: 404,',
          '    requestOptions: notFound.requestOptions,',
          '    response: notFound,',
          '  );',
        ]
      : [
          '  throw DioError(',
          '    requestOptions: notFound.requestOptions,',
          '    response: notFound,',
          '    type: DioErrorType.response,',
          '  );',
        ];
  return [
    ...helperDocLines([
      'Answers as Dio answered that request: a Response with the pet (200); when no list holds it,',
      `the ${major === 5 ? 'DioException' : 'DioError'} Dio throws for a 404 (or the 404 Response where validateStatus`,
      "accepts it), with the API's Error body; a failing list throws, or answers, as Dio does.",
    ]).map((line) => `/// ${line}`),
    `Future<Response<T>> ${NAME}<T>(`,
    '  Dio dio,',
    '  String petsUrl,',
    '  Object petId, {',
    '  Map<String, dynamic>? queryParameters,',
    '  Options? options,',
    '  CancelToken? cancelToken,',
    '}) async {',
    "  final listUrl = petsUrl.replaceAll(RegExp(r'/+$'), '');",
    '  Response<String>? listed;',
    `  for (final status in const [${statuses}]) {`,
    '    final response = await dio.get<String>(',
    '      listUrl,',
    `      queryParameters: {...?queryParameters, 'status': status, 'limit': ${LIST_LIMIT}},`,
    '      options: (options ?? Options()).copyWith(responseType: ResponseType.plain),',
    '      cancelToken: cancelToken,',
    '    );',
    "    final text = response.data ?? '';",
    '    if (response.statusCode != 200) {',
    '      // Only where validateStatus accepts it: Dio has thrown otherwise, as for the old request.',
    '      return Response<T>(',
    '        data: (text.isEmpty ? null : jsonDecode(text)) as T?,',
    '        statusCode: response.statusCode,',
    '        statusMessage: response.statusMessage,',
    '        headers: response.headers,',
    '        requestOptions: response.requestOptions,',
    '      );',
    '    }',
    '    listed = response;',
    ...petLookupLines('text', [
      'return Response<T>(',
      '  data: pets[i] as T,',
      '  statusCode: 200,',
      '  statusMessage: response.statusMessage,',
      '  headers: response.headers,',
      '  requestOptions: response.requestOptions,',
      ');',
    ]),
    '  }',
    `  final error = {'code': '${body.code}', 'message': '${body.message}', 'status': ${body.status}};`,
    '  final last = listed!;',
    '  final notFound = Response<T>(',
    '    data: error as T,',
    '    statusCode: 404,',
    "    statusMessage: 'Not Found',",
    '    headers: last.headers,',
    '    requestOptions: last.requestOptions,',
    '  );',
    '  final validate = options?.validateStatus ?? dio.options.validateStatus;',
    '  if (validate(404)) return notFound;',
    ...thrown,
    '}',
  ];
}
