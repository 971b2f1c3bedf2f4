/**
 * Spring's clients. RestTemplate: `restTemplate.getForObject(url, Pet.class)` (and getForEntity,
 * also with the id as a URI variable: `getForObject(base + "/pets/{id}", Pet.class, id)`) becomes
 * `getForEntityPetFromList(restTemplate, petsUrl, id, Pet.class)` (`.getBody()` for
 * getForObject), which throws HttpClientErrorException.NotFound as the default error handler did.
 * WebClient: `webClient.get().uri(url)….retrieve().bodyToMono(Pet.class)` becomes
 * `bodyToMonoPetFromList(listUrl -> webClient.get().uri(listUrl)….retrieve(), petsUrl, id,
 * Pet.class)`, the request's headers kept, a Mono that errors with WebClientResponseException
 * .NotFound as retrieve() did. Ids are compared as Jackson reads them (integers exactly).
 */
import { tokenEnd } from '../../model/tokens';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { requestOf, type FoundRequest } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlExpression, type UrlFound } from '../urlExpression';
import { classHelper, javadoc, javaSnippet, javaString } from './javaCode';
import { chainEnd, chainLinks, receiverOf } from './requestFlow';

export const REST_TEMPLATE_HELPER = 'getForEntityPetFromList';
export const WEB_CLIENT_HELPER = 'bodyToMonoPetFromList';
export const WEB_CLIENT_THROUGH_HELPER = 'bodyToMonoPetFromListThrough';

/**
 * The URL taken apart, also as a URI template whose last variable is the id
 * (`base + "/pets/{id}"`): then `template` is set and the id is the call's variable.
 */
