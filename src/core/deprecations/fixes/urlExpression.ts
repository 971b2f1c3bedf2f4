/**
 * The whole URL expression around a finding, taken apart: the finding itself (splitUrl), or —
 * when the finding is the format string of a format call — the call (`fmt.Sprintf("%s/pets/%d",
 * base, id)`, `String.format(…)`, `"…".formatted(…)`, `string.Format("{0}/pets/{1}", …)`), whose
 * collection is the same call without the id's verb and argument.
 */
import type { LanguageFamily } from '../lexers/languages';
import { tokenEnd } from '../model/tokens';
import { matchingCloser, nextSignificant, tokenIndexAt } from '../model/tokenWalk';
import { callAround, type Range } from './requestCall';
import type { RequestSite } from './rewriter';
import { splitUrl, type UrlParts } from './urlParts';

export interface UrlExpression {
  /** The expression's offsets: the finding, or the format call holding it. */
  url: Range;
  parts: UrlParts;
}

export type UrlFound = UrlExpression | { problem: string; withQuery?: UrlParts };

/** Format functions taking the format string and then its values. */
const FORMAT_FUNCTIONS: Partial<Record<LanguageFamily, RegExp>> = {
  go: /^fmt\.Sprintf$/,
  java: /^(java\.lang\.)?String\.format$/,
  kotlin: /^(java\.lang\.)?String\.format$/,
  csharp: /^(string|String|System\.String)\.Format$/,
};

/** Format methods called on the format string: `"…".formatted(id)`, Kotlin's `"…".format(id)`. */
const FORMAT_METHODS: Partial<Record<LanguageFamily, string>> = {
  java: 'formatted',
  kotlin: 'format',
};

export function urlExpression(site: RequestSite): UrlFound {
  const format = formatCall(site);
  if (format) return format;
  const { text, tokens, language, url } = site;
  const parts = splitUrl(
    text,
    tokens,
    tokenIndexAt(tokens, url.start),
    tokenIndexAt(tokens, url.end - 1),
    language,
  );
  return 'problem' in parts ? parts : { url, parts };
}

/** The format call whose format string is the finding, taken apart; undefined when none. */
function formatCall(site: RequestSite): UrlFound | undefined {
  const { text, tokens, language, url } = site;
  const family = language.family;
  const index = tokenIndexAt(tokens, url.start);
  const token = tokens[index]!;
  if (token.kind !== 'string' || token.start !== url.start || tokenEnd(token) !== url.end)
    return undefined;
  let range: Range;
  let values: Range[];
  let before: Range;
  const dot = nextSignificant(tokens, index + 1);
  const method = dot >= 0 ? nextSignificant(tokens, dot + 1) : -1;
  const open = method >= 0 ? nextSignificant(tokens, method + 1) : -1;
  if (
    FORMAT_METHODS[family] &&
    tokens[dot]?.text === '.' &&
    tokens[method]?.text === FORMAT_METHODS[family] &&
    tokens[open]?.text === '('
  ) {
    const close = matchingCloser(tokens, open);
    const firstValue = tokens[nextSignificant(tokens, open + 1)]!;
    const inner = callAround(text, tokens, { start: firstValue.start, end: tokenEnd(firstValue) });
    if ('problem' in inner || inner.open !== open)
      return { problem: 'the format call is not read' };
    range = { start: url.start, end: tokenEnd(tokens[close]!) };
    values = inner.args;
    before = { start: tokens[open].start, end: tokenEnd(tokens[open]) };
  } else {
    const pattern = FORMAT_FUNCTIONS[family];
    if (!pattern) return undefined;
    const call = callAround(text, tokens, url);
    if ('problem' in call || !pattern.test(call.callee.text)) return undefined;
    const argument = call.args[call.urlArgument]!;
    if (argument.start !== url.start || argument.end !== url.end)
      return { problem: 'the format string is part of a larger argument' };
    range = { start: call.callee.start, end: tokenEnd(tokens[call.close]!) };
    values = call.args.slice(call.urlArgument + 1);
    before = argument;
  }
  const verbs = family === 'csharp' ? compositeHoles(token.text) : printfVerbs(token.text, family);
  if ('problem' in verbs) return verbs;
  const last = verbs.holes[verbs.holes.length - 1];
  const pets = Math.max(token.text.lastIndexOf('pets/'), token.text.lastIndexOf('Pets/'));
  if (!last || pets < 0 || last.start !== pets + 'pets/'.length)
    return { problem: 'the id is not the format string’s last value after pets/' };
  if (last.end !== verbs.contentEnd)
    return { problem: 'the URL goes on after the id (a query or a fragment)' };
  if (!last.plain) return { problem: 'the id is formatted with flags or a width' };
  if (verbs.holes.length !== values.length || last.argument !== values.length - 1)
    return { problem: 'the format string’s values are not one each' };
  const id = values[values.length - 1]!;
  // The id's value and the comma before it go; so do "/" and its verb in the string.
  const previousEnd = values.length > 1 ? values[values.length - 2]!.end : before.end;
  const format = token.text.slice(0, pets + 'pets'.length) + token.text.slice(last.end);
  const collection =
    text.slice(range.start, token.start) +
    format +
    text.slice(tokenEnd(token), previousEnd) +
    text.slice(id.end, range.end);
  return { url: range, parts: { collection, id: text.slice(id.start, id.end) } };
}

