/**
 * Feign clients, Spring Cloud OpenFeign's (`@GetMapping("/pets/{id}")` in a `@FeignClient`
 * interface) and Feign's own (`@RequestLine("GET /pets/{id}")`): the list operation is declared
 * beside the method (`listPetsByStatus(status, limit)`, annotated as the interface's others are)
 * and the method, its name and signature kept, becomes a default method that looks the pet up in
 * each status's list. Callers do not change. When no list holds it, it throws what Feign's default
 * error decoder throws for a 404, built by Feign itself (`FeignException.errorStatus`: a
 * FeignException.NotFound). That is the old answer only where nothing else decides it, so a client
 * with a fallback, dismiss404/decode404 or an ErrorDecoder anywhere in its repository is left for a
 * person with the declared clients' snippet; so is a method with other annotations or parameters.
 */
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { callAround } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import {
  firstAnnotation,
  interfaceBefore,
  leftWithSnippet,
  lookupDoc,
  methodAfter,
  methodReplacement,
  type DeclaredMethod,
} from './declaredMethod';
import { feignSettingsOf } from './feignSettings';
import { idAccessorOf } from './idAccessors';
import { javaTypeOf, type JavaEnvelope } from './javaTypes';
import { type FeignSettings } from './feignSettings';
import { tokenEnd } from '../../model/tokens';
import { javadoc, javaString } from './javaCode';
import { declaredListAnswer, listShapeProblem } from './declaredList';
import { importEdits } from './jvmImports';

const LIST_METHOD = 'listPetsByStatus';
const ENTITY_IMPORTS = [
  'org.springframework.http.HttpHeaders',
  'org.springframework.http.ResponseEntity',
];
const COMMON_IMPORTS = [
  'feign.FeignException',
  'feign.Request',
  'feign.Response',
  'java.nio.charset.StandardCharsets',
  'java.util.Collections',
  'java.util.List',
];

/** What differs between the two: the mapping, how the list is declared, the id's annotation. */
interface Flavour {
  library: string;
  /**
   * The collection's path from the mapping's one argument, or undefined when it is not /…pets/{id}.
   * `clientPath` is where the client's own path or URL already ends in /pets, so that the mapping
   * is the id alone (`@GetMapping("/{id}")`), and the list's mapping the empty path.
   */
  collection(argument: string, clientPath: boolean): string | undefined;
  listLines(collection: string): string[];
  idAnnotation: RegExp;
  imports: readonly string[];
}

const SPRING: Flavour = {
  library: 'Spring Cloud OpenFeign',
  collection: (argument, clientPath) => {
    const path = argument.replace(/^(value|path)\s*=\s*/, '');
    if (clientPath && /^"\/?\{\w+\}"$/.test(path)) return '';
    return /^"((?:[^"\\]|\\.)*[Pp]ets)\/\{\w+\}"$/.exec(path)?.[1];
  },
  listLines: (collection) => [
    `@GetMapping("${collection}")`,
    `LIST ${LIST_METHOD}(@RequestParam("status") String status, @RequestParam("limit") int limit);`,
  ],
  idAnnotation: /@PathVariable\b/,
  imports: [...COMMON_IMPORTS, 'org.springframework.web.bind.annotation.RequestParam'],
};

const CORE: Flavour = {
  library: 'Feign',
  collection: (argument) => /^"GET\s+((?:[^"\\\s?]|\\.)*[Pp]ets)\/\{\w+\}"$/.exec(argument)?.[1],
  listLines: (collection) => [
    `@RequestLine("GET ${collection}?status={status}&limit={limit}")`,
    `LIST ${LIST_METHOD}(@Param("status") String status, @Param("limit") int limit);`,
  ],
  idAnnotation: /@Param\b/,
  imports: [...COMMON_IMPORTS, 'feign.Param', 'feign.RequestLine'],
};

