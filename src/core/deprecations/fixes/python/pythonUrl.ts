/**
 * A Python URL expression of GET /pets/{id} taken apart: f-strings, concatenation and literals
 * as every language's (urlParts.ts), and Python's own formatting, which the finding's range does
 * not cover: `"{}/pets/{}".format(BASE, pid)` and `"%s/pets/%s" % (BASE, pid)`, the id being the
 * last placeholder, right after "pets/", at the string's end. The collection keeps the rest as
 * written: `"{}/pets".format(BASE)`, `"%s/pets" % (BASE,)`.
 */
import type { LanguageSupport } from '../../lexers/languages';
import { tokenEnd, type Token } from '../../model/tokens';
import { matchingCloser, nextSignificant, tokenIndexAt } from '../../model/tokenWalk';
import type { Range } from '../requestCall';
import { stringSource } from '../stringSegments';
import { splitUrl, type UrlParts } from '../urlParts';

export interface PythonUrl {
  /** The whole URL expression, the formatting included. */
  range: Range;
  parts: UrlParts;
}

/** The URL around `url` (a finding's range), or why it cannot be taken apart. */
export function pythonUrl(
  text: string,
  tokens: readonly Token[],
  url: Range,
  language: LanguageSupport,
): PythonUrl | { problem: string } {
  const first = tokenIndexAt(tokens, url.start);
  const last = tokenIndexAt(tokens, url.end - 1);
  let k = -1;
  for (let i = last; i >= first; i--)
    if (tokens[i]!.kind === 'string' && /[Pp]ets\//.test(tokens[i]!.text)) {
      k = i;
      break;
    }
  if (k < 0) return { problem: 'the path is not written in one string' };
  const after = nextSignificant(tokens, k + 1);
  const afterText = after >= 0 ? tokens[after]!.text : '';
  const formatted =
    afterText === '.' &&
    tokens[after + 1]?.text === 'format' &&
    tokens[nextSignificant(tokens, after + 2)]?.text === '(';
  if (formatted || afterText === '%') {
    if (k > first && tokens[k - 1]!.kind === 'string')
      return { problem: 'the URL is formatted from strings written side by side' };
    const prefix = text.slice(tokens[first]!.start, tokens[k]!.start);
    const split = formatted
      ? formatCall(text, tokens, k, nextSignificant(tokens, after + 2))
      : percentFormat(text, tokens, k, after);
    if ('problem' in split) return split;
    return {
      range: { start: tokens[first]!.start, end: split.end },
      parts: { collection: prefix + split.collection, id: split.id },
    };
  }
  const parts = splitUrl(text, tokens, first, last, language);
  if ('problem' in parts) return parts;
  const token = tokens[k]!;
  if (/^[A-Za-z]*[fF]/.test(token.text)) {
    // A format spec or a conversion changes the id's text (`{pid!r}`, `{pid:05d}`): not the id.
    const source = stringSource(token.text, 'python');
    const hole = source?.segments.filter((segment) => segment.kind === 'hole').pop();
    const inner = hole ? token.text.slice(hole.start + 1, hole.end - 1).trim() : '';
    if (hole && inner !== parts.id && hole.expression === parts.id)
      return { problem: 'the id is written with a format spec or a conversion' };
  }
  return {
    range: { start: tokens[first]!.start, end: tokenEnd(tokens[last]!) },
    parts: { ...parts, collection: plainWhenNoFields(parts.collection) },
  };
}

