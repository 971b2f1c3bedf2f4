/** What the JavaScript and TypeScript rewriters share: the helper's doc comment, the call's edit. */
import { extname } from 'node:path';
import { helperDocLines } from '../helperDoc';
import type { RequestCall } from '../requestCall';
import type { TextEdit } from '../sourceEdit';
import type { UrlParts } from '../urlParts';

export function isTypeScript(path: string): boolean {
  return /^\.(ts|tsx|mts|cts)$/.test(extname(path));
}

/** The doc comment every helper starts with: what it replaces, how, what it answers, its reach. */
export function helperDoc(...answers: string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

/**
 * `callee(url, rest)` → `name(before..., collection, id, rest)`: the callee replaced by the
 * helper's name (type arguments kept), the URL argument by the collection and the id, and `first`
 * arguments (a client) put in front.
 */
export function replaceCall(
  call: RequestCall,
  name: string,
  parts: UrlParts,
  first: readonly string[] = [],
): TextEdit[] {
  const url = call.args[call.urlArgument]!;
  return [
    { start: call.callee.start, end: call.callee.end, newText: name },
    {
      start: url.start,
      end: url.end,
      newText: [...first, parts.collection, parts.id].join(', '),
    },
  ];
}
