/**
 * Go's net/http: `http.Get(url)` and an *http.Client's `client.Get(url)` become
 * `getPetFromList(client, petsURL, id)`; `http.NewRequest(http.MethodGet, url, nil)` (or
 * NewRequestWithContext) keeps its headers and gets the collection's URL, and the `Do(req)` that
 * sends it becomes `doPetFromList(client, req, id)`. Both answer with a *http.Response as before
 * (200 with the pet, or 404 Not Found with the API's Error body), so StatusCode checks are kept.
 * The helpers are in a file of their own beside the request, one per package.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from '../../model/tokenWalk';
import { LIST_LIMIT } from '../replacement';
import { callAround, type RequestCall } from '../requestCall';
import { identifiersOf, requestOf, type FoundRequest } from '../requestOf';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { urlExpression } from '../urlExpression';
import { DO_HELPER, GET_HELPER, helperFileLines, helperFileName, packageOf } from './goHelper';

export const netHttpRewriter: Rewriter = {
  library: 'net/http',
  rewrite(site: RequestSite): Rewrite | undefined {
    if (!/"net\/http"/.test(site.text)) return undefined;
    const packageName = packageOf(site.text);
    if (!packageName) return undefined;
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(packageName) });
    const found = urlExpression(site);
    if ('problem' in found) return manual(found.problem);
    const expression = () => found;
    const get = requestOf(site, (call) => clientOfGet(site.text, call) !== undefined, expression);
    if (get) {
      if ('problem' in get) return manual(get.problem);
      const client = clientOfGet(site.text, get.call)!;
      const argument = get.call.args[get.call.urlArgument]!;
      const { collection, id } = get.parts;
      return rewritten(
        site,
        packageName,
        'Get',
        get.stored
          ? get.edits(GET_HELPER, [client])
          : [
              { start: get.call.callee.start, end: get.call.callee.end, newText: GET_HELPER },
              {
                start: argument.start,
                end: argument.end,
                newText: [client, compact(collection), compact(id)].join(', '),
              },
            ],
      );
    }
    const built = requestOf(site, isNewGetRequest, expression);
    if (!built) {
      // A Get whose receiver the file does not show is an *http.Client (another library's Get,
      // or a field declared in another file).
      const other = requestOf(
        site,
        (call) => call.urlArgument === 0 && call.callee.text.endsWith('.Get'),
        expression,
      );
      if (other && !('problem' in other)) {
        const receiver = other.call.callee.text.slice(0, -'.Get'.length);
        return manual(
          `the file does not show that ${receiver} is an *http.Client: if it is, write ${GET_HELPER}(${receiver}, petsURL, id) by hand`,
        );
      }
      return manual(
        'the URL is not sent here by http.Get, a client’s Get or http.NewRequest and Do: change the request that sends it',
      );
    }
    if ('problem' in built) return manual(built.problem);
    const sent = doCallOf(site, built);
    if ('problem' in sent) return manual(sent.problem);
    return rewritten(site, packageName, 'NewRequest and Do', [
      { start: built.url.start, end: built.url.end, newText: built.parts.collection },
      ...sent.edits,
    ]);
  },
};

function rewritten(
  site: RequestSite,
  packageName: string,
  shape: string,
  edits: TextEdit[],
): Rewrite {
  const file = helperFileName(site.path);
  return {
    description: `${shape} → ${shape === 'Get' ? GET_HELPER : DO_HELPER} (${file}): GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
    edits,
    helper: {
      name: file,
      code: helperFileLines(packageName).join(site.style.eol) + site.style.eol,
      definedIn: (text) => text.includes(`func ${DO_HELPER}(`),
      ownFile: file,
    },
  };
}

function snippet(packageName: string): string {
  return [
    `// In ${helperFileName('')} beside the request; then, for a request built with`,
    `// http.NewRequest(http.MethodGet, petsURL, nil): res, err := ${DO_HELPER}(client, req, petID)`,
    `// or instead of http.Get(url): res, err := ${GET_HELPER}(http.DefaultClient, petsURL, petID)`,
    ...helperFileLines(packageName),
  ].join('\n');
}

/**
 * The client a `Get(url)` call sends with, as source text: `http.DefaultClient` for http.Get, the
 * receiver when the file shows it is an *http.Client; undefined for any other Get.
 */
function clientOfGet(text: string, call: RequestCall): string | undefined {
  if (call.urlArgument !== 0 || call.args.length !== 1) return undefined;
  const callee = call.callee.text;
  if (callee === 'http.Get') return 'http.DefaultClient';
  if (!callee.endsWith('.Get')) return undefined;
  const receiver = callee.slice(0, -'.Get'.length);
  if (receiver === 'http.DefaultClient') return receiver;
  if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(receiver)) return undefined;
  return isHttpClient(text, receiver.slice(receiver.lastIndexOf('.') + 1)) ? receiver : undefined;
}

/** Whether the file declares `name` an *http.Client (a field, parameter, variable or value). */
function isHttpClient(text: string, name: string): boolean {
  return (
    new RegExp(`\\b${name}\\s+\\*?http\\.Client\\b`).test(text) ||
    new RegExp(`\\b${name}\\s*(:=|=|:)\\s*(&?http\\.Client\\s*\\{|http\\.DefaultClient\\b)`).test(
      text,
    )
  );
}

/** `http.NewRequest(http.MethodGet, url, nil)`, `http.NewRequestWithContext(ctx, "GET", url, nil)`. */
function isNewGetRequest(call: RequestCall): boolean {
  const withContext = call.callee.text === 'http.NewRequestWithContext';
  if (call.callee.text !== 'http.NewRequest' && !withContext) return false;
  const offset = withContext ? 1 : 0;
  return call.urlArgument === offset + 1 && call.args.length === offset + 3;
}

