/**
 * Around the engine, workspace/: which files a scan reads. Takes roots, excludes and .gitignore;
 * returns candidate files (path, language, text) and notes for what was passed over. Used by the
 * CLI and the language server; imports only lexers/ (for the language of a path).
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { isInside } from './pathInside';
import { readRegularText } from '../../files/regularFile';
import ignore, { type Ignore } from 'ignore';
import { languageOfPath, type LanguageSupport } from '../lexers/languages';
import { escapedFileName, utf8FileName } from './fileNames';
import { utf8SourceOf } from './sourceFile';

export interface WalkOptions {
  /** Files larger than this are skipped with a note (default 10 MB). */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns (e.g. VS Code's files.exclude and search.exclude), relative to each root. */
  excludes?: readonly string[];
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Which files are listed (default: what a scan reads, isScannedName). */
  accept?: (name: string, language: LanguageSupport | undefined) => boolean;
  /**
   * Real paths of the folders nothing may be read outside of (default: the roots; the CLI: the
   * repositories around them; an MCP server: its workspace): a root or a link whose target is
   * elsewhere is skipped with a note, never followed.
   */
  confine?: readonly string[];
}

export interface CandidateFile {
  path: string;
  language: LanguageSupport;
  text: string;
}

/** Something the walk (or the scan of a file) passed over, and why: shown as a note, never fatal. */
export interface SkipNote {
  path: string;
  reason:
    | 'binary'
    | 'tooLarge'
    | 'unreadable'
    | 'symlinkLoop'
    | 'missing'
    | 'notRegularFile'
    /** A root or a link that leads out of the folders the walk is confined to. */
    | 'outsideConfinement'
    /** The engine failed on the file's text (scanSafely): its calls are not reported. */
    | 'scanFailed';
  detail?: string;
}

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const ALWAYS_SKIPPED = new Set(['.git', '.hg', '.svn']);
const GITIGNORE = Buffer.from('.gitignore');
const SEPARATOR = Buffer.from(sep);
/** Page-cached files read fastest synchronously; the walk still yields to the event loop this often. */
const FILES_PER_TURN = 256;
const READ_BUFFER_BYTES = 1024 * 1024;
/** A .gitignore is read up to this size (git itself reads up to 100 MB; real ones are kilobytes). */
const MAX_GITIGNORE_BYTES = 8 * 1024 * 1024;

interface PendingFolder {
  folder: string;
  /** The folder's bytes, when a name on its path is not valid UTF-8 (then `folder` is escaped). */
  bytes?: Buffer;
  /** The folder's path with every symlink resolved: its identity for loop detection. */
  real: string;
  scopes: readonly IgnoreScope[];
}

interface IgnoreScope {
  base: string;
  rules: Ignore;
}

/** A supported file found by the walk (language unknown yet for extensionless scripts). */
export interface ListedFile {
  /** As shown in reports: names that are not valid UTF-8 escaped (\xNN). */
  path: string;
  /** The path's bytes, when a name on it is not valid UTF-8: what the file is opened by. */
  bytes?: Buffer;
  language?: LanguageSupport;
}

/**
 * Lists the files to scan under roots (files or folders): honours .gitignore files at every level
 * and extra excludes, follows symlinks that stay inside `confine` but never a loop, keeps
 * supported sources and extensionless files (possible scripts). Everything passed over is
 * reported through `onSkip`.
 */
