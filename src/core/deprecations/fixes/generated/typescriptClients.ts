/**
 * Calls of clients openapi-generator wrote for TypeScript, rewritten to the same client's list
 * operation:
 *
 * - typescript-fetch: `api.getPet({ petId }, initOverrides)` → `findPetFromList(api, petId,
 *   initOverrides)`; the helper calls `api.listPetsRaw({ status, limit: 100 }, initOverrides)` for
 *   each status, reads the ids from the raw body (exact beyond 2^53) and answers with the pet as
 *   `getPet` did (the model's FromJSON applied), or throws the client's own `ResponseError` with a
 *   404 Response carrying the API's Error body, as `getPet` did on a 404; a failed list throws
 *   the ResponseError it threw.
 * - typescript-axios: `api.getPet(petId, options)` (or `api.getPet({ petId }, options)` with
 *   useSingleRequestParameter) → `findPetFromList(api, petId, options)`; the helper calls
 *   `api.listPets(…, status, …)` in the generated signature's order with the raw body kept, and
 *   answers with the AxiosResponse whose `data` is the pet, or throws the AxiosError axios throws
 *   on a 404 (unless the options' validateStatus accepts 404).
 *
 * Which generator wrote the client is read from its sources (the module the receiver's class is
 * imported from, followed through its re-exports): a client whose sources are not in the
 * workspace (a package), or of another generator (orval, Kiota, typescript-angular...), is left
 * for a person with a snippet and the advice to regenerate.
 */
