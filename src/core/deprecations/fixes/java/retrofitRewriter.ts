/**
 * Retrofit interfaces in Java: `@GET("pets/{id}") Call<Pet> getPet(@Path("id") long id);` becomes
 * the list operation declared beside it (`@GET("pets") Call<List<Pet>> listPetsByStatus(@Query…)`)
 * and the method, its name and signature kept, a default method (Retrofit calls an interface's
 * default methods as they are) answering a `Call<Pet>` that lists each status in turn: `execute()`
 * and `enqueue()` answer as the old call did — a successful Response of the pet, or, when no list
 * holds it, an unsuccessful Response with code 404 and the API's Error body; a failing list's
 * Response or failure as it came. Callers do not change. Kotlin's interfaces (suspend functions,
 * bodies Retrofit does not call) are left for a person.
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
import { javadoc, javaString } from './javaCode';
import { declaredListProblem } from './declaredList';
import { importEdits } from './jvmImports';
import { RX_ENDS, rxImports, rxPackageOf, type RxType } from './rxJava';

const LIST_METHOD = 'listPetsByStatus';
const CALL_CLASS = 'PetFromListCall';
const IMPORTS = [
  'java.io.IOException',
  'java.util.List',
  'okhttp3.MediaType',
  'okhttp3.Request',
  'okhttp3.ResponseBody',
  'okio.Timeout',
  'retrofit2.Call',
  'retrofit2.Callback',
  'retrofit2.Response',
  'retrofit2.http.GET',
  'retrofit2.http.Query',
];

export const retrofitRewriter: Rewriter = {
  library: 'Retrofit',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (site.language.family !== 'java' || !/\bretrofit2\b/.test(site.text)) return undefined;
    const { text, tokens } = site;
    const annotation = callAround(text, tokens, site.url);
    if ('problem' in annotation || !/^@(retrofit2\.http\.)?GET$/.test(annotation.callee.text))
      return undefined;
    const api = interfaceBefore(text, site.url.start);
    if (!api) return undefined;
    const manual = leftWithSnippet(site);
    if (annotation.args.length !== 1)
      return manual('the mapping sets more than its path: the list would too');
    const path = /^"((?:[^"\\?]|\\.)*[Pp]ets)\/\{\w+\}"$/.exec(
      text.slice(annotation.args[0]!.start, annotation.args[0]!.end).replace(/^value\s*=\s*/, ''),
    );
    if (!path) return manual('the mapping’s path is not one string ending in pets/{id}');
    if (!firstAnnotation(tokens, annotation.callee.first))
      return manual('the method has other annotations: the list would need them too');
    const rx = /^\s*(?:public\s+)?(Observable|Single|Maybe|Flowable)\s*</.exec(
      text.slice(tokens[annotation.close]!.start + 1),
    )?.[1] as RxType | undefined;
    const method = methodAfter(site, annotation.close, /@Path\b/, rx ?? 'Call', PASSED);
    if (typeof method === 'string') return manual(method);
    const taken = method.passed.find((p) => RESERVED.has(p.name));
    if (taken) return manual(`the parameter ${taken.name} would meet a name of the lookup's`);
    const shape = declaredListProblem(text, path[1]!);
    if (shape) return manual(shape);
    if (rx) {
      const rxPackage = rxPackageOf(text);
      if (!rxPackage) return manual(`the file does not import ${rx} by name from RxJava 2 or 3`);
      if (new RegExp(`\\b${LIST_METHOD}\\b`).test(text))
        return manual(`the interface already declares a ${LIST_METHOD}`);
      return rxRewrite(site, annotation.callee.first, path[1]!, method, rx, rxPackage, manual);
    }
    if (new RegExp(`\\b(${LIST_METHOD}|${CALL_CLASS})\\b`).test(text))
      return manual(`the interface already declares a ${LIST_METHOD} or a ${CALL_CLASS}`);
    const imports = importEdits(text, IMPORTS, site.style.eol, false);
    if ('problem' in imports) return manual(imports.problem);
    const { idAccessors } = feignSettingsOf(site.path, text);
    const idOf = idAccessorOf(idAccessors, text, method.body);
    const list = [
      `@GET("${path[1]}")`,
      `Call<List<${method.body}>> ${LIST_METHOD}(${listParameters(method)});`,
      '',
    ];
    const lookup = (commented: boolean) => {
      const { above, inBody } = lookupDoc(retrofitDoc(), commented);
      return [
        ...above,
        `default Call<${method.body}> ${method.name}(${signature(method)}) {`,
        ...inBody,
        `  return new ${CALL_CLASS}(${['this', `String.valueOf(${method.id})`, ...method.passed.map((p) => p.name)].join(', ')});`,
        '}',
        '',
        ...callClassLines(api.name, method, idOf),
      ];
    };
    return {
      description: `Retrofit method → a default method answering a Call over ${LIST_METHOD}: GET pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        ...imports,
        ...methodReplacement(site, annotation.callee.first, method.end, list.slice(0, -1), lookup),
      ],
    };
  },
};

/**
 * A method answering RxJava's types (Retrofit's RxJava adapter): the list declared as an
 * Observable, and the method a default method whose Observable asks the lists one after another
 * and stops at the pet; none holding it fails with what the adapter failed with for the 404,
 * retrofit2.HttpException with code 404 and the API's Error body.
 */
function rxRewrite(
  site: RequestSite,
  annotationFirst: number,
  collection: string,
  method: DeclaredMethod,
  rx: RxType,
  rxPackage: string,
  manual: (reason: string) => Rewrite,
): Rewrite {
  const needed = [
    'java.util.List',
    'okhttp3.MediaType',
    'okhttp3.ResponseBody',
    'retrofit2.HttpException',
    'retrofit2.Response',
    'retrofit2.http.GET',
    'retrofit2.http.Query',
    ...rxImports(rxPackage, rx),
  ];
  const imports = importEdits(site.text, needed, site.style.eol, false);
  if ('problem' in imports) return manual(imports.problem);
  const { idAccessors } = feignSettingsOf(site.path, site.text);
  const idOf = idAccessorOf(idAccessors, site.text, method.body);
  const pet = method.body;
  const found = method.id === 'pet' ? 'listed' : 'pet';
  const list = [
    `@GET("${collection}")`,
    `Observable<List<${pet}>> ${LIST_METHOD}(${listParameters(method)});`,
  ];
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  const error = `new HttpException(Response.<${pet}>error(404, ResponseBody.create(MediaType.get("application/json"), ${javaString(JSON.stringify(notFoundBody()))})))`;
  const lookup = (commented: boolean) => {
    const { above, inBody } = lookupDoc(
      javadoc(
        `It answers as the removed call did: a ${rx} of the pet whose id equals the one asked for`,
        "(compared as text: exact for long ids), or retrofit2.HttpException with code 404 and the API's",
        'Error body when no list holds it; a list that fails fails it as the call did. The lists are',
        'asked one after another, up to the one that holds the pet.',
      ),
      commented,
    );
    return [
      ...above,
      `default ${rx}<${pet}> ${method.name}(${signature(method)}) {`,
      ...inBody,
      `  return Observable.fromArray(${statuses})`,
      `      .concatMap(status -> ${listCall(method, 'status')})`,
      '      .concatMapIterable(pets -> pets)',
      `      .filter(${found} -> ${found} != null && String.valueOf(${found}.${idOf}).equals(String.valueOf(${method.id})))`,
      '      .take(1)',
      `      .switchIfEmpty(Observable.defer(() -> Observable.<${pet}>error(${error})))${RX_ENDS[rx] ? '' : ';'}`,
      ...(RX_ENDS[rx] ? [`      ${RX_ENDS[rx]};`] : []),
      '}',
    ];
  };
  return {
    description: `Retrofit method → a default method answering a ${rx} over ${LIST_METHOD}: GET pets?status=…&limit=${LIST_LIMIT} for each status`,
    edits: [...imports, ...methodReplacement(site, annotationFirst, method.end, list, lookup)],
  };
}

/** Annotations of parameters that go with each list as they went with the removed request. */
const PASSED = /^@(?:retrofit2\.http\.)?(Header|HeaderMap|Query|QueryMap|Tag)\b/;

/** Names the lookup's code declares, which a parameter passed on may not take. */
const RESERVED = new Set([
  'api',
  'wanted',
  'current',
  'executed',
  'canceled',
  'pet',
  'listed',
  'pets',
  'page',
]);

/** The list's parameters: those passed on, as declared, then the status and the limit. */
function listParameters(method: DeclaredMethod): string {
  return [
    ...method.passed.map((p) => p.declared),
    '@Query("status") String status',
    '@Query("limit") int limit',
  ].join(', ');
}

/** The method's parameters without their annotations, in their order. */
function signature(method: DeclaredMethod): string {
  const plain = method.passed.map((p) => `${p.type} ${p.name}`);
  plain.splice(method.idIndex, 0, `${method.idType} ${method.id}`);
  return plain.join(', ');
}

/** A call of the list for `status`, the passed parameters first. */
function listCall(method: DeclaredMethod, status: string, receiver = ''): string {
  return `${receiver}${LIST_METHOD}(${[...method.passed.map((p) => p.name), status, String(LIST_LIMIT)].join(', ')})`;
}

function retrofitDoc(): string[] {
  return javadoc(
    'It answers as the removed call did: execute() and enqueue() give a successful Response of the',
    'pet whose id equals the one asked for (compared as text: exact for long ids), or an unsuccessful',
    "one with code 404 and the API's Error body when no list holds it; a list that fails answers",
    'with its own Response, or its failure.',
  );
}

/** The Call the default method answers: the lists one after another, synchronously or not. */
function callClassLines(api: string, method: DeclaredMethod, idOf: string): string[] {
  const pet = method.body;
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    `/** The Call ${method.name} answers: the pet looked up in each status's list, in turn. */`,
    `final class ${CALL_CLASS} implements Call<${pet}> {`,
    `  private static final String[] STATUSES = {${statuses}};`,
    `  private final ${api} api;`,
    '  private final String wanted;',
    ...method.passed.map((p) => `  private final ${p.type} ${p.name};`),
    `  private volatile Call<List<${pet}>> current;`,
    '  private volatile boolean executed;',
    '  private volatile boolean canceled;',
    '',
    `  ${CALL_CLASS}(${[`${api} api`, 'String wanted', ...method.passed.map((p) => `${p.type} ${p.name}`)].join(', ')}) {`,
    '    this.api = api;',
    '    this.wanted = wanted;',
    ...method.passed.map((p) => `    this.${p.name} = ${p.name};`),
    '  }',
    '',
    '  @Override',
    `  public Response<${pet}> execute() throws IOException {`,
    '    executed = true;',
    '    for (String status : STATUSES) {',
    '      if (canceled) {',
    '        throw new IOException("Canceled");',
    '      }',
    `      current = ${listCall(method, 'status', 'api.')};`,
    `      Response<List<${pet}>> page = current.execute();`,
    '      if (!page.isSuccessful()) {',
    '        return Response.error(page.errorBody(), page.raw());',
    '      }',
    `      ${pet} found = find(page.body());`,
    '      if (found != null) {',
    '        return Response.success(found, page.raw());',
    '      }',
    '    }',
    '    return notFound();',
    '  }',
    '',
    '  @Override',
    `  public void enqueue(Callback<${pet}> callback) {`,
    '    executed = true;',
    '    next(0, callback);',
    '  }',
    '',
    `  private void next(int index, Callback<${pet}> callback) {`,
    '    if (index == STATUSES.length) {',
    '      callback.onResponse(this, notFound());',
    '      return;',
    '    }',
    `    current = ${listCall(method, 'STATUSES[index]', 'api.')};`,
    `    current.enqueue(new Callback<List<${pet}>>() {`,
    '      @Override',
    `      public void onResponse(Call<List<${pet}>> call, Response<List<${pet}>> page) {`,
    '        if (!page.isSuccessful()) {',
    `          callback.onResponse(${CALL_CLASS}.this, Response.error(page.errorBody(), page.raw()));`,
    '          return;',
    '        }',
    `        ${pet} found = find(page.body());`,
    '        if (found != null) {',
    `          callback.onResponse(${CALL_CLASS}.this, Response.success(found, page.raw()));`,
    '        } else {',
    '          next(index + 1, callback);',
    '        }',
    '      }',
    '',
    '      @Override',
    `      public void onFailure(Call<List<${pet}>> call, Throwable failure) {`,
    `        callback.onFailure(${CALL_CLASS}.this, failure);`,
    '      }',
    '    });',
    '  }',
    '',
    `  private ${pet} find(List<${pet}> pets) {`,
    '    if (pets != null) {',
    `      for (${pet} pet : pets) {`,
    `        if (pet != null && wanted.equals(String.valueOf(pet.${idOf}))) {`,
    '          return pet;',
    '        }',
    '      }',
    '    }',
    '    return null;',
    '  }',
    '',
    `  private static Response<${pet}> notFound() {`,
    `    String error = ${javaString(JSON.stringify(notFoundBody()))};`,
    '    return Response.error(404, ResponseBody.create(MediaType.get("application/json"), error));',
    '  }',
    '',
    '  @Override',
    '  public boolean isExecuted() {',
    '    return executed;',
    '  }',
    '',
    '  @Override',
    '  public void cancel() {',
    '    canceled = true;',
    `    Call<List<${pet}>> running = current;`,
    '    if (running != null) {',
    '      running.cancel();',
    '    }',
    '  }',
    '',
    '  @Override',
    '  public boolean isCanceled() {',
    '    return canceled;',
    '  }',
    '',
    '  @Override',
    `  public Call<${pet}> clone() {`,
    `    return new ${CALL_CLASS}(${['api', 'wanted', ...method.passed.map((p) => p.name)].join(', ')});`,
    '  }',
    '',
    '  @Override',
    '  public Request request() {',
    `    Call<List<${pet}>> running = current;`,
    `    return running != null ? running.request() : ${listCall(method, 'STATUSES[0]', 'api.')}.request();`,
    '  }',
    '',
    '  // Retrofit 2.8 and later ask for it; earlier ones ignore it.',
    '  public Timeout timeout() {',
    '    return Timeout.NONE;',
    '  }',
    '}',
  ];
}
