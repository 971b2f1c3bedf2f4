/**
 * Angular's HttpClient: `this.http.get<Pet>(url, options)` (a client injected by a constructor
 * parameter, a field's `inject(HttpClient)`, or a function's `const http = inject(HttpClient)`) →
 * `getPetFromList<Pet>(this.http, petsUrl, petId, options)`. The helper is a module function taking
 * the HttpClient, as Angular's functional APIs do, so services, guards and resolvers of one file
 * share it. It returns an Observable that lists each status in turn (rxjs: one list after
 * another, none once a list holds the pet) through the same client (its interceptors apply), with
 * the caller's options (headers, params merged with status and limit) and answers as
 * HttpClient.get did: the pet, or with `observe: 'response'` an HttpResponse holding it; when no
 * list holds it, the stream errors with the HttpErrorResponse of a 404 whose `error` is the API's
 * Error body; a list that fails errors with its own HttpErrorResponse, its body read as JSON.
 */
import type { Token } from '../../model/tokens';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { helperDoc, isTypeScript } from './javascriptCode';
import {
  addNamedImports,
  importedLocals,
  importStatements,
  localNameOf,
  type WantedImport,
} from './namedImports';
import { entryNamed, objectLiteralAt, type ObjectEntry } from './objectLiteral';
import { foundPet, listIdLines, petIndexLines } from './listIds';
import { dialectNote, type ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';
import { urlOrFieldCollection } from './fieldCollection';

const NAME = 'getPetFromList';
const HTTP_MODULE = '@angular/common/http';
const OPERATORS = ['catchError', 'concatMap', 'find', 'map'];

export const angularHttpRewriter: Rewriter = {
  library: 'Angular HttpClient',
  followsApiDialect: true,
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    const statements = importStatements(text);
    const httpClient = localNameOf(statements, HTTP_MODULE, 'HttpClient', true);
    if (!httpClient) return undefined;
    const clients = clientNames(text, httpClient);
    if (clients.size === 0) return undefined;
    const isClientGet = (call: RequestCall) =>
      call.urlArgument === 0 &&
      call.args.length <= 2 &&
      clients.has(receiverOf(tokens, call)?.name ?? '');
    const request = requestOf(site, isClientGet, urlOrFieldCollection);
    if (!request) return undefined;
    const typed = isTypeScript(site.path);
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    const options = request.call.args[1];
    if (options) {
      const problem = optionsProblem(tokens, options.first, options.last, typed);
      if (problem) return { manual: problem, snippet: snippet(site) };
    }
    const operators = operatorsModule(text);
    const clash = nameClash(text, operators, typed);
    if (clash) return { manual: clash, snippet: snippet(site) };
    const receiver = receiverOf(tokens, request.call)!;
    const typeArguments = request.call.typeArguments
      ? text.slice(request.call.typeArguments.start, request.call.typeArguments.end)
      : '';
    const edits = request.edits(`${NAME}${typeArguments}`, [receiver.text]);
    // The callee's edit covers `this.#` before it and the type arguments after it.
    const callee = edits.find((edit) => edit.start === request.call.callee.start)!;
    callee.start = receiver.start;
    if (request.call.typeArguments) callee.end = request.call.typeArguments.end;
    return {
      description: `HttpClient.get → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same HttpClient${dialectNote(site.dialect)}`,
      edits,
      helper: {
        name: NAME,
        code: styled(helperLines(typed, site.dialect), site.style, {
          swapQuotes: true,
          semicolons: true,
        }),
        definedIn: (current) => current.includes(`function ${NAME}`),
        imports: (current): TextEdit[] =>
          addNamedImports(current, wantedImports(typed, operatorsModule(current)), site.style),
      },
    };
  },
};

/**
 * Names that hold an HttpClient: declared with its type (`private http: HttpClient`, a function's
 * `http: HttpClient`) or given one by an injector (`inject(HttpClient)`, `injector.get(HttpClient)`,
 * `TestBed.inject(HttpClient)`).
 */
function clientNames(text: string, httpClient: string): Set<string> {
  const names = new Set<string>();
  const type = httpClient.replace(/\$/g, '\\$');
  const typedName = new RegExp(
    `(?<![\\w$])#?([A-Za-z_$][\\w$]*)\\s*\\??\\s*:\\s*${type}(?![\\w$.<])`,
    'g',
  );
  const injected = new RegExp(
    `(?<![\\w$])#?([A-Za-z_$][\\w$]*)\\s*(?::[^=;{}\\n]+)?=\\s*(?:[\\w$.]*\\.)?(?:inject|get)\\(\\s*${type}\\s*[,)]`,
    'g',
  );
  for (const match of text.matchAll(typedName)) names.add(match[1]!);
  for (const match of text.matchAll(injected)) names.add(match[1]!);
  return names;
}

