/**
 * Where a script's helper goes. Browser scripts keep their code in a wrapper — an IIFE
 * (`(function () { 'use strict'; … })();`), `$(function () { … })`, AMD's `define([…], function ($)
 * { … })`, one `angular.module(…).factory(…, function ($http) { … })` — or in an HTML page's
 * `<script>` block: the helper goes inside them, at the end, so it shares their scope and strict
 * mode and adds no global. Elsewhere it goes at the file's end (a function declaration is hoisted).
 */
import { tokenEnd, type Token } from '../../model/tokens';
import {
  enclosingOpener,
  matchingCloser,
  previousSignificant,
  tokenIndexAt,
} from '../../model/tokenWalk';
import { styled, type FileStyle } from '../fileStyle';
import type { Helper } from '../rewriter';

export interface Placement {
  /** Where the helper's code is inserted (a line's start), undefined for the file's end. */
  insertAt?: number;
  /** The indentation of every line of the helper. */
  base: string;
}

const PAGE = /\.(html?|vue|svelte)$/i;

/** The placement of a helper for the request at offset `at`; undefined in a page, outside its scripts. */
export function helperPlacement(
  path: string,
  text: string,
  tokens: readonly Token[],
  at: number,
  style: FileStyle,
): Placement | undefined {
  let scope = { start: 0, end: text.length };
  let pageBlock: { closeLine: number; base: string } | undefined;
  if (PAGE.test(path)) {
    // A page's first inline script that names the pets holds the helper: later scripts see the
    // functions it declares. With one such script only, inside its wrapper.
    const blocks = inlineScripts(text).filter((block) =>
      /[Pp]ets\//.test(text.slice(block.start, block.end)),
    );
    const own = blocks.find((block) => block.start <= at && at <= block.end);
    const block = blocks[0];
    if (!block || !own) return undefined;
    const closeLine = text.lastIndexOf('\n', block.end - 1) + 1;
    const firstCode = /\S/.exec(text.slice(block.start, block.end));
    const codeStart = firstCode ? block.start + firstCode.index : block.end;
    const base = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', codeStart - 1) + 1))![0];
    // `</script>` after code on its line: the helper goes on a line of its own before it.
    pageBlock = {
      closeLine: /^[ \t]*$/.test(text.slice(closeLine, block.end)) ? closeLine : block.end,
      base,
    };
    if (blocks.length > 1) return { insertAt: pageBlock.closeLine, base: pageBlock.base };
    scope = block;
  }
  const wrapper = wrapperBody(text, tokens, at, scope);
  if (wrapper) {
    const brace = tokens[wrapper]!.start;
    const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
    const before = text.slice(lineStart, brace);
    if (/^[ \t]*$/.test(before)) return { insertAt: lineStart, base: before + style.indent };
  }
  if (pageBlock) return { insertAt: pageBlock.closeLine, base: pageBlock.base };
  return { base: '' };
}

/**
 * The closing brace (token index) of the outermost function body around offset `at` that holds
 * all of the scope's code: before its statement only comments, blank lines and directives
 * ('use strict'), after its brace only the call's closing (`})(jQuery);`, `}]);`).
 */
function wrapperBody(
  text: string,
  tokens: readonly Token[],
  at: number,
  scope: { start: number; end: number },
): number | undefined {
  let outermost = -1;
  for (let open = enclosingOpener(tokens, tokenIndexAt(tokens, at), 1_000_000); open >= 0;) {
    if (tokens[open]!.text === '{' && isFunctionBody(tokens, open)) outermost = open;
    open = enclosingOpener(tokens, open, 1_000_000);
  }
  if (outermost < 0 || tokens[outermost]!.start < scope.start) return undefined;
  const close = matchingCloser(tokens, outermost, 10_000_000);
  if (tokens[close]?.text !== '}') return undefined;
  const after = text.slice(tokenEnd(tokens[close]), scope.end);
  if (!/^[\s)\](\w$.,;'"]*$/.test(stripComments(after))) return undefined;
  // The statement holding the wrapper starts the scope's code.
  let first = outermost;
  for (let open = enclosingOpener(tokens, outermost, 1_000_000); open >= 0;) {
    first = open;
    open = enclosingOpener(tokens, open, 1_000_000);
  }
  const statementStart = statementStartOf(tokens, first);
  // A function declared by its name (`function loadPet(id) { … }`) is the file's code, not a
  // wrapper around it: the helper goes beside it, at the file's end.
  if (
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*[A-Za-z_$]/.test(
      text.slice(tokens[statementStart]!.start, tokens[first]!.start + 1),
    )
  )
    return undefined;
  const before = text.slice(scope.start, tokens[statementStart]!.start);
  if (!/^\s*((['"])use strict\2;?\s*)?$/.test(stripComments(before))) return undefined;
  return close;
}

/** `) {`, `) => {`, `function () {`: the brace opens a function's body, not a class's or an object. */
function isFunctionBody(tokens: readonly Token[], open: number): boolean {
  const before = tokens[previousSignificant(tokens, open - 1)];
  return before?.text === ')' || before?.text === '=>';
}

/** The first token of the top-level statement holding token `index`: after the previous `;` or `}`. */
function statementStartOf(tokens: readonly Token[], index: number): number {
  let start = index;
  for (
    let i = previousSignificant(tokens, index - 1);
    i >= 0;
    i = previousSignificant(tokens, i - 1)
  ) {
    const text = tokens[i]!.text;
    if (text === ';' || text === '}') break;
    if (text === ')' || text === ']') {
      // A call's or a group's brackets belong to the statement: skip to their opener.
      let depth = 0;
      for (; i >= 0; i--) {
        const t = tokens[i]!.text;
        if (t === ')' || t === ']' || t === '}') depth++;
        else if ((t === '(' || t === '[' || t === '{') && --depth === 0) break;
      }
      if (i < 0) break;
    }
    start = i;
  }
  return start;
}

/** The content of each `<script>` without `src`: offsets after its `>` and before `</script`. */
function inlineScripts(text: string): { start: number; end: number }[] {
  const blocks: { start: number; end: number }[] = [];
  const lower = text.toLowerCase();
  for (const match of text.matchAll(/<script\b[^>]*>/gi)) {
    const start = match.index + match[0].length;
    const end = lower.indexOf('</script', start);
    if (end < 0) break;
    if (!/\ssrc\s*=/i.test(match[0])) blocks.push({ start, end });
  }
  return blocks;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/**
 * A module's helper placement: in a page's (a Vue or Svelte component's, an HTML page's) script
 * where the request is, before its `</script>`; elsewhere undefined, the file's end.
 */
export function pageScriptPlacement(
  path: string,
  text: string,
  tokens: readonly Token[],
  at: number,
  style: FileStyle,
): Placement | 'outside' | undefined {
  if (!PAGE.test(path)) return undefined;
  return helperPlacement(path, text, tokens, at, style) ?? 'outside';
}

/**
 * A module's helper function `name` (its `lines`), in the file's style, placed as the page's
 * script wants it (`page`, from pageScriptPlacement) or at the file's end.
 */
export function placedFunctionHelper(
  name: string,
  lines: readonly string[],
  style: FileStyle,
  page: Placement | undefined,
): Helper {
  return {
    name,
    code: styled([...lines], style, {
      swapQuotes: true,
      semicolons: true,
      ...(page ? { base: page.base } : {}),
    }),
    definedIn: (text) => text.includes(`function ${name}(`),
    ...(page?.insertAt !== undefined ? { insertAt: page.insertAt } : {}),
  };
}
