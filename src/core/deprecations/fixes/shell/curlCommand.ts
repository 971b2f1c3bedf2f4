/**
 * A curl command in a shell script, read from the shell lexer's words: where it starts and ends,
 * its arguments (redirections left aside), and whether its options keep its output the body of
 * one GET — what the helper, which runs curl once per status with the same options, can answer
 * for. Options that change what is sent or printed (-o, -w, -i, -d, -X POST...) or that cannot be
 * seen (`$CURL_OPTS`) leave the request to a person.
 */
import { HOLE, tokenEnd, type Token } from '../../model/tokens';

export interface CurlCommand {
  /** The `curl` word's token index. */
  curl: number;
  /** The argument words' token indices, in order (redirections and their targets left out). */
  words: number[];
}

const SEPARATORS = new Set([';', ';;', '|', '||', '&&', '|&', '(', ')', '`']);
/** Words that may stand before a command on its line. */
const LEADING = new Set(['if', 'then', 'do', 'else', 'elif', 'while', 'until', '!', 'time', '{']);

function isSeparator(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!;
  if (token.kind === 'newline') return true;
  if (token.kind !== 'punct') return false;
  if (token.text === '&') {
    // `&>file` and `>&2` are redirections; an `&` alone runs the command in the background.
    const next = tokens[i + 1];
    const previous = tokens[i - 1];
    const joined =
      (next !== undefined && isRedirection(tokens, i + 1) && next.start === tokenEnd(token)) ||
      (previous !== undefined &&
        isRedirection(tokens, i - 1) &&
        tokenEnd(previous) === token.start);
    return !joined;
  }
  return SEPARATORS.has(token.text);
}

function isRedirection(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  return token?.kind === 'punct' && /^(<|>|>>|<<|<<<|>\||<>)$/.test(token.text);
}

/** The curl command whose argument is the word at `index`, or why it is not one to rewrite. */
export function curlCommandAround(
  tokens: readonly Token[],
  index: number,
): CurlCommand | { problem: string } | undefined {
  let start = index;
  while (start > 0 && !isSeparator(tokens, start - 1)) start--;
  let end = index;
  while (end + 1 < tokens.length && !isSeparator(tokens, end + 1)) end++;
  let first = start;
  while (first < index && tokens[first]!.kind === 'string' && LEADING.has(tokens[first]!.text))
    first++;
  let curl = -1;
  for (let i = first; i < index; i++)
    if (tokens[i]!.text === 'curl') {
      curl = i;
      break;
    }
  if (curl < 0) return undefined;
  if (curl !== first)
    return { problem: 'curl is not the command itself (an environment prefix, sudo, command...)' };
  const words: number[] = [];
  for (let i = curl + 1; i <= end; i++) {
    const token = tokens[i]!;
    if (token.kind === 'punct') {
      if (isRedirection(tokens, i) || token.text === '&') {
        // `2>&1`, `&>file`, `>>log`: the operator, an `&`, and its target.
        while (i + 1 <= end && tokens[i + 1]!.kind === 'punct') i++;
        i++;
        continue;
      }
      return { problem: 'the curl command holds brackets the rewrite does not read' };
    }
    const next = tokens[i + 1];
    if (
      /^\d+$/.test(token.text) &&
      next &&
      isRedirection(tokens, i + 1) &&
      next.start === tokenEnd(token)
    )
      continue;
    words.push(i);
  }
  return { curl, words };
}