/** `this.http`, `this.#http` or `http` before `.get`: its name, its text and where it starts. */
function receiverOf(
  tokens: readonly Token[],
  call: RequestCall,
): { name: string; text: string; start: number } | undefined {
  const match = /^(this\.)?([A-Za-z_$][\w$]*)\.get$/.exec(call.callee.text);
  if (!match) return undefined;
  const first = call.callee.first;
  // `this.#http`: the lexer gives `#` apart, so the chain starts after it.
  if (!match[1] && tokens[first - 1]?.text === '#') {
    if (tokens[first - 2]?.text !== '.' || tokens[first - 3]?.text !== 'this') return undefined;
    return { name: match[2]!, text: `this.#${match[2]!}`, start: tokens[first - 3]!.start };
  }
  return { name: match[2]!, text: `${match[1] ?? ''}${match[2]!}`, start: call.callee.start };
}

/**
 * Why the options cannot go to the helper as they are, or undefined. Written in the call, they
 * must ask for the body or the response, as JSON; a name or a spread is the compiler's to check
 * in TypeScript (the helper's overloads take what HttpClient.get takes for those two).
 */
function optionsProblem(
  tokens: readonly Token[],
  first: number,
  last: number,
  typed: boolean,
): string | undefined {
  const literal = tokens[first]?.text === '{' ? objectLiteralAt(tokens, first) : undefined;
  if (!literal || literal.close !== last) {
    return typed
      ? undefined
      : 'the options are not written in the call: their observe and responseType are not seen';
  }
  if (!typed && literal.entries.some((entry) => entry.spread))
    return 'the options spread other options: their observe and responseType are not seen';
  const observe = entryNamed(literal, 'observe');
  if (observe) {
    const value = literalString(tokens, observe);
    if (value === undefined) return 'the options choose what to observe with an expression';
    if (value === 'events')
      return "the options observe 'events': progress events of a list are not the pet's";
    if (value !== 'body' && value !== 'response')
      return `the options observe '${value}', which HttpClient does not know`;
  }
  const responseType = entryNamed(literal, 'responseType');
  if (responseType) {
    const value = literalString(tokens, responseType);
    if (value !== 'json')
      return `the options ask for the body as ${value === undefined ? 'an expression' : `'${value}'`}, not JSON`;
  }
  return undefined;
}

/** `'response'`, `'response' as const`: the string; undefined for anything else. */
function literalString(tokens: readonly Token[], entry: ObjectEntry): string | undefined {
  let last = entry.valueLast;
  if (tokens[last]?.text === 'const' && tokens[last - 1]?.text === 'as') last -= 2;
  if (entry.valueFirst !== last) return undefined;
  const token = tokens[last]!;
  if (token.kind !== 'string' || token.text.includes('${')) return undefined;
  return token.text.slice(1, -1);
}

/**
 * Where the operators come from: 'rxjs' where the file takes an operator from there already (rxjs
 * 7.2 and later), else 'rxjs/operators', which rxjs 6 and 7 both have (Angular 6 to 17).
 */
function operatorsModule(text: string): string {
  const fromRxjs = importStatements(text).some(
    (statement) =>
      statement.module === 'rxjs' &&
      statement.names.some(
        (named) => OPERATORS.includes(named.imported) || OTHER_OPERATORS.test(named.imported),
      ),
  );
  return fromRxjs ? 'rxjs' : 'rxjs/operators';
}

/** Operators a file may take from 'rxjs' itself (7.2 and later), besides the helper's own. */
const OTHER_OPERATORS =
  /^(?:switchMap|mergeMap|tap|filter|take|first|retry|shareReplay|debounceTime|distinctUntilChanged|finalize|takeUntil|delay|startWith|toArray|reduce|scan|pluck|mapTo|exhaustMap|timeout|catchError)$/;

function wantedImports(typed: boolean, operators: string): WantedImport[] {
  const rxjs: WantedImport = {
    module: 'rxjs',
    names: operators === 'rxjs' ? ['from', ...OPERATORS] : ['from'],
    types: typed ? ['Observable'] : [],
  };
  return [
    {
      module: HTTP_MODULE,
      names: ['HttpErrorResponse', 'HttpHeaders', 'HttpParams'],
      types: typed ? ['HttpClient', 'HttpResponse'] : [],
    },
    rxjs,
    ...(operators === 'rxjs' ? [] : [{ module: operators, names: OPERATORS }]),
  ];
}

