/**
 * Every git process the product starts, started here with one hardened set: a repository we read
 * may be someone else's, and its `.git/config` must not choose a program for us to run, a file
 * for us to read, or what we count as changed. Modelled on git's own advice for untrusted
 * repositories (safe.directory, CVE-2022-24765, CVE-2024-32002): configuration given on the
 * command line outranks the repository's, the user's and the system's configuration is not read at
 * all, and every process has a time limit and an output cap, so nothing configured can hang us.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { devNull } from 'node:os';
import { gitExecutable } from './gitExecutable';
import { trustedDirectories, withoutGitVariables } from './safeDirectories';

export class GitError extends Error {}

/**
 * `-c` settings on every command. Each closes a way for configuration to run a program, read a
 * file or change what git prints: signatures are never verified, no file-system monitor, no
 * hooks, no pager, no transport at all (a lazy fetch of a partial clone's missing object fails
 * instead of running ssh or `ext::`), no credential helper, no attribute, exclude, order or
 * mailmap file named by configuration, no auto-gc, and an embedded bare repository is not entered.
 */
export const HARDENED_CONFIG: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', devNull],
  ['core.pager', 'cat'],
  ['core.askPass', ''],
  ['core.attributesFile', devNull],
  ['core.excludesFile', devNull],
  ['core.quotePath', 'off'],
  ['credential.helper', ''],
  ['protocol.allow', 'never'],
  ['log.showSignature', 'false'],
  ['log.mailmap', 'false'],
  ['color.ui', 'false'],
  ['diff.orderFile', devNull],
  ['diff.noprefix', 'false'],
  ['diff.mnemonicPrefix', 'false'],
  ['diff.relative', 'false'],
  ['diff.submodule', 'short'],
  ['diff.interHunkContext', '0'],
  ['submodule.recurse', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  ['safe.bareRepository', 'explicit'],
];

/**
 * What every diff that prints lines states itself, whatever any configuration says: no external
 * diff or textconv program, no colour, the a/ and b/ prefixes, no context, hunks never merged.
 */
export const HARDENED_DIFF_OPTIONS: readonly string[] = [
  // A submodule's work tree is never looked into: git would run `git status` there, under the
  // submodule's own configuration (its filter drivers, which filtersOff does not see). Only the
  // commit the superproject records for it is compared.
  '--ignore-submodules=dirty',
  '--no-ext-diff',
  '--no-textconv',
  '--no-color',
  '--src-prefix=a/',
  '--dst-prefix=b/',
  '--inter-hunk-context=0',
  '--diff-algorithm=myers',
];

/** Variables set for every git process (after every inherited `GIT_*` variable is dropped). */
export const HARDENED_ENVIRONMENT: Readonly<Record<string, string>> = {
  // Neither the system's nor the user's configuration: only the repository's, which the
  // command line outranks.
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: devNull,
  GIT_ATTR_NOSYSTEM: '1',
  // A partial clone's missing object is missing, never fetched (git 2.44+); for every git, no
  // transport at all: set (even empty), this list outranks any protocol.<name>.allow a
  // repository configures, which protocol.allow=never alone does not.
  GIT_NO_LAZY_FETCH: '1',
  GIT_ALLOW_PROTOCOL: '',
  GIT_PROTOCOL_FROM_USER: '0',
  GIT_TERMINAL_PROMPT: '0',
  // Reading never writes: no index refresh behind our back.
  GIT_OPTIONAL_LOCKS: '0',
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  // Messages in one language, for the few we recognise.
  LC_ALL: 'C',
  LANGUAGE: 'C',
};

/** How long one git process may take before it is stopped: a hang guard, not a budget. */
export const DEFAULT_GIT_TIMEOUT_MS = 10 * 60 * 1000;