/** Short options that take a value (the rest of the cluster, or the next word). */
const SHORT_VALUE = new Set('AbcCdDeEFHKmoPQrtTuUwxXyYz'.split(''));
/** Short options that change what is sent or what is printed. */
const SHORT_REFUSED = new Set('oOwIDdFTGKZJrCzhMV:'.split(''));
/** Long options that take a value. */
const LONG_VALUE = new Set(
  (
    'header user user-agent max-time connect-timeout retry retry-delay retry-max-time cacert ' +
    'capath cert cert-type key key-type pass cookie cookie-jar proxy proxy-user referer resolve ' +
    'connect-to interface limit-rate oauth2-bearer aws-sigv4 unix-socket abstract-unix-socket ' +
    'noproxy ciphers keepalive-time max-filesize max-redirs expect100-timeout dns-servers ' +
    'local-port pinnedpubkey tls-max trace trace-ascii stderr netrc-file speed-limit speed-time ' +
    'request preproxy socks5 socks5-hostname proxy-header happy-eyeballs-timeout-ms crlfile ' +
    'ssl-ciphers tls13-ciphers curves'
  ).split(' '),
);
/** Long options that change what is sent or what is printed. */
const LONG_REFUSED = new Set(
  (
    'output remote-name remote-name-all output-dir create-dirs write-out head ' +
    'dump-header data data-ascii data-binary data-raw data-urlencode form form-string json ' +
    'upload-file get url config next parallel remote-header-name range continue-at time-cond ' +
    'manual version help etag-save etag-compare variable expand-url'
  ).split(' '),
);
/** Long options known to take no value (others followed by a word are not read). */
const LONG_FLAGS = new Set(
  (
    'silent show-error fail fail-with-body fail-early include location location-trusted insecure ' +
    'compressed verbose http1.0 http1.1 http2 http2-prior-knowledge http3 ipv4 ipv6 globoff ' +
    'no-progress-meter progress-bar no-buffer no-keepalive retry-connrefused retry-all-errors ' +
    'tcp-nodelay tcp-fastopen path-as-is ssl-reqd ssl-no-revoke tlsv1.2 tlsv1.3 junk-session-cookies ' +
    'netrc netrc-optional disable no-sessionid no-alpn no-npn raw tr-encoding anyauth basic digest ' +
    'ntlm negotiate proxy-insecure suppress-connect-headers styled-output no-styled-output'
  ).split(' '),
);

/** The word's text when it is literal (no expansion), its quotes taken off. */
export function literalWord(token: Token): string | undefined {
  const parts = token.parts;
  if (!parts || parts.some((part) => part === HOLE) || /[`$]/.test(token.text)) return undefined;
  return parts.join('');
}

/** Why the command's options (all words but `url`) keep it from being rewritten, or undefined. */
export function refusedOptions(
  tokens: readonly Token[],
  command: CurlCommand,
  url: number,
): string | undefined {
  const words = command.words.filter((word) => word !== url);
  for (let w = 0; w < words.length; w++) {
    const token = tokens[words[w]!]!;
    const text = literalWord(token);
    if (text === undefined)
      return `curl options in ${token.text} cannot be seen: they may change what is sent or printed`;
    if (text.startsWith('--')) {
      const name = text.slice(2);
      if (LONG_REFUSED.has(name) || name.startsWith('data'))
        return `curl ${text} changes what is sent or printed: the list requests would too`;
      if (name === 'request') {
        const method = literalWord(tokens[words[w + 1] ?? -1] ?? token);
        if (method !== 'GET') return `curl ${text} sends another method`;
      }
      if (LONG_VALUE.has(name)) w++;
      else if (!LONG_FLAGS.has(name) && w + 1 < words.length)
        return `whether curl ${text} takes a value is not known to the rewrite`;
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      for (let c = 1; c < text.length; c++) {
        const flag = text[c]!;
        if (SHORT_REFUSED.has(flag))
          return `curl -${flag} changes what is sent or printed: the list requests would too`;
        if (!SHORT_VALUE.has(flag)) continue;
        const value = c + 1 < text.length ? text.slice(c + 1) : undefined;
        if (flag === 'X') {
          const method = value ?? literalWord(tokens[words[w + 1] ?? -1] ?? token);
          if (method !== 'GET') return 'curl -X sends another method';
        }
        if (value === undefined) w++;
        break;
      }
      continue;
    }
    return `the command fetches another URL too (${text.slice(0, 40)})`;
  }
  return undefined;
}
