/**
 * Angular's first HTTP client, `Http` from '@angular/http' (Angular 2 to 8): `this.http.get(url,
 * options)` → `getPetFromList(this.http, petsUrl, petId, options)`. The helper returns an
 * Observable of the module's own `Response`, as `Http.get` did: it lists each status in turn
 * through the same `Http` and emits a Response holding the pet (`response.json()` reads it), or
 * errors with a 404 Response whose body is the API's Error, as `Http.get` errored; a list that
 * fails errors as it did. Written for TypeScript 2 and rxjs 5 or 6: no operators, one Observable.
 */
import { styled } from '../fileStyle';
import { projectFilesOf } from '../projectFiles';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlOrFieldCollection } from './fieldCollection';
import { helperDoc, isTypeScript } from './javascriptCode';
import { listIdLines, petIndexLines } from './listIds';
import {
  addNamedImports,
  importedLocals,
  importStatements,
  localNameOf,
  type WantedImport,
} from './namedImports';

const NAME = 'getPetFromList';
const HTTP_MODULE = '@angular/http';

export const angularLegacyHttpRewriter: Rewriter = {
  library: '@angular/http',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    const statements = importStatements(text);
    const http = localNameOf(statements, HTTP_MODULE, 'Http', true);
    if (!http) return undefined;
    const clients = clientNames(text, http);
    if (clients.size === 0) return undefined;
    const isClientGet = (call: RequestCall) =>
      call.urlArgument === 0 &&
      call.args.length <= 2 &&
      clients.has(/^(?:this\.)?([A-Za-z_$][\w$]*)\.get$/.exec(call.callee.text)?.[1] ?? '');
    const request = requestOf(site, isClientGet, urlOrFieldCollection);
    if (!request) return undefined;
    const typed = isTypeScript(site.path);
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    const rxjs = observableModule(site);
    const clash = nameClash(text, rxjs);
    if (clash) return { manual: clash, snippet: snippet(site) };
    const receiver = request.call.callee.text.replace(/\.get$/, '');
    const edits = request.edits(NAME, [receiver]);
    return {
      description: `Http.get (@angular/http) → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, through the same Http`,
      edits,
      helper: {
        name: NAME,
        code: styled(helperLines(typed), site.style, { swapQuotes: true, semicolons: true }),
        definedIn: (current) => current.includes(`function ${NAME}(`),
        imports: (current): TextEdit[] =>
          addNamedImports(current, wantedImports(typed, rxjs), site.style),
      },
    };
  },
};

/** Names declared with the type `Http`: `private http: Http`, `http: Http`. */
function clientNames(text: string, http: string): Set<string> {
  const names = new Set<string>();
  const typed = new RegExp(
    `(?<![\\w$])([A-Za-z_$][\\w$]*)\\s*\\??\\s*:\\s*${http.replace(/\$/g, '\\$')}(?![\\w$.<])`,
    'g',
  );
  for (const match of text.matchAll(typed)) names.add(match[1]!);
  return names;
}

/**
 * Where Observable is imported from: 'rxjs' with rxjs 6 and later, 'rxjs/Observable' with rxjs
 * 5 (Angular 2 to 5, when '@angular/http' was current). The project's package.json says which;
 * else the file's own rxjs imports; else rxjs 5.
 */
function observableModule(site: RequestSite): string {
  const project = projectFilesOf(site.path);
  if (project)
    for (const folder of project.folders) {
      if (!project.names(folder).includes('package.json')) continue;
      const manifest = project.read(`${folder}/package.json`);
      const version = manifest && /"rxjs"\s*:\s*"[^\d"]*(\d+)/.exec(manifest)?.[1];
      if (version) return Number(version) >= 6 ? 'rxjs' : 'rxjs/Observable';
    }
  const modules = importStatements(site.text).map((statement) => statement.module);
  if (modules.includes('rxjs') || modules.includes('rxjs/operators')) return 'rxjs';
  return 'rxjs/Observable';
}

function wantedImports(typed: boolean, rxjs: string): WantedImport[] {
  return [
    {
      module: HTTP_MODULE,
      names: ['Headers', 'Response', 'ResponseOptions'],
      types: typed ? ['Http', 'RequestOptionsArgs'] : [],
    },
    { module: rxjs, names: ['Observable'] },
  ];
}

/** A name the helper needs that the file binds to something else, or undefined. */
function nameClash(text: string, rxjs: string): string | undefined {
  const locals = importedLocals(importStatements(text));
  for (const [name, module] of [
    ['Headers', HTTP_MODULE],
    ['Response', HTTP_MODULE],
    ['ResponseOptions', HTTP_MODULE],
    ['Observable', rxjs],
  ] as const) {
    const from = locals.get(name);
    if (from !== undefined && from !== module && !(name === 'Observable' && /^rxjs/.test(from)))
      return `the file imports ${name} from '${from}', and the helper needs '${module}''s`;
  }
  return undefined;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// this.http.get(\`\${BASE_URL}/pets/\${petId}\`, options) → ${NAME}(this.http, \`\${BASE_URL}/pets\`, petId, options)`,
      ...helperLines(isTypeScript(site.path)),
    ],
    site.style,
    { swapQuotes: true, semicolons: true },
  );
}

function helperLines(typed: boolean): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const t = (annotation: string) => (typed ? annotation : '');
  return [
    ...helperDoc(
      'Answers as Http.get did: an Observable of a Response holding the pet (response.json()',
      "reads it), or one that errors with a 404 Response whose body is the API's Error when no",
      'list holds it; a list request that fails errors as it did.',
    ),
    typed
      ? `function ${NAME}(http: Http, petsUrl: string, petId: {} | null | undefined, options?: RequestOptionsArgs): Observable<Response> {`
      : `function ${NAME}(http, petsUrl, petId, options) {`,
    "  const listUrl = petsUrl.replace(/\\/+$/, '');",
    "  const url = listUrl + '/' + petId;",
    `  const statuses = [${statuses}];`,
    `  return new Observable${t('<Response>')}((observer${t(': any')}) => {`,
    `    let listing${t(': { unsubscribe(): void } | undefined')};`,
    `    const list = (at${t(': number')})${t(': void')} => {`,
    '      if (at === statuses.length) {',
    "        const error = { code: 'not_found', message: 'no pet ' + petId + ' in the first 100 pets of any status', status: 404 };",
    "        observer.error(new Response(new ResponseOptions({ body: JSON.stringify(error), status: 404, statusText: 'Not Found', headers: new Headers({ 'Content-Type': 'application/json' }), url: url })));",
    '        return;',
    '      }',
    `      listing = http.get(listUrl + '?status=' + statuses[at] + '&limit=${LIST_LIMIT}', options).subscribe(`,
    `        (response${t(': Response')}) => {`,
    '          const body = response.text();',
    ...listIdLines('          ', typed ? 'typed' : 'untyped'),
    ...petIndexLines('          '),
    '          if (index < 0) {',
    '            list(at + 1);',
    '            return;',
    '          }',
    "          observer.next(new Response(new ResponseOptions({ body: JSON.stringify(pets[index]), status: 200, statusText: 'OK', headers: response.headers, url: url })));",
    '          observer.complete();',
    '        },',
    `        (error${t(': any')}) => observer.error(error),`,
    '      );',
    '    };',
    '    list(0);',
    '    return () => {',
    '      if (listing) listing.unsubscribe();',
    '    };',
    '  });',
    '}',
  ];
}
