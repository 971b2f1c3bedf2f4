/**
 * C#'s HttpClient: `GetAsync(url)`, `GetFromJsonAsync<Pet>(url)` and `GetStringAsync(url)` become
 * `GetPetFromListAsync(http, petsUrl, id)`, `GetFromJsonPetFromListAsync<Pet>(http, petsUrl, id)`
 * and `GetStringPetFromListAsync(http, petsUrl, id)`: private static methods of the class around
 * the request (local functions in top-level statements). The first answers with an
 * HttpResponseMessage as before (200 with the pet, or 404 with the API's Error body); the others
 * call EnsureSuccessStatusCode on it as the framework's methods do, so a 404 throws the same
 * HttpRequestException (StatusCode NotFound). Ids are compared as JsonDocument reads them: the
 * number's text, never through a double.
 */
import { isFirstType, outermostType } from '../classMember';
import { NOT_FIRST } from '../java/javaCode';
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import type { Token } from '../../model/tokens';
import { previousSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Helper, Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlExpression } from '../urlExpression';
import { projectUsingsOf } from './projectUsings';

const CORE = 'GetPetFromListAsync';
const JSON_HELPER = 'GetFromJsonPetFromListAsync';
const STRING_HELPER = 'GetStringPetFromListAsync';
const METHODS: Record<string, string> = {
  GetAsync: CORE,
  GetFromJsonAsync: JSON_HELPER,
  GetStringAsync: STRING_HELPER,
};