interface Hole {
  /** Offsets in the string token's source. */
  start: number;
  end: number;
  /** Which value it takes (0-based). */
  argument: number;
  /** `%d`, `%s`, `%v`, `{1}`: no flag, width, precision or format. */
  plain: boolean;
}

type Holes = { holes: Hole[]; contentEnd: number } | { problem: string };

function contentOf(source: string): { start: number; end: number } | undefined {
  const open = /^[@$]*"/.exec(source);
  if (!open || source.startsWith('"""') || !source.endsWith('"') || source.length < 2)
    return undefined;
  return { start: open[0].length, end: source.length - 1 };
}

/** `%s`, `%d`, `%v` (Go), `%s`, `%d` (Java, Kotlin); `%%` and `%n` take no value. */
function printfVerbs(source: string, family: LanguageFamily): Holes {
  const content = contentOf(source);
  if (!content) return { problem: 'the format string is a kind the rewrite does not read' };
  const holes: Hole[] = [];
  for (let i = content.start; i < content.end; i++) {
    if (source[i] === '\\') {
      i++;
      continue;
    }
    if (source[i] !== '%') continue;
    const verb = /^%([-+# 0]*)(\d*)(\.\d+)?(\[\d+\]|\d+\$)?([a-zA-Z%])/.exec(
      source.slice(i, content.end),
    );
    if (!verb) return { problem: 'the format string is not read' };
    if (verb[4]) return { problem: 'the format string numbers its values' };
    const letter = verb[5]!;
    if (letter !== '%' && !(letter === 'n' && family !== 'go'))
      holes.push({
        start: i,
        end: i + verb[0].length,
        argument: holes.length,
        plain: !verb[1] && !verb[2] && !verb[3] && /^[dsv]$/.test(letter),
      });
    i += verb[0].length - 1;
  }
  return { holes, contentEnd: content.end };
}

/** C#'s `{0}`, `{1,5:D}`; `{{` and `}}` are braces. */
function compositeHoles(source: string): Holes {
  const content = contentOf(source);
  if (!content || source.startsWith('$') || source.startsWith('@$'))
    return { problem: 'the format string is a kind the rewrite does not read' };
  const holes: Hole[] = [];
  let highest = -1;
  for (let i = content.start; i < content.end; i++) {
    const char = source[i];
    if ((char === '{' || char === '}') && source[i + 1] === char) {
      i++;
      continue;
    }
    if (char !== '{') continue;
    const hole = /^\{(\d+)(,[^}:]*)?(:[^}]*)?\}/.exec(source.slice(i, content.end));
    if (!hole) return { problem: 'the format string is not read' };
    const argument = Number(hole[1]);
    // The id must be the last value, taken once: renumbering the others is not this rewrite's.
    if (holes.some((other) => other.argument === argument))
      return { problem: 'the format string takes a value twice' };
    highest = Math.max(highest, argument);
    holes.push({ start: i, end: i + hole[0].length, argument, plain: !hole[2] && !hole[3] });
    i += hole[0].length - 1;
  }
  const last = holes[holes.length - 1];
  if (last && last.argument !== highest)
    return { problem: 'the id is not the format string’s last value' };
  return { holes, contentEnd: content.end };
}
