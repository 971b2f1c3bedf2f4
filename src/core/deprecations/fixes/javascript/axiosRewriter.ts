/**
 * axios: `axios.get(url, config)`, an instance's `api.get(url, config)`, and either called as a
 * function (`axios(url, config)`) →
 * `getPetFromList(client, petsUrl, petId, config)`. The helper asks the same client (its base URL,
 * headers and interceptors apply) for each status and answers as axios did: a response whose
 * `data` is the pet, or the error axios throws on a 404 (with `response.status` 404 and the API's
 * Error body), unless the config's `validateStatus` accepts 404, which returns it. That error is
 * an AxiosError from axios 0.27 and an enhanced Error before it: the helper builds the one the
 * project's axios range allows (axiosVersions.ts), or checks at run time which its axios has.
 */
import { tokenEnd } from '../../model/tokens';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import { urlOrFieldCollection } from './fieldCollection';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { dialectNote, type ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';
import type { TextEdit } from '../sourceEdit';
import { helperDoc, isTypeScriptAt } from './javascriptCode';
import { axiosErrorKindOf, type AxiosErrorKind } from './axiosVersions';
import { addedImport, defaultImportOf, importedFrom, isClassicScript } from './imports';
import { foundPet, listIdLines, petIndexLines } from './listIds';
import { notFoundThrow } from './axiosNotFound';
import { INTERCEPTED_HELPER, interceptedHelperLines } from './axiosInterceptedHelper';
import { readsResponseData } from './responseData';
import { entryNamed, stringValue } from './objectLiteral';
import { settingsRequestOf } from './settingsRequest';
import { VUE_HTTP, vueHttpIsAxios } from './vueHttp';
import { importStatements, localNameOf } from './namedImports';
import { pageScriptPlacement, placedFunctionHelper } from './helperPlacement';

const NAME = 'getPetFromList';
/** Nuxt's axios module's instance: `this.$axios`, `$axios` from the context, `app.$axios`. */
const NUXT_AXIOS = /^(?:(?:this|app|context|ctx|vm)\.)?\$axios$/;

export const axiosRewriter: Rewriter = {
  library: 'axios',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const axiosName = defaultImportOf(site.text, 'axios');
    const instances = instancesOf(site.text);
    const typedInstances = typedAxiosNames(site.text);
    /** `axios`, or an instance of it: made here, typed so, or made by the module it comes from. */
    const isClient = (callee: string) => {
      const called = callee.replace(/^this\./, '');
      return (
        called === axiosName ||
        instances.has(called) ||
        typedInstances.has(called) ||
        (/^[A-Za-z_$][\w$]*$/.test(called) && importedInstance(site, called))
      );
    };
    const isAxiosGet = (call: RequestCall) => {
      if (call.urlArgument !== 0) return false;
      // axios called as a function, `axios(url)` or `api(url, config)`: a GET as well.
      if (isClient(call.callee.text)) return true;
      const match = /^(.*)\.\$?get$/.exec(call.callee.text);
      if (!match) return false;
      const receiver = match[1]!.replace(/^this\./, '');
      // Nuxt's axios module: `$axios.get`, and `$axios.$get`, which answers the data.
      if (NUXT_AXIOS.test(match[1]!)) return true;
      if (call.callee.text.endsWith('.$get')) return false;
      return (
        receiver === axiosName ||
        instances.has(receiver) ||
        typedInstances.has(receiver) ||
        (axiosName !== undefined &&
          /^[\w.]+$/.test(receiver) &&
          instances.has(receiver.split('.').pop()!)) ||
        importedInstance(site, receiver.split('.')[0]!) ||
        unreadableImportReadingData(site, receiver, call) ||
        (VUE_HTTP.test(match[1]!) && vueHttpIsAxios(site.path)) ||
        // Named for what it is: `axiosInstance`, `axiosClient`, `this.axios`.
        /axios/i.test(receiver)
      );
    };
    // `api.get(url)`, `axios(url)`; or a config written in the call, `request({ url, method: 'get' })`.
    const request =
      requestOf(site, isAxiosGet, urlOrFieldCollection, { query: true }) ??
      settingsRequestOf(
        site,
        (call, argument) => argument === 0 && call.args.length === 1 && isClient(call.callee.text),
      );
    if (!request) return undefined;
    const typed = isTypeScriptAt(site.path, site.text, site.url.start);
    const name = axiosName ?? 'axios';
    if ('problem' in request)
      return { manual: request.problem, snippet: snippet(typed, name, site) };
    if ('literal' in request) {
      const method = entryNamed(request.literal, 'method');
      const verb = method ? stringValue(site.tokens, method) : 'get';
      if (verb === undefined || verb.toLowerCase() !== 'get')
        return {
          manual: 'the config’s method is not written as GET',
          snippet: snippet(typed, name, site),
        };
    }
    // A page's script (a Vue component) that imports nothing: no clear place for axios's import.
    if (
      /\.(vue|svelte|html?)$/i.test(site.path) &&
      !defaultImportOf(site.text, 'axios') &&
      !/^[ \t]*import\s/m.test(site.text)
    )
      return {
        manual:
          "the page's script imports nothing: import axios in it, then call the snippet's helper",
        snippet: snippet(typed, name, site),
      };
    const client = request.call.callee.text.replace(/\.\$?get$/, '');
    const dataOnly = request.call.callee.text.endsWith('.$get');
    // A response interceptor on the client (in this file or the module it comes from) changes
    // what get answers (`response => response.data`): the answer goes through it as before.
    // Vue's global axios: its interceptors are set where the app makes it, not seen here.
    const intercepted = VUE_HTTP.test(client)
      ? "the app's axios, set as Vue's $http where its interceptors are set"
      : NUXT_AXIOS.test(client)
        ? "Nuxt's axios, whose plugins set its interceptors"
        : answerInterceptor(site, client.replace(/^this\./, '').split('.')[0]!);
    const typeArguments = request.call.typeArguments
      ? site.text.slice(request.call.typeArguments.start, request.call.typeArguments.end)
      : '';
    const helperName = intercepted ? INTERCEPTED_HELPER : NAME;
    const edits = request.edits(`${helperName}${intercepted ? '' : typeArguments}`, [client]);
    // The type arguments stay where they were, after the helper's name: one edit covers both.
    if (request.call.typeArguments) {
      const callee = edits.find((edit) => edit.start === request.call.callee.start)!;
      callee.end = request.call.typeArguments.end;
    }
    // `$axios.$get(url)` answers the response's data: the helper's answer is read the same way.
    if (dataOnly) {
      const close = tokenEnd(site.tokens[request.call.close]!);
      edits.push({
        start: close,
        end: close,
        newText: '.then((response) => response && response.data)',
      });
    }
    // In a component's or page's script the helper goes inside it, before `</script>`.
    const page = pageScriptPlacement(site.path, site.text, site.tokens, site.url.start, site.style);
    if (page === 'outside')
      return {
        manual: "the request is not in one of the page's scripts",
        snippet: snippet(typed, name, site),
      };
    const lines = (intercepted ? interceptedHelperLines : helperLines)(
      typed,
      name,
      axiosErrorKindOf(site.path),
      site.dialect,
    );
    return {
      description: intercepted
        ? `axios → ${INTERCEPTED_HELPER}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, the answer through the client's interceptors (${intercepted})${dialectNote(site.dialect)}`
        : `axios → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same client${dialectNote(site.dialect)}`,
      edits,
      helper: {
        ...placedFunctionHelper(helperName, lines, site.style, page),
        // A classic script uses the page's global axios: nothing to import.
        imports: (text): TextEdit[] =>
          defaultImportOf(text, 'axios') || isClassicScript(text)
            ? []
            : addedImport(text, 'axios', 'axios', site.style),
      },
    };
  },
};