export const csharpHttpClientRewriter: Rewriter = {
  library: 'HttpClient',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    if (!/\bHttpClient\b/.test(text)) return undefined;
    const snippet = () =>
      styled(
        [
          `// await ${CORE}(httpClient, $"{baseUrl}/pets", petId) instead of GetAsync (GetFromJsonAsync, GetStringAsync: see below):`,
          ...helperLines(true, true, false),
        ],
        site.style,
      );
    const found = urlExpression(site);
    if ('problem' in found) return { manual: found.problem, snippet: snippet() };
    const request = requestOf(
      site,
      (call) => methodOf(text, call) !== undefined,
      () => found,
    );
    if (!request) {
      const message = requestOf(site, isRequestMessage, () => found);
      return message
        ? {
            manual:
              'a request message sent with SendAsync: send it as GetAsync does with the snippet’s helper, its headers set on the HttpClient (DefaultRequestHeaders)',
            snippet: snippet(),
          }
        : undefined;
    }
    if ('problem' in request) return { manual: request.problem, snippet: snippet() };
    const { call } = request;
    const method = methodOf(text, call)!;
    const helperName = METHODS[method]!;
    const receiver = text.slice(call.callee.start, call.callee.end).replace(/\s*\.\s*\w+$/, '');
    const extra = extraArguments(text, call, method);
    if ('problem' in extra) return { manual: extra.problem, snippet: snippet() };
    const typeArguments = call.typeArguments
      ? text.slice(call.typeArguments.start, call.typeArguments.end)
      : '';
    if (method === 'GetFromJsonAsync' && !typeArguments)
      return { manual: 'GetFromJsonAsync without its type argument', snippet: snippet() };
    const url = call.args[call.urlArgument]!;
    const last = call.args[call.args.length - 1]!;
    const edits: TextEdit[] = [
      {
        start: call.callee.start,
        end: call.typeArguments?.end ?? call.callee.end,
        newText: helperName + typeArguments,
      },
    ];
    // `$"pets"` without a hole left is a plain string.
    const collection = request.parts.collection.replace(/^\$"([^{}"]*)"$/, '"$1"');
    const name = request.stored?.name ?? collection;
    if (request.stored)
      edits.push({ start: request.url.start, end: request.url.end, newText: collection });
    edits.push({
      start: url.start,
      end: last.end,
      newText: [receiver, name, request.parts.id, ...extra.named].join(', '),
    });
    const helper = csharpHelper(site, call.callee.start);
    if ('problem' in helper) return { manual: helper.problem, snippet: snippet() };
    return {
      description: `${method} → ${helperName}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper,
    };
  },
};

/** GetAsync, GetFromJsonAsync or GetStringAsync of an HttpClient the file shows, or undefined. */
function methodOf(text: string, call: RequestCall): string | undefined {
  if (call.urlArgument !== 0) return undefined;
  const match = /^(.+)\.(GetAsync|GetFromJsonAsync|GetStringAsync)$/.exec(call.callee.text);
  if (!match) return undefined;
  const name = match[1]!.slice(match[1]!.lastIndexOf('.') + 1);
  return /^\w+$/.test(name) && isHttpClient(text, name) ? match[2] : undefined;
}

/** Whether the file declares `name` an HttpClient: its type, `new HttpClient`, a factory's client. */
function isHttpClient(text: string, name: string, depth = 0): boolean {
  if (new RegExp(`\\bHttpClient\\??\\s+${name}\\b`).test(text)) return true;
  if (new RegExp(`\\b${name}\\s*=\\s*(new\\s+HttpClient\\b|[\\w.]*CreateClient\\s*\\()`).test(text))
    return true;
  // `_http = http;` where the parameter is an HttpClient.
  const assigned = new RegExp(`\\b${name}\\s*=\\s*(\\w+)\\s*;`).exec(text)?.[1];
  return depth === 0 && !!assigned && assigned !== name && isHttpClient(text, assigned, 1);
}

function isRequestMessage(call: RequestCall): boolean {
  return (
    call.callee.text === 'HttpRequestMessage' || call.callee.text.endsWith('.HttpRequestMessage')
  );
}

/** The arguments after the URL, named for the helper: a cancellation token, JSON options. */
function extraArguments(
  text: string,
  call: RequestCall,
  method: string,
): { named: string[] } | { problem: string } {
  const named: string[] = [];
  for (const argument of call.args.slice(1)) {
    const source = text.slice(argument.start, argument.end);
    const plain = source.replace(/^\w+\s*:\s*/, '');
    if (
      /^(cancellationToken|ct)\s*:/.test(source) ||
      /(token|^ct$|^cancellation|CancellationToken\.None|^default$)/i.test(plain)
    )
      named.push(`cancellationToken: ${plain}`);
    else if (method === 'GetFromJsonAsync' && /options/i.test(source))
      named.push(`options: ${plain}`);
    else return { problem: `the argument ${source} is not one the helper takes` };
  }
  return { named };
}

function csharpHelper(site: RequestSite, at: number): Helper | { problem: string } {
  const { text } = site;
  const json = /\.GetFromJsonAsync\s*</.test(text);
  const string = /\.GetStringAsync\s*\(/.test(text);
  const needed = json ? [...USINGS, 'System.Net.Http.Json'] : USINGS;
  const names = [CORE, ...(json ? [JSON_HELPER] : []), ...(string ? [STRING_HELPER] : [])];
  return placedHelper(site, at, {
    name: CORE,
    lines: (member) => helperLines(json, string, member),
    definedIn: (source) =>
      names.every((name) => new RegExp(`\\s${name}(<T>)?\\(HttpClient`).test(source)),
    usings: needed,
  });
}

/**
 * A helper of the class around the request (a private static method, before its first member),
 * or a local function of top-level statements (before the first type the file declares), with the
 * usings it needs that the file and its project lack.
 */
export function placedHelper(
  site: RequestSite,
  at: number,
  helper: {
    name: string;
    lines: (member: boolean) => string[];
    definedIn: (text: string) => boolean;
    usings: readonly string[];
  },
): Helper | { problem: string } {
  const { text, tokens, style } = site;
  const type = outermostType(text, tokens, tokenIndexAt(tokens, at));
  const usings = usingEdits(text, style.eol, helper.usings, projectUsingsOf(site.path));
  const { name, definedIn } = helper;
  if (type) {
    if (!isFirstType(tokens, type)) return { problem: NOT_FIRST };
    if (type.keyword === 'interface') return { problem: 'the request is in an interface' };
    return {
      name,
      code: styled(helper.lines(true), style, { base: type.indent + style.indent }),
      definedIn,
      insertAt: type.insertAt,
      imports: () => usings,
    };
  }
  // Top-level statements: local functions, before the first type the file declares.
  let insertAt = firstTopLevelType(text, tokens);
  // After a blank line before the type, the helper takes its place (blank lines around it).
  const blankBefore = insertAt !== undefined && /(^|\n)[ \t]*\r?\n$/.test(text.slice(0, insertAt));
  if (insertAt !== undefined && blankBefore) insertAt = text.lastIndexOf('\n', insertAt - 2) + 1;
  return {
    name,
    code:
      styled(helper.lines(false), style) + (insertAt === undefined || blankBefore ? '' : style.eol),
    definedIn,
    insertAt,
    imports: () => usings,
  };
}

/** Where the first type declared at the top level starts (its line), or the end of the text. */
function firstTopLevelType(text: string, tokens: readonly Token[]): number | undefined {
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '{') depth++;
    else if (token.text === '}') depth--;
    else if (
      depth === 0 &&
      token.kind === 'ident' &&
      /^(class|record|struct|interface|enum)$/.test(token.text) &&
      !/^[.:,]$/.test(tokens[previousSignificant(tokens, i - 1)]?.text ?? '')
    ) {
      let start = i;
      while (start > 0 && tokens[start - 1]!.kind !== 'newline') start--;
      const lineStart = text.lastIndexOf('\n', tokens[start]!.start - 1) + 1;
      // Before the type's doc comment or attributes too.
      let at = lineStart;
      for (;;) {
        const previousEnd = at - 1;
        const previousStart = text.lastIndexOf('\n', previousEnd - 1) + 1;
        const line = text.slice(previousStart, previousEnd).trim();
        if (previousEnd <= 0 || !/^(\/\/\/|\[)/.test(line)) break;
        at = previousStart;
      }
      return at;
    }
  }
  return undefined;
}

/** The namespaces of the types the helper names (Convert, CultureInfo, HttpStatusCode, ...). */
const USINGS = [
  'System',
  'System.Globalization',
  'System.Net',
  'System.Net.Http',
  'System.Text',
  'System.Text.Json',
  'System.Threading',
  'System.Threading.Tasks',
];

/**
 * `using X;` lines for what the helper needs and neither the file (anywhere: before or after a
 * file-scoped namespace, inside a block namespace, `global using`) nor its project (implicit
 * usings) imports, where they sort (System first) among the file's first usings.
 */
export function usingEdits(
  text: string,
  eol: string,
  needed: readonly string[],
  projectUsings: ReadonlySet<string>,
): TextEdit[] {
  const present = new Set<string>();
  const lines: { name: string; start: number; next: number }[] = [];
  let group: 'before' | 'in' | 'after' = 'before';
  let offset = 0;
  for (const line of text.split('\n')) {
    const match = /^\s*(global\s+)?using\s+([\w.]+)\s*;\s*$/.exec(line.replace(/\r$/, ''));
    if (match) {
      present.add(match[2]!);
      // The new ones go among the first run of usings (blank lines and comments may part it).
      if (group !== 'after') {
        lines.push({ name: match[2]!, start: offset, next: offset + line.length + 1 });
        group = 'in';
      }
    } else if (group === 'in' && !/^\s*(\/\/.*)?\r?$/.test(line)) group = 'after';
    offset += line.length + 1;
  }
  const key = (name: string) => (/^System(\.|$)/.test(name) ? `0${name}` : `1${name}`);
  const missing = needed.filter((name) => !present.has(name) && !projectUsings.has(name));
  if (missing.length === 0) return [];
  // Usings inside a block namespace are indented as its members.
  const indent = lines.length ? /^[ \t]*/.exec(text.slice(lines[0]!.start))![0] : '';
  const statement = (name: string) => `${indent}using ${name};${eol}`;
  if (lines.length === 0)
    return [{ start: 0, end: 0, newText: missing.map(statement).join('') + eol }];
  const sorted = lines.every((line, i) => i === 0 || key(lines[i - 1]!.name) <= key(line.name));
  const edits = new Map<number, string>();
  for (const name of missing.sort((a, b) => (key(a) < key(b) ? -1 : 1))) {
    let at = lines[lines.length - 1]!.next;
    if (sorted) {
      const before = lines.filter((line) => key(line.name) < key(name)).pop();
      at = before ? before.next : lines[0]!.start;
    }
    edits.set(at, (edits.get(at) ?? '') + statement(name));
  }
  return [...edits].map(([at, newText]) => ({ start: at, end: at, newText }));
}

export function doc(member: boolean, ...answers: string[]): string[] {
  const lines = helperDocLines(answers);
  return member
    ? [
        '/// <summary>',
        ...lines.map((line) => `/// ${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}`),
        '/// </summary>',
      ]
    : lines.map((line) => `// ${line}`);
}

function helperLines(json: boolean, string: boolean, member: boolean): string[] {
  const modifiers = member ? 'private static' : 'static';
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  const error = JSON.stringify(JSON.stringify(notFoundBody()));
  return [
    '#nullable enable',
    ...doc(
      member,
      'It answers as that request did: an HttpResponseMessage with the pet (200), or 404 with the',
      "API's Error body when no list holds it; a failing list (401, 5xx) as it came. Ids are",
      "compared as written (the number's text), never through a double.",
    ),
    `${modifiers} async Task<HttpResponseMessage> ${CORE}(HttpClient http, string petsUrl, object petId, CancellationToken cancellationToken = default)`,
    '{',
    '  var wanted = Convert.ToString(petId, CultureInfo.InvariantCulture);',
    '  // A collection kept with its slash ("api/v1/pets/"): the list is GET /pets, without it.',
    '  petsUrl = petsUrl.Contains("?") ? petsUrl : petsUrl.TrimEnd(\'/\');',
    '  var separator = petsUrl.Contains("?") ? "&" : "?";',
    '  var last = default(HttpResponseMessage);',
    `  foreach (var status in new[] { ${statuses} })`,
    '  {',
    `    var response = await http.GetAsync(petsUrl + separator + "status=" + status + "&limit=${LIST_LIMIT}", cancellationToken);`,
    '    if (response.StatusCode != HttpStatusCode.OK)',
    '    {',
    '      return response;',
    '    }',
    '    var text = await response.Content.ReadAsStringAsync();',
    '    using (var pets = JsonDocument.Parse(text))',
    '    {',
    '      foreach (var pet in pets.RootElement.EnumerateArray())',
    '      {',
    '        if (pet.TryGetProperty("id", out var id) && (id.ValueKind == JsonValueKind.String ? id.GetString() : id.GetRawText()) == wanted)',
    '        {',
    '          response.Content = new StringContent(pet.GetRawText(), Encoding.UTF8, "application/json");',
    '          return response;',
    '        }',
    '      }',
    '    }',
    '    last = response;',
    '  }',
    '  return new HttpResponseMessage(HttpStatusCode.NotFound)',
    '  {',
    `    Content = new StringContent(${error}, Encoding.UTF8, "application/json"),`,
    '    RequestMessage = last?.RequestMessage,',
    '  };',
    '}',
    ...(json
      ? [
          '',
          ...doc(
            member,
            `It answers as GetFromJsonAsync did: the pet, or the HttpRequestException (StatusCode NotFound)`,
            `that EnsureSuccessStatusCode throws for a 404 when no list holds it; see ${CORE}.`,
          ),
          `${modifiers} async Task<T?> ${JSON_HELPER}<T>(HttpClient http, string petsUrl, object petId, JsonSerializerOptions? options = null, CancellationToken cancellationToken = default)`,
          '{',
          `  var response = await ${CORE}(http, petsUrl, petId, cancellationToken);`,
          '  response.EnsureSuccessStatusCode();',
          '  return await response.Content.ReadFromJsonAsync<T>(options, cancellationToken);',
          '}',
        ]
      : []),
    ...(string
      ? [
          '',
          ...doc(
            member,
            "It answers as GetStringAsync did: the pet's JSON, or the HttpRequestException (StatusCode",
            'NotFound) that EnsureSuccessStatusCode throws for a 404 when no list holds it; see',
            `${CORE}.`,
          ),
          `${modifiers} async Task<string> ${STRING_HELPER}(HttpClient http, string petsUrl, object petId, CancellationToken cancellationToken = default)`,
          '{',
          `  var response = await ${CORE}(http, petsUrl, petId, cancellationToken);`,
          '  response.EnsureSuccessStatusCode();',
          '  return await response.Content.ReadAsStringAsync();',
          '}',
        ]
      : []),
    '#nullable restore',
  ];
}
