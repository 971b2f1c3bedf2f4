/**
 * A C# project's own typed HTTP helper: `_apiClient.GetAsync<PetDto>($"api/pets/{id}")`, where
 * the helper (`ApiClient.GetAsync<T>(string endpoint)`, found beside the file or above it) reads
 * the answer's JSON into `T` and answers `default` for a status that is not a success. The call
 * becomes `GetPetFromListsAsync<PetDto>(petsUrl => _apiClient.GetAsync<List<PetDto>>(petsUrl),
 * "api/pets", id, pet => pet.Id)`: the same helper lists each status, and the pet is taken by its
 * id, or `default` answers as the helper answered the 404. A helper whose answer to a 404 the
 * rewrite cannot read (it throws, or its definition is out of reach) is left for a person.
 */
import { tokenEnd } from '../../model/tokens';
import { styled } from '../fileStyle';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { RequestCall } from '../requestCall';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { urlExpression } from '../urlExpression';
import { projectTypeText } from './projectTypes';
import { doc, placedHelper } from './httpClientRewriter';

const HELPER = 'GetPetFromListsAsync';
const THROWING_HELPER = 'GetPetFromListsOrThrowAsync';
const USINGS = [
  'System',
  'System.Collections.Generic',
  'System.Globalization',
  'System.Threading.Tasks',
];

