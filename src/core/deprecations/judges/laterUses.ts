import { isCommandBreak, shellAssignedName } from './curlArgs';
import { explicitMethod, isDefaultGetCall, memberMethod } from './methodContext';
import { isNotSent } from './notSent';
import { isExpectedValue, isPatternValue } from './roles';
import { isHandedToNonRequest } from './taker';
import type { Token } from '../model/tokens';
import {
  enclosingOpener,
  lineStartToken,
  matchingOpener,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** How far a URL is followed through variables: url → request → connection. */
const MAX_FOLLOW_DEPTH = 3;
/** Tokens looked at after an assignment for the variable's uses. */
const MAX_TOKENS_AHEAD = 4000;
/** Uses of one variable looked at (each is examined like a URL site). */
const MAX_USES = 50;
/** Tokens looked at before a URL for the assignment it belongs to. */
const MAX_TOKENS_BEHIND = 80;
const ASSIGNMENTS = new Set(['=', ':=', '+=', '.=']);
const STATEMENT_KEYWORDS = new Set(['return', 'yield', 'throw', 'await', 'if', 'while', 'for']);
const SHELL_DECLARATIONS = new Set(['export', 'local', 'readonly', 'declare', 'typeset']);

interface Verdict {
  /** A use sends a GET: stated, or by default (fetch(url)). */
  get: boolean;
  /** A use states another method. */
  other: boolean;
  /** The URL itself goes where its method cannot be seen (send(url), return url): maybe a GET. */
  unknown: boolean;
  /** Something built from the URL is used further (client.newCall(request)): sent, method unseen. */
  used: boolean;
}

/** What the uses of a stored URL say about it. */
export type StoredUrlUse =
  /** Not stored in a variable (an argument, a return value, a property). */
  | 'notStored'
  /** Stored, and the variable is not used again in sight (or only printed, or as a page). */
  | 'unused'
  /** A use sends a GET, stated or by default (fetch(url)). */
  | 'get'
  /** Uses state other methods only: not a GET. */
  | 'otherMethods'
  /** The URL goes where its method cannot be seen (send(url), return url). */
  | 'unknown';

/**
 * A URL stored in a variable, judged by where the variable is used: `url = …/pets/1;
 * fetch(url, { method: 'DELETE' })` (other methods), `$ch = curl_init(url); curl_setopt($ch,
 * CURLOPT_CUSTOMREQUEST, 'DELETE')`, `conn = new URL(url).openConnection();
 * conn.setRequestMethod("DELETE")`. Other methods only when the later uses state other methods
 * and none sends a GET or passes the URL on where its method cannot be seen.
 */
export function storedUrlUse(
  tokens: readonly Token[],
  first: number,
  shell: boolean,
): StoredUrlUse {
  const verdict: Verdict = { get: false, other: false, unknown: false, used: false };
  const stored = follow(tokens, first, shell, verdict, 0, new Set());
  if (!stored) return 'notStored';
  if (verdict.get) return 'get';
  if (verdict.unknown) return 'unknown';
  if (verdict.other) return 'otherMethods';
  return verdict.used ? 'unknown' : 'unused';
}

function follow(
  tokens: readonly Token[],
  first: number,
  shell: boolean,
  verdict: Verdict,
  depth: number,
  followed: Set<number>,
): boolean {
  const target = shell
    ? shellAssignment(tokens, first)
    : (assignment(tokens, first) ?? handleOption(tokens, first));
  if (!target || followed.has(target.after)) return false;
  followed.add(target.after);
  const uses: number[] = [];
  for (const use of laterUses(tokens, target, shell)) if (uses.push(use) >= MAX_USES) break;
  // A method set on the request itself (req.method = …) holds for every send of it.
  let setOnRequest = false;
  for (const use of shell ? [] : uses) {
    const method = memberMethod(tokens, use);
    if (!method) continue;
    setOnRequest = true;
    if (method === 'GET') verdict.get = true;
    else verdict.other = true;
  }
  if (setOnRequest) return true;
  for (const use of uses) {
    if (isPatternValue(tokens, use)) continue;
    // `operationPath = "." + operationPath`: the variable rebuilt from itself, its later uses
    // (followed here already) decide.
    const rebuilt = shell ? undefined : assignment(tokens, use);
    if (rebuilt && [...rebuilt.names].some((name) => target.names.has(name))) continue;
    const method = explicitMethod({ tokens, first: use, last: use, rendered: '', shell });
    if (method) {
      if (method === 'GET') verdict.get = true;
      else verdict.other = true;
      continue;
    }
    // The use builds something else (a request, a connection): its own uses decide…
    const inner: Verdict = { get: false, other: false, unknown: false, used: false };
    if (depth + 1 < MAX_FOLLOW_DEPTH) follow(tokens, use, shell, inner, depth + 1, followed);
    verdict.used ||= inner.used;
    if (inner.get || inner.other || inner.unknown) {
      verdict.get ||= inner.get;
      verdict.other ||= inner.other;
      verdict.unknown ||= inner.unknown;
    } else if (isDefaultGetCall(tokens, use, shell))
      verdict.get = true; // …else fetch(url) is a GET
    // …else the URL itself went somewhere unseen, unless that is only a message (console.log(url)),
    // a value a test compares with (assert url == …, expect(path).toBe(…)) or a helper that only
    // hints at a request (expect(normalize(path)).toBe(…), confirmDelete(url)): nothing is sent.
    else if (
      !isNotSent(tokens, use, shell) &&
      (shell || (!isExpectedValue(tokens, use) && !isHandedToNonRequest(tokens, use)))
    ) {
      if (target.holdsUrl) verdict.unknown = true;
      else verdict.used = true;
    }
  }
  return true;
}

interface AssignmentTarget {
  names: Set<string>;
  /** Index of the last token of the assignment's left side. */
  after: number;
  /** Indentation of the line the assignment starts on: a line indented less ends its scope. */
  indent: number;
  /** The variable holds the URL itself (url = …), not something built from it (req = Request(url)). */
  holdsUrl: boolean;
}

/**
 * The variable(s) assigned by the statement that `first` is part of the right side of:
 * `url = …`, `const url: string = …`, `req, err := http.NewRequest(…)`, `$ch = curl_init(…)`.
 * Keyword arguments (`f(url=…)`) and property keys are not assignments.
 */
function assignment(tokens: readonly Token[], first: number): AssignmentTarget | undefined {
  // Anything between the URL and `=` other than grouping parentheses builds something from it.
  let builds = false;
  for (let i = first - 1, steps = 0; i >= 0 && steps < MAX_TOKENS_BEHIND; i--, steps++) {
    const token = tokens[i]!;
    if (token.kind === 'newline') {
      const opener = enclosingOpener(tokens, i, 200);
      if (opener < 0 || tokens[opener]!.text === '{') return undefined;
      continue;
    }
    if (token.kind === 'ident' && STATEMENT_KEYWORDS.has(token.text)) return undefined;
    if (token.kind !== 'punct') {
      builds = true;
      continue;
    }
    const text = token.text;
    if (text === ')' || text === ']') {
      const opener = matchingOpener(tokens, i);
      if (opener < 0) return undefined;
      i = opener;
      builds = true;
      continue;
    }
    if (text === ';' || text === '{' || text === '}' || text === '[' || text === ',')
      return undefined;
    if (text === '(') {
      const before = tokens[previousSignificant(tokens, i - 1)]?.text ?? '';
      if (!ASSIGNMENTS.has(before) && before !== '(') builds = true; // a call, not a grouping
      continue;
    }
    if (!ASSIGNMENTS.has(text)) {
      builds = true;
      continue;
    }
    const opener = enclosingOpener(tokens, i, 200);
    if (opener >= 0 && tokens[opener]!.text !== '{') return undefined; // f(url=…), (a = …)
    if (opener >= 0 && isObjectInitializer(tokens, opener)) {
      i = opener; // new Request { Uri = …/pets/1 }: the request is what gets assigned
      builds = true;
      continue;
    }
    return assignedNames(tokens, i, !builds);
  }
  return undefined;
}

/** `new HttpRequestMessage { … }`, `new() { … }`: a brace that initializes a new object. */
function isObjectInitializer(tokens: readonly Token[], brace: number): boolean {
  let before = previousSignificant(tokens, brace - 1);
  if (before >= 0 && tokens[before]!.text === ')') {
    const opener = matchingOpener(tokens, before);
    before = opener < 0 ? -1 : previousSignificant(tokens, opener - 1);
  }
  while (before >= 0 && tokens[before]!.kind === 'ident' && tokens[before]!.text !== 'new') {
    const separator = previousSignificant(tokens, before - 1);
    if (separator < 0 || tokens[separator]!.text !== '.') {
      before = separator;
      break;
    }
    before = previousSignificant(tokens, separator - 1);
  }
  return before >= 0 && tokens[before]!.text === 'new';
}

/** Handle-based clients: curl_setopt($ch, CURLOPT_URL, "…/pets/1") sets the URL of `$ch`. */
const HANDLE_SETTERS = new Set(['curl_setopt', 'curl_setopt_array']);

/** The handle whose URL the call sets, followed from its creation (`$ch = curl_init()`). */
function handleOption(tokens: readonly Token[], first: number): AssignmentTarget | undefined {
  const opener = enclosingOpener(tokens, first, 200);
  if (opener < 1 || tokens[opener]!.text !== '(') return undefined;
  const callee = previousSignificant(tokens, opener - 1);
  if (callee < 0 || !HANDLE_SETTERS.has(tokens[callee]!.text)) return undefined;
  const handle = nextSignificant(tokens, opener + 1);
  if (handle < 0 || tokens[handle]!.kind !== 'ident') return undefined;
  const name = tokens[handle]!.text;
  // Options may be set in any order: uses count from where the handle was made.
  const scope = enclosingOpener(tokens, callee);
  for (let i = callee - 1, stop = Math.max(0, scope, callee - MAX_TOKENS_AHEAD); i >= stop; i--) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || token.text !== name) continue;
    const operator = nextSignificant(tokens, i + 1);
    if (operator >= 0 && tokens[operator]!.text === '=')
      return {
        names: new Set([name]),
        after: operator,
        indent: indentOf(tokens, i),
        holdsUrl: false,
      };
  }
  return undefined;
}