export function listFiles(
  roots: readonly string[],
  onSkip: (note: SkipNote) => void,
  options: WalkOptions = {},
): ListedFile[] {
  const files: ListedFile[] = [];
  /** Real paths of the folders seen: a symlink back to one of them is a loop. */
  const visited = new Set<string>();
  const rootReals = realFolders(roots);
  const confine = options.confine ?? rootReals;
  // Depth-first with an explicit stack (deep trees must not exhaust the call stack), in the order
  // a recursive walk would take: a folder's files, then each subfolder in turn. A folder's real
  // path is its parent's plus its name unless it was reached through a symlink, so only links
  // cost a realpath call (every call walks the whole path: per folder, the walk would be cubic).
  const pending: PendingFolder[] = [];
  const visitFolder = ({ folder, bytes, real, scopes }: PendingFolder) => {
    if (visited.has(real)) {
      onSkip({ path: folder, reason: 'symlinkLoop' });
      return;
    }
    visited.add(real);
    let entries;
    try {
      // Names as bytes: a name that is not valid UTF-8 can only be opened by its bytes.
      entries = readdirSync(bytes ?? folder, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      onSkip({ path: folder, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code });
      return;
    }
    const hasGitignore =
      options.gitignore !== false && entries.some((entry) => entry.name.equals(GITIGNORE));
    const here = hasGitignore ? [...scopes, ...gitignoreScope(folder, bytes)] : scopes;
    const subfolders: Omit<PendingFolder, 'scopes'>[] = [];
    for (const entry of entries) {
      const decoded = utf8FileName(entry.name);
      const name = decoded ?? escapedFileName(entry.name);
      if (ALWAYS_SKIPPED.has(name)) continue;
      const path = childPath(folder, name);
      const pathBytes =
        bytes || decoded === undefined
          ? Buffer.concat([bytes ?? Buffer.from(folder), SEPARATOR, entry.name])
          : undefined;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let realPath = childPath(real, name);
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(pathBytes ?? path);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
          realPath = realpathSync.native(pathBytes ?? path);
        } catch {
          continue; // dangling link
        }
        if (!isInside(realPath, confine)) {
          onSkip({ path, reason: 'outsideConfinement' });
          continue;
        }
        // A link to a folder inside the scanned roots is an alias: that folder is scanned by its
        // own path (a link to one of its ancestors would loop).
        if (isDirectory && isInside(realPath, rootReals)) {
          if (isInside(real, [realPath])) onSkip({ path, reason: 'symlinkLoop' });
          continue;
        }
      }
      if ((!isDirectory && !isFile) || isIgnored(here, path, isDirectory)) continue;
      if (isDirectory) {
        subfolders.push({ folder: path, bytes: pathBytes, real: realPath });
        continue;
      }
      const language = languageOfPath(path);
      // Files without an extension may be scripts with a shebang; others are not source.
      if ((options.accept ?? isScannedName)(name, language))
        files.push({ path, bytes: pathBytes, language });
    }
    for (let i = subfolders.length - 1; i >= 0; i--)
      pending.push({ ...subfolders[i]!, scopes: here });
  };
  const walkFrom = (root: string, scopes: readonly IgnoreScope[]) => {
    try {
      const real = realpathSync.native(root);
      if (options.confine && !isInside(real, options.confine)) {
        onSkip({ path: root, reason: 'outsideConfinement' });
        return;
      }
      pending.push({ folder: normalize(root), real, scopes });
    } catch (error) {
      onSkip({ path: root, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code });
    }
    for (let next = pending.pop(); next; next = pending.pop()) visitFolder(next);
  };
  for (const root of roots) {
    const kind = rootKind(root, onSkip);
    if (kind === 'folder')
      walkFrom(
        root,
        options.excludes?.length
          ? [{ base: root, rules: ignore().add([...options.excludes]) }]
          : [],
      );
    else if (kind === 'file') {
      if (options.confine && !isInside(realpathSync.native(root), options.confine))
        onSkip({ path: root, reason: 'outsideConfinement' });
      else files.push({ path: root, language: languageOfPath(root) });
    }
  }
  return files;
}

/**
 * What a root given to a scan is: a folder to walk, a file to read whatever its name, or nothing
 * (missing, or a FIFO or device that would block the read: noted).
 */
export function rootKind(
  root: string,
  onSkip: (note: SkipNote) => void,
): 'folder' | 'file' | undefined {
  let info;
  try {
    info = statSync(root);
  } catch {
    onSkip({ path: root, reason: 'missing' });
    return undefined;
  }
  if (info.isDirectory()) return 'folder';
  if (info.isFile()) return 'file';
  onSkip({ path: root, reason: 'notRegularFile' });
  return undefined;
}

/** The real paths of the roots that are folders (links resolved). */
export function realFolders(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    try {
      return statSync(root).isDirectory() ? [realpathSync.native(root)] : [];
    } catch {
      return [];
    }
  });
}

/** Whether a listed file is one a scan reads: a supported source, or an extensionless possible script. */
export function isScannedName(name: string, language: LanguageSupport | undefined): boolean {
  return language !== undefined || !name.includes('.');
}

/** Whether gitignore-style `excludes` (relative to `root`) exclude the file at `path` under it. */
export function excludedFrom(root: string, excludes: Ignore, path: string): boolean {
  return isIgnored([{ base: root, rules: excludes }], path, false);
}

/** Reads listed files synchronously (page-cached files read fastest so) into one reused buffer. */
export class CandidateReader {
  private readonly buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  constructor(
    private readonly mightContain: (bytes: Buffer) => boolean,
    private readonly onSkip: (note: SkipNote) => void,
    private readonly maxBytes = DEFAULT_MAX_FILE_BYTES,
  ) {}