export const csharpProjectHelperRewriter: Rewriter = {
  library: 'project helper',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    const found = urlExpression(site);
    if ('problem' in found) return undefined;
    const request = requestOf(
      site,
      (call) => typedHelperCall(text, call) !== undefined,
      () => found,
    );
    if (!request || 'problem' in request || request.stored) return undefined;
    const { call } = request;
    const { receiver, method, type } = typedHelperCall(text, call)!;
    const left = (manual: string): Rewrite => ({ manual, snippet: snippet(site) });
    const receiverType = declaredTypeOf(text, receiver);
    if (!receiverType)
      return left(
        `the type of ${receiver}, whose ${method} sends the request, is not declared in the file`,
      );
    const helperClass = projectTypeText(site.path, text, receiverType);
    if (!helperClass)
      return left(
        `${receiverType}.${method}, the project's helper that sends the request, is not beside the file: what it answers for a 404 decides the rewrite`,
      );
    const answer = notFoundAnswer(helperClass, method);
    if (typeof answer !== 'string') return left(answer.problem);
    const name = answer === 'throws' ? THROWING_HELPER : HELPER;
    const id = idPropertyOf(site.path, text, type);
    if (typeof id !== 'string') return left(id.problem);
    const collection = request.parts.collection.replace(/^\$"([^{}"]*)"$/, '"$1"');
    const helper = placedHelper(site, call.callee.start, {
      name,
      lines: (member) => helperLines(member, `${receiverType}.${method}`, answer === 'throws'),
      definedIn: (source) => new RegExp(`\\s${name}<T>\\(`).test(source),
      usings: answer === 'throws' ? [...USINGS, 'System.Net', 'System.Net.Http'] : USINGS,
    });
    if ('problem' in helper) return left(helper.problem);
    return {
      description: `${receiverType}.${method}<${type}> → ${name}: the same helper lists GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        {
          start: call.callee.start,
          end: tokenEnd(site.tokens[call.close]!),
          newText: `${name}<${type}>(listUrl => ${receiver}.${method}<List<${type}>>(listUrl), ${collection}, ${request.parts.id}, listedPet => listedPet.${id})`,
        },
      ],
      helper,
    };
  },
};

/** `receiver.Method<Type>(url)`: one argument, one plain type argument, a field or local's method. */
function typedHelperCall(
  text: string,
  call: RequestCall,
): { receiver: string; method: string; type: string } | undefined {
  if (call.urlArgument !== 0 || call.args.length !== 1 || !call.typeArguments) return undefined;
  const match = /^(\w+)\.(\w+)$/.exec(call.callee.text);
  const type = /^<\s*([A-Z]\w*)\s*>$/.exec(
    text.slice(call.typeArguments.start, call.typeArguments.end),
  )?.[1];
  if (!match || !type || /^(this|base)$/.test(match[1]!)) return undefined;
  // HttpClient's own methods are HttpClient's rewrite.
  if (
    /^(GetFromJsonAsync|GetAsync|GetStringAsync)$/.test(match[2]!) &&
    /\bHttpClient\b/.test(declaredTypeOf(text, match[1]!) ?? '')
  )
    return undefined;
  return { receiver: match[1]!, method: match[2]!, type };
}

/** The type a field, property, parameter or local is declared with (`private readonly ApiClient _apiClient;`). */
function declaredTypeOf(text: string, name: string): string | undefined {
  const declared = new RegExp(
    `(?:^|[\\s(,<])([A-Z]\\w*)\\??\\s+${name}\\s*(?:[;=,)]|\\{\\s*get)`,
    'm',
  ).exec(text);
  return declared?.[1];
}

/**
 * What the helper's method answers for a 404: `default` when its body returns default (or null)
 * for a status that is not a success, or for an exception it catches, and throws nothing;
 * `throws` when it lets EnsureSuccessStatusCode's HttpRequestException out (called itself or by
 * GetFromJsonAsync) and catches and throws nothing else; else why that cannot be read.
 */
function notFoundAnswer(
  classText: string,
  method: string,
): { problem: string } | 'default' | 'throws' {
  // The URL first; any other parameter has a default (a CancellationToken).
  const signature = new RegExp(
    `\\bTask<\\s*T\\s*\\??\\s*>\\s+${method}\\s*<\\s*T\\s*>\\s*\\(\\s*string\\s+\\w+\\s*(?:,[^,)=]+=[^,)]+)*\\)[^{;]*\\{`,
  ).exec(classText);
  if (!signature)
    return {
      problem: `${method}<T>(string) returning a Task<T> is not declared where its class is: what it answers for a 404 decides the rewrite`,
    };
  const body = blockFrom(classText, signature.index + signature[0].length - 1);
  const reads =
    /\b(ReadFromJsonAsync|GetFromJsonAsync|Deserialize|DeserializeObject)\s*<\s*T\s*>/.test(body);
  if (!reads)
    return {
      problem: `${method} does not read the answer's JSON into T: the list could not be read through it`,
    };
  const throws = /\bthrow\b/.test(body);
  const catches = /\bcatch\b/.test(body);
  const ensures = /\.EnsureSuccessStatusCode\s*\(|\.GetFromJsonAsync\s*</.test(body);
  const returnsDefault = /\breturn\s+(default(\s*\(\s*T\s*\))?|null)\s*;/.test(body);
  if (ensures && !throws && !catches) return 'throws';
  const onFailure = /\bIsSuccessStatusCode\b/.test(body) || catches;
  if (!throws && returnsDefault && onFailure && !/\.EnsureSuccessStatusCode\s*\(/.test(body))
    return 'default';
  return {
    problem: `${method} answers a 404 otherwise than with default or EnsureSuccessStatusCode's exception (it throws its own, or its answer is not plain): call the snippet's lookup and answer as ${method} does`,
  };
}

/** The text of the block whose `{` is at `open`, braces in strings and comments ignored roughly. */
function blockFrom(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/**
 * The pet type's id property: `Id` as C# names it when the type's declaration is out of reach
 * (System.Text.Json reads the API's `id` into it); else the property the declaration gives.
 */
function idPropertyOf(path: string, text: string, type: string): string | { problem: string } {
  const declaration = projectTypeText(path, text, type);
  if (!declaration) return 'Id';
  const at = new RegExp(`\\b(class|record|struct|record\\s+struct)\\s+${type}\\b`).exec(
    declaration,
  );
  if (!at) return 'Id';
  if (/struct/.test(at[1]!))
    return { problem: `${type} is a struct: the lookup answers a class's default (null)` };
  const members = declaration.slice(at.index);
  const property =
    /\b(?:public\s+)?(?:required\s+)?[\w.<>?]+\s+(Id|ID|id)\s*\{/.exec(members)?.[1] ??
    new RegExp(`record\\s+${type}\\s*\\([^)]*\\b(Id|ID|id)\\s*[,)]`).exec(members)?.[1];
  return property ?? { problem: `${type} declares no Id property to find the pet by` };
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// await ${HELPER}<Pet>(listUrl => client.GetAsync<List<Pet>>(listUrl), "api/pets", petId, listedPet => listedPet.Id):`,
      ...helperLines(false, 'the project’s helper'),
    ],
    site.style,
  );
}

/**
 * The lookup, in one method: default (null) when no list holds the pet, or, for a helper that
 * lets EnsureSuccessStatusCode's exception out, that same exception. Each is whole on its own, so
 * a file with helpers of both kinds gets both, neither defined twice.
 */
function helperLines(member: boolean, helper: string, throwing = false): string[] {
  const modifiers = member ? 'private static' : 'static';
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  const answers = throwing
    ? [
        `It lists through ${helper}, as the pet was read, and answers as that helper answered a`,
        '404 when no list holds the pet: it throws the HttpRequestException that',
        "EnsureSuccessStatusCode throws for a 404. Ids are compared as written (the number's text),",
        'never through a double.',
      ]
    : [
        `It lists through ${helper}, as the pet was read, and answers default (null) when no`,
        'list holds the pet, as that helper answered a 404; a list it could not read counts as empty.',
        "Ids are compared as written (the number's text), never through a double.",
      ];
  return [
    '#nullable enable',
    ...doc(member, ...answers),
    throwing
      ? `${modifiers} async Task<T> ${THROWING_HELPER}<T>(Func<string, Task<List<T>?>> list, string petsUrl, object petId, Func<T, object?> idOf) where T : class`
      : `${modifiers} async Task<T?> ${HELPER}<T>(Func<string, Task<List<T>?>> list, string petsUrl, object petId, Func<T, object?> idOf) where T : class`,
    '{',
    '  var wanted = Convert.ToString(petId, CultureInfo.InvariantCulture);',
    '  // A collection kept with its slash ("api/v1/pets/"): the list is GET /pets, without it.',
    '  petsUrl = petsUrl.Contains("?") ? petsUrl : petsUrl.TrimEnd(\'/\');',
    '  var separator = petsUrl.Contains("?") ? "&" : "?";',
    `  foreach (var status in new[] { ${statuses} })`,
    '  {',
    `    var pets = await list(petsUrl + separator + "status=" + status + "&limit=${LIST_LIMIT}");`,
    '    foreach (var pet in pets ?? new List<T>())',
    '    {',
    '      if (Convert.ToString(idOf(pet), CultureInfo.InvariantCulture) == wanted)',
    '      {',
    '        return pet;',
    '      }',
    '    }',
    '  }',
    ...(throwing
      ? [
          '  new HttpResponseMessage(HttpStatusCode.NotFound).EnsureSuccessStatusCode();',
          '  throw new InvalidOperationException("EnsureSuccessStatusCode threw for the 404");',
        ]
      : ['  return default;']),
    '}',
    '#nullable restore',
  ];
}