export const feignRewriter: Rewriter = {
  library: 'Feign',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (site.language.family !== 'java') return undefined;
    const { text, tokens } = site;
    const annotation = callAround(text, tokens, site.url);
    if ('problem' in annotation) return undefined;
    const name = annotation.callee.text.replace(/^@(\w+\.)*/, '');
    const flavour = name === 'GetMapping' ? SPRING : name === 'RequestLine' ? CORE : undefined;
    if (!flavour) return undefined;
    const springClient = flavour === SPRING ? feignClientBefore(text, site.url.start) : undefined;
    const client = flavour === SPRING ? springClient : interfaceBefore(text, site.url.start);
    if (!client) return undefined;
    const manual = leftWithSnippet(site);
    if (annotation.args.length !== 1)
      return manual('the mapping sets more than its path (headers, produces…): the list would too');
    const collection = flavour.collection(
      text.slice(annotation.args[0]!.start, annotation.args[0]!.end),
      !!springClient && endsInCollection(springClient, text, site.url.start),
    );
    if (collection === undefined)
      return manual('the mapping’s path is not one string ending in /pets/{id}');
    if (!firstAnnotation(tokens, annotation.callee.first))
      return manual('the method has other annotations: the list would need them too');
    const settings = feignSettingsOf(site.path, text);
    // An envelope of the project's the method answers in (`ApiResponse<PetResponse>`).
    const wrapper = /^\s*(?:public\s+)?([A-Za-z_$][\w$]*)\s*<\s*[\w.]+\s*>\s+\w+\s*\(/.exec(
      text.slice(tokenEnd(tokens[annotation.close]!)),
    )?.[1];
    const envelope =
      flavour === SPRING && wrapper && wrapper !== 'ResponseEntity'
        ? javaTypeOf(settings.types, text, wrapper)?.envelope
        : undefined;
    const method = methodAfter(
      site,
      annotation.close,
      flavour.idAnnotation,
      flavour === SPRING ? (envelope ? wrapper : 'ResponseEntity') : undefined,
    );
    if (typeof method === 'string') return manual(method);
    if (/\b(fallback|fallbackFactory|dismiss404|decode404)\s*=/.test(client.attributes))
      return manual(
        'the @FeignClient sets what a 404 becomes (a fallback, dismiss404 or decode404): answer as it does in the snippet’s lookup',
      );
    if (settings.unsearched)
      return manual(
        `what a 404 becomes could not be checked (${settings.unsearched}): answer as the client does in the snippet’s lookup`,
      );
    if (settings.decidesNotFound)
      return manual(
        `what a 404 becomes is set in ${settings.decidesNotFound} (an ErrorDecoder, dismiss404 or decode404): answer as it does in the snippet’s lookup`,
      );
    if (new RegExp(`\\b${LIST_METHOD}\\s*\\(`).test(text))
      return manual(`the interface already declares a ${LIST_METHOD}`);
    // The interface's own list must answer as the lookup reads it: bare, or in the same envelope.
    const listed =
      flavour === SPRING && collection ? declaredListAnswer(text, collection) : undefined;
    const sameEnvelope =
      envelope !== undefined &&
      listed !== undefined &&
      new RegExp(`^${wrapper}\\s*<\\s*(?:java\\.util\\.)?List\\s*<`).test(listed);
    if (listed !== undefined && !sameEnvelope) return manual(listShapeProblem(collection, listed));
    const imports = importEdits(
      text,
      method.wrapped && !envelope ? [...flavour.imports, ...ENTITY_IMPORTS] : flavour.imports,
      site.style.eol,
      false,
    );
    if ('problem' in imports) return manual(imports.problem);
    const listType = method.wrapped
      ? `${envelope ? wrapper : 'ResponseEntity'}<List<${method.body}>>`
      : `List<${method.body}>`;
    const list = flavour.listLines(collection).map((line) => line.replace('LIST', listType));
    const id = idOf(settings, text, method);
    return {
      description: `${flavour.library} method → a default method over ${LIST_METHOD}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        ...imports,
        ...methodReplacement(site, annotation.callee.first, method.end, list, (commented) =>
          defaultMethodLines(
            client.name,
            collection,
            method,
            id,
            commented,
            envelope && { name: wrapper!, ...envelope },
          ),
        ),
      ],
    };
  },
};

/**
 * How the pet's id is read: as idAccessors.ts says, or, where the pet's class has no id but a
 * field named as the method's id (`petNo` for `getPet(@PathVariable Long petNo)`), by that field.
 */
function idOf(settings: FeignSettings, text: string, method: DeclaredMethod): string {
  const facts = javaTypeOf(settings.types, text, method.body);
  if (facts && !facts.readers.has('id')) {
    const named = facts.readers.get(method.id);
    if (named) return named;
  }
  return idAccessorOf(settings.idAccessors, text, method.body);
}

interface FeignClient {
  /** The interface's name. */
  name: string;
  /** The text between @FeignClient's parentheses. */
  attributes: string;
  /** Where the `@FeignClient` annotation starts. */
  start: number;
}

const COLLECTION_END = /[Pp]ets\/?"\s*$/;

/**
 * Whether every request of the client already goes to the collection: its `path` or `url`
 * attribute, or the interface's `@RequestMapping`, ends in /pets.
 */
function endsInCollection(client: FeignClient, text: string, offset: number): boolean {
  const attribute = (name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(client.attributes)?.[1];
  const path = attribute('path');
  if (path !== undefined && !/^"\/?"$/.test(path)) return COLLECTION_END.test(path);
  const url = attribute('url');
  if (url !== undefined) return COLLECTION_END.test(url);
  const mapping = /@RequestMapping\s*\(\s*(?:(?:value|path)\s*=\s*)?("(?:[^"\\]|\\.)*")\s*\)/.exec(
    text.slice(client.start, offset),
  )?.[1];
  return mapping !== undefined && COLLECTION_END.test(mapping);
}

/** The `@FeignClient(…) interface X` the offset is declared in, by the last interface before it. */
function feignClientBefore(text: string, offset: number): FeignClient | undefined {
  const before = text.slice(0, offset);
  const found = [
    ...before.matchAll(/@FeignClient\b\s*(\(([^()]|\([^()]*\))*\))?[\s\S]*?\binterface\s+(\w+)/g),
  ];
  const last = found[found.length - 1];
  if (!last) return undefined;
  const interfaces = [...before.matchAll(/\binterface\s+(\w+)/g)];
  if (interfaces[interfaces.length - 1]?.[1] !== last[3]) return undefined;
  return { name: last[3]!, attributes: last[1] ?? '', start: last.index };
}

function defaultMethodLines(
  client: string,
  collection: string,
  method: DeclaredMethod,
  id: string,
  commented: boolean,
  envelope?: JavaEnvelope & { name: string },
): string[] {
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  const pet = method.id === 'pet' ? 'listed' : 'pet';
  const status = method.id === 'status' ? 'listStatus' : 'status';
  const doc = javadoc(
    `It answers with the pet whose id equals ${method.id} (compared as text: exact for long ids)${method.wrapped ? ',' : ';'}`,
    ...(method.wrapped
      ? [
          envelope
            ? `in the envelope the list came in (${envelope.name}), its other fields the list's;`
            : 'in a ResponseEntity with the status and headers of the list that held it;',
        ]
      : []),
    'when no list holds it, it throws what Feign threw for the 404 (FeignException.NotFound, made',
    'by FeignException.errorStatus as the default error decoder makes it, naming the last list',
    'request); a list that fails throws as the call did.',
  );
  const { above, inBody } = lookupDoc(doc, commented);
  return [
    ...above,
    `default ${method.returns} ${method.name}(${method.idType} ${method.id}) {`,
    ...inBody,
    `  for (String ${status} : new String[] {${statuses}}) {`,
    ...(envelope
      ? envelopeLookup(method, pet, status, id, envelope)
      : method.wrapped
        ? entityLookup(method, pet, status, id)
        : bodyLookup(method, pet, status, id)),
    '  }',
    `  throw FeignException.errorStatus(${javaString(`${client}#${method.name}(${method.idType.replace(/^.*\./, '')})`)}, Response.builder()`,
    '      .status(404)',
    '      .reason("Not Found")',
    `      .request(Request.create(Request.HttpMethod.GET, ${javaString(`${collection || '/pets'}?status=${PET_STATUSES[PET_STATUSES.length - 1]}&limit=${LIST_LIMIT}`)}, Collections.emptyMap(), null, StandardCharsets.UTF_8))`,
    '      .headers(Collections.emptyMap())',
    `      .body(${javaString(JSON.stringify(notFoundBody()))}, StandardCharsets.UTF_8)`,
    '      .build());',
    '}',
  ];
}