function templateOrUrl(site: RequestSite): UrlFound & { template?: boolean } {
  const found = urlExpression(site);
  if (!('problem' in found)) return found;
  const source = site.text.slice(site.url.start, site.url.end);
  // `base + "/{id}"`: the finder read the collection from the name's value.
  const kept = /^([A-Za-z_][\w.]*)\s*\+\s*"\/\{\w+\}"$/.exec(source);
  if (kept) return { url: site.url, parts: { collection: kept[1]!, id: '' }, template: true };
  const match = /^([\s\S]*[Pp]ets)\/\{\w+\}(["'])$/.exec(source);
  if (!match) return found;
  if ((source.match(/\{/g) ?? []).length !== 1)
    return { problem: 'the URI template has variables besides the id' };
  return { url: site.url, parts: { collection: match[1]! + match[2]!, id: '' }, template: true };
}

/** `helper(before..., collection, id` in place of the callee and the URL (kept name or not). */
function helperCallEdits(
  found: FoundRequest,
  helper: string,
  before: readonly string[],
  id: string,
): TextEdit[] {
  const argument = found.call.args[found.call.urlArgument]!;
  const edits: TextEdit[] = [
    { start: found.call.callee.start, end: found.call.callee.end, newText: helper },
  ];
  if (found.stored) {
    edits.push({ start: found.url.start, end: found.url.end, newText: found.parts.collection });
    edits.push({
      start: argument.start,
      end: argument.end,
      newText: [...before, found.stored.name, id].join(', '),
    });
  } else
    edits.push({
      start: argument.start,
      end: argument.end,
      newText: [...before, found.parts.collection, id].join(', '),
    });
  return edits;
}

export const restTemplateRewriter: Rewriter = {
  library: 'RestTemplate',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/import\s+org\.springframework\.web\.client\.(RestTemplate|\*)\s*;/.test(site.text))
      return undefined;
    if (/\bTestRestTemplate\b/.test(site.text)) return undefined;
    const snippet = () =>
      javaSnippet(
        `${REST_TEMPLATE_HELPER}(restTemplate, petsUrl, petId, Pet.class) instead of getForEntity (.getBody() for getForObject):`,
        restTemplateLines(),
        site.style,
      );
    const split = templateOrUrl(site);
    const found = requestOf(
      site,
      (call) =>
        call.urlArgument === 0 &&
        /\.(getForObject|getForEntity)$/.test(call.callee.text) &&
        call.args.length >= 2,
      () => split,
    );
    if (!found) {
      const exchange = requestOf(
        site,
        (call) => call.urlArgument === 0 && /\.(exchange|execute)$/.test(call.callee.text),
        () => split,
      );
      return exchange
        ? {
            manual:
              'sent with exchange and headers of its own: give the RestTemplate those headers (an interceptor) and call the snippet’s helper, or adapt it to exchange',
            snippet: snippet(),
          }
        : undefined;
    }
    if ('problem' in found) return { manual: found.problem, snippet: snippet() };
    const call = found.call;
    const method = /getForObject$/.test(call.callee.text) ? 'getForObject' : 'getForEntity';
    const receiver = receiverOf(site.text, call, method);
    if (!receiver)
      return { manual: `${method} is called without its RestTemplate`, snippet: snippet() };
    const type = site.text.slice(call.args[1]!.start, call.args[1]!.end);
    if (!/^[\w.]+\.class$/.test(type))
      return { manual: 'the response type is not a class literal', snippet: snippet() };
    const variables = call.args.length - 2;
    const edits: TextEdit[] = [];
    let id = found.parts.id;
    if ('template' in split && split.template) {
      if (variables !== 1)
        return { manual: 'the URI variables are not the id alone', snippet: snippet() };
      id = site.text.slice(call.args[2]!.start, call.args[2]!.end);
      edits.push({ start: call.args[1]!.end, end: call.args[2]!.end, newText: '' });
    } else if (variables !== 0)
      return { manual: 'the URL has URI variables besides the id', snippet: snippet() };
    edits.push(...helperCallEdits(found, REST_TEMPLATE_HELPER, [receiver], id));
    if (method === 'getForObject') {
      const end = tokenEnd(site.tokens[call.close]!);
      edits.push({ start: end, end, newText: '.getBody()' });
    }
    const helper = classHelper(site, call.callee.start, {
      name: REST_TEMPLATE_HELPER,
      lines: restTemplateLines(),
      imports: REST_TEMPLATE_IMPORTS,
    });
    if ('problem' in helper) return { manual: helper.problem, snippet: snippet() };
    return {
      description: `${method} → ${REST_TEMPLATE_HELPER}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper,
    };
  },
};

/** Links a WebClient request may have between its uri and retrieve: headers and attributes. */
const REQUEST_LINKS =
  /^(header|headers|accept|acceptCharset|cookie|cookies|ifModifiedSince|ifNoneMatch|attribute|attributes|httpRequest|context)$/;

export const webClientRewriter: Rewriter = {
  library: 'WebClient',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/import\s+org\.springframework\.web\.reactive\.function\.client\./.test(site.text))
      return undefined;
    const { text, tokens } = site;
    const snippet = () =>
      javaSnippet(
        `${WEB_CLIENT_HELPER}(listUrl -> webClient.get().uri(listUrl).retrieve(), petsUrl, petId, Pet.class) instead of ….retrieve().bodyToMono(Pet.class):`,
        webClientLines(),
        site.style,
      );
    const split = templateOrUrl(site);
    const found = requestOf(
      site,
      (call) => call.urlArgument === 0 && /\.get\(\)\.uri$/.test(call.callee.text),
      () => split,
    );
    if (!found) return undefined;
    if ('problem' in found) return { manual: found.problem, snippet: snippet() };
    const uri = found.call;
    let id = found.parts.id;
    if ('template' in split && split.template) {
      if (uri.args.length !== 2)
        return { manual: 'the URI variables are not the id alone', snippet: snippet() };
      id = text.slice(uri.args[1]!.start, uri.args[1]!.end);
    } else if (uri.args.length !== 1)
      return { manual: 'the URL has URI variables besides the id', snippet: snippet() };
    const last = chainEnd(tokens, uri.close);
    const links = chainLinks(text, tokens, uri.close + 1, last);
    const retrieve = links.findIndex((link) => link.name === 'retrieve');
    if (retrieve < 0)
      return {
        manual: 'the response is not read with retrieve() (exchange decides what a 404 is)',
        snippet: snippet(),
      };
    if (links.slice(0, retrieve).some((link) => !REQUEST_LINKS.test(link.name)))
      return {
        manual: 'the request is changed in a way the rewrite does not know',
        snippet: snippet(),
      };
    // onStatus handlers decide what a 404 becomes: the lookup then runs through them (below).
    let handlers = retrieve;
    while (links[handlers + 1]?.name === 'onStatus') handlers++;
    const body = links[handlers + 1];
    if (body?.name !== 'bodyToMono')
      return { manual: 'the body is not read with bodyToMono', snippet: snippet() };
    if (!/^[\w.]+\.class$/.test(body.args))
      return { manual: 'the body type is not a class literal', snippet: snippet() };
    const parameter = unusedName(text, 'listUrl');
    const retrieveClose = tokenEnd(tokens[links[handlers]!.close]!);
    const collection = found.stored ? found.stored.name : found.parts.collection;
    const through = handlers > retrieve ? throughHandlers(text, uri.callee) : undefined;
    if (handlers > retrieve && !through)
      return { manual: 'the WebClient the request is sent with is not a name', snippet: snippet() };
    const edits: TextEdit[] = [
      through
        ? {
            start: uri.callee.start,
            end: through.receiverEnd,
            newText: `${WEB_CLIENT_THROUGH_HELPER}(${through.receiver}, (${through.client}, ${parameter}) -> ${through.client}`,
          }
        : {
            start: uri.callee.start,
            end: uri.callee.start,
            newText: `${WEB_CLIENT_HELPER}(${parameter} -> `,
          },
      { start: tokens[uri.open]!.start + 1, end: tokens[uri.close]!.start, newText: parameter },
      {
        start: retrieveClose,
        end: tokenEnd(tokens[body.close]!),
        newText: `, ${collection}, ${id}, ${body.args})`,
      },
    ];
    if (found.stored)
      edits.push({ start: found.url.start, end: found.url.end, newText: found.parts.collection });
    const helper = classHelper(
      site,
      uri.callee.start,
      through
        ? {
            name: WEB_CLIENT_THROUGH_HELPER,
            lines: webClientThroughLines(),
            imports: WEB_CLIENT_THROUGH_IMPORTS,
          }
        : { name: WEB_CLIENT_HELPER, lines: webClientLines(), imports: WEB_CLIENT_IMPORTS },
    );
    if ('problem' in helper) return { manual: helper.problem, snippet: snippet() };
    return {
      description: `retrieve().bodyToMono → ${WEB_CLIENT_HELPER}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper,
    };
  },
};

const REST_TEMPLATE_IMPORTS = [
  'com.fasterxml.jackson.databind.JsonNode',
  'com.fasterxml.jackson.databind.ObjectMapper',
  'java.nio.charset.StandardCharsets',
  'org.springframework.http.HttpHeaders',
  'org.springframework.http.HttpStatus',
  'org.springframework.http.ResponseEntity',
  'org.springframework.http.converter.json.MappingJackson2HttpMessageConverter',
  'org.springframework.web.client.HttpClientErrorException',
  'org.springframework.web.client.RestTemplate',
];

function restTemplateLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    ...javadoc(
      "It answers as that request did with RestTemplate's default error handler: the pet as a",
      'ResponseEntity (getForObject takes its body), or HttpClientErrorException.NotFound with the',
      "API's Error body when no list holds it; a failing list (401, 5xx) throws as it did.",
      'Ids are compared as Jackson reads them: integers exactly, never through a double.',
    ),
    `private static <T> ResponseEntity<T> ${REST_TEMPLATE_HELPER}(RestTemplate restTemplate, String petsUrl, Object petId, Class<T> type) {`,
    '  String wanted = String.valueOf(petId);',
    "  // The template's own ObjectMapper, so the pet is read as its getForObject read it.",
    '  ObjectMapper mapper = restTemplate.getMessageConverters().stream()',
    '      .filter(MappingJackson2HttpMessageConverter.class::isInstance)',
    '      .map(converter -> ((MappingJackson2HttpMessageConverter) converter).getObjectMapper())',
    '      .findFirst()',
    '      .orElseGet(ObjectMapper::new);',
    '  HttpHeaders headers = new HttpHeaders();',
    `  for (String status : new String[] {${statuses}}) {`,
    `    ResponseEntity<JsonNode> response = restTemplate.getForEntity(petsUrl + "?status={status}&limit=${LIST_LIMIT}", JsonNode.class, status);`,
    '    headers = new HttpHeaders();',
    '    headers.addAll(response.getHeaders());',
    '    headers.remove(HttpHeaders.CONTENT_LENGTH);',
    '    if (response.getBody() == null) {',
    '      continue;',
    '    }',
    '    for (JsonNode pet : response.getBody()) {',
    '      if (wanted.equals(pet.path("id").asText())) {',
    '        return ResponseEntity.ok().headers(headers).body(mapper.convertValue(pet, type));',
    '      }',
    '    }',
    '  }',
    `  byte[] error = ${javaString(JSON.stringify(notFoundBody()))}.getBytes(StandardCharsets.UTF_8);`,
    '  throw HttpClientErrorException.create(HttpStatus.NOT_FOUND, "Not Found", headers, error, StandardCharsets.UTF_8);',
    '}',
  ];
}

