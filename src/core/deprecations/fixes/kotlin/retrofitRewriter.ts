/**
 * Retrofit interfaces in Kotlin. A Kotlin interface's method body is not a default method that
 * Retrofit's proxy calls (before Kotlin 2.2, or without -Xjvm-default), so the method leaves the
 * interface: the list operation is declared in its place (`@GET("pets") listPetsByStatus(status,
 * limit)`), and an extension function of the interface, with the method's name and signature,
 * follows it. Callers in the interface's package (or importing all of it) call the extension as
 * they called the method, with no change; a caller elsewhere, a Java caller or an implementation of
 * the method leaves the request for a person (kotlinCallers.ts).
 *
 * What the function answers is what Retrofit answered for a 404 with the method's return type:
 * `suspend fun …: Pet` throws retrofit2.HttpException (code 404, the API's Error body);
 * `suspend fun …: Response<Pet>` and `fun …: Call<Pet>` give an unsuccessful Response with code 404.
 * A list that fails answers as the call did. The Error body is made without OkHttp's factories,
 * whose Kotlin forms differ between OkHttp 3 and 4.
 */
import type { Token } from '../../model/tokens';
import { nextSignificant } from '../../model/tokenWalk';
import { styled } from '../fileStyle';
import { declaredClientRewriter } from '../java/declaredClients';
import { topLevelParts } from '../java/declaredMethod';
import { javadoc } from '../java/javaCode';
import {
  declaredListAnswer,
  listShapeProblem,
  kotlinListEnvelope,
  type ListEnvelope,
} from '../java/declaredList';
import { importEdits } from '../java/jvmImports';
import { RX_ENDS, rxImports, rxPackageOf, type RxType } from '../java/rxJava';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { callAround } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { callersProblem } from './kotlinCallers';
import { retrofitVersionOf } from './retrofitVersion';

const LIST_METHOD = 'listPetsByStatus';
const BODY_HELPER = 'petNotFoundBody';
const COMMON_IMPORTS = [
  'okhttp3.MediaType',
  'okhttp3.ResponseBody',
  'okio.Buffer',
  'okio.BufferedSource',
  'retrofit2.Response',
  'retrofit2.http.GET',
  'retrofit2.http.Query',
];
const CALL_IMPORTS = [
  'java.io.IOException',
  'okhttp3.Request',
  'okio.Timeout',
  'retrofit2.Call',
  'retrofit2.Callback',
];

type Answer = 'pet' | 'response' | 'call' | 'rx';
/** A parameter that goes to the list as it went to the removed request (a header, a query). */
interface PassedParameter {
  /** As declared: `@Header("Authorization") token: String`. */
  declared: string;
  name: string;
  type: string;
}

interface Method {
  name: string;
  suspend: boolean;
  id: string;
  idType: string;
  /** The other parameters, in order, and where the id is among them all. */
  passed: PassedParameter[];
  idIndex: number;
  /** The envelope the API's list comes in, where the file declares one (`PetsData(val data)`). */
  envelope?: ListEnvelope;
  pet: string;
  answer: Answer;
  /** The RxJava type answered (`Maybe`), for an `rx` answer. */
  rx?: RxType;
  /** Offsets of the annotation's `@` and of the end of the declaration. */
  start: number;
  end: number;
}

