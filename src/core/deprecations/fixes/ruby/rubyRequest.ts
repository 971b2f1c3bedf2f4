/**
 * The request around a Ruby finding, for the Net::HTTP and Faraday rewriters: the URL taken
 * apart, the expression that carries it to the request (the string itself, `URI(…)` around it, or
 * the local name it was kept in: `uri = URI("…/pets/#{id}")` … `Net::HTTP.get_response(uri)`), and
 * the call that sends it, with or without parentheses. A name counts as kept for one request when
 * the method uses it once more than for its host, port or scheme (`Net::HTTP.start(uri.hostname,
 * uri.port)` reads only those, which the collection's URI shares).
 */
import { tokenEnd, type Token } from '../../model/tokens';
import { chainStart, previousSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { callAround, type Range } from '../requestCall';
import type { RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { splitUrl, type UrlParts } from '../urlParts';
import { codeLines, scopeOf } from './rubyCode';

export interface RubyCall {
  /** The whole call, from its receiver to its `)` (or its last argument). */
  start: number;
  end: number;
  /** `Net::HTTP.get`, `conn.get`, `http.request`: spaces taken out. */
  callee: string;
  /** The receiver's source (before the last `.`), if any. */
  receiver?: string;
  args: Range[];
  urlArgument: number;
  /** A block follows (`do |req| … end`, `{ |res| … }`): it configures or reads the request. */
  block: boolean;
}

/** The call whose argument is exactly `range`, with or without parentheses. */
export function rubyCallAround(site: RequestSite, range: Range): RubyCall | undefined {
  const { text, tokens } = site;
  const call = callAround(text, tokens, range);
  if (!('problem' in call)) {
    const argument = call.args[call.urlArgument]!;
    if (argument.start !== range.start || argument.end !== range.end) return undefined;
    const after = tokens[call.close + 1];
    return {
      start: call.callee.start,
      end: tokenEnd(tokens[call.close]!),
      callee: call.callee.text,
      receiver: receiverOf(text, tokens, call.callee.first, call.callee.last),
      args: call.args,
      urlArgument: call.urlArgument,
      block: after?.text === 'do' || after?.text === '{',
    };
  }
  // `conn.get "pets/#{id}"`: a method after a receiver, the URL its one argument to the line's end.
  const first = tokenIndexAt(tokens, range.start);
  const last = tokenIndexAt(tokens, range.end - 1);
  const method = first - 1;
  if (method < 2 || tokens[method]!.kind !== 'ident' || tokens[method - 1]!.text !== '.')
    return undefined;
  const after = tokens[last + 1];
  const block = after?.text === 'do';
  if (after && after.kind !== 'newline' && after.text !== ';' && !block) return undefined;
  const calleeFirst = chainStart(tokens, method);
  return {
    start: tokens[calleeFirst]!.start,
    end: range.end,
    callee: text.slice(tokens[calleeFirst]!.start, tokenEnd(tokens[method]!)).replace(/\s+/g, ''),
    receiver: receiverOf(text, tokens, calleeFirst, method),
    args: [range],
    urlArgument: 0,
    block,
  };
}

function receiverOf(
  text: string,
  tokens: readonly Token[],
  first: number,
  last: number,
): string | undefined {
  const dot = previousSignificant(tokens, last - 1);
  if (dot <= first || tokens[dot]!.text !== '.') return undefined;
  return text.slice(tokens[first]!.start, tokens[dot]!.start).trim();
}

/** The URL on its way to a request. */
export interface RubyUrl {
  /** The expression the request call takes (the URL, `URI(url)`, or the name it is kept in). */
  range: Range;
  /** Whether it is a URI object (`URI(…)`, `URI.parse(…)`) rather than a string. */
  uri: boolean;
  /** The URL taken apart, the expression with the collection in place of the URL, the edits. */
  split(): { parts: UrlParts; target: string; edits: TextEdit[] } | { problem: string };
}

const URI_CALLS = new Set(['URI', 'URI.parse']);
/** Members of a URI the collection's URI shares with the pet's. */
const SAME_ORIGIN = new Set(['host', 'hostname', 'port', 'scheme']);

/** Where the finding's URL goes, or why that is unclear. */
export function rubyUrl(site: RequestSite): RubyUrl | { problem: string } {
  const { text, tokens, language, url } = site;
  const split = () =>
    splitUrl(
      text,
      tokens,
      tokenIndexAt(tokens, url.start),
      tokenIndexAt(tokens, url.end - 1),
      language,
    );
  let range: Range = url;
  let uri = false;
  const wrapped = uriAround(site, range);
  if (wrapped) {
    range = wrapped;
    uri = true;
  }
  const kept = keptIn(site, range);
  if (!kept) {
    const outer = range;
    return {
      range,
      uri,
      split: () => {
        const parts = split();
        if ('problem' in parts) return parts;
        const target =
          text.slice(outer.start, url.start) + parts.collection + text.slice(url.end, outer.end);
        return { parts, target, edits: [] };
      },
    };
  }
  if ('problem' in kept) return kept;
  let use = kept.use;
  let useUri = uri;
  if (!uri) {
    const around = uriAround(site, use);
    if (around) {
      use = around;
      useUri = true;
    }
  }
  if (kept.member) useUri = false;
  return {
    range: use,
    uri: useUri,
    split: () => {
      const parts = split();
      if ('problem' in parts) return parts;
      // The id's names must hold the same values where the request is sent.
      const idNames = parts.id.match(/[A-Za-z_@$][\w]*/g) ?? [];
      const from = tokenIndexAt(tokens, url.end - 1) + 1;
      const to = tokenIndexAt(tokens, use.start);
      for (const idName of idNames)
        if (namedUses(tokens, idName, from, to).changed)
          return { problem: `the id ${idName} changes between the URL and its request` };
      return {
        parts,
        target: text.slice(use.start, use.end),
        edits: [{ start: url.start, end: url.end, newText: parts.collection }],
      };
    },
  };
}

/** `URI(range)` or `URI.parse(range)`: the call's range. */
function uriAround(site: RequestSite, range: Range): Range | undefined {
  const call = callAround(site.text, site.tokens, range);
  if ('problem' in call || !URI_CALLS.has(call.callee.text) || call.args.length !== 1)
    return undefined;
  const argument = call.args[0]!;
  if (argument.start !== range.start || argument.end !== range.end) return undefined;
  return { start: call.callee.start, end: tokenEnd(site.tokens[call.close]!) };
}

/**
 * The one use of the local name `range` is assigned to (`uri = …`), within its method: the name,
 * or `name.path` / `name.request_uri` (then a path). Undefined when it is not assigned to a name.
 */
function keptIn(
  site: RequestSite,
  range: Range,
): { use: Range; member: boolean } | { problem: string } | undefined {
  const { tokens } = site;
  const first = tokenIndexAt(tokens, range.start);
  const assigned = assignedName(tokens, first);
  if (assigned === undefined) return undefined;
  const name = tokens[assigned]!.text;
  if (!/^[a-z_]\w*$/.test(name))
    return {
      problem: 'the URL is kept in an instance or global variable, which other methods may read',
    };
  const scope = scopeOf(codeLines(site.text, tokens), tokens, first);
  const last = tokenIndexAt(tokens, range.end - 1);
  const found = namedUses(tokens, name, last + 1, scope.to);
  // Uses inside strings (`"watching #{uri}"`) are not tokens: read from the text.
  const rest = site.text.slice(
    range.end,
    scope.to < tokens.length ? tokens[scope.to]!.start : site.text.length,
  );
  const interpolated = new RegExp(`#\\{[^}]*\\b${name}\\b`).test(rest);
  if (found.changed || found.uses.length !== 1 || interpolated)
    return {
      problem: `the URL kept in ${name} is used more than once, read in a string or changed: change its uses by hand`,
    };
  const use = found.uses[0]!;
  let end = tokenEnd(tokens[use]!);
  const member =
    tokens[use + 1]?.text === '.' && /^(path|request_uri)$/.test(tokens[use + 2]?.text ?? '');
  if (member) end = tokenEnd(tokens[use + 2]!);
  return { use: { start: tokens[use]!.start, end }, member };
}

/** The token of the name assigned the expression starting at token `first` (`name = …`). */
export function assignedName(tokens: readonly Token[], first: number): number | undefined {
  const operator = first - 1;
  if (operator < 1 || tokens[operator]!.text !== '=') return undefined;
  const name = operator - 1;
  if (tokens[name]!.kind !== 'ident') return undefined;
  const before = tokens[name - 1];
  if (before && before.kind !== 'newline' && before.text !== ';') return undefined;
  return name;
}

/**
 * Uses of the local `name` in tokens `from..to`: the ones that need it whole (not its host, port
 * or scheme, not another object's member of that name, not a keyword argument's key), and whether
 * it is assigned again.
 */
export function namedUses(
  tokens: readonly Token[],
  name: string,
  from: number,
  to: number,
): { uses: number[]; changed: boolean } {
  const uses: number[] = [];
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== name) continue;
    const before = tokens[i - 1]?.text;
    if (before === '.' || before === '::') continue;
    const next = tokens[i + 1]?.text;
    // A keyword argument's key (`uri: x`), not the ternary's `uri : x`.
    if (next === ':' && tokens[i + 1]!.start === tokenEnd(token)) continue;
    if (
      next === '=' ||
      /^([-+*/|&]|\|\||&&|<<)?=$/.test(next ?? '') ||
      ((next === '||' || next === '&&') && tokens[i + 2]?.text === '=')
    )
      return { uses, changed: true };
    if (next === '.' && SAME_ORIGIN.has(tokens[i + 2]?.text ?? '')) continue;
    uses.push(i);
  }
  return { uses, changed: false };
}
