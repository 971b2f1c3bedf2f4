import { opendir, readFile, realpath, stat } from 'node:fs/promises';
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
const READ_CONCURRENCY = 24;

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
  const pending: Promise<CandidateFile | undefined>[] = [];

  const readCandidate = async (
    path: string,
    language: LanguageSupport | undefined,
  ): Promise<CandidateFile | undefined> => {
    let bytes: Buffer;
    try {
      const info = await stat(path);
      if (info.size > maxBytes) {
        onSkip({ path, reason: 'tooLarge', detail: `${info.size} bytes` });
        return undefined;
      }
      bytes = await readFile(path);
    } catch (error) {
      onSkip({
        path,
        reason: 'unreadable',
        detail: (error as NodeJS.ErrnoException).code ?? String(error),
      });
      return undefined;
    }
    if (bytes.subarray(0, 8000).includes(0)) {
      onSkip({ path, reason: 'binary' });
      return undefined;
    }
    const detected = language ?? languageOfPath(path, firstLine(bytes));
    if (!detected || !mightContain(bytes)) return undefined;
    return { path, language: detected, text: bytes.toString('utf8') };
  };

  async function* drain(all: boolean): AsyncGenerator<CandidateFile> {
    while (pending.length > (all ? 0 : READ_CONCURRENCY)) {
      const file = await pending.shift()!;
      if (file) yield file;
    }
  }

  async function* visitFolder(
    folder: string,
    scopes: readonly IgnoreScope[],
  ): AsyncGenerator<CandidateFile> {
    let real: string;
    try {
      real = await realpath(folder);
    } catch (error) {
      onSkip({ path: folder, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code });
      return;
    }
    if (visited.has(real)) {
      onSkip({ path: folder, reason: 'symlinkLoop' });
      return;
    }
    visited.add(real);
    const here =
      options.gitignore === false ? scopes : [...scopes, ...(await gitignoreScope(folder))];
    let entries;
    try {
      entries = await opendir(folder);
    } catch (error) {
      onSkip({ path: folder, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code });
      return;
    }
    const subfolders: string[] = [];
    for await (const entry of entries) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = await stat(path);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // dangling link
        }
      }
      if (!isDirectory && !isFile) continue;
      if (isIgnored(here, path, isDirectory)) continue;
      if (isDirectory) subfolders.push(path);
      else {
        const language = languageOfPath(path);
        // Files without an extension may be scripts with a shebang; others are not source.
        if (!language && entry.name.includes('.')) continue;
        pending.push(readCandidate(path, language));
        yield* drain(false);
      }
    }
    for (const subfolder of subfolders) yield* visitFolder(subfolder, here);
  }

  for (const root of roots) {
    let info;
    try {
      info = await stat(root);
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
      pending.push(readCandidate(root, languageOfPath(root)));
    }
    yield* drain(false);
  }
  yield* drain(true);
}

async function gitignoreScope(folder: string): Promise<IgnoreScope[]> {
  try {
    const text = await readFile(join(folder, '.gitignore'), 'utf8');
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