function assignedNames(
  tokens: readonly Token[],
  operator: number,
  holdsUrl: boolean,
): AssignmentTarget | undefined {
  // The left side is on the assignment's line: the tokens just before, no line break between.
  let name = operator - 1;
  if (name < 0 || tokens[name]!.kind !== 'ident') return undefined;
  // A type annotation: `url: string = …` names `url`.
  if (name > 1 && tokens[name - 1]!.text === ':') {
    if (tokens[name - 2]!.kind !== 'ident') return undefined;
    name -= 2;
  }
  // `u, err := url.JoinPath(…)`, `req, _ := http.NewRequest(…)`: the first name gets the value
  // (the error and the blank identifier are not followed).
  let first = name;
  while (first > 1 && tokens[first - 1]!.text === ',' && tokens[first - 2]!.kind === 'ident')
    first -= 2;
  // `this.url = …` and `pets[0] = …` are not plain variables: not followed.
  if (first > 0 && ['.', '->', '::', '?.'].includes(tokens[first - 1]!.text)) return undefined;
  return {
    names: new Set([tokens[first]!.text]),
    after: operator,
    indent: indentOf(tokens, name),
    holdsUrl,
  };
}

/** `URL="$BASE/pets/$ID"` (or export/local URL=…) as a command of its own. */
function shellAssignment(tokens: readonly Token[], first: number): AssignmentTarget | undefined {
  const name = shellAssignedName(tokens[first]!);
  if (name === undefined) return undefined;
  let before = first - 1;
  while (before >= 0 && SHELL_DECLARATIONS.has(tokens[before]!.text)) before--;
  if (before >= 0 && !isCommandBreak(tokens[before]!)) return undefined;
  return {
    names: new Set([name]),
    after: first,
    indent: indentOf(tokens, first),
    holdsUrl: true,
  };
}

