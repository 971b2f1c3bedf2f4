/**
 * java.net.http: `client.send(request, handler)` where the request was built from the pet's URL
 * (`HttpRequest.newBuilder(URI.create(url))….GET().build()`, inline or kept in names) becomes
 * `sendPetFromList(client, request, id, handler)`, the request now built from the collection's
 * URL. The helper sends the request's headers with each list and answers with an HttpResponse<T>
 * through the caller's own body handler: 200 with the pet, or 404 with the API's Error body, as
 * the removed request did; a failing list (401, 5xx) as it came.
 */
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { identifiersOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlExpression, type UrlExpression } from '../urlExpression';
import { classHelper, javadoc, javaSnippet, javaString, jsonReadingLines } from './javaCode';
import { builtRequest, hopOut, receiverOf } from './requestFlow';

export const SEND_HELPER = 'sendPetFromList';

const HANDED_ON =
  'the request is handed on before it is sent (returned or passed): change the send that sends it';

export const javaHttpClientRewriter: Rewriter = {
  library: 'java.net.http',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/\bjava\.net\.http\b/.test(site.text)) return undefined;
    const snippet = () =>
      javaSnippet(
        `${SEND_HELPER}(client, HttpRequest.newBuilder(URI.create(petsUrl))…build(), petId, handler) instead of client.send(…):`,
        helperLines(),
        site.style,
      );
    const found = urlExpression(site);
    if ('problem' in found)
      return sendsHere(site) ? { manual: found.problem, snippet: snippet() } : undefined;
    const sent = sentRequest(site, found);
    if (!sent) return undefined;
    if ('problem' in sent) return { manual: sent.problem, snippet: snippet() };
    const helper = classHelper(site, sent.send.callee.start, {
      name: SEND_HELPER,
      lines: helperLines(),
      imports: IMPORTS,
    });
    if ('problem' in helper) return { manual: helper.problem, snippet: snippet() };
    return {
      description: `HttpClient.send → ${SEND_HELPER}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        { start: found.url.start, end: found.url.end, newText: found.parts.collection },
        ...sendEdits(site.text, sent.send, sent.receiver, found.parts.id),
      ],
      helper,
    };
  },
};

/** Whether the file sends with java.net.http at all (a URL it cannot read is then its own). */
function sendsHere(site: RequestSite): boolean {
  return /HttpRequest\s*\.\s*newBuilder/.test(site.text);
}

/**
 * The `send` the URL reaches through URI.create and HttpRequest's builder (any of them kept in a
 * name on the way), or undefined when the URL does not go into a java.net.http request.
 */
export function sentRequest(
  site: RequestSite,
  found: UrlExpression,
): { send: RequestCall; receiver: string } | { problem: string } | undefined {
  const { text, tokens } = site;
  const idNames = identifiersOf(found.parts.id);
  let range = found.url;
  let built = false;
  for (let hops = 0; hops < 12; hops++) {
    const hop = hopOut(text, tokens, range, idNames);
    if ('problem' in hop) {
      if (!built) return undefined;
      // Not an argument of a call: returned, or handed on in some other way.
      return /^the URL is (not an argument|inside brackets)/.test(hop.problem)
        ? { problem: HANDED_ON }
        : hop;
    }
    if (hop.kind === 'stored') {
      range = hop.use;
      continue;
    }
    const { call } = hop;
    const callee = call.callee.text;
    if (!built && /^(java\.net\.)?URI(\.create)?$/.test(callee) && call.args.length === 1) {
      range = hop.range;
      continue;
    }
    if (/^(java\.net\.http\.)?HttpRequest\.newBuilder(\(.*\))?(\.uri)?$/.test(callee)) {
      const request = builtRequest(
        text,
        tokens,
        call,
        call.callee.start,
        /^(POST|PUT|DELETE|HEAD|method)$/,
      );
      if ('problem' in request) return request;
      range = request.range;
      built = true;
      continue;
    }
    if (!built) return undefined;
    if (/(^|\.)sendAsync$/.test(callee))
      return {
        problem: `sent with sendAsync: call ${SEND_HELPER} in a CompletableFuture.supplyAsync instead`,
      };
    if (/(^|\.)send$/.test(callee) && call.urlArgument === 0 && call.args.length === 2) {
      const receiver = receiverOf(text, call, 'send');
      if (!receiver) return { problem: 'send is called without its client' };
      return { send: call, receiver };
    }
    return { problem: HANDED_ON };
  }
  return undefined;
}

/**
 * `client.send(request, handler)` → `sendPetFromList(client, request, id, handler)`; with the
 * arguments on lines of their own, the client and the id get lines of their own too.
 */
export function sendEdits(
  text: string,
  send: RequestCall,
  receiver: string,
  id: string,
  helper = SEND_HELPER,
): TextEdit[] {
  const request = send.args[0]!;
  const handler = send.args[1]!;
  const lineStart = text.lastIndexOf('\n', request.start - 1) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, request.start));
  const indent = ownLine ? text.slice(lineStart, request.start) : '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const handlerOnItsLine = /\n/.test(text.slice(request.end, handler.start));
  // Insertions around the request: the URL inside it has an edit of its own.
  return [
    { start: send.callee.start, end: send.callee.end, newText: helper },
    {
      start: request.start,
      end: request.start,
      newText: ownLine ? `${receiver},${eol}${indent}` : `${receiver}, `,
    },
    {
      start: request.end,
      end: request.end,
      newText: ownLine && handlerOnItsLine ? `,${eol}${indent}${id}` : `, ${id}`,
    },
  ];
}

const IMPORTS = [
  'java.io.IOException',
  'java.net.URI',
  'java.net.http.HttpClient',
  'java.net.http.HttpHeaders',
  'java.net.http.HttpRequest',
  'java.net.http.HttpResponse',
  'java.nio.ByteBuffer',
  'java.nio.charset.StandardCharsets',
  'java.util.ArrayList',
  'java.util.List',
  'java.util.Map',
  'java.util.Optional',
  'java.util.concurrent.Flow',
  'javax.net.ssl.SSLSession',
];

function helperLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    ...javadoc(
      "It answers as that request did, through the caller's body handler: 200 with the pet, or 404",
      "with the API's Error body when no list holds it; a failing list (401, 5xx) as it came.",
      "The request is the one that was sent, built with the collection's URL: its headers and",
      'timeout go with each list.',
    ),
    `private static <T> HttpResponse<T> ${SEND_HELPER}(HttpClient client, HttpRequest request, Object petId, HttpResponse.BodyHandler<T> handler) throws IOException, InterruptedException {`,
    '  String wanted = String.valueOf(petId);',
    '  String separator = request.uri().getRawQuery() == null ? "?" : "&";',
    '  HttpHeaders headers = HttpHeaders.of(Map.of("content-type", List.of("application/json")), (name, value) -> true);',
    `  for (String status : new String[] {${statuses}}) {`,
    `    HttpRequest.Builder list = HttpRequest.newBuilder(URI.create(request.uri() + separator + "status=" + status + "&limit=${LIST_LIMIT}"));`,
    '    request.headers().map().forEach((name, values) -> values.forEach(value -> list.header(name, value)));',
    '    request.timeout().ifPresent(list::timeout);',
    '    HttpResponse<String> response = client.send(list.GET().build(), HttpResponse.BodyHandlers.ofString());',
    '    headers = HttpHeaders.of(response.headers().map(), (name, value) -> !name.equalsIgnoreCase("content-length"));',
    '    if (response.statusCode() != 200) {',
    '      return PetFromListResponse.of(request, response.statusCode(), headers, response.body(), handler);',
    '    }',
    '    for (String pet : PetFromListResponse.objects(response.body())) {',
    '      if (wanted.equals(PetFromListResponse.id(pet))) {',
    '        return PetFromListResponse.of(request, 200, headers, pet, handler);',
    '      }',
    '    }',
    '  }',
    "  // The last list's headers (its content type), as the store's own 404 had them.",
    `  return PetFromListResponse.of(request, 404, headers, ${javaString(JSON.stringify(notFoundBody()))}, handler);`,
    '}',
    '',
    `/** A response as GET /pets/{petId} gave it, for ${SEND_HELPER}. */`,
    'private static final class PetFromListResponse<T> implements HttpResponse<T> {',
    '  private final HttpRequest request;',
    '  private final int status;',
    '  private final HttpHeaders headers;',
    '  private final T body;',
    '',
    '  private PetFromListResponse(HttpRequest request, int status, HttpHeaders headers, T body) {',
    '    this.request = request;',
    '    this.status = status;',
    '    this.headers = headers;',
    '    this.body = body;',
    '  }',
    '',
    "  /** The response with `text` read by the caller's body handler, as the client would. */",
    '  static <T> HttpResponse<T> of(HttpRequest request, int status, HttpHeaders headers, String text, HttpResponse.BodyHandler<T> handler) {',
    '    HttpResponse.BodySubscriber<T> subscriber = handler.apply(new HttpResponse.ResponseInfo() {',
    '      @Override',
    '      public int statusCode() {',
    '        return status;',
    '      }',
    '',
    '      @Override',
    '      public HttpHeaders headers() {',
    '        return headers;',
    '      }',
    '',
    '      @Override',
    '      public HttpClient.Version version() {',
    '        return HttpClient.Version.HTTP_1_1;',
    '      }',
    '    });',
    '    subscriber.onSubscribe(new Flow.Subscription() {',
    '      @Override',
    '      public void request(long n) {',
    '      }',
    '',
    '      @Override',
    '      public void cancel() {',
    '      }',
    '    });',
    '    subscriber.onNext(List.of(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8))));',
    '    subscriber.onComplete();',
    '    return new PetFromListResponse<>(request, status, headers, subscriber.getBody().toCompletableFuture().join());',
    '  }',
    '',
    ...[
      ['int', 'statusCode', 'status'],
      ['HttpRequest', 'request', 'request'],
      ['Optional<HttpResponse<T>>', 'previousResponse', 'Optional.empty()'],
      ['HttpHeaders', 'headers', 'headers'],
      ['T', 'body', 'body'],
      ['Optional<SSLSession>', 'sslSession', 'Optional.empty()'],
      ['URI', 'uri', 'request.uri()'],
      ['HttpClient.Version', 'version', 'HttpClient.Version.HTTP_1_1'],
    ].flatMap(([type, name, value]) => [
      '  @Override',
      `  public ${type} ${name}() {`,
      `    return ${value};`,
      '  }',
      '',
    ]),
    ...jsonReadingLines().map((line) => (line ? `  ${line}` : '')),
    '}',
  ];
}
