/**
 * Declared clients (Feign, Spring Cloud OpenFeign, Spring HTTP interfaces, Retrofit, MicroProfile
 * Rest Client): the request is an annotated interface method, which the library implements. They
 * are left for a person, with a snippet: the list operation to declare beside it and the lookup
 * that replaces the method, because what a 404 becomes is decided where the client is built
 * (Feign's dismiss404 and ErrorDecoder, Retrofit's Call or suspend function), which the interface
 * does not show, and a library implements only the methods it annotates.
 */
import type { Token } from '../../model/tokens';
import { nextSignificant } from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { callAround } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';

/** The method an annotation is on, as declared: its name, parameters and return type. */
interface Declared {
  name: string;
  parameters: string;
  returns: string;
}

export const declaredClientRewriter: Rewriter = {
  library: 'declared client',
  rewrite(site: RequestSite): Rewrite | undefined {
    const call = callAround(site.text, site.tokens, site.url);
    if ('problem' in call || !call.callee.text.startsWith('@')) return undefined;
    const annotation = call.callee.text.slice(1).replace(/^.*\./, '');
    const kotlin = site.language.family === 'kotlin';
    const method = declaredAfter(site.text, site.tokens, call.close, kotlin);
    const shown = (lines: string[]) => styled(lines, site.style);
    const owner = interfaceBefore(site.text, site.url.start);
    if (annotation === 'RequestLine')
      return {
        manual:
          'a Feign client’s method: declare the list operation and replace the method with the snippet’s lookup; its 404 answer (FeignException.NotFound, or null with dismiss404) is set where the client is built',
        snippet: shown(
          feignLines(
            owner,
            method,
            kotlin,
            '@RequestLine("GET /pets?status={status}&limit=' + LIST_LIMIT + '")',
            '@Param("status")',
          ),
        ),
      };
    if (/^(GetMapping|RequestMapping)$/.test(annotation))
      return {
        manual:
          'a Spring Cloud OpenFeign client’s method: declare the list operation and replace the method with the snippet’s lookup; its 404 answer (FeignException.NotFound, or null with dismiss404) is set where the client is built',
        snippet: shown(
          feignLines(
            owner,
            method,
            kotlin,
            '@GetMapping("/pets")',
            '@RequestParam("status")',
            '@RequestParam("limit")',
          ),
        ),
      };
    if (/^(GetExchange|HttpExchange)$/.test(annotation))
      return {
        manual:
          'a Spring HTTP interface’s method: declare the list operation and replace the method with the snippet’s lookup; its 404 answer (WebClientResponseException or HttpClientErrorException.NotFound) depends on the adapter it is built with',
        snippet: shown(
          feignLines(
            owner,
            method,
            kotlin,
            '@GetExchange("/pets")',
            '@RequestParam("status")',
            '@RequestParam("limit")',
          ),
        ),
      };
    if (annotation === 'GET' && /\bretrofit2\b/.test(site.text))
      return {
        manual:
          'a Retrofit interface’s method: Retrofit implements only annotated methods, so declare the list operation and call the snippet’s helper where the method was called',
        snippet: shown(
          kotlin ? retrofitKotlinLines(owner, method) : retrofitJavaLines(owner, method),
        ),
      };
    if (/^(GET|Path)$/.test(annotation))
      return {
        manual:
          'a declared REST client’s method: declare the list operation and replace the method with the snippet’s lookup; what a 404 becomes is set where the client is built',
        snippet: shown(
          feignLines(
            owner,
            method,
            kotlin,
            '@GET @Path("/pets")',
            '@QueryParam("status")',
            '@QueryParam("limit")',
          ),
        ),
      };
    return undefined;
  },
};