export const kotlinRetrofitRewriter: Rewriter = {
  library: 'Retrofit',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (site.language.family !== 'kotlin' || !/\bretrofit2\b/.test(site.text)) return undefined;
    const { text, tokens } = site;
    const annotation = callAround(text, tokens, site.url);
    if ('problem' in annotation || !/^@(retrofit2\.http\.)?GET$/.test(annotation.callee.text))
      return undefined;
    const left = (reason: string): Rewrite => {
      const snippet = declaredClientRewriter.rewrite(site);
      return { manual: reason, snippet: snippet && 'snippet' in snippet ? snippet.snippet : '' };
    };
    if (annotation.args.length !== 1)
      return left('the mapping sets more than its path: the list would too');
    const path = /^"((?:[^"\\?]|\\.)*[Pp]ets)\/\{(\w+)\}"$/.exec(
      text.slice(annotation.args[0]!.start, annotation.args[0]!.end).replace(/^value\s*=\s*/, ''),
    );
    if (!path) return left('the mapping’s path is not one string ending in pets/{id}');
    const api = interfaceAround(text, tokens, annotation.callee.start);
    if (!api)
      return left(
        'the interface is neither declared at the file’s top level nor private in a class',
      );
    const method = methodAfter(text, tokens, annotation.callee.start, annotation.close, path[2]!);
    if (typeof method === 'string') return left(method);
    if (new RegExp(`\\b${LIST_METHOD}\\b`).test(text))
      return left(`the interface already declares a ${LIST_METHOD}`);
    // An API whose own list comes in an envelope the file declares is read so.
    const answered = declaredListAnswer(text, path[1]!);
    const envelope = answered ? kotlinListEnvelope(text, answered, method.pet) : undefined;
    if (answered && !envelope) return left(listShapeProblem(path[1]!, answered));
    if (envelope) method.envelope = envelope;
    const packageName = /^\s*package\s+([\w.]+)/m.exec(text)?.[1];
    // A private interface's callers are all in its class, where the extension is declared.
    const callers = api.nested
      ? undefined
      : callersProblem(site.path, text, method.name, packageName, method.pet);
    if (callers) return left(callers);
    const rxPackage = method.rx ? rxPackageOf(text) : undefined;
    if (method.rx && !rxPackage)
      return left(`the file does not import ${method.rx} by name from RxJava 2 or 3`);
    if (method.answer === 'call') {
      const version = retrofitVersionOf(site.path);
      if (version && version < 2.08)
        return left(
          'Retrofit before 2.8: its Call has no timeout(), which the lookup’s Call overrides',
        );
    }
    const needed =
      method.rx && rxPackage
        ? [...COMMON_IMPORTS, 'retrofit2.HttpException', ...rxImports(rxPackage, method.rx)]
        : {
            pet: [...COMMON_IMPORTS, 'retrofit2.HttpException'],
            response: COMMON_IMPORTS,
            call: [...COMMON_IMPORTS, ...CALL_IMPORTS],
            rx: COMMON_IMPORTS,
          }[method.answer];
    const imports = importEdits(text, needed, site.style.eol, true);
    if ('problem' in imports) return left(imports.problem);
    const eol = site.style.eol;
    const indent = lineIndent(text, method.start);
    const list = styled(listLines(path[1]!, method), site.style, { base: indent })
      .trimStart()
      .replace(/\s+$/, '');
    const lookup = styled(['', ...extensionLines(api.name, method, api.nested)], site.style, {
      base: api.indent,
    });
    const edits: TextEdit[] = [
      ...imports,
      { start: method.start, end: method.end, newText: list },
      {
        start: api.end,
        end: api.end,
        newText: eol + lookup.replace(/^[ \t]+$/m, '').replace(/\s+$/, ''),
      },
    ];
    return {
      description: `Retrofit method → an extension function over ${LIST_METHOD}: GET pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper: {
        name: BODY_HELPER,
        code: styled(bodyHelperLines(), site.style),
        definedIn: (current) => new RegExp(`\\bfun\\s+${BODY_HELPER}\\s*\\(`).test(current),
      },
    };
  },
};

/**
 * The interface around `offset`: declared at the top level, or private in a class or object
 * (`nested`, its extension then a private member of that class); with where its `}` ends and
 * the indentation of its line.
 */
function interfaceAround(
  text: string,
  tokens: readonly Token[],
  offset: number,
): { name: string; end: number; nested: boolean; indent: string } | undefined {
  let depth = 0;
  let found: { name: string; open: number; depth: number; at: number } | undefined;
  for (let i = 0; i < tokens.length && tokens[i]!.start < offset; i++) {
    const token = tokens[i]!;
    if (token.text === '{') {
      depth++;
      continue;
    }
    if (token.text === '}') {
      depth--;
      if (found && depth === found.depth) found = undefined;
      continue;
    }
    if (token.text === 'interface') {
      const name = tokens[nextSignificant(tokens, i + 1)];
      if (name?.kind !== 'ident') return undefined;
      let open = nextSignificant(tokens, i + 2);
      while (open >= 0 && open < tokens.length && tokens[open]!.text !== '{') {
        if (tokens[open]!.text === '}' || tokens[open]!.kind === 'newline') break;
        open = nextSignificant(tokens, open + 1);
      }
      if (tokens[open]?.text !== '{') return undefined;
      found = { name: name.text, open, depth, at: i };
    }
  }
  if (!found || depth !== found.depth + 1) return undefined;
  let first = found.at;
  while (first > 0 && tokens[first - 1]!.kind !== 'newline') first--;
  const modifiers = tokens.slice(first, found.at).map((token) => token.text);
  if (found.depth > 0 && !modifiers.includes('private')) return undefined;
  const indent = lineIndent(text, tokens[found.at]!.start);
  let level = 0;
  for (let i = found.open; i < tokens.length; i++) {
    const t = tokens[i]!.text;
    if (t === '{') level++;
    else if (t === '}' && --level === 0)
      return { name: found.name, end: tokens[i]!.start + 1, nested: found.depth > 0, indent };
  }
  return undefined;
}

/** `[suspend] fun name(@Path("id") id: Type): Answer` after the annotation, or why not. */
function methodAfter(
  text: string,
  tokens: readonly Token[],
  start: number,
  close: number,
  pathName: string,
): Method | string {
  const afterAnnotation = tokens[close]!.start + 1;
  const line =
    /^[ \t]*(?:\r?\n[ \t]*)?((suspend\s+)?fun\s+(\w+)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*:\s*([^\r\n={]+?))[ \t]*(?=\r?\n|$)/.exec(
      text.slice(afterAnnotation),
    );
  if (!line) return 'the method is not one declaration after its annotation, ending with its type';
  const [, declaration, suspend, name, parameterList, returns] = line;
  const parameters = readParameters(parameterList!, pathName);
  if (typeof parameters === 'string') return parameters;
  const type = returns!.trim();
  const wrapped = /^(Response|Call|retrofit2\.Response|retrofit2\.Call)<\s*([\w.]+)\s*>$/.exec(
    type,
  );
  const rx = /^(Observable|Single|Maybe|Flowable)<\s*([\w.]+)\s*>$/.exec(type);
  let answer: Answer;
  let pet: string;
  if (rx) {
    if (suspend) return `a suspend function answering ${rx[1]}`;
    answer = 'rx';
    pet = rx[2]!;
  } else if (wrapped) {
    answer = wrapped[1]!.endsWith('Call') ? 'call' : 'response';
    pet = wrapped[2]!;
    if (answer === 'call' && suspend) return 'a suspend function answering a Call';
    if (answer === 'response' && !suspend) return 'a Response answered without suspend';
  } else if (/^[\w.]+$/.test(type) && suspend) {
    answer = 'pet';
    pet = type;
  } else
    return `the method answers ${type}: the rewrite knows a suspend function's pet or Response, a Call and RxJava's types`;
  const end = afterAnnotation + line.index + line[0].indexOf(declaration!) + declaration!.length;
  return {
    name: name!,
    suspend: !!suspend,
    ...parameters,
    pet,
    answer,
    ...(rx ? { rx: rx[1] as RxType } : {}),
    start,
    end,
  };
}

/** Annotations of a parameter that the list can take as the removed request took it. */
const PASSED = /^@(?:retrofit2\.http\.)?(Header|HeaderMap|Query|QueryMap|Tag)\b/;

/** The id (`@Path("petId") petId: Long`) and the parameters that go with each list, or why not. */
function readParameters(
  text: string,
  pathName: string,
): Pick<Method, 'id' | 'idType' | 'passed' | 'idIndex'> | string {
  const all = topLevelParts(text).map((parameter) => parameter.trim());
  let id: { name: string; type: string; index: number } | undefined;
  const passed: PassedParameter[] = [];
  for (const [index, parameter] of all.entries()) {
    const path =
      /^@(?:retrofit2\.http\.)?Path\s*\(\s*(?:value\s*=\s*)?"(\w+)"\s*(?:,\s*encoded\s*=\s*false\s*)?\)\s*(\w+)\s*:\s*([\w.]+\??)$/.exec(
        parameter,
      );
    if (path) {
      if (path[1] !== pathName) return 'the @Path does not name the path’s {id}';
      id = { name: path[2]!, type: path[3]!, index };
      continue;
    }
    const other = /^((?:@[\w.]+(?:\s*\([^()]*\))?\s+)+)(\w+)\s*:\s*([^=]+)$/.exec(parameter);
    const annotation = other ? PASSED.exec(other[1]!.trim()) : null;
    if (!other || !annotation)
      return 'the method takes more than the id, headers and queries: the list would too';
    if (/^(status|limit)$/.test(other[2]!) || /\(\s*"(status|limit)"/.test(other[1]!))
      return 'the method already takes a status or a limit';
    passed.push({ declared: parameter, name: other[2]!, type: other[3]!.trim() });
  }
  if (!id) return 'the method takes no @Path id';
  return { id: id.name, idType: id.type, passed, idIndex: id.index };
}

/** The method's parameters as the extension declares them: names and types, in their order. */
function signatureParameters(method: Method): string {
  const plain = method.passed.map((parameter) => `${parameter.name}: ${parameter.type}`);
  plain.splice(method.idIndex, 0, `${method.id}: ${method.idType}`);
  return plain.join(', ');
}

/** The lookup's doc: what it answers, and where an envelope holds the list, that it reads it. */
function lookupDoc(method: Method, ...answers: string[]): string[] {
  const envelope = method.envelope;
  return javadoc(
    ...answers,
    ...(envelope
      ? [
          `Each list is read out of ${envelope.type}.${envelope.property}, as the interface's own list of pets is.`,
        ]
      : []),
  );
}

