/**
 * Candidate files listed by ripgrep: on a large tree where few files mention the path, `rg -l`
 * (native, multi-threaded) finds the handful worth reading far faster than a walk in Node, and the
 * engine then reads only those. Anything unexpected from rg makes the caller fall back to the
 * walker: a listing is complete or it is not used.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, lstatSync, realpathSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join, normalize, sep } from 'node:path';
import ignore from 'ignore';
import { languageOfPath, type LanguageSupport } from '../lexers/languages';
import { escapedFileName, utf8FileName } from './fileNames';
import { isInside } from './pathInside';
import {
  excludedFrom,
  isScannedName,
  realFolders,
  rootKind,
  type ListedFile,
  type SkipNote,
} from './workspaceWalker';

export interface RipgrepOptions {
  /** The rg executable. */
  rg: string;
  /** What a candidate contains: regular expressions, or fixed strings with `fixedStrings`. */
  patterns: readonly string[];
  fixedStrings?: boolean;
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Extra gitignore-style patterns, relative to each root (the language server's excludes). */
  excludes?: readonly string[];
  /** Which listed names are kept (default: what a scan reads, isScannedName). */
  accept?: (name: string, language: LanguageSupport | undefined) => boolean;
  /**
   * File name globs (any case) rg searches only, so that it reads no other file: what `accept`
   * keeps, said to rg (`*.json`); `accept` still decides.
   */
  onlyNames?: readonly string[];
  /**
   * Real paths of the folders nothing is read outside of (default: the roots): a file reached
   * through a link that leaves them is dropped with a note (rg follows links wherever they go).
   */
  confine?: readonly string[];
}

/** A complete listing, or why there is none (the caller falls back to the walker and says so). */
export type RipgrepListing = { files: ListedFile[] } | { problem: string };

/** --no-require-git (read .gitignore outside a git repository, as the walker does) came in 11.0. */
const MINIMUM_MAJOR_VERSION = 11;

interface RunResult {
  status: number | null;
  stdout: Buffer;
  stderr?: Buffer;
  error?: string;
  /** Stopped at the time limit. */
  timedOut?: boolean;
}

/**
 * How long one rg run may take before it is stopped and the walker lists instead: a hang guard,
 * not a budget. rg follows links wherever they lead (only its listing is confined to the
 * workspace, below), so a link in the tree to `/` or to a large folder elsewhere makes it walk and
 * read all of that; the walker never follows such a link.
 */
export const DEFAULT_RIPGREP_TIMEOUT_MS = 60 * 1000;