/** The method declared after the annotation's `)` (other annotations skipped). */
function declaredAfter(
  text: string,
  tokens: readonly Token[],
  close: number,
  kotlin: boolean,
): Declared | undefined {
  let i = nextSignificant(tokens, close + 1);
  const start = i;
  for (let steps = 0; i >= 0 && steps < 60; steps++, i = nextSignificant(tokens, i + 1)) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '{' || token.text === '}') return undefined;
    const open = nextSignificant(tokens, i + 1);
    if (token.kind !== 'ident' || tokens[open]?.text !== '(' || tokens[i - 1]?.text === '@')
      continue;
    // An annotation's own name is after `@`; the method's is the first name before `(` not so.
    let depth = 0;
    let end = open;
    for (; end < tokens.length; end++) {
      if (tokens[end]!.text === '(') depth++;
      else if (tokens[end]!.text === ')' && --depth === 0) break;
    }
    const parameters = text.slice(tokens[open].start + 1, tokens[end]!.start).trim();
    if (kotlin) {
      const colon = nextSignificant(tokens, end + 1);
      const stop = [';', '{', '='];
      let last = colon;
      while (
        last + 1 < tokens.length &&
        tokens[last + 1]!.kind !== 'newline' &&
        !stop.includes(tokens[last + 1]!.text)
      )
        last++;
      const returns =
        tokens[colon]?.text === ':'
          ? text
              .slice(tokens[colon].start + 1, tokens[last]!.start + tokens[last]!.text.length)
              .trim()
          : 'Unit';
      return { name: token.text, parameters, returns };
    }
    const returns = text
      .slice(tokens[start]!.start, token.start)
      .replace(/@\w+(\([^)]*\))?/g, '')
      .replace(/\b(public|abstract|default)\b/g, '')
      .trim();
    return { name: token.text, parameters, returns };
  }
  return undefined;
}

function docLines(...answers: string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

/** The interface the annotated method is declared in, by the last `interface X` before it. */
function interfaceBefore(text: string, offset: number): string {
  const names = [...text.slice(0, offset).matchAll(/\binterface\s+(\w+)/g)];
  return names[names.length - 1]?.[1] ?? 'PetApi';
}

/** The id's parameter name in a declaration (`@Param("petId") long petId` → petId). */
function idParameter(method: Declared | undefined, kotlin: boolean): string {
  const first = method?.parameters.split(',')[0] ?? '';
  const name = kotlin
    ? /(\w+)\s*:/.exec(first.replace(/@\w+(\([^)]*\))?/g, ''))?.[1]
    : /(\w+)\s*$/.exec(first)?.[1];
  return name ?? 'petId';
}

function feignLines(
  owner: string,
  method: Declared | undefined,
  kotlin: boolean,
  listAnnotation: string,
  statusAnnotation: string,
  limitAnnotation?: string,
): string[] {
  const name = method?.name ?? 'getPet';
  const id = idParameter(method, kotlin);
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  if (kotlin) {
    const returns = method?.returns ?? 'Pet';
    const parameters = method?.parameters.replace(/@\w+(\([^)]*\))?\s*/g, '') ?? `${id}: Long`;
    return [
      '// In the interface, the list operation beside the removed one:',
      listAnnotation,
      `fun listPetsByStatus(${statusAnnotation} status: String${limitAnnotation ? `, ${limitAnnotation} limit: Int = ${LIST_LIMIT}` : ''}): List<Pet>`,
      '',
      `// Where ${name} was called: client.petFromList(…) (a Kotlin interface's bodies are not the proxy's):`,
      ...docLines(
        'It answers with the pet whose id equals the one asked for (compared as text: exact for Long ids);',
        'when no list holds it, answer as this client answered a 404 (see the note below).',
      ),
      `fun ${owner}.petFromList(${parameters}): ${returns} {`,
      `  for (status in listOf(${statuses})) {`,
      `    listPetsByStatus(status).firstOrNull { it.id.toString() == ${id}.toString() }?.let { return it }`,
      '  }',
      '  // As the removed request answered a 404 with this client: an exception by default,',
      '  // null when the client is built to dismiss 404s.',
      `  throw NoSuchElementException("no pet $${id} in the first ${LIST_LIMIT} pets of any status")`,
      '}',
    ];
  }
  const returns = method?.returns || 'Pet';
  const parameters = method?.parameters.replace(/@\w+(\([^)]*\))?\s*/g, '') ?? `long ${id}`;
  return [
    '// In the interface, the list operation beside the removed one:',
    listAnnotation,
    `List<Pet> listPetsByStatus(${statusAnnotation} String status${limitAnnotation ? `, ${limitAnnotation} int limit` : ''});`,
    '',
    `// And ${name} without its annotation, keeping its signature, as a default method:`,
    ...docLines(
      'It answers with the pet whose id equals the one asked for (compared as text: exact for long ids);',
      'when no list holds it, answer as this client answered a 404 (see the note below).',
    ),
    `default ${returns} ${name}(${parameters}) {`,
    `  for (String status : List.of(${statuses})) {`,
    `    for (Pet pet : listPetsByStatus(status${limitAnnotation ? `, ${LIST_LIMIT}` : ''})) {`,
    `      if (String.valueOf(pet.getId()).equals(String.valueOf(${id}))) {`,
    '        return pet;',
    '      }',
    '    }',
    '  }',
    '  // As the removed request answered a 404 with this client: an exception by default',
    '  // (FeignException.NotFound), null when the client is built to dismiss 404s.',
    `  throw new java.util.NoSuchElementException("no pet " + ${id} + " in the first ${LIST_LIMIT} pets of any status");`,
    '}',
  ];
}

