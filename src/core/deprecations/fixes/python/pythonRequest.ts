/**
 * The Python request around a finding, for the requests, httpx and urllib rewriters: the URL
 * (pythonUrl.ts), the call that sends it — directly, through a name it was kept in, or (urllib)
 * through a `Request` built from it — which library's call it is, by the module's imports, and
 * the edits that hand the helper the client, the collection and the id instead.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import { previousSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { callAround, type Range, type RequestCall } from '../requestCall';
import type { RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { storedUrl } from '../storedUrl';
import { importsOf, resolveName, type ModuleImports } from './pythonImports';
import { pythonUrl } from './pythonUrl';

export type PythonLibrary = 'requests' | 'httpx' | 'urllib' | 'aiohttp';

export interface PythonRequest {
  library: PythonLibrary;
  /** `await client.get(…)`: the helper is a coroutine too. */
  async: boolean;
  /** The libraries the module imports (of these three). */
  libraries: readonly PythonLibrary[];
  /** The call as written (`requests.get`, `self.session.get`, `urlopen`). */
  callee: string;
  imports: ModuleImports;
  /** The edits that call `helper` instead, with the client first when there is one. */
  edits(helper: string): TextEdit[];
}

export interface PythonProblem {
  problem: string;
  library: PythonLibrary;
}

/** Libraries whose clients also have `.get(url)`: with one of them imported, a receiver is unclear. */
const OTHER_CLIENTS = /^(urllib3|treq|tornado|pycurl|http\.client|niquests|grequests)(\.|$)/;

/** What the module imports of the three libraries (and of others with a `.get`). */
function librariesOf(imports: ModuleImports): { ours: PythonLibrary[]; others: boolean } {
  const ours = new Set<PythonLibrary>();
  let others = false;
  const names = [...imports.modules];
  for (const statement of imports.statements)
    for (const binding of statement.bindings) names.push(binding.target);
  for (const name of names) {
    if (/^requests(\.|$)/.test(name)) ours.add('requests');
    else if (/^httpx(\.|$)/.test(name)) ours.add('httpx');
    else if (/^urllib\.request(\.|$)/.test(name)) ours.add('urllib');
    else if (/^aiohttp(\.|$)/.test(name)) ours.add('aiohttp');
    else if (OTHER_CLIENTS.test(name)) others = true;
  }
  return { ours: [...ours], others };
}

