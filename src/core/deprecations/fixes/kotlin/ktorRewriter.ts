/**
 * Ktor's client (`client.get(url)`, then `body<Pet>()`): left for a person with a snippet. Ktor
 * makes a response only inside its engine, so the old 404 (a response with status 404, or
 * ClientRequestException when expectSuccess) cannot be answered without its internal API; the
 * snippet's lookup answers null when no list holds the pet, for the place that handled the 404.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { callAround } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';

export const ktorRewriter: Rewriter = {
  library: 'Ktor',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/import\s+io\.ktor\.client\b/.test(site.text)) return undefined;
    const call = callAround(site.text, site.tokens, site.url);
    if ('problem' in call || !/\.(get|prepareGet|request|prepareRequest)$/.test(call.callee.text))
      return undefined;
    return {
      manual:
        'a Ktor request: Ktor makes responses only inside its engine, so the removed request’s 404 (a response, or ClientRequestException with expectSuccess) cannot be answered as it was; use the snippet’s lookup, which answers null, where the 404 was handled',
      snippet: styled(snippetLines(), site.style),
    };
  },
};

function snippetLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    '// client.getPetFromList<Pet>("$baseUrl/pets", petId) { /* the request\'s headers */ } instead of',
    '// client.get("$baseUrl/pets/$petId") { … }.body<Pet>(); null where the 404 was handled.',
    '/**',
    ...helperDocLines([
      "It answers with the pet, read by the client's ContentNegotiation, or null when no list holds",
      'it; ids are compared as their JSON text (exact for Long ids); a failing list throws as',
      'Ktor does (with expectSuccess) or as below.',
    ]).map((line) => ` * ${line}`),
    ' */',
    'suspend inline fun <reified T> HttpClient.getPetFromList(petsUrl: String, petId: Any, crossinline block: HttpRequestBuilder.() -> Unit = {}): T? {',
    `  for (status in listOf(${statuses})) {`,
    '    val response = get(petsUrl) {',
    '      block()',
    '      parameter("status", status)',
    `      parameter("limit", ${LIST_LIMIT})`,
    '    }',
    '    check(response.status.isSuccess()) { "GET /pets answered ${response.status}" }',
    '    val pets: List<JsonObject> = response.body()',
    '    val pet = pets.firstOrNull { it["id"]?.jsonPrimitive?.content == petId.toString() } ?: continue',
    '    return Json { ignoreUnknownKeys = true }.decodeFromJsonElement<T>(pet)',
    '  }',
    '  return null',
    '}',
  ];
}
