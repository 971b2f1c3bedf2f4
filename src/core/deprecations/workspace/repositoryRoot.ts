import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

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

/** `path` relative to `root`, '/'-separated (as baselines and SARIF name files). */
export function repositoryPath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
