import { HTTP_METHODS } from '../model/httpMethods';
import { renderParts, type Token } from '../model/tokens';
import { LINE_REACH } from '../model/tokenWalk';

const DATA_FLAGS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--data-ascii',
  '--json',
  '-F',
  '--form',
  '--form-string',
]);

/**
 * The method of a curl, wget or HTTPie command line given as words (the first is the program):
 * -X/--request, data flags (POST unless -G), -T (PUT), -I (HEAD); wget --method/--post-data;
 * HTTPie's METHOD argument or request items. Undefined means the default, GET.
 */
export function commandLineMethod(words: readonly string[]): string | undefined {
  const program = programName(words[0] ?? '');
  if (program === 'curl') return curlMethod(words.slice(1));
  if (program === 'wget') return wgetMethod(words.slice(1));
  if (program === 'http' || program === 'https' || program === 'xh')
    return httpieMethod(words.slice(1));
  return undefined;
}

function curlMethod(args: readonly string[]): string | undefined {
  let explicit: string | undefined;
  let data = false;
  let forceGet = false;
  let upload = false;
  let head = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-X' || arg === '--request') explicit = args[++i];
    else if (arg.startsWith('--request=')) explicit = arg.slice(10);
    else if (
      DATA_FLAGS.has(arg) ||
      arg.startsWith('--data') ||
      arg.startsWith('--json') ||
      arg.startsWith('--form')
    )
      data = true;
    else if (arg === '-G' || arg === '--get') forceGet = true;
    else if (arg === '-T' || arg === '--upload-file') upload = true;
    else if (arg === '-I' || arg === '--head') head = true;
    else if (/^-[A-Za-z]+/.test(arg) && !arg.startsWith('--')) {
      // Combined short options: -sX DELETE, -XDELETE, -sd @file
      for (let j = 1; j < arg.length; j++) {
        const flag = arg[j];
        if (flag === 'X') {
          explicit = arg.slice(j + 1) || args[++i];
          break;
        }
        if (flag === 'd' || flag === 'F') data = true;
        else if (flag === 'G') forceGet = true;
        else if (flag === 'T') upload = true;
        else if (flag === 'I') head = true;
        if ('dFTHAeEorux'.includes(flag!)) break; // the rest of the word is that option's value
      }
    }
  }
  if (explicit) return explicit.toUpperCase();
  if (head) return 'HEAD';
  if (upload) return 'PUT';
  if (data && !forceGet) return 'POST';
  return undefined;
}

function wgetMethod(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--method=')) return arg.slice(9).toUpperCase();
    if (arg === '--method') return args[i + 1]?.toUpperCase();
    if (arg.startsWith('--post-data') || arg.startsWith('--post-file')) return 'POST';
  }
  return undefined;
}

function httpieMethod(args: readonly string[]): string | undefined {
  const positional = args.filter((arg) => !arg.startsWith('-'));
  const first = positional[0]?.toUpperCase();
  if (first && HTTP_METHODS.has(first)) return first;
  // Request items: field=value or field:=json make HTTPie send a POST.
  return positional.slice(1).some((item) => /^[^:=/]+:?=/.test(item)) ? 'POST' : undefined;
}

/**
 * The program a command word names: /usr/bin/curl → curl; make's @curl (silent) and -curl (errors
 * ignored) → curl.
 */
export function programName(word: string): string {
  let start = word.lastIndexOf('/') + 1;
  while (start < word.length && (word[start] === '@' || word[start] === '-')) start++;
  return word.slice(start);
}

/** Splits a command line held in a string into words (quotes removed), for commandLineMethod. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text))
    words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** Shell operators that end one command and start the next. */
const COMMAND_SEPARATORS = new Set([';', '|', '&&', '||', '&', '(', ')']);

/** A line break or an operator such as ; | && that ends a shell command. */
export function isCommandBreak(token: Token): boolean {
  return token.kind === 'newline' || (token.kind === 'punct' && COMMAND_SEPARATORS.has(token.text));
}

/**
 * Index of the first word of the shell command holding token `index`; of a command longer than
 * LINE_REACH words, only that many are read back.
 */
export function commandStart(tokens: readonly Token[], index: number): number {
  const stop = Math.max(0, index - LINE_REACH);
  let start = index;
  while (start > stop && !isCommandBreak(tokens[start - 1]!)) start--;
  return start;
}

/** Index of the last word of the shell command holding token `index` (at most LINE_REACH on). */
export function commandEnd(tokens: readonly Token[], index: number): number {
  const stop = Math.min(tokens.length - 1, index + LINE_REACH);
  let end = index;
  while (end < stop && !isCommandBreak(tokens[end + 1]!)) end++;
  return end;
}

/** The variable a shell word assigns (`URL="$BASE/pets/$ID"`, `DIR+=…`): its name, if it is one. */
export function shellAssignedName(token: Token): string | undefined {
  if (token.kind !== 'string' || !token.parts) return undefined;
  return /^([A-Za-z_]\w*)\+?=/.exec(renderParts(token.parts))?.[1];
}