/**
 * The `Do(req)` sending the request built by `built`'s NewRequest call, in the same block, and
 * its edits; or why there is none that can be rewritten.
 */
function doCallOf(
  site: RequestSite,
  built: FoundRequest,
): { edits: TextEdit[] } | { problem: string } {
  const { text, tokens } = site;
  const call = built.call;
  const args = call.args;
  const offset = call.callee.text === 'http.NewRequestWithContext' ? 1 : 0;
  const method = text.slice(args[offset]!.start, args[offset]!.end);
  if (method !== '"GET"' && method !== 'http.MethodGet')
    return { problem: 'the request’s method is not written GET there' };
  const body = text.slice(args[offset + 2]!.start, args[offset + 2]!.end);
  if (body !== 'nil' && body !== 'http.NoBody') return { problem: 'the GET request has a body' };
  // `req, err := http.NewRequest(…)`: the first name on the left.
  const operator = previousSignificant(tokens, call.callee.first - 1);
  if (operator < 0 || (tokens[operator]!.text !== ':=' && tokens[operator]!.text !== '='))
    return { problem: 'the request is not kept in a name before it is sent' };
  let first = previousSignificant(tokens, operator - 1);
  while (first >= 2 && tokens[first - 1]!.text === ',' && tokens[first - 2]!.kind === 'ident')
    first -= 2;
  const name = tokens[first]!;
  if (name.kind !== 'ident' || tokens[first - 1]?.text === '.')
    return { problem: 'the request is not kept in a name before it is sent' };
  const block = enclosingOpener(tokens, call.callee.first, 20_000);
  if (block < 0 || tokens[block]!.text !== '{')
    return { problem: 'the request is not built inside a function' };
  const end = matchingCloser(tokens, block, 100_000);
  const idNames = identifiersOf(built.parts.id);
  let use: number | undefined;
  for (let i = call.close + 1; i < end && use === undefined; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || tokens[i - 1]?.text === '.') continue;
    if (token.text === name.text) {
      if (isDoArgument(tokens, i)) use = i;
      else if (assigned(tokens, i) && !rewrapped(tokens, i, name.text))
        return { problem: `${name.text} is built again before it is sent` };
    } else if (idNames.includes(token.text) && assigned(tokens, i))
      return { problem: 'the id changes between the request and its Do' };
  }
  if (use === undefined)
    return {
      problem: `${name.text} is not sent by a Do in the same function (handed on or returned): change the Do that sends it`,
    };
  for (let i = use + 1; i < end; i++)
    if (tokens[i]!.text === name.text && isDoArgument(tokens, i) && tokens[i - 1]?.text !== '.')
      return { problem: `${name.text} is sent twice` };
  const doCall = callAround(text, tokens, {
    start: tokens[use]!.start,
    end: tokenEnd(tokens[use]!),
  });
  if ('problem' in doCall) return doCall;
  const receiver = text.slice(doCall.callee.start, doCall.callee.end).replace(/\s*\.\s*Do$/, '');
  return {
    edits: [
      { start: doCall.callee.start, end: doCall.callee.end, newText: DO_HELPER },
      {
        start: tokens[use]!.start,
        end: tokenEnd(tokens[use]!),
        newText: `${receiver}, ${name.text}, ${built.parts.id}`,
      },
    ],
  };
}

/** `x.Do(req)`: the name is the one argument of a method named Do. */
function isDoArgument(tokens: readonly Token[], i: number): boolean {
  const open = previousSignificant(tokens, i - 1);
  const close = nextSignificant(tokens, i + 1);
  const method = previousSignificant(tokens, open - 1);
  const dot = previousSignificant(tokens, method - 1);
  return (
    tokens[open]?.text === '(' &&
    tokens[close]?.text === ')' &&
    tokens[method]?.text === 'Do' &&
    tokens[dot]?.text === '.'
  );
}

/** The name at `i` is assigned: `name =`, `name :=`, `name, err =`, `name++`. */
function assigned(tokens: readonly Token[], i: number): boolean {
  let j = nextSignificant(tokens, i + 1);
  while (tokens[j]?.text === ',' && tokens[j + 1]?.kind === 'ident')
    j = nextSignificant(tokens, j + 2);
  const operator = tokens[j]?.text ?? '';
  // `++` and `--` are two tokens.
  if ((operator === '+' || operator === '-') && tokens[j + 1]?.text === operator)
    return tokens[j + 1]!.start === tokens[j]!.start + 1;
  return /^(=|:=|\+=|-=|\*=|\/=)$/.test(operator);
}

/** `req = req.WithContext(ctx)`: the same request with another context, which the helper keeps. */
function rewrapped(tokens: readonly Token[], i: number, name: string): boolean {
  const operator = nextSignificant(tokens, i + 1);
  const value = nextSignificant(tokens, operator + 1);
  return (
    tokens[operator]?.text === '=' &&
    tokens[value]?.text === name &&
    tokens[value + 1]?.text === '.' &&
    tokens[value + 2]?.text === 'WithContext'
  );
}

/**
 * An argument among several as gofmt writes it: `base+"/pets"`, no spaces around the binary
 * operators at its top level (strings and brackets kept as they are).
 */
function compact(expression: string): string {
  let result = '';
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < expression.length; i++) {
    const char = expression[i]!;
    if (quote) {
      result += char;
      if (char === '\\' && quote !== '`') result += expression[++i] ?? '';
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === '`' || char === "'") quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (depth === 0 && /\s/.test(char)) {
      const before = result.trimEnd().slice(-1);
      const after = expression.slice(i).trimStart()[0] ?? '';
      if ('+-*/%'.includes(before) || '+-*/%'.includes(after)) continue;
    }
    result += char;
  }
  return result;
}