  /** The file's text and language if it may hold a use; undefined otherwise (with a note if skipped). */
  read({ path, bytes: pathBytes, language }: ListedFile): CandidateFile | undefined {
    let bytes: Buffer;
    let fd: number | undefined;
    try {
      // Non-blocking: a FIFO swapped in after the listing must not hang the scan.
      fd = openSync(pathBytes ?? path, constants.O_RDONLY | constants.O_NONBLOCK);
      // Read first (at an offset: a pipe refuses that), ask what the file is only when the read
      // cannot tell: a file that fits the buffer needs no fstat (10,000 small files: ~50 ms less).
      let read = -1;
      let info: Stats | undefined;
      try {
        read = readSync(fd, this.buffer, 0, this.buffer.length, 0);
      } catch (error) {
        info = fstatSync(fd);
        if (info.isFile()) throw error;
      }
      if (read > 0 && read < this.buffer.length) {
        if (read > this.maxBytes) {
          this.onSkip({ path, reason: 'tooLarge', detail: `${read} bytes` });
          return undefined;
        }
        bytes = this.buffer.subarray(0, read);
      } else {
        // Nothing read, an error, or a full buffer: empty, not a file, or larger than the buffer.
        info ??= fstatSync(fd);
        if (!info.isFile()) {
          this.onSkip({ path, reason: 'notRegularFile' });
          return undefined;
        }
        if (info.size > this.maxBytes) {
          this.onSkip({ path, reason: 'tooLarge', detail: `${info.size} bytes` });
          return undefined;
        }
        bytes = read === 0 ? this.buffer.subarray(0, 0) : readFileSync(fd);
      }
    } catch (error) {
      this.onSkip({
        path,
        reason: 'unreadable',
        detail: (error as NodeJS.ErrnoException).code ?? String(error),
      });
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    const source = utf8SourceOf(bytes);
    if (!source) {
      this.onSkip({ path, reason: 'binary' });
      return undefined;
    }
    const detected = language ?? languageOfPath(path, firstLine(source));
    if (!detected || !this.mightContain(source)) return undefined;
    return { path, language: detected, text: source.toString('utf8') };
  }
}

/**
 * The candidates under roots, for a caller that must stay responsive (the language server): the
 * walk yields to the event loop every few hundred files.
 */
export async function* walkCandidates(
  roots: readonly string[],
  mightContain: (bytes: Buffer) => boolean,
  onSkip: (note: SkipNote) => void,
  options: WalkOptions = {},
): AsyncGenerator<CandidateFile> {
  yield* readCandidates(listFiles(roots, onSkip, options), mightContain, onSkip, options);
}

/** Reads listed files (the walker's or ripgrep's), yielding to the event loop every few hundred. */
export async function* readCandidates(
  files: readonly ListedFile[],
  mightContain: (bytes: Buffer) => boolean,
  onSkip: (note: SkipNote) => void,
  options: WalkOptions = {},
): AsyncGenerator<CandidateFile> {
  const reader = new CandidateReader(mightContain, onSkip, options.maxFileBytes);
  for (let i = 0; i < files.length; i++) {
    const candidate = reader.read(files[i]!);
    if (candidate) yield candidate;
    if (i % FILES_PER_TURN === FILES_PER_TURN - 1)
      await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * What join(folder, name) gives for a normalized folder, without re-normalizing the whole path at
 * every level (on a deep tree that alone was quadratic).
 */
function childPath(folder: string, name: string): string {
  if (folder === '.') return name;
  return folder.endsWith(sep) ? folder + name : folder + sep + name;
}

function gitignoreScope(folder: string, bytes: Buffer | undefined): IgnoreScope[] {
  try {
    const file = bytes ? Buffer.concat([bytes, SEPARATOR, GITIGNORE]) : join(folder, '.gitignore');
    // A .gitignore that is a FIFO or a link to /dev/zero is passed over, as an unreadable one.
    const text = readRegularText(file, { maxBytes: MAX_GITIGNORE_BYTES });
    return [{ base: folder, rules: ignore().add(text) }];
  } catch {
    return [];
  }
}

function isIgnored(scopes: readonly IgnoreScope[], path: string, isDirectory: boolean): boolean {
  for (const scope of scopes) {
    const relativePath = relative(scope.base, path).split(sep).join('/');
    if (!relativePath || relativePath.startsWith('..')) continue;
    if (scope.rules.ignores(isDirectory ? `${relativePath}/` : relativePath)) return true;
  }
  return false;
}

/** The first line (for a shebang), ended by LF, CRLF or a lone CR. */
function firstLine(bytes: Buffer): string {
  let end = 0;
  const limit = Math.min(bytes.length, 200);
  while (end < limit && bytes[end] !== 10 && bytes[end] !== 13) end++;
  return bytes.subarray(0, end).toString('utf8');
}