/**
 * A response interceptor that changes a successful answer (`api.interceptors.response.use(
 * (response) => response.data)`), on `name` in this file or on the instance the module it is
 * imported from creates, as a sentence naming where; undefined for none, or for one that hands the
 * response on unchanged (`(response) => response`) and only handles errors.
 */
function answerInterceptor(site: RequestSite, name: string): string | undefined {
  const specifier = importedFrom(site.text, name);
  const module = specifier === undefined ? undefined : site.moduleText?.(specifier);
  for (const [text, where] of [
    [site.text, 'this file'],
    [module, specifier === undefined ? '' : `'${specifier}'`],
  ] as const) {
    if (!text) continue;
    for (const match of text.matchAll(/\.interceptors\s*\.\s*response\s*\.\s*use\s*\(/g)) {
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 200);
      // `(response) => response`, `res => res`, `function (r) { return r; }`: unchanged.
      if (handsOnUnchanged(after)) continue;
      return `a response interceptor in ${where} changes the client's answers`;
    }
  }
  return undefined;
}

/**
 * Whether an interceptor's first argument (the text after `use(`) hands a successful response on
 * as it came: `(response) => response`, `res => res`, `function (r) { return r; }`, or none
 * (`undefined, (error) => …`).
 */
function handsOnUnchanged(after: string): boolean {
  if (/^\s*(?:undefined|null)\s*,/.test(after)) return true;
  const arrow = /^\s*(?:\(\s*(\w+)\s*(?::[^)]*)?\)|(\w+))\s*=>\s*(\w+)\s*[,)]/.exec(after);
  if (arrow) return (arrow[1] ?? arrow[2]) === arrow[3];
  const named = /^\s*function\s*\w*\s*\(\s*(\w+)[^)]*\)\s*\{\s*return\s+(\w+)\s*;?\s*\}/.exec(
    after,
  );
  return named !== null && named[1] === named[2];
}

/**
 * How a text makes axios instances: `axios.create` through its default import, or `create` (or
 * its alias) imported by name from axios.
 */
function instanceFactories(text: string): string[] {
  const axios = defaultImportOf(text, 'axios');
  const create = localNameOf(importStatements(text), 'axios', 'create');
  return [...(axios ? [`${axios}.create`] : []), ...(create ? [create] : [])];
}