/** The request of `site`, a problem to report with its library, or undefined when it is not one. */
export function pythonRequestOf(site: RequestSite): PythonRequest | PythonProblem | undefined {
  const { text, tokens } = site;
  const imports = importsOf(text, tokens);
  const libraries = librariesOf(imports);
  if (libraries.ours.length === 0) return undefined;
  const guess = libraries.ours[0]!;
  const url = pythonUrl(text, tokens, site.url, site.language);
  if ('problem' in url) return { problem: url.problem, library: guess };
  const idNames = url.parts.id.match(/[A-Za-z_]\w*/g) ?? [];
  const sent = consumerOf(text, tokens, url.range, idNames);
  if ('problem' in sent) return { problem: sent.problem, library: guess };
  let { call } = sent;
  const resolved = resolveName(imports, call.callee.text);
  const awaited = tokens[previousSignificant(tokens, call.callee.first - 1)]?.text === 'await';

  if (resolved === 'urllib.request.Request' || resolved === 'urllib.request.urlopen') {
    if (awaited)
      return { problem: 'urlopen is awaited here: not the standard one', library: 'urllib' };
    if (call.urlArgument !== 0)
      return { problem: 'the URL is not the call’s first argument', library: 'urllib' };
    let built: { value: Range; sent: Consumer } | undefined;
    if (resolved === 'urllib.request.Request') {
      const problem = extraArguments(text, call, ['headers']);
      if (problem) return { problem, library: 'urllib' };
      const value = { start: call.callee.start, end: tokenEnd(tokens[call.close]!) };
      const next = consumerOf(text, tokens, value, idNames);
      if ('problem' in next) return { problem: next.problem, library: 'urllib' };
      built = { value, sent: next };
      call = next.call;
      if (
        resolveName(imports, call.callee.text) !== 'urllib.request.urlopen' ||
        call.urlArgument !== 0
      )
        return { problem: 'the Request is not opened by urlopen', library: 'urllib' };
    }
    const problem = extraArguments(text, call);
    if (problem) return { problem, library: 'urllib' };
    const opened = call.args[0]!;
    const urlopen = call;
    return {
      library: 'urllib',
      async: false,
      libraries: libraries.ours,
      callee: urlopen.callee.text,
      imports,
      edits: (helper) => {
        const edits: TextEdit[] = [
          { start: urlopen.callee.start, end: urlopen.callee.end, newText: helper },
        ];
        const id = `, ${url.parts.id}`;
        if (!built && !sent.stored) {
          edits.push({ ...url.range, newText: url.parts.collection + id });
          return edits;
        }
        edits.push({ ...url.range, newText: url.parts.collection });
        edits.push({ start: opened.end, end: opened.end, newText: id });
        return edits;
      },
    };
  }

  if (!call.callee.text.endsWith('.get') || call.urlArgument !== 0) {
    return {
      problem: `the URL is sent by ${call.callee.text}(…), which the rewrite does not know`,
      library: guess,
    };
  }
  const receiverEnd = tokens[previousSignificant(tokens, call.callee.last - 1)]!.start;
  const client = text.slice(call.callee.start, receiverEnd).trim();
  const receiver = resolveName(imports, client.replace(/\s+/g, '')) ?? '';
  let library: PythonLibrary | undefined;
  if (/^requests(\.|$)/.test(receiver)) library = 'requests';
  else if (/^httpx(\.|$)/.test(receiver)) library = 'httpx';
  else if (libraries.ours.includes('aiohttp') && aiohttpSession(text, client)) library = 'aiohttp';
  else {
    const clients = libraries.ours.filter((candidate) => candidate !== 'urllib');
    if (clients.length !== 1 || libraries.others)
      return {
        problem: `which library’s client ${client} is cannot be told from the imports`,
        library: guess,
      };
    library = clients[0]!;
  }
  if (awaited && library === 'requests')
    return { problem: 'the request is awaited: not a requests client', library };
  if (library === 'httpx' && !awaited && receiver !== 'httpx' && !syncClient(text, client))
    return {
      problem: `the module has AsyncClients: whether ${client} is one cannot be told here`,
      library,
    };
  const problem = extraArguments(text, call);
  if (problem) return { problem, library };
  return {
    library,
    async: awaited,
    libraries: libraries.ours,
    callee: call.callee.text,
    imports,
    edits: (helper) => {
      const edits: TextEdit[] = [
        { start: call.callee.start, end: call.callee.end, newText: helper },
      ];
      if (sent.stored) {
        edits.push({ ...url.range, newText: url.parts.collection });
        edits.push({
          ...sent.stored,
          newText: [client, text.slice(sent.stored.start, sent.stored.end), url.parts.id].join(
            ', ',
          ),
        });
      } else
        edits.push({
          ...url.range,
          newText: [client, url.parts.collection, url.parts.id].join(', '),
        });
      return edits;
    },
  };
}

/**
 * Whether `client` is an aiohttp ClientSession the module makes: `async with
 * aiohttp.ClientSession(…) as session`, `session = aiohttp.ClientSession(…)`, `self._session =
 * ClientSession()`, or a name annotated as one.
 */
function aiohttpSession(text: string, client: string): boolean {
  const name = /(\w+)$/.exec(client)?.[1];
  if (!name) return false;
  return new RegExp(
    `\\b${name}\\s*(:\\s*[\\w.]*\\bClientSession\\b|(:[^=\\n]*)?=\\s*[\\w.]*\\bClientSession\\()|\\bClientSession\\([^()]*(\\([^()]*\\)[^()]*)*\\)\\s+as\\s+${name}\\b`,
  ).test(text);
}

