/**
 * Shell scripts: `curl [options] "$BASE/pets/$ID"` → `curl_pet_from_list "$BASE/pets" "$ID"
 * [options]`, the URL also when kept in a variable first (`URL="$BASE/pets/$ID"; curl "$URL"`).
 * The helper, a shell function defined after the script's header (before any use), runs curl with
 * the same options once per status and prints what curl printed for the old request: the pet's
 * JSON; or, when no list holds it, the API's Error body — and with -f/--fail exit status 22 and
 * curl's message, as curl does on a 404; a list that fails (401, 5xx) is answered as curl answered
 * it (its body, or exit 22 with -f). Options that change what is sent or printed are left to a
 * person (curlCommand.ts).
 */
import { basename } from 'node:path';
import { tokenEnd, type Token } from '../../model/tokens';
import { tokenIndexAt } from '../../model/tokenWalk';
import { styled, type FileStyle } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import type { Helper, Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { curlCommandAround, refusedOptions } from './curlCommand';

const NAME = 'curl_pet_from_list';

export const curlRewriter: Rewriter = {
  library: 'curl',
  rewrite(site: RequestSite): Rewrite | undefined {
    const request = curlRequestOf(site);
    if (!request) return undefined;
    if ('problem' in request) return { manual: request.problem, snippet: snippet(site.style) };
    return {
      description: `curl → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: request.edits,
      helper: helperOf(site),
    };
  },
};

/** Makefiles and Dockerfiles run shell lines, but a function must live in a script. */
const RECIPE_FILES =
  /^(GNUmakefile|[Mm]akefile|.*\.mk|Dockerfile(\..*)?|Containerfile|.*\.dockerfile)$/;

function curlRequestOf(site: RequestSite): { edits: TextEdit[] } | { problem: string } | undefined {
  const { text, tokens } = site;
  const at = tokenIndexAt(tokens, site.url.start);
  const word = tokens[at];
  if (
    !word ||
    word.kind !== 'string' ||
    word.start !== site.url.start ||
    tokenEnd(word) !== site.url.end
  )
    return undefined;
  const assignment = /^([A-Za-z_]\w*)=/.exec(word.text);
  let sent = at;
  let valueStart = word.start;
  if (assignment) {
    valueStart = word.start + assignment[0].length;
    const use = storedUse(tokens, at, assignment[1]!);
    if (typeof use === 'string') return curlCommandUses(tokens, at) ? { problem: use } : undefined;
    sent = use;
  }
  const command = curlCommandAround(tokens, sent);
  if (!command) return undefined;
  if ('problem' in command) return command;
  if (RECIPE_FILES.test(basename(site.path)))
    return {
      problem:
        'a makefile recipe or a Dockerfile RUN line: put the request in a script with the helper and run that',
    };
  const split = splitWord(text.slice(valueStart, tokenEnd(word)));
  if ('problem' in split) return split;
  if (assignment) {
    const changed = idChanged(tokens, at, sent, split.idNames);
    if (changed) return { problem: changed };
  }
  const refused = refusedOptions(tokens, command, sent);
  if (refused) return { problem: refused };
  const curl = tokens[command.curl]!;
  const used = tokens[sent]!;
  const handed = assignment ? used.text : split.collection;
  return {
    edits: [
      { start: curl.start, end: tokenEnd(curl), newText: `${NAME} ${handed} ${split.id}` },
      ...(assignment
        ? [{ start: valueStart, end: tokenEnd(word), newText: split.collection }]
        : []),
      removal(text, used),
    ],
  };
}

/** Whether a later curl command sends the name assigned at `at` (so the problem is ours to say). */
function curlCommandUses(tokens: readonly Token[], at: number): boolean {
  const name = /^([A-Za-z_]\w*)=/.exec(tokens[at]!.text)![1]!;
  for (let i = at + 1; i < tokens.length; i++)
    if (usesName(tokens[i]!, name)) {
      const command = curlCommandAround(tokens, i);
      if (command) return true;
    }
  return false;
}

function usesName(token: Token, name: string): boolean {
  return new RegExp(`^"?\\$(\\{${name}\\}|${name})"?$`).test(token.text);
}

/** The one later word that is the variable `name` alone, or why there is not one clear use. */
function storedUse(tokens: readonly Token[], at: number, name: string): number | string {
  let use = -1;
  for (let i = at + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'string') continue;
    if (token.text.startsWith(`${name}=`)) {
      // Assigned again: a use after it is another URL's.
      if (use < 0) return 'the URL’s variable is assigned again before it is sent';
      break;
    }
    if (new RegExp(`\\$(\\{${name}[}:#%/]|${name}(?![\\w]))`).test(token.text)) {
      if (use >= 0 || !usesName(token, name))
        return 'the URL’s variable is used again: the helper would need the whole URL there';
      use = i;
    }
  }
  return use < 0 ? 'the URL’s variable is not sent by curl' : use;
}

/** Why the id may differ between the assignment and the use (reassigned, a loop's, a function's). */
function idChanged(
  tokens: readonly Token[],
  from: number,
  to: number,
  idNames: readonly string[],
): string | undefined {
  for (let i = from + 1; i < to; i++) {
    const token = tokens[i]!;
    if (token.text === '(' && tokens[i + 1]?.text === ')')
      return 'the URL is kept in a variable outside the function that sends it';
    for (const name of idNames) {
      if (token.text === name || token.text.startsWith(`${name}=`))
        return `the id ${name} may change between the URL’s assignment and its use`;
      if (/^\d$/.test(name) && (token.text === 'shift' || token.text === 'set'))
        return `the id $${name} may change between the URL’s assignment and its use`;
    }
  }
  return undefined;
}

interface WordSplit {
  collection: string;
  /** The id as a word: `"$ID"`, `"${ID}"`, `42`. */
  id: string;
  idNames: string[];
}

/** `"$BASE/pets/$ID"` → `"$BASE/pets"` and `"$ID"`; single-quoted and bare words alike. */
function splitWord(word: string): WordSplit | { problem: string } {
  let quote = '';
  let body = word;
  if (/^"[^"]*"$/.test(word) || /^'[^']*'$/.test(word)) {
    quote = word[0]!;
    body = word.slice(1, -1);
  } else if (/["']/.test(word)) return { problem: 'the URL is quoted in parts' };
  const pets = Math.max(body.lastIndexOf('pets/'), body.lastIndexOf('Pets/'));
  // `"${API}${URL_PATH}/${ID}"`: the finder read the collection's path from the variables, so
  // the word's last segment is the id and the rest the collection.
  const inVariables = pets < 0 ? /^(.*\$.*)\/([^/]+)$/.exec(body) : null;
  if (pets < 0 && !inVariables) return { problem: 'the path is not in the word' };
  let rest = inVariables ? inVariables[2]! : body.slice(pets + 5);
  // `/pets/$ID/` (Django's slashes): the list is asked for as `/pets/?status=…` then.
  const slashed = !inVariables && /^(\$\w+|\$\{\w+\}|\d+)\/$/.test(rest);
  if (slashed) rest = rest.slice(0, -1);
  const collection =
    quote + (inVariables ? inVariables[1]! : body.slice(0, pets + (slashed ? 5 : 4))) + quote;
  if (/^\d+$/.test(rest)) return { collection, id: rest, idNames: [] };
  if (quote === "'") return { problem: 'the id is not a number or a variable' };
  const variable =
    /^\$([A-Za-z_]\w*|\d)$/.exec(rest) ?? /^\$\{([A-Za-z_]\w*|\d)(?:[:#%/][^{}`$]*)?\}$/.exec(rest);
  if (variable) return { collection, id: `"${rest}"`, idNames: [variable[1]!] };
  if (/^(\$([A-Za-z_]\w*|\d)|\$\{[^}]*\}|\d+)./.test(rest))
    return { problem: 'the URL goes on after the id (a query or a fragment)' };
  return { problem: 'the id is not a number or a variable' };
}

/**
 * The edit taking the URL word out of its command: with the blanks before it; a word alone on a
 * continued line goes with its line.
 */
function removal(text: string, word: Token): TextEdit {
  const start = word.start;
  const end = tokenEnd(word);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const alone = text.slice(lineStart, start).trim() === '';
  const after = /^[ \t]*\\\r?\n/.exec(text.slice(end));
  if (alone && after) return { start: lineStart, end: end + after[0].length, newText: '' };
  const previousLine = /[ \t]*\\\r?\n[ \t]*$/.exec(text.slice(0, start));
  if (alone && previousLine) return { start: start - previousLine[0].length, end, newText: '' };
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  if (from === start) {
    let to = end;
    while (to < text.length && (text[to] === ' ' || text[to] === '\t')) to++;
    return { start, end: to, newText: '' };
  }
  return { start: from, end, newText: '' };
}

/**
 * After the script's header (shebang, comments, `set` lines): before any command can use it, and
 * before the comments that describe the first command (no blank line between them and it).
 */
function helperOf(site: RequestSite): Helper {
  const { text, style } = site;
  const code = styled(helperLines(), style);
  const helper: Helper = {
    name: NAME,
    code,
    definedIn: (current) => new RegExp(`^${NAME}\\(\\)`, 'm').test(current),
  };
  const lines: { start: number; text: string }[] = [];
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    lines.push({ start: at, text: text.slice(at, end < 0 ? text.length : end).trim() });
    at = end < 0 ? text.length : end + 1;
  }
  let first = 0;
  while (
    first < lines.length &&
    (lines[first]!.text === '' ||
      lines[first]!.text.startsWith('#') ||
      /^set\s+[-+]/.test(lines[first]!.text))
  )
    first++;
  if (first >= lines.length) return helper;
  // The comments right above the first command are its own (unless they follow the shebang).
  let target = first;
  while (
    target > 0 &&
    lines[target - 1]!.text.startsWith('#') &&
    !lines[target - 1]!.text.startsWith('#!')
  )
    target--;
  if (target > 0 && lines[target - 1]!.text.startsWith('#!')) target = first;
  if (target > 0 && lines[target - 1]!.text === '') helper.insertAt = lines[target - 1]!.start;
  else {
    helper.insertAt = lines[target]!.start;
    helper.code = code + style.eol;
  }
  return helper;
}

function helperLines(): string[] {
  const body = JSON.stringify(notFoundBody());
  return [
    ...helperDocLines([
      'Prints what curl printed for that request: the pet JSON, or the API Error body when no list',
      "holds it; with -f/--fail, as curl on a 404, exit status 22 and curl's message instead (and",
      'the body with --fail-with-body). With -i/--include, the headers of the list that held the',
      'pet come first (without its Content-Length), or a 404 status line. A list request that',
      'fails (401, 5xx) is answered as curl answers it. Usage: curl_pet_from_list PETS_URL PET_ID',
      '[curl options]. Needs curl 7.67 or later (--no-progress-meter) and jq. jq 1.6 reads numbers',
      'as doubles (an id beyond 2^53 would be rounded): ids and categoryIds are quoted by sed before',
      'jq reads a page, compared as text (tostring) and put back, so they stay exact.',
    ]).map((line) => `# ${line}`),
    `${NAME}() (`,
    '  pets_url=$1 pet_id=$2',
    '  shift 2',
    '  fail=0 silent=0 show_error=0 include=0',
    '  for arg in "$@"; do',
    '    case $arg in',
    '      --fail) fail=1 ;;',
    '      --fail-with-body) fail=2 ;;',
    '      --silent) silent=1 ;;',
    '      --show-error) show_error=1 ;;',
    '      --include) include=1 ;;',
    '      --*) ;;',
    '      -?*)',
    '        flags=${arg#-}',
    '        flags=${flags%%[AbcCdDeEFHKmoPQrtTuUwxXyYz]*}',
    '        case $flags in *f*) fail=1 ;; esac',
    '        case $flags in *s*) silent=1 ;; esac',
    '        case $flags in *S*) show_error=1 ;; esac',
    '        case $flags in *i*) include=1 ;; esac',
    '        ;;',
    '    esac',
    '  done',
    `  for list_status in ${PET_STATUSES.join(' ')}; do`,
    `    page=$(curl "$@" --no-progress-meter -w '\\n%{http_code}' "$pets_url?status=$list_status&limit=${LIST_LIMIT}") || exit`,
    '    code=$(printf \'%s\\n\' "$page" | tail -n 1)',
    "    page=$(printf '%s\\n' \"$page\" | sed '$d')",
    '    headers=',
    '    if [ "$include" = 1 ]; then',
    '      # The headers end at the last blank line: a JSON body has none.',
    "      headers=$(printf '%s\\n' \"$page\" | awk '{ line[NR] = $0 } /^\\r?$/ { last = NR } END { for (i = 1; i <= last; i++) print line[i] }')",
    "      body=$(printf '%s\\n' \"$page\" | awk '{ line[NR] = $0 } /^\\r?$/ { last = NR } END { for (i = last + 1; i <= NR; i++) print line[i] }')",
    '    else',
    '      body=$page',
    '    fi',
    '    case $code in',
    '      2??) ;;',
    '      *) printf \'%s\' "$page"; exit 0 ;;',
    '    esac',
    '    page=$body',
    `    quoted=$(printf '%s' "$page" | sed -E 's/"(id|categoryId)"([[:space:]]*):([[:space:]]*)(-?[0-9]+)/"\\1"\\2:\\3"\\4"/g')`,
    `    pet=$(printf '%s' "$quoted" | jq -c --arg id "$pet_id" 'map(select((.id | tostring) == $id)) | first // empty') || exit`,
    '    if [ -n "$pet" ]; then',
    `      pet=$(printf '%s' "$pet" | sed -E 's/"(id|categoryId)":"(-?[0-9]+)"/"\\1":\\2/g')`,
    '      if [ "$include" = 1 ]; then',
    "        printf '%s\\n' \"$headers\" | grep -iv '^content-length:'",
    '      fi',
    '      printf \'%s\' "$pet"',
    '      exit 0',
    '    fi',
    '  done',
    '  if [ "$fail" != 1 ] && [ "$include" = 1 ]; then',
    '    printf \'%s 404 Not Found\\r\\nContent-Type: application/json\\r\\n\\r\\n\' "${headers%% *}"',
    '  fi',
    `  if [ "$fail" != 1 ]; then printf '%s' '${body}'; fi`,
    '  if [ "$fail" = 0 ]; then exit 0; fi',
    '  if [ "$silent" = 0 ] || [ "$show_error" = 1 ]; then',
    "    echo 'curl: (22) The requested URL returned error: 404' >&2",
    '  fi',
    '  exit 22',
    ')',
  ];
}

function snippet(style: FileStyle): string {
  return styled(
    [
      '# curl_pet_from_list "$BASE_URL/pets" "$PET_ID" -sf -H "Authorization: Bearer $API_KEY"',
      ...helperLines(),
    ],
    style,
  );
}