const WEB_CLIENT_IMPORTS = [
  'com.fasterxml.jackson.databind.JsonNode',
  'com.fasterxml.jackson.databind.ObjectMapper',
  'java.nio.charset.StandardCharsets',
  'java.util.function.Function',
  'org.springframework.http.HttpHeaders',
  'org.springframework.http.converter.json.Jackson2ObjectMapperBuilder',
  'org.springframework.web.reactive.function.client.WebClient',
  'org.springframework.web.reactive.function.client.WebClientResponseException',
  'reactor.core.publisher.Flux',
  'reactor.core.publisher.Mono',
];

function webClientLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    ...javadoc(
      'It answers as that request did with retrieve(): a Mono of the pet, or one that errors with',
      "WebClientResponseException.NotFound and the API's Error body when no list holds it; a",
      'failing list (401, 5xx) errors as it did. `retrieve` sends the request as it was written,',
      'headers and all, to the URL it is given. Ids are compared as Jackson reads them: integers',
      'exactly, never through a double.',
    ),
    `private static <T> Mono<T> ${WEB_CLIENT_HELPER}(Function<String, WebClient.ResponseSpec> retrieve, String petsUrl, Object petId, Class<T> type) {`,
    '  String wanted = String.valueOf(petId);',
    '  ObjectMapper mapper = Jackson2ObjectMapperBuilder.json().build();',
    '  byte[] error = ' +
      javaString(JSON.stringify(notFoundBody())) +
      '.getBytes(StandardCharsets.UTF_8);',
    `  return Flux.just(${statuses})`,
    `      .concatMap(status -> retrieve.apply(petsUrl + "?status=" + status + "&limit=${LIST_LIMIT}").bodyToFlux(JsonNode.class))`,
    '      .filter(pet -> wanted.equals(pet.path("id").asText()))',
    '      .next()',
    '      .map(pet -> mapper.convertValue(pet, type))',
    '      .switchIfEmpty(Mono.defer(() -> Mono.error(WebClientResponseException.create(404, "Not Found", new HttpHeaders(), error, StandardCharsets.UTF_8))));',
    '}',
  ];
}