/** The time limit: PETSTORE_GIT_TIMEOUT (seconds) when it is a positive number, else the default. */
export function gitTimeoutMs(environment: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(environment.PETSTORE_GIT_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_GIT_TIMEOUT_MS;
}
/** Output kept at most: git's listing of a large tree is tens of megabytes for 100,000 files. */
export const MAX_GIT_OUTPUT_BYTES = 512 * 1024 * 1024;

export interface GitRun {
  /** Written to git's standard input, which is then closed. */
  input?: string;
  /** Extra `-c key=value` pairs for this command (filters turned off, say). */
  config?: readonly (readonly [string, string])[];
  timeoutMs?: number;
}

export interface GitResult {
  status: number;
  stdout: Buffer;
  stderr: string;
}

/** The environment of a git process: the inherited one without any `GIT_*`, plus the hardened set. */
export function hardenedEnvironment(inherited: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // GIT_DIR, GIT_INDEX_FILE (set when run from a hook), GIT_CONFIG_PARAMETERS, GIT_SSH_COMMAND,
  // GIT_EXTERNAL_DIFF...: none of them may point our git elsewhere or run something.
  return { ...withoutGitVariables(inherited), ...HARDENED_ENVIRONMENT };
}

/**
 * The whole argument list of a hardened git command run in `repository`. A setting whose name
 * holds "=" (a filter driver named `a=b`) cannot be given with `-c`: git reads `-c filter.a=b.clean=`
 * as the setting `filter.a`, and the driver would keep its program. Such a command is not run.
 */
export function hardenedArguments(
  repository: string,
  args: readonly string[],
  config: readonly (readonly [string, string])[] = [],
): string[] {
  const settings = [
    ...HARDENED_CONFIG,
    ...trustedDirectories().map((folder) => ['safe.directory', folder] as const),
    ...config,
  ];
  const unsayable = settings.find(([key]) => key.includes('='));
  if (unsayable)
    throw new GitError(
      `the repository configures ${unsayable[0]}, a name holding "=" that git's command line cannot override: git ${args[0] ?? ''} not run`,
    );
  return [
    '--no-pager',
    '--no-optional-locks',
    ...settings.flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    '-C',
    repository,
    ...args,
  ];
}

/** The git processes still running: stopped if this process exits first. */
const running = new Set<ChildProcessWithoutNullStreams>();
let exitHookInstalled = false;

/**
 * Starts a hardened git in `repository` (never in it as the current folder: a `git` there is not
 * ours to run). The caller reads its streams; it is stopped after `timeoutMs`.
 */
export function spawnGit(
  repository: string,
  args: readonly string[],
  options: Pick<GitRun, 'config' | 'timeoutMs'> = {},
): ChildProcessWithoutNullStreams {
  const child = spawn(gitExecutable(), hardenedArguments(repository, args, options.config), {
    env: hardenedEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    timeout: options.timeoutMs ?? gitTimeoutMs(),
    killSignal: 'SIGKILL',
  });
  running.add(child);
  child.on('close', () => running.delete(child));
  child.on('error', () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => running.forEach((process) => process.kill('SIGKILL')));
  }
  return child;
}

/** Runs a hardened git command to its end and returns what it printed (a failure is a result too). */
export function runGit(
  repository: string,
  args: readonly string[],
  options: GitRun = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnGit(repository, args, options);
    } catch (error) {
      reject(new GitError(`cannot run git: ${(error as Error).message}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_GIT_OUTPUT_BYTES) {
        overflow = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 16_384) stderr += chunk;
    });
    child.on('error', (error) => reject(new GitError(`cannot run git: ${error.message}`)));
    child.on('close', (status, signal) => {
      if (overflow)
        reject(new GitError(`git ${args[0]} printed more than ${MAX_GIT_OUTPUT_BYTES} bytes`));
      else if (signal)
        reject(
          new GitError(
            `git ${args[0]} was stopped after ${Math.round((options.timeoutMs ?? gitTimeoutMs()) / 1000)} s (does the repository's configuration name a FIFO? PETSTORE_GIT_TIMEOUT sets the limit in seconds)`,
          ),
        );
      else resolve({ status: status ?? 1, stdout: Buffer.concat(chunks), stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Runs a hardened git command that must succeed; its output as text. */
export async function gitText(
  repository: string,
  args: readonly string[],
  options: GitRun = {},
): Promise<string> {
  const result = await runGit(repository, args, options);
  if (result.status !== 0) throw new GitError(gitFailure(args, result));
  return result.stdout.toString('utf8');
}

/** git's own reason for a failure, first line, and what to do when it is the ownership check. */
export function gitFailure(args: readonly string[], result: GitResult): string {
  // The first fatal or error line says why (warnings may come before it).
  const lines = result.stderr.trim().split('\n');
  const reason = (lines.find((line) => /^(fatal|error): /.test(line)) ?? lines[0])?.replace(
    /^(fatal|error): /,
    '',
  );
  if (reason && /dubious ownership/.test(result.stderr))
    return `git refuses to read ${/repository at '(.*)'/.exec(result.stderr)?.[1] ?? 'the repository'}: it belongs to another user (git config --global --add safe.directory PATH, if you trust it)`;
  return `git ${args[0]} failed: ${reason || `status ${result.status}`}`;
}

/**
 * `-c` settings that turn off every filter driver the repository configures (a `clean` filter
 * runs when git reads the work tree: `git diff REV --`). Driver names come from git itself.
 */
export async function filtersOff(repository: string): Promise<[string, string][]> {
  const result = await runGit(repository, [
    'config',
    '--null',
    '--name-only',
    '--get-regexp',
    '^filter\\.',
  ]);
  // 1: no such setting.
  if (result.status !== 0) return [];
  const drivers = new Set<string>();
  for (const name of result.stdout.toString('utf8').split('\0')) {
    const match = /^filter\.(.+)\.[^.]+$/is.exec(name.trim());
    if (match) drivers.add(match[1]!);
  }
  return [...drivers].flatMap((driver) => [
    [`filter.${driver}.clean`, ''],
    [`filter.${driver}.smudge`, ''],
    [`filter.${driver}.process`, ''],
    [`filter.${driver}.required`, 'false'],
  ]);
}
