import { existsSync, statSync } from 'node:fs';
import { realBoundary } from '../../files/boundary';
import { dirname, join } from 'node:path';

/**
 * The repository root above `start`: the nearest folder holding `.git` (a folder, or a file in a
 * worktree or submodule), else `start` itself. Baselines and fingerprints name files from there,
 * so they mean the same wherever in the repository the scan runs.
 */
export function repositoryRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return start;
  }
}

/**
 * The folders a scan of `roots` reads within, as real paths: the repository around each root (or
 * the root itself, outside a repository). A file reached through a link that leaves them is not
 * read: a repository cannot make a scan read a user's files elsewhere.
 */
export function scanBoundary(roots: readonly string[]): string[] {
  const folders = roots.map((root) => {
    let folder = root;
    try {
      if (!statSync(root).isDirectory()) folder = dirname(root);
    } catch {
      // a missing root is noted by the listing
    }
    return repositoryRoot(folder);
  });
  return [...new Set(realBoundary(folders))];
}

export { repositoryPath } from './repositoryPath';
