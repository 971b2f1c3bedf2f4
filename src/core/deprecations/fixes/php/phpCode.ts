/**
 * What the PHP rewriters share: where a helper goes and how it is called. In a class (trait, enum,
 * anonymous class) the helper is a private static method of that class, called `self::name(…)`
 * from its instance and static methods alike; in a file of functions or a script, a function at
 * the file's end (PHP declares a file's top-level functions before running it), inside the
 * file's `namespace X;`, so the unqualified call finds it.
 */
import { helperDocLines } from '../helperDoc';
import { styled } from '../fileStyle';
import {
  enclosingOpener,
  matchingCloser,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import { tokenEnd, type Token } from '../../model/tokens';
import type { Helper, RequestSite } from '../rewriter';

/** The doc comment of a PHP helper (two spaces a level, as `styled` takes them). */
export function phpHelperDoc(answers: readonly string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

export interface PhpPlacement {
  /** How the rewritten request calls the helper: `self::name` or `name`. */
  call: string;
  /** The helper with its code placed (a method inside the class, or a function at the end). */
  helper(name: string, lines: (declaration: string) => string[]): Helper;
}

/** Words that open a body a method can be declared in. */
const CLASS_WORDS = new Set(['class', 'trait', 'enum']);
/** Enclosing brackets climbed from the request to its class: closures, blocks, the method. */
const NESTING = 64;

/** The `{` and `}` of the innermost class body holding token `index`, if any. */
function classAround(
  tokens: readonly Token[],
  index: number,
): { open: number; close: number } | undefined {
  let at = index;
  for (let level = 0; level < NESTING; level++) {
    const open = enclosingOpener(tokens, at, tokens.length);
    if (open < 0) return undefined;
    if (tokens[open]!.text === '{' && isClassHead(tokens, open)) {
      const close = matchingCloser(tokens, open, tokens.length);
      if (tokens[close]?.text !== '}') return undefined;
      return { open, close };
    }
    at = open;
  }
  return undefined;
}

/** `final class Name extends Base implements I {`, `new class($x) extends Base {`, `enum Suit: string {`. */
function isClassHead(tokens: readonly Token[], open: number): boolean {
  for (let i = open - 1, steps = 0; i >= 0 && steps < 200; i--, steps++) {
    const token = tokens[i]!;
    if (token.text === ';' || token.text === '{' || token.text === '}') return false;
    if (token.kind === 'punct' && token.text === ')') {
      // Constructor arguments of an anonymous class, an attribute's arguments.
      let depth = 0;
      for (; i >= 0; i--) {
        const text = tokens[i]!.text;
        if (text === ')') depth++;
        else if (text === '(' && --depth === 0) break;
      }
      continue;
    }
    if (token.kind !== 'ident' || !CLASS_WORDS.has(token.text)) continue;
    // `Foo::class` is a name's constant, not a declaration.
    const before = previousSignificant(tokens, i - 1);
    if (before >= 0 && (tokens[before]!.text === '::' || tokens[before]!.text === '->')) continue;
    return true;
  }
  return false;
}

/** The offset of the start of the line holding `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the helper of the request at `site` goes, or why it cannot go anywhere clear. */
export function phpPlacement(site: RequestSite): PhpPlacement | { problem: string } {
  const { text, tokens, style } = site;
  const index = tokenIndexAt(tokens, site.url.start);
  const body = classAround(tokens, index);
  if (body) {
    const closeStart = tokens[body.close]!.start;
    const start = lineStart(text, closeStart);
    if (text.slice(start, closeStart).trim())
      return { problem: 'the class ends on a line with other code: no clear place for the helper' };
    const base = text.slice(start, closeStart) + style.indent;
    const region = { start: tokens[body.open]!.start, end: closeStart };
    return {
      call: 'self::',
      helper: (name, lines) => ({
        // One per class: a file of several classes gives each its own.
        name: `${name}@${region.start}`,
        code: styled(lines(`private static function ${name}(`), style, { swapQuotes: true, base }),
        insertAt: start,
        definedIn: (current) =>
          current.slice(region.start, region.end).includes(`function ${name}(`),
      }),
    };
  }
  if (/^\s*namespace\s+[\w\\]*\s*\{/m.test(text))
    return { problem: 'a file of bracketed namespaces: no clear place for the helper' };
  // A closing tag after the last token ends the PHP code: the helper goes before it.
  const closing = text.lastIndexOf('?>');
  const last = tokens[tokens.length - 1];
  let insertAt: number | undefined;
  if (closing >= 0 && last && tokenEnd(last) <= closing) {
    if (text.slice(closing + 2).trim())
      return {
        problem: 'a template (markup after ?>): define the helper in a PHP file of its own',
      };
    insertAt = lineStart(text, closing);
    if (text.slice(insertAt, closing).trim())
      return {
        problem: 'the file ends with ?> after code on its line: no clear place for the helper',
      };
  }
  return {
    call: '',
    helper: (helperName, lines) => ({
      name: helperName,
      code: styled(lines(`function ${helperName}(`), style, { swapQuotes: true }),
      ...(insertAt === undefined ? {} : { insertAt }),
      definedIn: (current) => new RegExp(`^function ${helperName}\\(`, 'm').test(current),
    }),
  };
}