/** The time limit: PETSTORE_RG_TIMEOUT (seconds) when it is a positive number, else the default. */
export function ripgrepTimeoutMs(environment: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(environment.PETSTORE_RG_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_RIPGREP_TIMEOUT_MS;
}

/**
 * The arguments that make rg list what the walker would read: .gitignore honoured everywhere (also
 * outside git) and nothing else (no .ignore, .rgignore, global or parent ignore files, no rg
 * config), hidden files included, symlinks followed, .git/.hg/.svn skipped, names NUL-separated.
 */
export function ripgrepArgs(options: RipgrepOptions, folder: string): string[] {
  const args = [
    '--files-with-matches',
    '--null',
    '--no-config',
    ...(options.fixedStrings ? ['--fixed-strings'] : []),
    '--case-sensitive',
    '--hidden',
    '--follow',
    '--no-ignore-dot',
    '--no-ignore-exclude',
    '--no-ignore-global',
    '--no-ignore-parent',
    '--no-require-git',
  ];
  if (options.gitignore === false) args.push('--no-ignore-vcs');
  for (const skipped of ['.git', '.hg', '.svn']) args.push('--glob', `!${skipped}`);
  // A name excluded at any depth (`**/node_modules`, `dist`) is left out by rg too, so it does not
  // search it; every other exclude is applied to rg's listing (excludedFrom), exactly as the walker does.
  for (const name of (options.excludes ?? []).map(excludedName))
    if (name) args.push('--glob', `!${name}`);
  for (const glob of options.onlyNames ?? []) args.push('--iglob', glob);
  for (const pattern of options.patterns) args.push('-e', pattern);
  args.push('--', folder);
  return args;
}

/**
 * `**\/name` or `name` (one plain segment, files and folders alike, as in rg): the name; anything
 * else, `name/` (folders only) included, is undefined.
 */
function excludedName(pattern: string): string | undefined {
  const name = pattern.replace(/^\*\*\//, '');
  return /^[\w.-]+$/.test(name) && name !== '.' && name !== '..' ? name : undefined;
}

/**
 * Reads `rg -l --null` output for one folder: each path must be inside it; names that are not
 * valid UTF-8 keep their bytes (to open the file) and are shown escaped, as the walker does.
 */
export function parseRipgrepList(
  stdout: Buffer,
  folder: string,
  accept: (name: string, language: LanguageSupport | undefined) => boolean = isScannedName,
): { files: ListedFile[] } | { problem: string } {
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  // The walker names the files of '.' without './' (rg prints it): the same names either way.
  const shown = (path: string) => (folder === '.' ? path.slice(prefix.length) : path);
  const files: ListedFile[] = [];
  let start = 0;
  for (let end = stdout.indexOf(0); end !== -1; end = stdout.indexOf(0, start)) {
    const bytes = stdout.subarray(start, end);
    start = end + 1;
    const decoded = utf8FileName(bytes);
    const path = decoded ?? escapedFileName(bytes);
    if (!path.startsWith(prefix))
      return { problem: `rg listed ${JSON.stringify(path)}, outside ${folder}` };
    const name = shown(path);
    const language = languageOfPath(name);
    if (!accept(basename(name), language)) continue;
    files.push(
      decoded === undefined
        ? { path: name, bytes: Buffer.from(bytes), language }
        : { path: name, language },
    );
  }
  if (start !== stdout.length) return { problem: 'rg output did not end with a NUL' };
  return { files };
}

/** Whether rg runs and is recent enough, from `rg --version`. */
export function ripgrepVersionProblem(run: RunResult, rg: string): string | undefined {
  if (run.error) return `${rg} cannot run (${run.error})`;
  const match = /^ripgrep (\d+)\.(\d+)/.exec(run.stdout.toString('utf8'));
  if (run.status !== 0 || !match) return `${rg} --version did not say "ripgrep X.Y"`;
  if (Number(match[1]) < MINIMUM_MAJOR_VERSION)
    return `${rg} is ripgrep ${match[1]}.${match[2]}; ${MINIMUM_MAJOR_VERSION}.0 or newer is needed`;
  return undefined;
}

/**
 * Whether everything rg complained about is a path that does not exist: a dangling symlink (the
 * walker passes over those silently too). Anything else it reports (an unreadable folder, a
 * symlink loop) is what the walker notes, so then the walker is used.
 */
function onlyDanglingLinks(stderr: Buffer | undefined): boolean {
  const lines = (stderr ?? Buffer.alloc(0)).toString('utf8').split('\n').filter(Boolean);
  return (
    lines.length > 0 &&
    lines.every((line) => /: No such file or directory \(os error 2\)$/.test(line))
  );
}

/** One folder's listing from a finished rg run: 0 (matches) or 1 (none) is a listing, else a problem. */
function listingOf(
  run: RunResult,
  folder: string,
  options: RipgrepOptions,
  rootReals: readonly string[],
  confine: readonly string[],
  onSkip: (note: SkipNote) => void,
): RipgrepListing {
  if (run.error) return { problem: `${options.rg} failed (${run.error})` };
  if (run.timedOut)
    return {
      problem: `${options.rg} was stopped after ${Math.round(ripgrepTimeoutMs() / 1000)} s (does a link lead to a large folder outside the workspace? PETSTORE_RG_TIMEOUT sets the limit in seconds)`,
    };
  if (run.status !== 0 && run.status !== 1 && !(run.status === 2 && onlyDanglingLinks(run.stderr)))
    return {
      problem: `${options.rg} ended with ${run.status === null ? 'a signal' : `status ${run.status}`} (an unreadable file or a symlink loop, say)`,
    };
  const parsed = parseRipgrepList(run.stdout, folder, options.accept);
  if ('problem' in parsed) return parsed;
  const reachedBy = linkTest(folder, rootReals, confine);
  const rules = options.excludes?.length ? ignore().add([...options.excludes]) : undefined;
  return {
    files: parsed.files.filter((file) => {
      if (rules && excludedFrom(folder, rules, file.path)) return false;
      const how = reachedBy(file);
      if (how === 'outside') onSkip({ path: file.path, reason: 'outsideConfinement' });
      return how === 'directly';
    }),
  };
}

/**
 * How a listed file was reached: directly (or through links that stay inside), through a link to a
 * folder inside the scanned roots (an alias: rg follows it, the walker scans that folder by its
 * own path), or through a link that leaves `confine` (never read). Each folder on the way is
 * looked at once per listing; the file itself costs one lstat.
 */
function linkTest(
  folder: string,
  rootReals: readonly string[],
  confine: readonly string[],
): (file: ListedFile) => 'directly' | 'alias' | 'outside' {
  const verdicts = new Map<string, 'directly' | 'alias' | 'outside'>();
  const verdictOf = (path: Buffer, isFolder: boolean): 'directly' | 'alias' | 'outside' => {
    const key = path.toString('latin1');
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = 'directly';
      try {
        if (lstatSync(path).isSymbolicLink()) {
          const real = realpathSync.native(path);
          if (!isInside(real, confine)) verdict = 'outside';
          else if (isFolder && isInside(real, rootReals)) verdict = 'alias';
        }
      } catch {
        verdict = 'outside';
      }
      if (isFolder) verdicts.set(key, verdict);
    }
    return verdict;
  };
  return (file) => {
    const full = file.bytes ?? Buffer.from(file.path);
    const start = Buffer.byteLength(folder === '.' ? '' : folder) + 1;
    for (let at = full.indexOf(sep, start); at !== -1; at = full.indexOf(sep, at + 1)) {
      const verdict = verdictOf(full.subarray(0, at), true);
      if (verdict !== 'directly') return verdict;
    }
    return verdictOf(full, false);
  };
}

function asyncRun(command: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    const timeout = ripgrepTimeoutMs();
    execFile(
      command,
      args,
      { encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024, timeout, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        const signal = (error as { signal?: unknown } | null)?.signal;
        resolve({
          status: error ? (typeof code === 'number' ? code : null) : 0,
          stdout,
          stderr,
          // Killed by the time limit (or by a listing over maxBuffer, which says so in its code).
          timedOut:
            (error as { killed?: boolean } | null)?.killed === true &&
            code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
          // A status other than 0 is an rg answer (1: no match), and a signal ended a run that
          // started (spawnSync says so too): neither is a failure to run it.
          error: error && typeof code !== 'number' && !signal ? error.message : undefined,
        });
      },
    );
  });
}