function bodyLookup(method: DeclaredMethod, pet: string, status: string, id: string): string[] {
  return [
    `    for (${method.body} ${pet} : ${LIST_METHOD}(${status}, ${LIST_LIMIT})) {`,
    `      if (${pet} != null && String.valueOf(${pet}.${id}).equals(String.valueOf(${method.id}))) {`,
    `        return ${pet};`,
    '      }',
    '    }',
  ];
}

/** The pet in an envelope as the list's: its data the pet, its other fields (a code, a message) the list's. */
function envelopeLookup(
  method: DeclaredMethod,
  pet: string,
  status: string,
  id: string,
  envelope: JavaEnvelope & { name: string },
): string[] {
  const page = method.id === 'page' ? 'listedPage' : 'page';
  const answer = method.id === 'answer' ? 'found' : 'answer';
  return [
    `    ${envelope.name}<List<${method.body}>> ${page} = ${LIST_METHOD}(${status}, ${LIST_LIMIT});`,
    `    if (${page} == null || ${page}.${envelope.data.getter} == null) {`,
    '      continue;',
    '    }',
    `    for (${method.body} ${pet} : ${page}.${envelope.data.getter}) {`,
    `      if (${pet} != null && String.valueOf(${pet}.${id}).equals(String.valueOf(${method.id}))) {`,
    `        ${envelope.name}<${method.body}> ${answer} = new ${envelope.name}<>();`,
    ...envelope.others.map(
      (field) => `        ${answer}.${field.setter}(${page}.${field.getter});`,
    ),
    `        ${answer}.${envelope.data.setter}(${pet});`,
    `        return ${answer};`,
    '      }',
    '    }',
  ];
}

/** The list's status and headers (without its Content-Length) come with the pet, as the call's did. */
function entityLookup(method: DeclaredMethod, pet: string, status: string, id: string): string[] {
  const page = method.id === 'page' ? 'listedPage' : 'page';
  const headers = method.id === 'headers' ? 'listedHeaders' : 'headers';
  return [
    `    ResponseEntity<List<${method.body}>> ${page} = ${LIST_METHOD}(${status}, ${LIST_LIMIT});`,
    `    if (${page}.getBody() == null) {`,
    '      continue;',
    '    }',
    `    for (${method.body} ${pet} : ${page}.getBody()) {`,
    `      if (${pet} != null && String.valueOf(${pet}.${id}).equals(String.valueOf(${method.id}))) {`,
    `        HttpHeaders ${headers} = new HttpHeaders();`,
    `        ${headers}.addAll(${page}.getHeaders());`,
    `        ${headers}.remove(HttpHeaders.CONTENT_LENGTH);`,
    `        return new ResponseEntity<>(${pet}, ${headers}, ${page}.getStatusCode());`,
    '      }',
    '    }',
  ];
}
