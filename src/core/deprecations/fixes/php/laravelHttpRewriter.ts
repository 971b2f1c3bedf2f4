/**
 * Laravel's Http client: `Http::get($url)`, `Http::withToken($t)->acceptJson()->get($url)` →
 * `self::fetchPetFromList($petsUrl, $id, Http::withToken($t)->acceptJson())` (or the function of
 * that name outside a class). The pending request, with its token, headers, base URL and options,
 * sends each list; the helper answers with an Illuminate Response as the old request's: the pet
 * (200), the 404 with the API's Error body when no list holds it, or the failed list's own Response
 * (401, 5xx), so `->failed()`, `->status()`, `->json()` and `->throw()` in the caller work as
 * before. A chain with a bare `->throw()` throws for the 404 too: the rewritten call ends with
 * `->throw()`.
 */
import { tokenEnd } from '../../model/tokens';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { styled } from '../fileStyle';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { callReceiver, keptUrlProblem } from './phpCall';
import { phpHelperDoc, phpPlacement } from './phpCode';

const NAME = 'fetchPetFromList';
const FACADE = /^\\?(Illuminate\\Support\\Facades\\)?Http(::|->)/;

export const laravelHttpRewriter: Rewriter = {
  library: 'Laravel Http',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    // `Http` is the facade when the file imports it, names it from the root, or has no namespace.
    // `\Http::…`: the lexer leaves the root's backslash before the chain.
    const rooted = (start: number) => text[start - 1] === '\\';
    const facade = (callee: string, start: number) =>
      FACADE.test(callee) &&
      (rooted(start) ||
        callee.startsWith('\\') ||
        text.includes('Illuminate\\Support\\Facades\\Http') ||
        !/^\s*namespace\s/m.test(text));
    const request = requestOf(
      site,
      (call) =>
        facade(call.callee.text, call.callee.start) &&
        /(::|->)get$/.test(call.callee.text) &&
        call.urlArgument === 0,
    );
    if (!request) {
      // A URL kept in a name the rewrite could not follow, in a file that sends with the facade.
      const kept =
        /\bHttp::/.test(text) && !/GuzzleHttp/.test(text) ? keptUrlProblem(site) : undefined;
      return kept ? { manual: kept, snippet: snippet(site) } : undefined;
    }
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    const { call } = request;
    if (call.args.length > 1)
      return {
        manual: 'the request sends a query of its own: merge it into the list requests by hand',
        snippet: snippet(site),
      };
    const chain = call.callee.text;
    if (/(::|->)(async|pool|throwIf|throwUnless)\(/.test(chain) || /(::|->)throw\([^)]/.test(chain))
      return {
        manual:
          'the request is async or throws through a callback or condition: call the helper and handle its Response the same way',
        snippet: snippet(site),
      };
    const called = callReceiver(site, call);
    if (called === undefined) return undefined;
    const receiver = rooted(call.callee.start) ? `\\${called}` : called;
    const placement = phpPlacement(site);
    if ('problem' in placement) return { manual: placement.problem, snippet: snippet(site) };
    const edits = request.edits(`${placement.call}${NAME}`);
    // The root's backslash goes with the facade into the helper's argument.
    if (rooted(call.callee.start))
      edits.find((edit) => edit.start === call.callee.start)!.start = call.callee.start - 1;
    // The pending request (anything before `->get`) goes last: the helper sends the lists with it.
    // A chain written over lines (`Http::withToken($t)\n    ->acceptJson()`) goes on one line.
    const pending = /^\\?(Illuminate\\Support\\Facades\\)?Http$/.test(receiver)
      ? undefined
      : receiver.replace(/\s*\n\s*(?=->)/g, '');
    if (pending) edits[edits.length - 1]!.newText += `, ${pending}`;
    if (/(::|->)throw\(\)/.test(chain)) {
      const after = tokenEnd(site.tokens[call.close]!);
      edits.push({ start: after, end: after, newText: '->throw()' });
    }
    return {
      description: `Laravel Http get → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper: placement.helper(NAME, helperLines),
    };
  },
};

function snippet(site: RequestSite): string {
  return styled(
    [
      '// $response = fetchPetFromList($petsUrl, $petId, Http::withToken($token));',
      ...helperLines(`function ${NAME}(`),
    ],
    site.style,
    { swapQuotes: true },
  );
}

function helperLines(declaration: string): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  return [
    ...phpHelperDoc([
      'Answers as Http answered that request: a Response with the pet (200), the failed list',
      "request's Response, or a 404 Response with the API Error body when no list holds it.",
    ]),
    `${declaration}string $petsUrl, $petId, ?\\Illuminate\\Http\\Client\\PendingRequest $request = null): \\Illuminate\\Http\\Client\\Response`,
    '{',
    '  $request = $request ?? \\Illuminate\\Support\\Facades\\Http::withOptions([]);',
    `  foreach ([${statuses}] as $status) {`,
    `    $response = $request->get($petsUrl, ['status' => $status, 'limit' => ${LIST_LIMIT}]);`,
    '    if (!$response->successful()) {',
    '      return $response;',
    '    }',
    '    // Ids compared as decimal text: json_decode keeps an int64 exact on 64-bit PHP, and a',
    '    // larger one stays text (JSON_BIGINT_AS_STRING) instead of becoming a float.',
    '    foreach (json_decode($response->body(), true, 512, JSON_BIGINT_AS_STRING) as $pet) {',
    "      if ((string) $pet['id'] === (string) $petId) {",
    "        return new \\Illuminate\\Http\\Client\\Response(new \\GuzzleHttp\\Psr7\\Response(200, ['Content-Type' => 'application/json'], json_encode($pet)));",
    '      }',
    '    }',
    '  }',
    "  return new \\Illuminate\\Http\\Client\\Response(new \\GuzzleHttp\\Psr7\\Response(404, ['Content-Type' => 'application/json'], json_encode([",
    "    'code' => 'not_found',",
    `    'message' => "no pet {$petId} in the first ${LIST_LIMIT} pets of any status",`,
    "    'status' => 404,",
    '  ])));',
    '}',
  ];
}