/** The pets of a list as the API answers it: bare, or in the file's envelope. */
function pets(method: Method, list: string, nullable = false): string {
  const envelope = method.envelope;
  if (!envelope) return list;
  return `${list}${nullable ? '?' : ''}.${envelope.property}${envelope.nullable && !nullable ? '.orEmpty()' : ''}`;
}

/** The method's parameters' names, in their order: a call of it with the same arguments. */
function argumentNames(method: Method): string {
  const names = method.passed.map((parameter) => parameter.name);
  names.splice(method.idIndex, 0, method.id);
  return names.join(', ');
}

/** A call of the list for `status`: the passed parameters first, as the list declares them. */
function listCall(method: Method, status: string, receiver = ''): string {
  const args = [...method.passed.map((parameter) => parameter.name), status, String(LIST_LIMIT)];
  return `${receiver}${LIST_METHOD}(${args.join(', ')})`;
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function listLines(collection: string, method: Method): string[] {
  const list = method.envelope?.type ?? `List<${method.pet}>`;
  const answer = {
    pet: list,
    response: `Response<${list}>`,
    call: `Call<${list}>`,
    rx: `Observable<${list}>`,
  }[method.answer];
  return [
    `@GET("${collection}")`,
    `${method.suspend ? 'suspend ' : ''}fun ${LIST_METHOD}(${[...method.passed.map((parameter) => parameter.declared), '@Query("status") status: String', '@Query("limit") limit: Int'].join(', ')}): ${answer}`,
  ];
}

const STATUSES = PET_STATUSES.map((status) => `"${status}"`).join(', ');

function matches(method: Method, value: string): string {
  return `${value}.id.toString() == ${method.id}.toString()`;
}

function extensionLines(api: string, method: Method, nested: boolean): string[] {
  const signature = `${nested ? 'private ' : ''}${method.suspend ? 'suspend ' : ''}fun ${api}.${method.name}(${signatureParameters(method)})`;
  if (method.answer === 'rx')
    return [
      ...lookupDoc(
        method,
        `It answers as the removed call did: a ${method.rx} of the pet whose id equals ${method.id}`,
        "(compared as text: exact for Long ids), or retrofit2.HttpException with code 404 and the API's",
        'Error body when no list holds it; a list that fails fails it as the call did. The lists are',
        'asked one after another, up to the one that holds the pet. It is an extension function',
        'because Retrofit calls no body of a Kotlin interface: callers are unchanged.',
      ),
      `${signature}: ${method.rx}<${method.pet}> =`,
      `  Observable.fromIterable(listOf(${STATUSES}))`,
      `    .concatMap { status -> ${listCall(method, 'status')} }`,
      method.envelope
        ? `    .concatMapIterable { page -> ${pets(method, 'page')} }`
        : '    .concatMapIterable { pets -> pets }',
      `    .filter { ${matches(method, 'it')} }`,
      '    .take(1)',
      `    .switchIfEmpty(Observable.defer { Observable.error<${method.pet}>(HttpException(Response.error<${method.pet}>(404, ${BODY_HELPER}()))) })`,
      ...(RX_ENDS[method.rx!] ? [`    ${RX_ENDS[method.rx!]}`] : []),
    ];
  if (method.answer === 'pet')
    return [
      ...lookupDoc(
        method,
        `It answers as the removed call did: the pet whose id equals ${method.id} (compared as text:`,
        "exact for Long ids), or retrofit2.HttpException with code 404 and the API's Error body when",
        'no list holds it; a list that fails throws as the call did. It is an extension function',
        'because Retrofit calls no body of a Kotlin interface: callers are unchanged.',
      ),
      `${signature}: ${method.pet} {`,
      `  for (status in listOf(${STATUSES})) {`,
      `    ${pets(method, listCall(method, 'status'))}.firstOrNull { ${matches(method, 'it')} }?.let { return it }`,
      '  }',
      `  throw HttpException(Response.error<${method.pet}>(404, ${BODY_HELPER}()))`,
      '}',
    ];
  if (method.answer === 'response')
    return [
      ...lookupDoc(
        method,
        `It answers as the removed call did: a successful Response of the pet whose id equals ${method.id}`,
        '(compared as text: exact for Long ids), or an unsuccessful one with code 404 and the API’s',
        'Error body when no list holds it; a list that fails answers with its own Response. It is an',
        'extension function because Retrofit calls no body of a Kotlin interface: callers are unchanged.',
      ).map((line) => line.replace('’', "'")),
      `${signature}: Response<${method.pet}> {`,
      `  for (status in listOf(${STATUSES})) {`,
      `    val page = ${listCall(method, 'status')}`,
      '    if (!page.isSuccessful) return Response.error(page.errorBody()!!, page.raw())',
      `    val found = ${pets(method, 'page.body()', true)}?.firstOrNull { ${matches(method, 'it')} }`,
      '    if (found != null) return Response.success(found, page.raw())',
      '  }',
      `  return Response.error(404, ${BODY_HELPER}())`,
      '}',
    ];
  return callLines(api, method, signature);
}

/** A Call that lists each status in turn, synchronously or not, as the removed call's did. */
function callLines(api: string, method: Method, signature: string): string[] {
  const pet = method.pet;
  const page = `Response<List<${pet}>>`;
  return [
    ...lookupDoc(
      method,
      'It answers as the removed call did: execute() and enqueue() give a successful Response of the',
      `pet whose id equals ${method.id} (compared as text: exact for Long ids), or an unsuccessful one`,
      "with code 404 and the API's Error body when no list holds it; a list that fails answers with",
      'its own Response, or its failure. It is an extension function because Retrofit calls no body',
      'of a Kotlin interface: callers are unchanged.',
    ),
    `${signature}: Call<${pet}> {`,
    `  val api: ${api} = this`,
    `  return object : Call<${pet}> {`,
    `    private val statuses = listOf(${STATUSES})`,
    '    @Volatile',
    `    private var current: Call<List<${pet}>>? = null`,
    '    @Volatile',
    '    private var executed = false',
    '    @Volatile',
    '    private var canceled = false',
    '',
    `    override fun execute(): Response<${pet}> {`,
    '      executed = true',
    '      for (status in statuses) {',
    '        if (canceled) throw IOException("Canceled")',
    `        val list = ${listCall(method, 'status', 'api.')}`,
    '        current = list',
    '        val page = list.execute()',
    '        if (!page.isSuccessful) return Response.error(page.errorBody()!!, page.raw())',
    `        val found = ${pets(method, 'page.body()', true)}?.firstOrNull { ${matches(method, 'it')} }`,
    '        if (found != null) return Response.success(found, page.raw())',
    '      }',
    `      return Response.error(404, ${BODY_HELPER}())`,
    '    }',
    '',
    `    override fun enqueue(callback: Callback<${pet}>) {`,
    '      executed = true',
    '      next(0, callback)',
    '    }',
    '',
    `    private fun next(index: Int, callback: Callback<${pet}>) {`,
    '      val call = this',
    '      if (index == statuses.size) {',
    `        callback.onResponse(call, Response.error(404, ${BODY_HELPER}()))`,
    '        return',
    '      }',
    `      val list = ${listCall(method, 'statuses[index]', 'api.')}`,
    '      current = list',
    `      list.enqueue(object : Callback<List<${pet}>> {`,
    `        override fun onResponse(listCall: Call<List<${pet}>>, page: ${page}) {`,
    '          if (!page.isSuccessful) {',
    '            callback.onResponse(call, Response.error(page.errorBody()!!, page.raw()))',
    '            return',
    '          }',
    `          val found = ${pets(method, 'page.body()', true)}?.firstOrNull { ${matches(method, 'it')} }`,
    '          if (found != null) callback.onResponse(call, Response.success(found, page.raw()))',
    '          else next(index + 1, callback)',
    '        }',
    '',
    `        override fun onFailure(listCall: Call<List<${pet}>>, failure: Throwable) {`,
    '          callback.onFailure(call, failure)',
    '        }',
    '      })',
    '    }',
    '',
    '    override fun isExecuted(): Boolean = executed',
    '',
    '    override fun cancel() {',
    '      canceled = true',
    '      current?.cancel()',
    '    }',
    '',
    '    override fun isCanceled(): Boolean = canceled',
    '',
    `    override fun clone(): Call<${pet}> = api.${method.name}(${argumentNames(method)})`,
    '',
    `    override fun request(): Request = (current ?: ${listCall(method, 'statuses[0]', 'api.')}).request()`,
    '',
    '    // Retrofit 2.8 and later: the list requests each keep their own timeout.',
    '    override fun timeout(): Timeout = Timeout.NONE',
    '  }',
    '}',
  ];
}

function bodyHelperLines(): string[] {
  const json = JSON.stringify(notFoundBody()).replace(/\$/g, '${"$"}');
  return [
    '/**',
    ' * The API’s Error body for a pet that no list holds, as the removed call’s 404 carried it; made',
    " * without OkHttp's factories, whose Kotlin forms differ between OkHttp 3 and 4.",
    ' */',
    `private fun ${BODY_HELPER}(): ResponseBody {`,
    `  val error = Buffer().writeUtf8("""${json}""")`,
    '  return object : ResponseBody() {',
    '    override fun contentType(): MediaType? = null',
    '',
    '    override fun contentLength(): Long = -1L',
    '',
    '    override fun source(): BufferedSource = error',
    '  }',
    '}',
  ].map((line) => line.replace(/’/g, "'"));
}
