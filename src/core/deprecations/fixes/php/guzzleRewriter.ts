/**
 * Guzzle: `$client->get($url, $options)` and `$client->request('GET', $url, $options)` →
 * `self::getPetFromList($client, $petsUrl, $id, $options)` (or the function of that name outside
 * a class). The helper lists each status through the same client and options and answers as
 * Guzzle answered the old request: a Response with the pet (200); for no pet, a ClientException
 * made by Guzzle's own `RequestException::create` over a 404 Response (its request resolved
 * against the client's base_uri, as Guzzle names it), or that 404 Response when `http_errors` is
 * off in the options or the client's configuration. A list request that fails answers as Guzzle
 * does (the exception it throws, or its Response with `http_errors` off).
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { styled } from '../fileStyle';
import { requestOf } from '../requestOf';
import type { RequestCall } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { phpHelperDoc, phpPlacement } from './phpCode';
import { callAroundCall, callReceiver, callStart, isGuzzleClient, keptUrlProblem } from './phpCall';

const NAME = 'getPetFromList';

/** `$client->get(` and `->request('GET',`; the async ones return promises: left for a person. */
const ASYNC = /->(getAsync|requestAsync)$/;

export const guzzleRewriter: Rewriter = {
  library: 'Guzzle',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/GuzzleHttp/.test(site.text)) return undefined;
    let shape: 'get' | 'request' | 'async' | undefined;
    const request = requestOf(site, (call) => {
      shape = shapeOf(site.text, call);
      return shape !== undefined;
    });
    if (!request) {
      const nested = callAroundCall(site);
      if (nested && shapeOf(site.text, nested.outer))
        return {
          manual: `the URL is built by ${nested.inner.callee.text}(…): write it as one string for the rewrite, or call the helper by hand`,
          snippet: snippet(site),
        };
      const kept = keptUrlProblem(site);
      return kept ? { manual: kept, snippet: snippet(site) } : undefined;
    }
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site) };
    if (shape === 'async')
      return {
        manual:
          'getAsync/requestAsync return a promise: call the helper where the promise is resolved, or wrap it in a task (GuzzleHttp\\Promise\\Utils::task)',
        snippet: snippet(site),
      };
    const { call } = request;
    const rest = call.args.slice(call.urlArgument + 1);
    if (
      rest.length > 1 ||
      rest.some((arg) => /^\.\.\.|^\w+\s*:[^:]/.test(site.text.slice(arg.start, arg.end)))
    )
      return {
        manual: 'the request takes arguments the helper does not (spread or named)',
        snippet: snippet(site),
      };
    const receiver = callReceiver(site, call);
    if (!receiver || !isGuzzleClient(site.text, receiver)) return undefined;
    const placement = phpPlacement(site);
    if ('problem' in placement) return { manual: placement.problem, snippet: snippet(site) };
    const callee = `${placement.call}${NAME}`;
    const edits = request.edits(callee, [receiver]);
    const calleeEdit = edits.find((edit) => edit.start === call.callee.start)!;
    calleeEdit.start = callStart(site, call);
    // `->request('GET', $url, …)`: the method argument goes with the callee.
    if (shape === 'request') {
      calleeEdit.end = call.args[call.urlArgument]!.start;
      calleeEdit.newText = `${callee}(`;
    }
    return {
      description: `Guzzle ${shape === 'request' ? "request('GET')" : 'get'} → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper: placement.helper(NAME, helperLines),
    };
  },
};

function shapeOf(text: string, call: RequestCall): 'get' | 'request' | 'async' | undefined {
  const callee = call.callee.text;
  if (!callee.includes('->') || /^\\?(Illuminate\\Support\\Facades\\)?Http\b/.test(callee))
    return undefined;
  if (callee.endsWith('->get') && call.urlArgument === 0) return 'get';
  if (ASYNC.test(callee)) return 'async';
  if (callee.endsWith('->request') && call.urlArgument === 1) {
    const method = text.slice(call.args[0]!.start, call.args[0]!.end);
    return /^(['"])get\1$/i.test(method) ? 'request' : undefined;
  }
  return undefined;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      '// $response = getPetFromList($client, $petsUrl, $petId, $options);',
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
      'Answers as Guzzle answered that request: a Response with the pet (200); when no list holds',
      'it, the ClientException of a 404 (or the 404 Response with http_errors off).',
    ]),
    `${declaration}\\GuzzleHttp\\ClientInterface $client, string $petsUrl, $petId, array $options = []): \\Psr\\Http\\Message\\ResponseInterface`,
    '{',
    `  foreach ([${statuses}] as $status) {`,
    `    $response = $client->request('GET', $petsUrl, ['query' => ['status' => $status, 'limit' => ${LIST_LIMIT}]] + $options);`,
    '    if ($response->getStatusCode() >= 400) {',
    '      // Only with http_errors off: Guzzle has thrown otherwise, as for the old request.',
    '      return $response;',
    '    }',
    '    // Ids compared as decimal text: json_decode keeps an int64 exact on 64-bit PHP, and a',
    '    // larger one stays text (JSON_BIGINT_AS_STRING) instead of becoming a float.',
    '    foreach (json_decode((string) $response->getBody(), true, 512, JSON_BIGINT_AS_STRING) as $pet) {',
    "      if ((string) $pet['id'] === (string) $petId) {",
    "        return new \\GuzzleHttp\\Psr7\\Response(200, ['Content-Type' => 'application/json'], json_encode($pet));",
    '      }',
    '    }',
    '  }',
    "  $notFound = new \\GuzzleHttp\\Psr7\\Response(404, ['Content-Type' => 'application/json'], json_encode([",
    "    'code' => 'not_found',",
    `    'message' => "no pet {$petId} in the first ${LIST_LIMIT} pets of any status",`,
    "    'status' => 404,",
    '  ]));',
    "  if (!($options['http_errors'] ?? $client->getConfig('http_errors') ?? true)) {",
    '    return $notFound;',
    '  }',
    '  $uri = \\GuzzleHttp\\Psr7\\UriResolver::resolve(',
    "    \\GuzzleHttp\\Psr7\\Utils::uriFor($client->getConfig('base_uri') ?? ''),",
    '    \\GuzzleHttp\\Psr7\\Utils::uriFor("{$petsUrl}/{$petId}")',
    '  );',
    "  throw \\GuzzleHttp\\Exception\\RequestException::create(new \\GuzzleHttp\\Psr7\\Request('GET', $uri), $notFound);",
    '}',
  ];
}
