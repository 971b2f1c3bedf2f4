import {
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { languageOfPath, type LanguageSupport } from './languages';

export interface WalkOptions {
  /** Files larger than this are skipped with a note (default 10 MB). */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns (e.g. VS Code's files.exclude and search.exclude), relative to each root. */
  excludes?: readonly string[];
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
}

export interface CandidateFile {
  path: string;
  language: LanguageSupport;
  text: string;
}

/** Something the walk passed over, and why: shown as a note, never fatal. */
export interface SkipNote {
  path: string;
  reason: 'binary' | 'tooLarge' | 'unreadable' | 'symlinkLoop' | 'missing';
  detail?: string;
}

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const ALWAYS_SKIPPED = new Set(['.git', '.hg', '.svn']);
/** Page-cached files read fastest synchronously; the walk still yields to the event loop this often. */
const FILES_PER_TURN = 256;
const READ_BUFFER_BYTES = 1024 * 1024;

interface IgnoreScope {
  base: string;
  rules: Ignore;
}

/**
 * Walks roots (files or folders), honouring .gitignore files at every level and extra excludes,
 * following symlinks but never a loop, and yields the supported files whose bytes could contain a
 * use (`mightContain`), decoded as UTF-8. Everything passed over is reported through `onSkip`.
 */
export async function* walkCandidates(
  roots: readonly string[],
  mightContain: (bytes: Buffer) => boolean,
  onSkip: (note: SkipNote) => void,
  options: WalkOptions = {},
): AsyncGenerator<CandidateFile> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const visited = new Set<string>();
  const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  let filesThisTurn = 0;

  /** Reads one file (into the shared buffer when it fits) and returns it if it may hold a use. */
  const readCandidate = (
    path: string,
    language: LanguageSupport | undefined,
  ): CandidateFile | undefined => {
    let bytes: Buffer;
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const size = fstatSync(fd).size;
      if (size > maxBytes) {
        onSkip({ path, reason: 'tooLarge', detail: `${size} bytes` });
        return undefined;
      }
      bytes =
        size < buffer.length
          ? buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
          : readFileSync(fd);
    } catch (error) {
      onSkip({
        path,
        reason: 'unreadable',
        detail: (error as NodeJS.ErrnoException).code ?? String(error),
      });
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    if (bytes.subarray(0, 8000).includes(0)) {
      onSkip({ path, reason: 'binary' });
      return undefined;
    }
    const detected = language ?? languageOfPath(path, firstLine(bytes));
    if (!detected || !mightContain(bytes)) return undefined;
    return { path, language: detected, text: bytes.toString('utf8') };
  };

  const yieldSometimes = async () => {
    if (++filesThisTurn < FILES_PER_TURN) return;
    filesThisTurn = 0;
    await new Promise((resolve) => setImmediate(resolve));
  };

  async function* visitFolder(
    folder: string,
    scopes: readonly IgnoreScope[],
  ): AsyncGenerator<CandidateFile> {
    let real: string;
    let entries;
    try {
      real = realpathSync(folder);
      if (visited.has(real)) {
        onSkip({ path: folder, reason: 'symlinkLoop' });
        return;
      }
      visited.add(real);
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      onSkip({ path: folder, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code });
      return;
    }
    const here = options.gitignore === false ? scopes : [...scopes, ...gitignoreScope(folder)];
    const subfolders: string[] = [];
    for (const entry of entries) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(path);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // dangling link
        }
      }
      if (!isDirectory && !isFile) continue;
      if (isIgnored(here, path, isDirectory)) continue;
      if (isDirectory) {
        subfolders.push(path);
        continue;
      }
      const language = languageOfPath(path);
      // Files without an extension may be scripts with a shebang; others are not source.
      if (!language && entry.name.includes('.')) continue;
      const candidate = readCandidate(path, language);
      if (candidate) yield candidate;
      await yieldSometimes();
    }
    for (const subfolder of subfolders) yield* visitFolder(subfolder, here);
  }

  for (const root of roots) {
    let info;
    try {
      info = statSync(root);
    } catch {
      onSkip({ path: root, reason: 'missing' });
      continue;
    }
    if (info.isDirectory()) {
      const scopes = options.excludes?.length
        ? [{ base: root, rules: ignore().add([...options.excludes]) }]
        : [];
      yield* visitFolder(root, scopes);
    } else {
      const candidate = readCandidate(root, languageOfPath(root));
      if (candidate) yield candidate;
    }
  }
}

function gitignoreScope(folder: string): IgnoreScope[] {
  try {
    const text = readFileSync(join(folder, '.gitignore'), 'utf8');
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

function firstLine(bytes: Buffer): string {
  const end = bytes.indexOf(10);
  return bytes
    .subarray(0, end === -1 ? Math.min(bytes.length, 200) : Math.min(end, 200))
    .toString('utf8');
}
