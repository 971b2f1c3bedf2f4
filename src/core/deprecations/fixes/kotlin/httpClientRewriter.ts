/**
 * java.net.http from Kotlin: the same request flow as Java's (the request built from the
 * collection's URL, its `client.send(request, handler)` → `sendPetFromList(client, request, id,
 * handler)`), the helper a private top-level function of the file with its private response
 * class, in Kotlin.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { importEdits } from '../java/jvmImports';
import { SEND_HELPER, sendEdits, sentRequest } from '../java/httpClientRewriter';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { urlExpression } from '../urlExpression';

export const kotlinHttpClientRewriter: Rewriter = {
  library: 'java.net.http',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/\bjava\.net\.http\b/.test(site.text)) return undefined;
    const snippet = () =>
      styled(
        [
          `// ${SEND_HELPER}(client, HttpRequest.newBuilder(URI.create(petsUrl))…build(), petId, handler) instead of client.send(…):`,
          ...helperLines(),
        ],
        site.style,
      );
    const found = urlExpression(site);
    if ('problem' in found)
      return /HttpRequest\s*\.\s*newBuilder/.test(site.text)
        ? { manual: found.problem, snippet: snippet() }
        : undefined;
    const sent = sentRequest(site, found);
    if (!sent) return undefined;
    if ('problem' in sent) return { manual: sent.problem, snippet: snippet() };
    const imports = importEdits(site.text, IMPORTS, site.style.eol, true);
    if ('problem' in imports) return { manual: imports.problem, snippet: snippet() };
    return {
      description: `HttpClient.send → ${SEND_HELPER}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        { start: found.url.start, end: found.url.end, newText: found.parts.collection },
        ...sendEdits(site.text, sent.send, sent.receiver, found.parts.id),
      ],
      helper: {
        name: SEND_HELPER,
        code: styled(helperLines(), site.style),
        definedIn: (text) => text.includes(`fun <T> ${SEND_HELPER}(`),
        imports: () => imports,
      },
    };
  },
};

const IMPORTS = [
  'java.net.URI',
  'java.net.http.HttpClient',
  'java.net.http.HttpHeaders',
  'java.net.http.HttpRequest',
  'java.net.http.HttpResponse',
  'java.nio.ByteBuffer',
  'java.util.Optional',
  'java.util.concurrent.Flow',
  'javax.net.ssl.SSLSession',
];

function helperLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    '/**',
    ...helperDocLines([
      "It answers as that request did, through the caller's body handler: 200 with the pet, or 404",
      "with the API's Error body when no list holds it; a failing list (401, 5xx) as it came.",
      "The request is the one that was sent, built with the collection's URL: its headers and",
      'timeout go with each list.',
    ]).map((line) => ` * ${line}`),
    ' */',
    `private fun <T> ${SEND_HELPER}(client: HttpClient, request: HttpRequest, petId: Any, handler: HttpResponse.BodyHandler<T>): HttpResponse<T> {`,
    '  val wanted = petId.toString()',
    '  val separator = if (request.uri().rawQuery == null) "?" else "&"',
    '  var headers = HttpHeaders.of(mapOf("content-type" to listOf("application/json"))) { _, _ -> true }',
    `  for (status in listOf(${statuses})) {`,
    `    val list = HttpRequest.newBuilder(URI.create("\${request.uri()}\${separator}status=$status&limit=${LIST_LIMIT}"))`,
    '    request.headers().map().forEach { (name, values) -> values.forEach { list.header(name, it) } }',
    '    request.timeout().ifPresent { list.timeout(it) }',
    '    val response = client.send(list.GET().build(), HttpResponse.BodyHandlers.ofString())',
    '    headers = HttpHeaders.of(response.headers().map()) { name, _ -> !name.equals("content-length", ignoreCase = true) }',
    '    if (response.statusCode() != 200) {',
    '      return petFromListResponse(request, response.statusCode(), headers, response.body(), handler)',
    '    }',
    '    for (pet in petFromListObjects(response.body())) {',
    '      if (petFromListId(pet) == wanted) {',
    '        return petFromListResponse(request, 200, headers, pet, handler)',
    '      }',
    '    }',
    '  }',
    "  // The last list's headers (its content type), as the store's own 404 had them.",
    `  return petFromListResponse(request, 404, headers, """${JSON.stringify(notFoundBody())}""", handler)`,
    '}',
    '',
    '/**',
    ` * A response as GET /pets/{petId} gave it, for ${SEND_HELPER}: \`text\` read by the caller's body`,
    ' * handler, as the client would (an object, not a class: a class of the same name in another',
    ' * file of the package would clash).',
    ' */',
    'private fun <T> petFromListResponse(request: HttpRequest, status: Int, headers: HttpHeaders, text: String, handler: HttpResponse.BodyHandler<T>): HttpResponse<T> {',
    '  val subscriber = handler.apply(object : HttpResponse.ResponseInfo {',
    '    override fun statusCode(): Int = status',
    '    override fun headers(): HttpHeaders = headers',
    '    override fun version(): HttpClient.Version = HttpClient.Version.HTTP_1_1',
    '  })',
    '  subscriber.onSubscribe(object : Flow.Subscription {',
    '    override fun request(n: Long) {}',
    '    override fun cancel() {}',
    '  })',
    '  subscriber.onNext(listOf(ByteBuffer.wrap(text.toByteArray())))',
    '  subscriber.onComplete()',
    '  val body: T = subscriber.body.toCompletableFuture().join()',
    '  return object : HttpResponse<T> {',
    '    override fun statusCode(): Int = status',
    '    override fun request(): HttpRequest = request',
    '    override fun previousResponse(): Optional<HttpResponse<T>> = Optional.empty()',
    '    override fun headers(): HttpHeaders = headers',
    '    override fun body(): T = body',
    '    override fun sslSession(): Optional<SSLSession> = Optional.empty()',
    '    override fun uri(): URI = request.uri()',
    '    override fun version(): HttpClient.Version = HttpClient.Version.HTTP_1_1',
    '  }',
    '}',
    '',
    '/** The objects of a JSON array, as their text. */',
    'private fun petFromListObjects(json: String): List<String> {',
    '  val objects = mutableListOf<String>()',
    '  var depth = 0',
    '  var start = -1',
    '  var i = 0',
    '  while (i < json.length) {',
    '    when (json[i]) {',
    "      '\"' -> i = petFromListStringEnd(json, i)",
    "      '{', '[' -> {",
    "        if (depth == 1 && json[i] == '{') start = i",
    '        depth++',
    '      }',
    "      '}', ']' -> {",
    '        depth--',
    '        if (depth == 1 && start >= 0) {',
    '          objects.add(json.substring(start, i + 1))',
    '          start = -1',
    '        }',
    '      }',
    '    }',
    '    i++',
    '  }',
    '  return objects',
    '}',
    '',
    "/** The object's own \"id\" as written (a number's digits, a string's content), or null. */",
    'private fun petFromListId(json: String): String? {',
    '  var depth = 0',
    '  var i = 0',
    '  while (i < json.length) {',
    '    when (json[i]) {',
    "      '{', '[' -> depth++",
    "      '}', ']' -> depth--",
    "      '\"' -> {",
    '        val end = petFromListStringEnd(json, i)',
    '        var colon = end + 1',
    '        while (colon < json.length && json[colon].isWhitespace()) colon++',
    '        if (depth == 1 && colon < json.length && json[colon] == \':\' && json.substring(i + 1, end) == "id") {',
    '          var value = colon + 1',
    '          while (value < json.length && json[value].isWhitespace()) value++',
    "          if (value < json.length && json[value] == '\"') return json.substring(value + 1, petFromListStringEnd(json, value))",
    '          var stop = value',
    '          while (stop < json.length && json[stop] !in ",}] \\t\\r\\n") stop++',
    '          return json.substring(value, stop)',
    '        }',
    '        i = end',
    '      }',
    '    }',
    '    i++',
    '  }',
    '  return null',
    '}',
    '',
    'private fun petFromListStringEnd(json: String, quote: Int): Int {',
    '  var i = quote + 1',
    "  while (i < json.length && json[i] != '\"') i += if (json[i] == '\\\\') 2 else 1",
    '  return i',
    '}',
  ];
}