/** `name`, or `name2`, `name3`… when the file already uses it (a lambda may not shadow a local). */
function unusedName(text: string, name: string): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name}${n}`;
    if (!new RegExp(`\\b${candidate}\\b`).test(text)) return candidate;
  }
}

/**
 * `webClient.get().uri…` (or `this.webClient`): the WebClient the request goes through, and a
 * name for it in the lambda that rebuilds the request, so the lookup can send it through a copy
 * that answers the missing pet's 404 itself.
 */
function throughHandlers(
  text: string,
  callee: { start: number; end: number },
): { receiver: string; receiverEnd: number; client: string } | undefined {
  const source = text.slice(callee.start, callee.end);
  const match = /^((?:this\s*\.\s*)?[A-Za-z_]\w*)\s*\.\s*get\s*\(\s*\)\s*\.\s*uri$/.exec(source);
  if (!match) return undefined;
  return {
    receiver: match[1]!.replace(/\s+/g, ''),
    receiverEnd: callee.start + match[1]!.length,
    client: unusedName(text, 'listClient'),
  };
}

const WEB_CLIENT_THROUGH_IMPORTS = [
  'com.fasterxml.jackson.databind.JsonNode',
  'com.fasterxml.jackson.databind.ObjectMapper',
  'java.util.function.BiFunction',
  'org.springframework.http.HttpHeaders',
  'org.springframework.http.HttpStatus',
  'org.springframework.http.converter.json.Jackson2ObjectMapperBuilder',
  'org.springframework.web.reactive.function.client.ClientResponse',
  'org.springframework.web.reactive.function.client.WebClient',
  'reactor.core.publisher.Flux',
  'reactor.core.publisher.Mono',
];

function webClientThroughLines(): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    ...javadoc(
      'It answers as that request did, through the same retrieve() and onStatus handlers: a Mono',
      'of the pet; when no list holds it, the answer those handlers (or retrieve) gave a 404 with',
      "the API's Error body, which a copy of the WebClient answers without sending anything; a",
      'failing list (401, 5xx) goes through the handlers as it did. Ids are compared as Jackson',
      'reads them: integers exactly, never through a double.',
    ),
    `private static <T> Mono<T> ${WEB_CLIENT_THROUGH_HELPER}(WebClient client, BiFunction<WebClient, String, WebClient.ResponseSpec> retrieve, String petsUrl, Object petId, Class<T> type) {`,
    '  String wanted = String.valueOf(petId);',
    '  ObjectMapper mapper = Jackson2ObjectMapperBuilder.json().build();',
    '  String error = ' + javaString(JSON.stringify(notFoundBody())) + ';',
    '  WebClient notFound = client.mutate()',
    '      .exchangeFunction(request -> Mono.just(ClientResponse.create(HttpStatus.NOT_FOUND)',
    '          .header(HttpHeaders.CONTENT_TYPE, "application/json")',
    '          .body(error)',
    '          .build()))',
    '      .build();',
    `  return Flux.just(${statuses})`,
    `      .concatMap(status -> retrieve.apply(client, petsUrl + "?status=" + status + "&limit=${LIST_LIMIT}").bodyToFlux(JsonNode.class))`,
    '      .filter(pet -> wanted.equals(pet.path("id").asText()))',
    '      .next()',
    '      .map(pet -> mapper.convertValue(pet, type))',
    '      .switchIfEmpty(Mono.defer(() -> retrieve.apply(notFound, petsUrl).bodyToMono(type)));',
    '}',
  ];
}
