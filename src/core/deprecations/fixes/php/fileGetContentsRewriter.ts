/**
 * PHP's `file_get_contents($url)` (also with its include-path flag and a stream context, for the
 * key's header) → `getPetFromList($petsUrl, $id, …)` (`self::` in a class). The helper reads each
 * status's list with the same flag and context and answers as file_get_contents did: the pet's JSON
 * exactly as the API sent it; when no list holds it, false with a warning naming the 404 (an
 * E_USER_WARNING: PHP raises its own only for itself), which `@` silences as before; a list that
 * fails answers false with file_get_contents's own warning. Code that reads
 * `$http_response_header` (which file_get_contents sets in its caller's scope) is left for a
 * person.
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { requestOf } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { styled } from '../fileStyle';
import { phpHelperDoc, phpPlacement } from './phpCode';

const NAME = 'getPetFromList';

export const fileGetContentsRewriter: Rewriter = {
  library: 'file_get_contents',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!site.text.includes('file_get_contents')) return undefined;
    const request = requestOf(
      site,
      (call) =>
        /^@?\\?file_get_contents$/i.test(call.callee.text) &&
        call.urlArgument === 0 &&
        (call.args.length === 1 || call.args.length === 3),
    );
    if (!request) return undefined;
    const left = (manual: string): Rewrite => ({ manual, snippet: snippet(site) });
    if ('problem' in request) return left(request.problem);
    if (/\$http_response_header\b/.test(site.text))
      return left(
        'the file reads $http_response_header, which file_get_contents sets in its caller’s scope: the helper’s requests set it in its own',
      );
    if (
      request.call.args.some((arg) =>
        /^\.\.\.|^\w+\s*:[^:]/.test(site.text.slice(arg.start, arg.end)),
      )
    )
      return left('the request takes arguments the helper does not (spread or named)');
    const placement = phpPlacement(site);
    if ('problem' in placement) return left(placement.problem);
    return {
      description: `file_get_contents → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      // `@file_get_contents(…)`: the helper's warning is silenced the same way.
      edits: request.edits(
        `${request.call.callee.text.startsWith('@') ? '@' : ''}${placement.call}${NAME}`,
      ),
      helper: placement.helper(NAME, helperLines),
    };
  },
};

function snippet(site: RequestSite): string {
  return styled(
    [
      `// $json = ${NAME}($baseUrl . '/pets', $petId, false, $context); instead of file_get_contents($baseUrl . '/pets/' . $petId, false, $context):`,
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
      "Answers as file_get_contents did: the pet's JSON as the API sent it; when no list holds it,",
      'false with a warning naming the 404 (an E_USER_WARNING); a list that fails, false with',
      "file_get_contents's own warning.",
    ]),
    `${declaration}string $petsUrl, $petId, bool $useIncludePath = false, $context = null)`,
    '{',
    "  $listUrl = rtrim($petsUrl, '/');",
    `  foreach ([${statuses}] as $status) {`,
    `    $body = file_get_contents($listUrl . '?status=' . $status . '&limit=${LIST_LIMIT}', $useIncludePath, $context);`,
    '    if ($body === false) {',
    '      return false;',
    '    }',
    '    // Each pet as sent, its id as written: json_decode reads an id above 2^53 as a float.',
    '    $depth = 0;',
    '    $inString = false;',
    '    $start = 0;',
    '    for ($i = 0, $length = strlen($body); $i < $length; $i++) {',
    '      $char = $body[$i];',
    '      if ($inString) {',
    '        if ($char === chr(92)) {',
    '          $i++;',
    '        } elseif ($char === chr(34)) {',
    '          $inString = false;',
    '        }',
    '      } elseif ($char === chr(34)) {',
    '        $inString = true;',
    "      } elseif ($char === '{' || $char === '[') {",
    '        if ($depth++ === 1) {',
    '          $start = $i;',
    '        }',
    "      } elseif (($char === '}' || $char === ']') && --$depth === 1) {",
    '        $json = substr($body, $start, $i - $start + 1);',
    '        $pet = json_decode($json, true, 512, JSON_BIGINT_AS_STRING);',
    "        if (is_array($pet) && isset($pet['id']) && (string) $pet['id'] === (string) $petId) {",
    '          return $json;',
    '        }',
    '      }',
    '    }',
    '  }',
    "  trigger_error('file_get_contents(' . $listUrl . '/' . $petId . '): Failed to open stream: HTTP request failed! HTTP/1.1 404 Not Found', E_USER_WARNING);",
    '  return false;',
    '}',
  ];
}