/** A name the helper uses that the module binds to something else: why it is left, or undefined. */
function nameClash(text: string, operators: string, typed: boolean): string | undefined {
  const locals = importedLocals(importStatements(text));
  const expected = new Map<string, string[]>([
    ['from', ['rxjs']],
    ['HttpErrorResponse', [HTTP_MODULE]],
    ['HttpHeaders', [HTTP_MODULE]],
    ['HttpParams', [HTTP_MODULE]],
    ...OPERATORS.map((name): [string, string[]] => [name, ['rxjs', operators]]),
    ...(typed
      ? [
          ['HttpResponse', [HTTP_MODULE]] as [string, string[]],
          ['Observable', ['rxjs']] as [string, string[]],
        ]
      : []),
  ]);
  for (const [name, modules] of expected) {
    const module = locals.get(name);
    if (module !== undefined && !modules.includes(module))
      return `the file imports ${name} from '${module}', and the helper needs rxjs's or Angular's`;
    const declared = new RegExp(
      `^(?:export\\s+)?(?:const|let|var|function|class)\\s+${name}(?![\\w$])`,
      'm',
    );
    if (declared.test(text))
      return `the file declares its own ${name}, and the helper needs rxjs's or Angular's`;
  }
  return undefined;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// this.http.get<Pet>(\`\${BASE_URL}/pets/\${petId}\`, options) → ${NAME}<Pet>(this.http, \`\${BASE_URL}/pets\`, petId, options)`,
      ...helperLines(isTypeScript(site.path)),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

/**
 * The helper, for Angular 6 and later (TypeScript 2.7, rxjs 6): no `??`, no `unknown`, no
 * `Parameters` or `Omit`, and HttpParams given strings (before Angular 12 they take no numbers).
 */
function helperLines(typed: boolean, dialect?: ApiDialect): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  // HttpClient.get's options, whatever the Angular version adds to them (context, transferCache).
  const options = (observe: string) => `{ observe?: ${observe}; [option: string]: any }`;
  const head = `function ${NAME}`;
  const parameters = 'http: HttpClient, petsUrl: string, petId: {} | null | undefined';
  return [
    ...helperDoc(
      "Answers as HttpClient.get did: the pet (with observe: 'response', an HttpResponse holding",
      "it), or, when no list holds it, the HttpErrorResponse of a 404 with the API's Error body",
      'as its error; a list request that fails (401, 5xx) errors with its HttpErrorResponse.',
      ...dialectDoc(dialect),
    ),
    ...(typed
      ? [
          `${head}<T = object>(`,
          `  ${parameters},`,
          `  options?: ${options("'body'")},`,
          '): Observable<T>;',
          `${head}<T = object>(`,
          `  ${parameters},`,
          `  options: { observe: 'response'; [option: string]: any },`,
          '): Observable<HttpResponse<T>>;',
          `${head}<T>(`,
          `  ${parameters},`,
          `  options: ${options("'body' | 'response'")} = {},`,
          '): Observable<T | HttpResponse<T>> {',
        ]
      : [`${head}(http, petsUrl, petId, options = {}) {`]),
    '  const { observe, params, ...rest } = options;',
    "  const listUrl = petsUrl.replace(/\\/+$/, '');",
    '  const url = `${listUrl}/${petId}`;',
    `  return from([${statuses}]).pipe(`,
    '    // One list after another; none once a list holds the pet.',
    '    concatMap((status) =>',
    '      http',
    '        .get(listUrl, {',
    '          ...rest,',
    '          params:',
    '            params instanceof HttpParams',
    `              ? params.set('status', status).set('limit', '${LIST_LIMIT}')`,
    `              : { ...params, status, limit: '${LIST_LIMIT}' },`,
    "          observe: 'response',",
    "          responseType: 'text',",
    '        })',
    '        .pipe(',
    '          catchError((error) => {',
    "            // The error's body read as JSON, as HttpClient reads it for a JSON request.",
    "            if (!(error instanceof HttpErrorResponse) || typeof error.error !== 'string') throw error;",
    '            let body = error.error;',
    '            try {',
    "              body = error.error === '' ? null : JSON.parse(error.error);",
    '            } catch {',
    '              // Not JSON: the text, as HttpClient keeps it.',
    '            }',
    '            throw new HttpErrorResponse({',
    '              error: body,',
    '              headers: error.headers,',
    '              status: error.status,',
    '              statusText: error.statusText,',
    '              url: error.url || undefined,',
    '            });',
    '          }),',
    '        ),',
    '    ),',
    '    map((response) => {',
    "      const body = response.body || '';",
    ...listIdLines('      ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('      ', dialect),
    `      return index < 0 ? undefined : response.clone({ body: ${foundPet(dialect)}${typed ? (dialect?.envelope ? ' as any' : ' as T') : ''}, url });`,
    '    }),',
    '    find((found) => found !== undefined),',
    '    map((found) => {',
    '      if (!found) {',
    "        const error = { code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 };",
    '        throw new HttpErrorResponse({',
    '          error,',
    "          headers: new HttpHeaders({ 'Content-Type': 'application/json' }),",
    '          status: 404,',
    "          statusText: 'Not Found',",
    '          url,',
    '        });',
    '      }',
    `      return observe === 'response' ? found : ${typed ? '(found.body as T)' : 'found.body'};`,
    '    }),',
    '  );',
    '}',
  ];
}
