/**
 * Whether the answer of a `.get(url)` call is read as axios answers: its `data`. The evidence a
 * client imported from a module nobody can read (a partial checkout, a missing index file) is an
 * axios instance: fetch-like clients answer with `json()`, superagent and got with `body`.
 */
import { tokenEnd, type Token } from '../../model/tokens';
import type { RequestCall } from '../requestCall';

const NAME = '[A-Za-z_$][\\w$]*';
/** How far after the call the kept answer's `.data` is looked for, at most. */
const READ_WINDOW = 2000;

export function readsResponseData(
  text: string,
  tokens: readonly Token[],
  call: RequestCall,
): boolean {
  const before = text.slice(Math.max(0, call.callee.start - 200), call.callee.start);
  const end = tokenEnd(tokens[call.close]!);
  const after = withinFunction(text.slice(end, end + READ_WINDOW));
  // `const { data } = await api.get(…)`
  if (new RegExp(`(?:const|let|var)\\s*\\{\\s*data\\b[^}]*\\}\\s*=\\s*await\\s*$`).test(before))
    return true;
  // `(await api.get(…)).data`
  if (/\(\s*await\s*$/.test(before) && /^\s*\)\s*\.data\b/.test(after)) return true;
  // `api.get(…).then((response) => response.data)`, `.then(({ data }) => …)`
  if (
    new RegExp(
      `^\\s*\\.then\\(\\s*(?:\\(\\s*(${NAME})\\s*\\)|(${NAME}))\\s*=>\\s*(?:\\1|\\2)\\.data\\b`,
    ).test(after) ||
    /^\s*\.then\(\s*\(\s*\{\s*data\b/.test(after)
  )
    return true;
  // `const response = await api.get(…); … response.data`
  const kept = new RegExp(`(?:const|let|var)\\s+(${NAME})\\s*(?::[^=]+)?=\\s*await\\s*$`).exec(
    before,
  );
  return (
    kept !== null &&
    new RegExp(`(?<![\\w$.])${kept[1]!.replace(/\$/g, '\\$')}\\.data\\b`).test(after)
  );
}

/** The text up to the end of the function around the call: a line that closes or starts at column 0. */
function withinFunction(after: string): string {
  const end = /\n(?:\}|export\b|function\b|async\b|const\b|let\b|var\b|class\b)/.exec(after);
  return end ? after.slice(0, end.index) : after;
}
