import { commandStart, programName, shellAssignedName } from './curlArgs';
import type { Token } from '../model/tokens';
import { namesFileVariable, playsOtherRole } from './roles';
import { enclosingOpener, previousSignificant } from '../model/tokenWalk';

/** Calls that print, log or raise their arguments: a URL there is a message, never sent. */
const MESSAGE_CALLEES = new Set([
  'print',
  'println',
  'printf',
  'eprint',
  'eprintln',
  'puts',
  'pp',
  'echo',
  'alert',
  'log',
  'info',
  'warn',
  'warning',
  'error',
  'debug',
  'trace',
  'fatal',
  'critical',
  'exception',
  'notice',
  'error_log',
  'WriteLine',
  'Print',
  'Println',
  'Printf',
  'Log',
  'Logf',
  'Info',
  'Infof',
  'Warn',
  'Warnf',
  'Warning',
  'Warningf',
  'Error',
  'Errorf',
  'Debug',
  'Debugf',
  'Trace',
  'Fatal',
  'Fatalf',
  'panic',
  'raise',
]);

/** Loading code: the string names a module or a file. */
const MODULE_CALLEES = new Set([
  'require',
  'import',
  'require_relative',
  'require_once',
  'include',
  'include_once',
]);

const EXCEPTION_TYPE = /(?:Error|Exception)$/;

/**
 * Test frameworks' blocks and their titles: `describe('GET /pets/1', …)`, RSpec's `describe 'GET
 * /api/v1/pets/1' do`, Go's `t.Run("GET /pets/1", …)`, JUnit's `@DisplayName("GET /pets/{id}")`.
 */
const TITLE_CALLEES = new Set([
  'describe',
  'context',
  'it',
  'test',
  'specify',
  'feature',
  'scenario',
  'xit',
  'fit',
  'xdescribe',
  'fdescribe',
  'Describe',
  'Context',
  'It',
  'When',
  'Run',
  'DisplayName',
  'suite',
  'group',
]);

/**
 * A path-shaped string that no request is made with: a message printed, logged or raised, a page
 * the app navigates to, a module imported. `console.log(`${base}/pets/${id}`)`,
 * `logger.debug("GET /pets/%s", id)`, `router.push(`/pets/${id}`)`, `import x from 'pets/x'`.
 */
export function isNotSent(
  tokens: readonly Token[],
  first: number,
  shell: boolean,
  last = first,
): boolean {
  if (shell) return isShellMessage(tokens, first) || isShellFileAssignment(tokens[first]!);
  const before = previousSignificant(tokens, first - 1);
  if (before >= 0) {
    const token = tokens[before]!;
    if (token.kind === 'ident') {
      if (token.text === 'import' || token.text === 'from') return true;
      // Parenless: puts "…", echo "…", raise "…", require_relative '…' (Ruby, PHP).
      if (
        before === first - 1 &&
        (MESSAGE_CALLEES.has(token.text) ||
          MODULE_CALLEES.has(token.text) ||
          TITLE_CALLEES.has(token.text))
      )
        return true;
    }
  }
  if (playsOtherRole(tokens, first, last)) return true;
  const opener = enclosingOpener(tokens, first);
  if (opener < 1 || tokens[opener]!.text !== '(') return false;
  let callee = previousSignificant(tokens, opener - 1);
  if (callee >= 0 && tokens[callee]!.text === '!') callee = previousSignificant(tokens, callee - 1); // println!(…)
  if (callee < 0 || tokens[callee]!.kind !== 'ident') return false;
  const name = tokens[callee]!.text;
  // A test's title: the block's first argument, what the test does comes after it.
  if (TITLE_CALLEES.has(name) && opener === previousSignificant(tokens, first - 1)) return true;
  return (
    MESSAGE_CALLEES.has(name) ||
    EXCEPTION_TYPE.test(name) ||
    MODULE_CALLEES.has(name) ||
    (name === 'New' && tokens[callee - 2]?.text === 'errors') // Go: errors.New("…")
  );
}

/** `TARGET_DIR="$HOME/pets/$ID"`: a folder or a file, whatever command later uses it. */
function isShellFileAssignment(token: Token): boolean {
  const name = shellAssignedName(token);
  return name !== undefined && namesFileVariable(name);
}

/** echo "fetching $BASE/pets/$ID", printf '%s/pets/%s\n' …: output, not a request. */
function isShellMessage(tokens: readonly Token[], first: number): boolean {
  const start = commandStart(tokens, first);
  const program = programName(tokens[start]!.text);
  if (program === 'echo') return true;
  // printf -v url '%s/pets/%s' … stores the URL in a variable: that is building it, not output.
  if (program !== 'printf') return false;
  for (let i = start + 1; i < first; i++) if (tokens[i]!.text === '-v') return false;
  return true;
}