/** Uses of the assigned variable in the rest of its scope, up to its next assignment. */
function* laterUses(
  tokens: readonly Token[],
  target: AssignmentTarget,
  shell: boolean,
): Generator<number> {
  const mentions = shell ? shellMentionPattern(target.names) : undefined;
  let depth = 0;
  const stop = Math.min(tokens.length, target.after + 1 + MAX_TOKENS_AHEAD);
  // Most variables are never named again: one cheap pass finds that without the scope tracking.
  if (!mentions && !namedBetween(tokens, target.names, target.after + 1, stop)) return;
  for (let i = target.after + 1; i < stop; i++) {
    const token = tokens[i]!;
    if (token.kind === 'punct') {
      if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
      else if (token.text === ')' || token.text === ']' || token.text === '}') {
        if (--depth < 0) return; // the block that holds the assignment ends
      }
      continue;
    }
    if (token.kind === 'newline') {
      const next = nextSignificant(tokens, i + 1);
      if (depth === 0 && next >= 0 && indentOf(tokens, next) < target.indent) return; // dedent
      continue;
    }
    if (mentions) {
      if (token.kind !== 'string') continue;
      const reassigned = shellAssignment(tokens, i);
      if (reassigned && [...reassigned.names].some((name) => target.names.has(name))) return;
      if (mentions.test(token.text)) yield i;
      continue;
    }
    if (token.kind !== 'ident' || !target.names.has(token.text)) continue;
    const before = previousSignificant(tokens, i - 1);
    if (before >= 0 && ['.', '->', '::', '?.'].includes(tokens[before]!.text)) continue;
    const after = nextSignificant(tokens, i + 1);
    // `operationPath[0] == '/'`: a character of it read, nothing sent (oapi-codegen's clients).
    if (
      after >= 0 &&
      tokens[after]!.text === '[' &&
      tokens[after + 1]?.kind === 'number' &&
      tokens[after + 2]?.text === ']'
    )
      continue;
    if (after >= 0 && tokens[after]!.text === '=') {
      // `path = strings.Replace(path, "{id}", id, -1)`: the value is transformed, still followed.
      if (depth === 0 && !rightSideNames(tokens, after, token.text)) return; // reassigned
      continue; // a keyword argument's name: f(path_pattern=path_pattern)
    }
    yield i;
  }
}

