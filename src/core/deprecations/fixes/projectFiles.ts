/**
 * The project files around a file being rewritten, for rewrites whose right answer depends on the
 * project rather than the file's text: a .csproj's implicit usings, the axios versions
 * package.json allows. Only for a file on disk; only the file's folder and those above it inside
 * its repository (the folder holding `.git`, else the file's own folder); only regular files of
 * bounded size; never written. Listings and readings are kept a few seconds: a `fix` run asks once
 * per request. The browser build has none (src/core/browser/noProjectFiles.ts): its rewrites
 * decide from the text, as they do for a text with no file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { realBoundary, staysWithin } from '../../files/boundary';
import { readRegularText } from '../../files/regularFile';
import { repositoryRoot } from '../workspace/repositoryRoot';
import { keptAWhile, type Kept } from './keptAWhile';

const MAX_BYTES = 1024 * 1024;

export interface ProjectFiles {
  /** The file's folder, then each folder above it up to the repository's root: nearest first. */
  folders: readonly string[];
  /** Whether the last folder is a repository's root (holds `.git`), not the file's folder alone. */
  inRepository: boolean;
  /** The names of the files in one of those folders (links included: `read` decides). */
  names(folder: string): readonly string[];
  /** The folders in a folder (not links: a link may lead out of the repository). */
  subfolders(folder: string): readonly string[];
  /** A file's text (absolute path) when it is a regular file inside the repository. */
  read(path: string): string | undefined;
}

const listings = new Map<string, Kept<readonly string[]>>();
const texts = new Map<string, Kept<string | undefined>>();
const folderListings = new Map<string, Kept<readonly string[]>>();

/**
 * The project files around the file at `path` (relative paths are the working folder's, as the CLI
 * reads them), or undefined when no such file is on disk (a test's text, an unsaved editor's).
 */
export function projectFilesOf(path: string): ProjectFiles | undefined {
  const file = isAbsolute(path) ? path : resolve(path);
  try {
    if (!statSync(file).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const folder = dirname(file);
  const root = repositoryRoot(folder);
  const boundary = realBoundary([root]);
  const folders: string[] = [];
  for (let level = folder; ; level = dirname(level)) {
    folders.push(level);
    if (level === root || dirname(level) === level) break;
  }
  return {
    folders,
    inRepository: existsSync(join(root, '.git')),
    names: (listed) =>
      keptAWhile(listings, listed, () => {
        try {
          return readdirSync(listed, { withFileTypes: true })
            .filter((entry) => entry.isFile() || entry.isSymbolicLink())
            .map((entry) => entry.name);
        } catch {
          return [];
        }
      }),
    subfolders: (listed) =>
      keptAWhile(folderListings, listed, () => {
        try {
          return readdirSync(listed, { withFileTypes: true })
            .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
            .map((entry) => entry.name);
        } catch {
          return [];
        }
      }),
    read: (target) =>
      keptAWhile(texts, target, () => {
        if (!staysWithin(target, boundary)) return undefined;
        try {
          return readRegularText(target, { maxBytes: MAX_BYTES });
        } catch {
          return undefined;
        }
      }),
  };
}
