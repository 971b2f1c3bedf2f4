/**
 * OkHttp in Java: `client.newCall(request).execute()` (or `.enqueue(callback)`) where the request
 * was built from the pet's URL (`new Request.Builder().url(url)….build()`, inline or kept in a
 * name) becomes `executePetFromList(client, request, id)` (`enqueuePetFromList(client, request,
 * id, callback)`), the request now built from the collection's URL. The helper sends the request
 * (its headers, tags, cache control) with each status's query and answers as the removed request
 * did: a Response with the pet (200), or a 404 Response with the API's Error body when no list
 * holds it; a failing list (401, 5xx) as it came; a failure to connect as OkHttp reports it.
 */
import { tokenEnd } from '../../model/tokens';
import { matchingCloser, nextSignificant } from '../../model/tokenWalk';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { identifiersOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlExpression, type UrlExpression } from '../urlExpression';
import { classHelper, javadoc, javaSnippet, javaString, jsonReadingLines } from './javaCode';
import { builtRequest, hopOut, receiverOf } from './requestFlow';

const EXECUTE = 'executePetFromList';
const ENQUEUE = 'enqueuePetFromList';

export const okHttpRewriter: Rewriter = {
  library: 'OkHttp',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (site.language.family !== 'java' || !/\bokhttp3\b/.test(site.text)) return undefined;
    const snippet = () =>
      javaSnippet(
        `${EXECUTE}(client, new Request.Builder().url(petsUrl)…build(), petId) instead of client.newCall(…).execute():`,
        helperLines(),
        site.style,
      );
    const found = urlExpression(site);
    if ('problem' in found) return undefined;
    const sent = sentCall(site, found);
    if (!sent) return undefined;
    if ('problem' in sent) return { manual: sent.problem, snippet: snippet() };
    const helper = classHelper(site, sent.newCall.callee.start, {
      name: EXECUTE,
      lines: helperLines(),
      imports: IMPORTS,
    });
    if ('problem' in helper) return { manual: helper.problem, snippet: snippet() };
    return {
      description: `OkHttp ${sent.kind} → ${sent.kind === 'execute' ? EXECUTE : ENQUEUE}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        { start: found.url.start, end: found.url.end, newText: found.parts.collection },
        ...sendEdits(site, sent, found.parts.id),
      ],
      helper,
    };
  },
};

interface SentCall {
  /** `client.newCall(request)` and the `.execute()` or `.enqueue(callback)` chained on it. */
  newCall: RequestCall;
  receiver: string;
  kind: 'execute' | 'enqueue';
  /** Token indices of the chained method's name and of its `)`. */
  method: number;
  close: number;
}

/**
 * The `newCall(…).execute()` or `.enqueue(…)` the URL reaches through Request.Builder (kept in a
 * name on the way, or not), or undefined when the URL does not go into an OkHttp request.
 */
function sentCall(
  site: RequestSite,
  found: UrlExpression,
): SentCall | { problem: string } | undefined {
  const { text, tokens } = site;
  const idNames = identifiersOf(found.parts.id);
  let range = found.url;
  let built = false;
  for (let hops = 0; hops < 12; hops++) {
    const hop = hopOut(text, tokens, range, idNames);
    if ('problem' in hop) return built ? hop : undefined;
    if (hop.kind === 'stored') {
      range = hop.use;
      continue;
    }
    const { call } = hop;
    const callee = call.callee.text;
    if (
      !built &&
      /(^|\.)url$/.test(callee) &&
      /Request\s*\.\s*Builder\s*\(/.test(text.slice(hop.range.start, call.callee.end))
    ) {
      const request = builtRequest(
        text,
        tokens,
        call,
        hop.range.start,
        /^(post|put|delete|patch|head|method)$/,
      );
      if ('problem' in request) return request;
      range = request.range;
      built = true;
      continue;
    }
    if (!built) return undefined;
    if (/(^|\.)newCall$/.test(callee) && call.args.length === 1) {
      const receiver = receiverOf(text, call, 'newCall');
      if (!receiver) return { problem: 'newCall is called without its client' };
      const dot = nextSignificant(tokens, call.close + 1);
      const method = nextSignificant(tokens, dot + 1);
      const open = nextSignificant(tokens, method + 1);
      const name = tokens[method]?.text;
      if (
        tokens[dot]?.text !== '.' ||
        tokens[open]?.text !== '(' ||
        (name !== 'execute' && name !== 'enqueue')
      )
        return {
          problem:
            'the Call is kept or handed on before it is executed: change where it is executed',
        };
      return {
        newCall: call,
        receiver,
        kind: name,
        method,
        close: matchingCloser(tokens, open, 100_000),
      };
    }
    return {
      problem:
        'the request is handed on before it is sent (returned or passed): change the call that sends it',
    };
  }
  return undefined;
}

/**
 * `client.newCall(request).execute()` → `executePetFromList(client, request, id)`;
 * `client.newCall(request).enqueue(callback)` → `enqueuePetFromList(client, request, id, callback)`.
 */
function sendEdits(site: RequestSite, sent: SentCall, id: string): TextEdit[] {
  const { tokens } = site;
  const request = sent.newCall.args[0]!;
  const methodOpen = nextSignificant(tokens, sent.method + 1);
  if (sent.kind === 'execute')
    return [
      {
        start: sent.newCall.callee.start,
        end: request.start,
        newText: `${EXECUTE}(${sent.receiver}, `,
      },
      { start: request.end, end: tokenEnd(tokens[sent.close]!), newText: `, ${id})` },
    ];
  return [
    {
      start: sent.newCall.callee.start,
      end: request.start,
      newText: `${ENQUEUE}(${sent.receiver}, `,
    },
    // `).enqueue(` → `, id, `: the callback stays as written, and its `)` closes the helper's call.
    { start: request.end, end: tokenEnd(tokens[methodOpen]!), newText: `, ${id}, ` },
  ];
}

const IMPORTS = [
  'java.io.IOException',
  'java.util.ArrayList',
  'java.util.List',
  'okhttp3.Call',
  'okhttp3.Callback',
  'okhttp3.HttpUrl',
  'okhttp3.MediaType',
  'okhttp3.OkHttpClient',
  'okhttp3.Request',
  'okhttp3.Response',
  'okhttp3.ResponseBody',
];

function helperLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  const notFound = javaString(JSON.stringify(notFoundBody()));
  return [
    ...javadoc(
      'It answers as that request did: a Response with the pet (200), or a 404 Response with the',
      "API's Error body when no list holds it; a failing list (401, 5xx) as it came. The request",
      'is the one that was sent, built with the collection’s URL: its headers go with each list.',
    ),
    `private static Response ${EXECUTE}(OkHttpClient client, Request request, Object petId) throws IOException {`,
    '  Response last = null;',
    `  for (String status : new String[] {${statuses}}) {`,
    '    Response response = client.newCall(PetFromListJson.list(request, status)).execute();',
    '    Response answer = PetFromListJson.answer(response, String.valueOf(petId), false);',
    '    if (answer != null) {',
    '      return answer;',
    '    }',
    '    last = response;',
    '  }',
    '  return PetFromListJson.notFound(last);',
    '}',
    '',
    ...javadoc(
      `As ${EXECUTE}, asynchronously: the callback gets the pet's Response, the 404 Response, a`,
      "failing list's Response, or the failure, once, as OkHttp's enqueue calls it.",
    ),
    `private static void ${ENQUEUE}(OkHttpClient client, Request request, Object petId, Callback callback) {`,
    '  PetFromListJson.enqueue(client, request, String.valueOf(petId), 0, callback);',
    '}',
    '',
    `/** Lists and reads them for ${EXECUTE} and ${ENQUEUE}. */`,
    'private static final class PetFromListJson {',
    `  private static final String[] STATUSES = {${statuses}};`,
    '',
    '  /** The request, with the collection’s URL and the status’s query. */',
    '  static Request list(Request request, String status) {',
    '    HttpUrl url = request.url().newBuilder()',
    '        .addQueryParameter("status", status)',
    `        .addQueryParameter("limit", "${LIST_LIMIT}")`,
    '        .build();',
    '    return request.newBuilder().url(url).get().build();',
    '  }',
    '',
    '  /**',
    "   * The answer to give for a list's response: the pet's Response, the response itself when it",
    '   * failed, or null when the pet is not in it (its body read and closed).',
    '   */',
    '  static Response answer(Response response, String wanted, boolean last) throws IOException {',
    '    if (response.code() != 200) {',
    '      return response;',
    '    }',
    '    ResponseBody body = response.body();',
    '    MediaType type = body == null ? null : body.contentType();',
    '    String text = body == null ? "[]" : body.string();',
    '    for (String pet : objects(text)) {',
    '      if (wanted.equals(id(pet))) {',
    '        return response.newBuilder().removeHeader("Content-Length").body(ResponseBody.create(type, pet)).build();',
    '      }',
    '    }',
    '    return last ? notFound(response) : null;',
    '  }',
    '',
    "  /** A 404 Response with the API's Error body, as the store answered for no such pet. */",
    '  static Response notFound(Response last) {',
    '    return last.newBuilder()',
    '        .code(404)',
    '        .message("Not Found")',
    '        .removeHeader("Content-Length")',
    `        .body(ResponseBody.create(MediaType.parse("application/json"), ${notFound}))`,
    '        .build();',
    '  }',
    '',
    '  static void enqueue(OkHttpClient client, Request request, String wanted, int index, Callback callback) {',
    '    client.newCall(list(request, STATUSES[index])).enqueue(new Callback() {',
    '      @Override',
    '      public void onFailure(Call call, IOException e) {',
    '        callback.onFailure(call, e);',
    '      }',
    '',
    '      @Override',
    '      public void onResponse(Call call, Response response) throws IOException {',
    '        Response answer;',
    '        try {',
    '          answer = answer(response, wanted, index == STATUSES.length - 1);',
    '        } catch (IOException e) {',
    '          callback.onFailure(call, e);',
    '          return;',
    '        }',
    '        if (answer == null) {',
    '          enqueue(client, request, wanted, index + 1, callback);',
    '        } else {',
    '          callback.onResponse(call, answer);',
    '        }',
    '      }',
    '    });',
    '  }',
    '',
    ...jsonReadingLines().map((line) => (line ? `  ${line}` : '')),
    '}',
  ];
}