/**
 * The steps of a listing, written once for both drivers below: each `yield` hands over the
 * arguments of an rg run and receives its result. Roots that are files are taken as they are, as
 * the walker takes them; missing ones are noted.
 */
function* listingSteps(
  roots: readonly string[],
  options: RipgrepOptions,
  onSkip: (note: SkipNote) => void,
): Generator<string[], RipgrepListing, RunResult> {
  const problem = ripgrepVersionProblem(yield ['--version'], options.rg);
  if (problem) return { problem };
  const files: ListedFile[] = [];
  const rootReals = realFolders(roots);
  for (const root of roots) {
    const kind = rootKind(root, onSkip);
    if (kind === 'file') files.push({ path: root, language: languageOfPath(root) });
    if (kind !== 'folder') continue;
    const folder = folderArgument(root);
    const listing = listingOf(
      yield ripgrepArgs(options, folder),
      folder,
      options,
      rootReals,
      options.confine ?? rootReals,
      onSkip,
    );
    if ('problem' in listing) return listing;
    files.push(...sortedByPath(listing.files));
  }
  return { files };
}

/** The files under roots that a scan reads, listed by rg without blocking the event loop. */
export async function listFilesWithRipgrepAsync(
  roots: readonly string[],
  options: RipgrepOptions,
  onSkip: (note: SkipNote) => void,
): Promise<RipgrepListing> {
  const steps = listingSteps(roots, options, onSkip);
  let step = steps.next();
  while (!step.done) step = steps.next(await asyncRun(options.rg, step.value));
  return step.value;
}

/** A folder as the walker names its files' paths from: normalized, no trailing separator. */
function folderArgument(root: string): string {
  const folder = normalize(root);
  return folder.length > 1 && folder.endsWith(sep) ? folder.slice(0, -1) : folder;
}

/** rg lists in the order its threads finish: sorted, a scan reads files in a stable order. */
function sortedByPath(files: ListedFile[]): ListedFile[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** An executable `rg` on the PATH's absolute folders, or undefined. */
export function ripgrepOnPath(path = process.env.PATH ?? ''): string | undefined {
  for (const folder of path.split(delimiter)) {
    // Absolute folders only: "." or a relative entry would find an rg inside the tree scanned.
    if (!folder || !isAbsolute(folder)) continue;
    const candidate = join(folder, process.platform === 'win32' ? 'rg.exe' : 'rg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