/** `f"/pets"`, left without a field, is a plain string (an f-string without one is a lint error). */
function plainWhenNoFields(collection: string): string {
  const literal = /^([rR]?)[fF]([rR]?)("|')([^{}"'\\]*)\3$/.exec(collection);
  return literal ? `${literal[1]}${literal[2]}${literal[3]}${literal[4]}${literal[3]}` : collection;
}

interface Formatted {
  collection: string;
  id: string;
  /** Where the formatting ends (after its closing parenthesis or its operand). */
  end: number;
}

interface Content {
  open: string;
  body: string;
  close: string;
}

function contentOf(token: Token): Content | undefined {
  const open = /^([rRbBuU]{0,2})("""|'''|"|')/.exec(token.text);
  if (!open || /[bB]/.test(open[1]!)) return undefined;
  const quote = open[2]!;
  if (!token.text.endsWith(quote) || token.text.length < open[0].length + quote.length)
    return undefined;
  return {
    open: open[0],
    body: token.text.slice(open[0].length, token.text.length - quote.length),
    close: quote,
  };
}

/** The arguments of a call from its `(`: each one's source, and whether it is a keyword's. */
function argumentsOf(
  text: string,
  tokens: readonly Token[],
  open: number,
): { close: number; args: { source: string; keyword?: string }[]; commas: number } | undefined {
  const close = matchingCloser(tokens, open, 20_000);
  if (tokens[close]?.text !== ')') return undefined;
  const args: { source: string; keyword?: string }[] = [];
  let commas = 0;
  let depth = 0;
  let from = open + 1;
  for (let i = open + 1; i <= close; i++) {
    const token = tokens[i]!;
    if (i === close || (depth === 0 && token.text === ',')) {
      if (i !== close) commas++;
      const pieces = tokens.slice(from, i).filter((piece) => piece.kind !== 'newline');
      if (pieces.length) {
        const source = text.slice(pieces[0]!.start, tokenEnd(pieces[pieces.length - 1]!)).trim();
        const keyword =
          pieces[0]!.kind === 'ident' && pieces[1]?.text === '=' ? pieces[0]!.text : undefined;
        args.push(keyword ? { source, keyword } : { source });
      }
      from = i + 1;
      continue;
    }
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
  }
  return { close, args, commas };
}

/** `"{}/pets/{}".format(BASE, pid)`, `"{base}/pets/{id}".format(base=B, id=pid)`. */
function formatCall(
  text: string,
  tokens: readonly Token[],
  k: number,
  open: number,
): Formatted | { problem: string } {
  const content = contentOf(tokens[k]!);
  if (!content) return { problem: 'the URL is a kind of string the rewrite does not read' };
  const call = argumentsOf(text, tokens, open);
  if (!call) return { problem: 'the format call is not closed' };
  if (call.args.some((arg) => arg.source.startsWith('*')))
    return { problem: 'the URL is formatted from unpacked arguments' };
  const fields: { start: number; end: number; name: string; plain: boolean }[] = [];
  const body = content.body;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if ((char === '{' || char === '}') && body[i + 1] === char) {
      i++;
      continue;
    }
    if (char !== '{') continue;
    const close = body.indexOf('}', i);
    if (close < 0 || body.slice(i + 1, close).includes('{'))
      return { problem: 'the format string nests its fields' };
    const inner = body.slice(i + 1, close);
    const name = /^[^!:]*/.exec(inner)![0];
    fields.push({ start: i, end: close + 1, name, plain: name === inner });
    i = close;
  }
  const id = fields[fields.length - 1];
  if (!id || id.end !== body.length || !/[Pp]ets\/$/.test(body.slice(0, id.start)))
    return { problem: 'the id is not the last field, right after "pets/"' };
  if (!id.plain) return { problem: 'the id is written with a format spec or a conversion' };
  const positional = call.args.filter((arg) => !arg.keyword);
  const keywords = call.args.filter((arg) => arg.keyword);
  let idArg: (typeof call.args)[number] | undefined;
  if (id.name === '') {
    if (fields.some((field) => field.name !== '') || positional.length !== fields.length)
      return { problem: 'the format fields and arguments do not pair up one by one' };
    idArg = positional[positional.length - 1];
  } else if (/^\d+$/.test(id.name)) {
    const index = Number(id.name);
    if (
      index !== positional.length - 1 ||
      fields.filter((field) => field.name === id.name).length !== 1
    )
      return { problem: 'the id’s argument is used elsewhere in the format string' };
    idArg = positional[index];
  } else if (/^[A-Za-z_]\w*$/.test(id.name)) {
    if (fields.filter((field) => field.name.split(/[.[]/)[0] === id.name).length !== 1)
      return { problem: 'the id’s argument is used elsewhere in the format string' };
    idArg = keywords.find((arg) => arg.keyword === id.name);
  }
  if (!idArg) return { problem: 'the id’s argument is not found' };
  const kept = call.args.filter((arg) => arg !== idArg).map((arg) => arg.source);
  const idSource = idArg.keyword
    ? idArg.source.slice(idArg.source.indexOf('=') + 1).trim()
    : idArg.source;
  const rest = body.slice(0, id.start - 1);
  const stringText = content.open + rest + content.close;
  const literalBraces = /\{\{|\}\}/.test(rest);
  return {
    collection:
      kept.length || literalBraces ? `${stringText}.format(${kept.join(', ')})` : stringText,
    id: idSource,
    end: tokenEnd(tokens[call.close]!),
  };
}

/** `"%s/pets/%s" % (BASE, pid)`, `BASE + "/pets/%d" % pid`. */
function percentFormat(
  text: string,
  tokens: readonly Token[],
  k: number,
  operator: number,
): Formatted | { problem: string } {
  const content = contentOf(tokens[k]!);
  if (!content) return { problem: 'the URL is a kind of string the rewrite does not read' };
  const body = content.body;
  const conversions: { start: number; end: number; plain: boolean }[] = [];
  const pattern = /%(\([^)]*\))?([#0\- +]*)(\*|\d+)?(\.(?:\*|\d+))?[hlL]?([a-zA-Z%])/g;
  for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
    if (match[5] === '%') continue;
    if (match[1]) return { problem: 'the URL is formatted from a mapping' };
    if (match[3] === '*' || match[4]?.includes('*'))
      return { problem: 'the format string takes a width from its arguments' };
    conversions.push({
      start: match.index,
      end: match.index + match[0].length,
      plain: !match[2] && !match[3] && !match[4] && /^[sdiu]$/.test(match[5]!),
    });
  }
  const id = conversions[conversions.length - 1];
  if (!id || id.end !== body.length || !/[Pp]ets\/$/.test(body.slice(0, id.start)))
    return { problem: 'the id is not the last placeholder, right after "pets/"' };
  if (!id.plain) return { problem: 'the id is written with a format spec or a conversion' };
  const operand = operandOf(text, tokens, operator + 1);
  if (!operand) return { problem: 'the format operand is not one the rewrite can read' };
  const values = operand.tuple ?? [operand.source];
  if (values.length !== conversions.length)
    return { problem: 'the placeholders and values do not pair up one by one' };
  if (values.some((value) => value.startsWith('*')))
    return { problem: 'the URL is formatted from unpacked values' };
  const kept = values.slice(0, -1);
  const rest = body.slice(0, id.start - 1);
  const stringText = content.open + rest + content.close;
  let collection = stringText;
  if (kept.length === 1) collection = `${stringText} % (${kept[0]},)`;
  else if (kept.length > 1) collection = `${stringText} % (${kept.join(', ')})`;
  else if (rest.includes('%')) collection = `${stringText} % ()`;
  return { collection, id: values[values.length - 1]!, end: operand.end };
}

/** The right operand of `%`: a parenthesised tuple or value, or a primary (`pid`, `pet.id`, `f(x)`). */
function operandOf(
  text: string,
  tokens: readonly Token[],
  from: number,
): { source: string; tuple?: string[]; end: number } | undefined {
  const start = nextSignificant(tokens, from);
  if (start < 0) return undefined;
  let i = start;
  const first = tokens[i]!;
  if (first.text === '(') {
    const inner = argumentsOf(text, tokens, i);
    if (!inner) return undefined;
    const end = tokenEnd(tokens[inner.close]!);
    const source = text.slice(first.start, end);
    if (inner.commas === 0) return { source: inner.args[0]?.source ?? '', end };
    return { source, tuple: inner.args.map((arg) => arg.source), end };
  }
  if (first.kind !== 'ident' && first.kind !== 'number' && first.kind !== 'string')
    return undefined;
  let end = tokenEnd(first);
  for (i = start + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '.' && tokens[i + 1]?.kind === 'ident') {
      end = tokenEnd(tokens[++i]!);
    } else if ((token.text === '(' || token.text === '[') && token.start === end) {
      const close = matchingCloser(tokens, i, 20_000);
      if (!/^[)\]]$/.test(tokens[close]?.text ?? '')) return undefined;
      end = tokenEnd(tokens[close]!);
      i = close;
    } else break;
  }
  return { source: text.slice(first.start, end), end };
}