/**
 * Whether `client` is an httpx Client, not an AsyncClient: the module has no AsyncClient, or the
 * name (its last part: `self._client` → `_client`) is bound or annotated only as a Client.
 */
function syncClient(text: string, client: string): boolean {
  if (!/AsyncClient/.test(text)) return true;
  const name = /(\w+)$/.exec(client)?.[1];
  if (!name) return false;
  const bound = (kind: string) =>
    new RegExp(
      `\\b${name}\\s*(:\\s*[\\w.]*\\b${kind}\\b|(:[^=\\n]*)?=\\s*[\\w.]*\\b${kind}\\()|\\b${kind}\\([^()]*(\\([^()]*\\)[^()]*)*\\)\\s+as\\s+${name}\\b`,
    ).test(text);
  return bound('Client') && !bound('AsyncClient');
}

interface Consumer {
  call: RequestCall;
  /** The name's use, when the value was kept in one first. */
  stored?: Range;
}

/** The call `value` is the argument of, directly or through the one use of a name it is kept in. */
function consumerOf(
  text: string,
  tokens: readonly Token[],
  value: Range,
  idNames: readonly string[],
): Consumer | { problem: string } {
  const direct = callAround(text, tokens, value);
  if (!('problem' in direct)) {
    const argument = direct.args[direct.urlArgument]!;
    if (argument.start === value.start && argument.end === value.end) return { call: direct };
    if (/^[A-Za-z_]\w*\s*=(?!=)/.test(text.slice(argument.start, value.start)))
      return { problem: 'the URL is handed over as a keyword argument' };
    return { problem: 'the URL is part of a larger argument' };
  }
  const first = tokenIndexAt(tokens, value.start);
  const operator = previousSignificant(tokens, first - 1);
  const target = previousSignificant(tokens, operator - 1);
  const before = tokens[target - 1];
  if (
    tokens[operator]?.text !== '=' ||
    tokens[target]?.kind !== 'ident' ||
    (before && before.kind !== 'newline' && before.text !== ';')
  )
    return { problem: 'the URL is not sent by a call the rewrite can see' };
  const stored = storedUrl(tokens.slice(0, blockEnd(text, tokens, target)), value, idNames);
  if (!stored)
    return { problem: 'the URL is kept in a name that is used again or changed before it is sent' };
  const call = callAround(text, tokens, stored.useRange);
  if ('problem' in call) return { problem: 'the name the URL is kept in is not sent by a call' };
  const argument = call.args[call.urlArgument]!;
  if (argument.start !== stored.useRange.start || argument.end !== stored.useRange.end)
    return { problem: 'the name the URL is kept in is part of a larger argument' };
  return { call, stored: stored.useRange };
}

/** The index of the first token after the indented block holding token `index`. */
function blockEnd(text: string, tokens: readonly Token[], index: number): number {
  const column = (token: Token) => token.start - (text.lastIndexOf('\n', token.start - 1) + 1);
  const indent = column(tokens[index]!);
  let depth = 0;
  for (let i = index; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
    else if (
      depth <= 0 &&
      token.kind !== 'newline' &&
      tokens[i - 1]?.kind === 'newline' &&
      column(token) < indent
    )
      return i;
  }
  return tokens.length;
}

/**
 * Why the call's other arguments keep it from being rewritten: arguments by position or unpacked
 * (the helper takes the library's keywords only), or keywords other than `allowed`.
 */
function extraArguments(
  text: string,
  call: RequestCall,
  allowed?: readonly string[],
): string | undefined {
  for (const [i, arg] of call.args.entries()) {
    if (i === call.urlArgument) continue;
    const source = text.slice(arg.start, arg.end);
    const keyword = /^([A-Za-z_]\w*)\s*=(?!=)/.exec(source)?.[1];
    if (keyword) {
      if (allowed && !allowed.includes(keyword))
        return `the call also passes ${keyword}=, which a GET of the list would not take`;
      continue;
    }
    if (source.startsWith('**') && !allowed) continue;
    if (source.startsWith('*')) return 'the call passes unpacked arguments';
    return 'the call passes other arguments by position';
  }
  return undefined;
}