/** Names assigned an instance: `const api = axios.create({...})`, `const api = create({...})`. */
function instancesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const factory of instanceFactories(text)) {
    const pattern = new RegExp(
      `(?:^|[^\\w$.])(?:this\\.)?([A-Za-z_$][\\w$]*)\\s*(?::[^=]+)?=\\s*${factory.replace(/[$.]/g, '\\$&')}\\(`,
      'g',
    );
    for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

/**
 * Whether `name` is imported from a module of the project that creates an axios instance
 * (`export const api = axios.create(…)`, `export default axios.create(…)`, `create(…)` imported
 * from axios).
 */
function importedInstance(site: RequestSite, name: string): boolean {
  const specifier = importedFrom(site.text, name);
  const module = specifier === undefined ? undefined : site.moduleText?.(specifier);
  if (!module) return false;
  return instanceFactories(module).some((factory) =>
    new RegExp(`(?<![\\w$.])${factory.replace(/[$.]/g, '\\$&')}\\(`).test(module),
  );
}

/**
 * A client imported from a module that cannot be read (not in the workspace, an index file
 * missing) whose answer's `data` is read: axios's answer, so an axios instance. A module that can
 * be read decides on its own (importedInstance).
 */
function unreadableImportReadingData(
  site: RequestSite,
  receiver: string,
  call: RequestCall,
): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(receiver)) return false;
  const specifier = importedFrom(site.text, receiver);
  if (specifier === undefined || !/^(?:\.|[@~]\/)/.test(specifier)) return false;
  if (site.moduleText?.(specifier) !== undefined) return false;
  return readsResponseData(site.text, site.tokens, call);
}

/** Names declared with an axios type: `private readonly http: AxiosInstance`. */
function typedAxiosNames(text: string): Set<string> {
  const names = new Set<string>();
  // A text without either type's name has none to find (the search tries every identifier).
  if (!text.includes('Axios')) return names;
  for (const match of text.matchAll(/([A-Za-z_$][\w$]*)\s*\??:\s*(?:AxiosInstance|AxiosStatic)\b/g))
    names.add(match[1]!);
  return names;
}

function snippet(typed: boolean, axiosName: string, site: RequestSite): string {
  return styled(
    [
      `// const { data } = await ${NAME}(client, \`\${BASE_URL}/pets\`, petId, config);`,
      ...helperLines(typed, axiosName, 'either'),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

const ANSWERS: Record<AxiosErrorKind, string[]> = {
  class: [
    'Answers as axios did: a response whose data is the pet, or the AxiosError of a 404 (with',
    "the API's Error body) when no list holds it, unless config.validateStatus accepts 404.",
  ],
  enhanced: [
    'Answers as axios did: a response whose data is the pet, or the error axios before 0.27 threw',
    "for a 404 (with the API's Error body) when no list holds it, unless config.validateStatus",
    'accepts 404.',
  ],
  either: [
    'Answers as axios did: a response whose data is the pet, or the error axios throws for a 404',
    "(an AxiosError from 0.27, before it an Error with the same fields; with the API's Error body)",
    'when no list holds it, unless config.validateStatus accepts 404.',
  ],
};

function helperLines(
  typed: boolean,
  axios: string,
  errorKind: AxiosErrorKind,
  dialect?: ApiDialect,
): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const found = foundPet(dialect);
  return [
    ...helperDoc(...ANSWERS[errorKind], ...dialectDoc(dialect)),
    typed
      ? `async function ${NAME}<T = any>(client: Pick<typeof ${axios}, 'get'>, petsUrl: string, petId: string | number, config: NonNullable<Parameters<typeof ${axios}.get>[1]> = {}) {`
      : `async function ${NAME}(client, petsUrl, petId, config = {}) {`,
    `  for (const status of [${statuses}]) {`,
    typed
      ? "    const response = await client.get<string>(petsUrl.replace(/\\/+$/, ''), {"
      : "    const response = await client.get(petsUrl.replace(/\\/+$/, ''), {",
    '      ...config,',
    typed
      ? `      params: { ...(config.params as Record<string, unknown> | undefined), status, limit: ${LIST_LIMIT} },`
      : `      params: { ...config.params, status, limit: ${LIST_LIMIT} },`,
    "      responseType: 'text',",
    typed
      ? '      transformResponse: [(body: string) => body],'
      : '      transformResponse: [(body) => body],',
    typed ? '    } as typeof config);' : '    });',
    typed ? '    const body: string = response.data;' : '    const body = response.data;',
    ...listIdLines('    ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('    ', dialect),
    `    if (index >= 0) return { ...response, data: ${found}${typed ? (found === 'pets[index]' ? ' as T' : ' as unknown as T') : ''} };`,
    '  }',
    "  const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    typed
      ? "  const notFound = { data: error as T, status: 404, statusText: 'Not Found', headers: {}, config: config as any, request: undefined };"
      : "  const notFound = { data: error, status: 404, statusText: 'Not Found', headers: {}, config, request: undefined };",
    '  if (config.validateStatus && config.validateStatus(404)) return notFound;',
    ...notFoundThrow(typed, axios, errorKind),
    '}',
  ];
}