/** Whether the right side of the assignment at `operator` (to its line's end) uses `name`. */
function rightSideNames(tokens: readonly Token[], operator: number, name: string): boolean {
  for (let i = operator + 1; i < tokens.length && i < operator + 200; i++) {
    const token = tokens[i]!;
    if (token.kind === 'newline' || token.text === ';') return false;
    if (token.kind === 'ident' && token.text === name) return true;
  }
  return false;
}

/** Whether an identifier token in [from, stop) is one of `names`. */
function namedBetween(
  tokens: readonly Token[],
  names: ReadonlySet<string>,
  from: number,
  stop: number,
): boolean {
  for (let i = from; i < stop; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && names.has(token.text)) return true;
  }
  return false;
}

function shellMentionPattern(names: ReadonlySet<string>): RegExp {
  // Names are identifiers ([A-Za-z_]\w*): nothing to escape. Linear: a fixed prefix, no nesting.
  return new RegExp(`\\$\\{?(?:${[...names].join('|')})(?![\\w])`);
}

/**
 * Columns of indentation of the line holding token `index`: the gap between the line break
 * before it and the line's first token (lines holding only comments have no tokens).
 */
function indentOf(tokens: readonly Token[], index: number): number {
  const i = lineStartToken(tokens, index);
  // A line too long to read back (minified code) is not indented: no dedent ends its scope.
  if (i < 0) return 0;
  return i === 0 ? tokens[0]!.start : tokens[i]!.start - tokens[i - 1]!.start - 1;
}