import { isGeneratedSource } from '../../crossFile/generatedSource';
import type { LanguageSupport } from '../../lexers/languages';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { Helper, Rewrite, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { helperDoc, isTypeScript } from '../javascript/javascriptCode';
import { clientCallAt, type ClientCall } from './clientCall';
import {
  listChoiceFor,
  listParameters,
  lowerCamel,
  namesSource,
  sameApiClass,
  type ListChoice,
  type ListParameters,
} from './listOperation';
import { REGENERATE } from './regenerate';
import {
  addedImportLine,
  addedSpecifier,
  classBody,
  declaringFile,
  importOf,
  importsOf,
  interfaceMembers,
  moduleFile,
  parameterNames,
  receiverClass,
  type DeclaringFile,
} from './typescriptModules';
import { surroundingsOf } from './workspaceFiles';

export const TS_HELPER = 'findPetFromList';

type Generator = 'typescript-fetch' | 'typescript-axios';

interface Client {
  generator: Generator;
  /** The class as the call site names it (`PetsApi`, `gen.PetsApi`), for the helper's types. */
  className: string;
  /** The list method and how it takes its parameters. */
  list: string;
  /** Positional parameters of typescript-axios, in order (empty: one request object). */
  positional: string[];
  /** The request object's key of the deprecated call's id (`petId`). */
  idKey: string;
  /** Whether the deprecated call takes one request object (`{ petId }`). */
  requestObject: boolean;
}

export function typescriptRewrite(site: RequestSite): Rewrite {
  const typed = isTypeScript(site.path);
  if (/[([]/.test(site.finding.detail))
    return manual(
      site,
      `a client that builds the path member by member (Kiota's ${site.finding.detail}): its 404 answer depends on the error mappings generated from the document`,
      'kiota',
    );
  const call = clientCallAt(site);
  if ('problem' in call) return manual(site, call.problem);
  const decorated = decoration(call.name);
  if (decorated) return manual(site, decorated, /^use[A-Z]/.test(call.name) ? 'orval' : undefined);
  if (!call.receiver)
    return manual(
      site,
      `${call.name}(…) is called as a function (orval, or a client's function exported alone): its generator and its 404 answer are not known`,
      'orval',
    );
  const surroundings = surroundingsOf(site.path);
  if (!surroundings)
    return manual(site, "the file is not on disk: the generated client's sources cannot be read");
  const className = receiverClass(site.text, call.receiver.text);
  if (!className)
    return manual(site, `the class of ${call.receiver.text} is not declared in this file`);
  const imports = importsOf(site.text);
  const imported = importOf(imports, className);
  if (!imported) return manual(site, `${className} is not imported in this file`);
  const module = moduleFile(surroundings, surroundings.folder, imported.statement.module);
  if (!module)
    return manual(
      site,
      `${className} comes from '${imported.statement.module}', whose sources are not in the workspace: its generator is not known`,
    );
  const declared = declaringFile(surroundings, module, imported.imported, 'class');
  if (!declared || !isGenerated(declared.text, site.language))
    return manual(
      site,
      `${className} is not a generated client's class (no generator's header where it is declared)`,
    );
  const choice = listChoiceFor(call.name, surroundings);
  const client = clientOf(declared, className, call.name, choice);
  if ('problem' in client) return manual(site, client.problem);
  const parameters = listParameters(choice);
  if ('problem' in parameters) return manual(site, parameters.problem, client.generator);
  if (!sameApiClass(choice))
    return manual(
      site,
      `${choice.list!.name} is in another API class (tag ${choice.list!.tag ?? 'none'}) than ${call.name}`,
      client.generator,
    );
  if (client.positional.length) {
    const expected = parameters.ordered.map((parameter) => lowerCamel(parameter.name));
    if (expected.join(',') !== client.positional.join(','))
      return manual(
        site,
        `the generated ${client.list}(${client.positional.join(', ')}) does not take the parameters its document gives (${expected.join(', ')}): the client is older than the document`,
        client.generator,
      );
  }
  const id = idArgument(call, client);
  if ('problem' in id) return manual(site, id.problem, client.generator);
  const replacement = `${TS_HELPER}(${[call.receiver.text, id.expression, ...id.rest].join(', ')})`;
  const helperName = TS_HELPER;
  const code = helperLines(client, parameters, typed, errorName(site.text, client));
  const helper: Helper = {
    name: helperName,
    code: styled(code, site.style, { swapQuotes: true, semicolons: true }),
    definedIn: (text) => text.includes(`function ${helperName}(`),
    imports: (text) => errorImport(text, client, imported.statement.module, site) ?? [],
  };
  const imports404 = errorImport(site.text, client, imported.statement.module, site);
  if (imports404 === undefined)
    return manual(
      site,
      `'${imported.statement.module}' does not export ResponseError for the 404 answer`,
      client.generator,
    );
  return {
    description: `${client.generator} client: ${call.name} → ${TS_HELPER}: ${client.list}(${listArguments(client, parameters, 'status')}) for each status (${namesSource(choice)})`,
    edits: [{ start: call.span.start, end: call.span.end, newText: replacement }],
    helper,
  };
}

/** Why a decorated call (`getPetRaw`, a hook) is not rewritten, or undefined for a plain one. */
function decoration(name: string): string | undefined {
  if (/^use[A-Z]/.test(name))
    return `${name} is a query hook (orval, RTK Query, openapi-react-query): a hook's call cannot become a loop of requests`;
  if (/Raw$/.test(name))
    return `${name} answers with the raw ApiResponse: call the list operation's Raw method in its place`;
  if (/WithHttpInfo$|WithResponse$/.test(name))
    return `${name} answers with the whole HTTP response: call the list operation's variant in its place`;
  return undefined;
}

function isGenerated(text: string, language: LanguageSupport): boolean {
  const header = text.slice(0, 4000);
  return isGeneratedSource(language.lex?.(header).comments ?? []);
}

/** The generator that wrote the class, from its body: its base class and its methods. */
function clientOf(
  declared: DeclaringFile,
  className: string,
  operation: string,
  choice: ListChoice,
): Client | { problem: string } {
  const body = classBody(declared);
  const list = lowerCamel(choice.list?.name ?? 'listPets');
  const idKey = lowerCamel(
    choice.deprecated.parameters.find((parameter) => parameter.in === 'path')?.name ?? 'petId',
  );
  const escaped = (name: string) => name.replace(/\$/g, '\\$');
  if (/\bextends\s+runtime\.BaseAPI\b/.test(body)) {
    if (!new RegExp(`\\basync\\s+${escaped(operation)}\\s*\\(\\s*requestParameters\\b`).test(body))
      return { problem: `${className} has no method ${operation}(requestParameters)` };
    const raw = new RegExp(
      `\\basync\\s+${escaped(list)}Raw\\s*\\(\\s*requestParameters\\s*(?::\\s*([\\w$]+))?`,
    ).exec(body);
    if (!raw)
      return {
        problem: `the generated ${className} has no ${list}Raw(…): regenerate it from a document that describes GET /pets (${namesSource(choice)})`,
      };
    const fields = raw[1] ? interfaceMembers(declared.text, raw[1]) : undefined;
    if (
      fields &&
      !(['status', 'limit'] as const).every((name) => fields.some((f) => f.name === name))
    )
      return { problem: `the generated ${raw[1]} takes no status and limit` };
    return {
      generator: 'typescript-fetch',
      className,
      list,
      positional: [],
      idKey,
      requestObject: true,
    };
  }
  if (/\bextends\s+BaseAPI\b/.test(body) && /axios/i.test(declared.text)) {
    const method = (name: string) =>
      new RegExp(`\\bpublic\\s+${escaped(name)}\\s*\\(([^)]*)\\)`).exec(body)?.[1];
    const own = method(operation);
    if (own === undefined) return { problem: `${className} has no method ${operation}(…)` };
    const listed = method(list);
    if (listed === undefined)
      return {
        problem: `the generated ${className} has no ${list}(…): regenerate it from a document that describes GET /pets (${namesSource(choice)})`,
      };
    const single = /^\s*requestParameters\b/.test(listed);
    const names = parameterNames(listed).filter((name) => name !== 'options');
    return {
      generator: 'typescript-axios',
      className,
      list,
      positional: single ? [] : names,
      idKey,
      requestObject: /^\s*requestParameters\b/.test(own),
    };
  }
  return {
    problem: `${className} is a generated class of a generator the rewrite does not know (not openapi-generator's typescript-fetch or typescript-axios)`,
  };
}

/** The id the call asks for, and the arguments after it (init overrides, axios options). */
function idArgument(
  call: ClientCall,
  client: Client,
): { expression: string; rest: string[] } | { problem: string } {
  const [first, ...rest] = call.args;
  if (!first) return { problem: `${call.name}() is called without its id` };
  if (rest.length > 1)
    return { problem: `${call.name} is called with more arguments than it takes` };
  if (!client.requestObject) return { expression: first.text, rest: rest.map((arg) => arg.text) };
  const literal = /^\{([\s\S]*)\}$/.exec(first.text);
  if (!literal) {
    const plain = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*$/.test(first.text);
    return {
      expression: `${plain ? first.text : `(${first.text})`}.${client.idKey}`,
      rest: rest.map((arg) => arg.text),
    };
  }
  const members = literal[1]!
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean);
  const member =
    members.length === 1 ? /^([A-Za-z_$][\w$]*)\s*(?::\s*([\s\S]+))?$/.exec(members[0]!) : null;
  if (!member || member[1] !== client.idKey)
    return {
      problem: `the request object is not { ${client.idKey} } alone: its other members would be dropped`,
    };
  return { expression: member[2]?.trim() ?? member[1], rest: rest.map((arg) => arg.text) };
}

/** `{ status, limit: 100 }` or `100, status` as the generated list method takes them. */
function listArguments(client: Client, parameters: ListParameters, status: string): string {
  const statusKey = lowerCamel(parameters.status.name);
  const limitKey = lowerCamel(parameters.limit.name);
  if (!client.positional.length) {
    const statusMember = statusKey === status ? status : `${statusKey}: ${status}`;
    return `{ ${statusMember}, ${limitKey}: ${LIST_LIMIT} }`;
  }
  const values = client.positional.map((name) =>
    name === statusKey ? status : name === limitKey ? String(LIST_LIMIT) : 'undefined',
  );
  while (values[values.length - 1] === 'undefined') values.pop();
  return values.join(', ');
}

/** The edit importing the client's error type (ResponseError, AxiosError) when the file lacks it. */
function errorImport(
  text: string,
  client: Client,
  module: string,
  site: RequestSite,
): TextEdit[] | undefined {
  const imports = importsOf(text);
  const name = client.generator === 'typescript-fetch' ? 'ResponseError' : 'AxiosError';
  const from = client.generator === 'typescript-fetch' ? module : 'axios';
  const existing = imports.find(
    (statement) =>
      statement.module === from &&
      !statement.typeOnly &&
      statement.named.some(
        (named) => named.imported === name && named.local === name && !named.typeOnly,
      ),
  );
  if (existing || errorName(text, client) !== name) return [];
  if (client.generator === 'typescript-fetch') {
    const surroundings = surroundingsOf(site.path);
    const file = surroundings && moduleFile(surroundings, surroundings.folder, module);
    if (!file || !declaringFile(surroundings, file, name, 'class')) return undefined;
  }
  if (new RegExp(`\\b(?:class|const|let|var|function)\\s+${name}\\b`).test(text)) return undefined;
  const statement = imports.find(
    (candidate) => candidate.module === from && !candidate.typeOnly && candidate.named.length,
  );
  const added = statement && addedSpecifier(text, statement, name, site.style);
  return [added ?? addedImportLine(imports, name, from, site.style)];
}

/**
 * How the helper names the client's error: ResponseError (imported from the client's module), or
 * axios's AxiosError, through the file's default import of axios when it has one.
 */
function errorName(text: string, client: Client): string {
  if (client.generator === 'typescript-fetch') return 'ResponseError';
  const axios = importsOf(text).find(
    (statement) => statement.module === 'axios' && !statement.typeOnly && statement.defaultName,
  );
  return axios ? `${axios.defaultName}.AxiosError` : 'AxiosError';
}

function helperLines(
  client: Client,
  parameters: ListParameters,
  typed: boolean,
  error = client.generator === 'typescript-fetch' ? 'ResponseError' : 'AxiosError',
): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const type = client.className;
  const ids = [
    '    const ids = [...body.matchAll(/"id"\\s*:\\s*(-?\\d+)/g)].map((match) => match[1]);',
    '    const index = ids.length === pets.length',
    '      ? ids.indexOf(String(petId))',
    '      : pets.findIndex((pet) => String(pet.id) === String(petId));',
  ];
  const errorBody =
    "  const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };";
  if (client.generator === 'typescript-fetch')
    return [
      ...helperDoc(
        "Answers as the generated client (openapi-generator's typescript-fetch) did: the pet, or",
        "the client's ResponseError with a 404 Response (the API's Error body) when no list holds",
        'it; a list request that fails throws its ResponseError as before.',
      ),
      typed
        ? `async function ${TS_HELPER}(api: ${type}, petId: number | string, initOverrides?: Parameters<${type}['${client.list}Raw']>[1]) {`
        : `async function ${TS_HELPER}(api, petId, initOverrides) {`,
      `  for (const status of [${statuses}]${typed ? ' as const' : ''}) {`,
      `    const response = await api.${client.list}Raw(${listArguments(client, parameters, 'status')}, initOverrides);`,
      "    // Ids compared as sent: the client's JSON reads an id above 2^53 as a nearby double.",
      '    const body = await response.raw.clone().text();',
      '    const pets = await response.value();',
      ...ids,
      `    if (index >= 0) return pets[index]${typed ? '!' : ''};`,
      '  }',
      errorBody,
      "  const notFound = new Response(JSON.stringify(error), { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } });",
      `  throw new ${error}(notFound, 'Response returned an error code');`,
      '}',
    ];
  const optionsIndex = client.positional.length || 1;
  const options = typed ? `Parameters<${type}['${client.list}']>[${optionsIndex}]` : '';
  return [
    ...helperDoc(
      "Answers as the generated client (openapi-generator's typescript-axios) did: a response whose",
      "data is the pet, or the AxiosError of a 404 (with the API's Error body) when no list holds",
      "it, unless the options' validateStatus accepts 404; a list request that fails throws as before.",
    ),
    typed
      ? `async function ${TS_HELPER}(api: ${type}, petId: number | string, options?: ${options}) {`
      : `async function ${TS_HELPER}(api, petId, options) {`,
    typed
      ? "  const raw = { ...options, responseType: 'text' as const, transformResponse: [(body: string) => body] };"
      : "  const raw = { ...options, responseType: 'text', transformResponse: [(body) => body] };",
    `  for (const status of [${statuses}]${typed ? ' as const' : ''}) {`,
    `    const response = await api.${client.list}(${listArguments(client, parameters, 'status')}, raw);`,
    '    // Ids compared as sent: JSON.parse reads an id above 2^53 as a nearby double.',
    typed
      ? '    const body = response.data as unknown as string;'
      : '    const body = response.data;',
    typed
      ? '    const pets: typeof response.data = JSON.parse(body);'
      : '    const pets = JSON.parse(body);',
    ...ids,
    `    if (index >= 0) return { ...response, data: pets[index]${typed ? '!' : ''} };`,
    '  }',
    errorBody,
    typed
      ? "  const notFound = { data: error, status: 404, statusText: 'Not Found', headers: {}, config: { ...options, headers: {} } as any, request: undefined };"
      : "  const notFound = { data: error, status: 404, statusText: 'Not Found', headers: {}, config: { ...options, headers: {} }, request: undefined };",
    // As the old call's: typed as the pet's response, whatever validateStatus let through.
    typed
      ? '  if (options?.validateStatus?.(404)) return notFound as never;'
      : '  if (options?.validateStatus?.(404)) return notFound;',
    `  throw new ${error}('Request failed with status code 404', 'ERR_BAD_REQUEST', notFound.config, undefined, notFound);`,
    '}',
  ];
}

function manual(
  site: RequestSite,
  reason: string,
  generator?: Generator | 'orval' | 'kiota',
): Rewrite {
  const assumed = generator ?? 'typescript-fetch';
  if (assumed === 'orval' || assumed === 'kiota')
    return {
      manual: `${reason}. ${REGENERATE}; the snippet assumes ${assumed === 'orval' ? "orval's axios client" : "Kiota's client"}`,
      snippet: styled(
        assumed === 'orval'
          ? orvalLines(isTypeScript(site.path))
          : kiotaLines(isTypeScript(site.path)),
        site.style,
        { swapQuotes: true, semicolons: true },
      ),
    };
  return {
    manual: `${reason}. ${REGENERATE}; the snippet assumes openapi-generator's ${assumed}`,
    snippet: styled(
      [
        assumed === 'typescript-fetch'
          ? `// const pet = await ${TS_HELPER}(api, petId, initOverrides);`
          : `// const { data: pet } = await ${TS_HELPER}(api, petId, options);`,
        ...helperLines(
          {
            generator: assumed,
            className: 'PetsApi',
            list: 'listPets',
            positional: assumed === 'typescript-axios' ? ['limit', 'status'] : [],
            idKey: 'petId',
            requestObject: assumed === 'typescript-fetch',
          },
          {
            status: { name: 'status', in: 'query', required: false },
            limit: { name: 'limit', in: 'query', required: false },
            ordered: [],
          },
          isTypeScript(site.path),
        ),
      ],
      site.style,
      { swapQuotes: true, semicolons: true },
    ),
  };
}

/** orval's functions (axios): `listPets(params, options)` answers an AxiosResponse. */
function orvalLines(typed: boolean): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    `// const { data: pet } = await ${TS_HELPER}(petId, options); (in a hook: inside its queryFn)`,
    ...helperDoc(
      "Answers as orval's function did: a response whose data is the pet, or the AxiosError of a",
      "404 (with the API's Error body) when no list holds it.",
    ),
    typed
      ? `async function ${TS_HELPER}(petId: number | string, options?: AxiosRequestConfig) {`
      : `async function ${TS_HELPER}(petId, options) {`,
    typed
      ? "  const raw = { ...options, responseType: 'text' as const, transformResponse: [(body: string) => body] };"
      : "  const raw = { ...options, responseType: 'text', transformResponse: [(body) => body] };",
    `  for (const status of [${statuses}]${typed ? ' as const' : ''}) {`,
    `    const response = await listPets({ status, limit: ${LIST_LIMIT} }, raw);`,
    '    // Ids compared as sent: JSON.parse reads an id above 2^53 as a nearby double.',
    typed
      ? '    const body = response.data as unknown as string;'
      : '    const body = response.data;',
    typed
      ? '    const pets: typeof response.data = JSON.parse(body);'
      : '    const pets = JSON.parse(body);',
    '    const ids = [...body.matchAll(/"id"\\s*:\\s*(-?\\d+)/g)].map((match) => match[1]);',
    '    const index = ids.length === pets.length',
    '      ? ids.indexOf(String(petId))',
    '      : pets.findIndex((pet) => String(pet.id) === String(petId));',
    `    if (index >= 0) return { ...response, data: pets[index]${typed ? '!' : ''} };`,
    '  }',
    "  const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    "  const notFound = { data: error, status: 404, statusText: 'Not Found', headers: {}, config: { headers: {} } as any, request: undefined };",
    "  throw new AxiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', notFound.config, undefined, notFound);",
    '}',
  ];
}

/** Kiota: `client.pets.get({ queryParameters })` lists; its ids are numbers (doubles). */
function kiotaLines(typed: boolean): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    `// const pet = await ${TS_HELPER}(client, petId);`,
    ...helperDoc(
      'Answers with the pet, or undefined when no list holds it (where the old call threw the',
      "error its 404 mapping names, throw it here); ids are Kiota's numbers: exact up to 2^53.",
    ),
    typed
      ? `async function ${TS_HELPER}(client: PetsClient, petId: number) {`
      : `async function ${TS_HELPER}(client, petId) {`,
    `  for (const status of [${statuses}]${typed ? ' as const' : ''}) {`,
    `    const pets = await client.pets.get({ queryParameters: { status, limit: ${LIST_LIMIT} } });`,
    '    const pet = pets?.find((candidate) => candidate.id === petId);',
    '    if (pet) return pet;',
    '  }',
    '  return undefined;',
    '}',
  ];
}