function retrofitJavaLines(api: string, method: Declared | undefined): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    `// In the interface (${method?.name ?? 'getPet'} goes once no one calls it):`,
    '@GET("pets")',
    'Call<List<Pet>> listPetsByStatus(@Query("status") String status, @Query("limit") int limit);',
    '',
    '// Where the method was called: petFromList(api, petId) instead of api.' +
      `${method?.name ?? 'getPet'}(petId).execute()`,
    ...docLines(
      'It answers as that call did: a successful Response with the pet, or an unsuccessful one with',
      "code 404 and the API's Error body when no list holds it; a failing list (401, 5xx) as it came.",
    ),
    `static Response<Pet> petFromList(${api} api, long petId) throws IOException {`,
    `  for (String status : List.of(${statuses})) {`,
    `    Response<List<Pet>> response = api.listPetsByStatus(status, ${LIST_LIMIT}).execute();`,
    '    if (!response.isSuccessful()) {',
    '      return Response.error(response.errorBody(), response.raw());',
    '    }',
    '    for (Pet pet : response.body()) {',
    '      if (String.valueOf(pet.getId()).equals(String.valueOf(petId))) {',
    '        return Response.success(pet, response.headers());',
    '      }',
    '    }',
    '  }',
    `  return Response.error(404, ResponseBody.create(MediaType.get("application/json"), ${JSON.stringify(JSON.stringify(notFoundBody()))}));`,
    '}',
  ];
}

function retrofitKotlinLines(api: string, method: Declared | undefined): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    `// In the interface (${method?.name ?? 'getPet'} goes once no one calls it):`,
    '@GET("pets")',
    `suspend fun listPetsByStatus(@Query("status") status: String, @Query("limit") limit: Int = ${LIST_LIMIT}): List<Pet>`,
    '',
    `// Where the method was called: api.petFromList(petId) instead of api.${method?.name ?? 'getPet'}(petId)`,
    ...docLines(
      "It answers as that call did: the pet, or retrofit2.HttpException with code 404 and the API's",
      'Error body when no list holds it; a failing list (401, 5xx) throws as it did.',
    ),
    `suspend fun ${api}.petFromList(petId: Long): Pet {`,
    `  for (status in listOf(${statuses})) {`,
    '    listPetsByStatus(status).firstOrNull { it.id.toString() == petId.toString() }?.let { return it }',
    '  }',
    `  val error = """${JSON.stringify(notFoundBody())}""".toResponseBody("application/json".toMediaType())`,
    '  throw HttpException(Response.error<Pet>(404, error))',
    '}',
  ];
}
