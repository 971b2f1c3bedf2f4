import { relative, sep } from 'node:path';

/**
 * `path` relative to `root`, '/'-separated (as baselines and SARIF name files). Apart from
 * repositoryRoot.ts, which reads the disk: the workspace pipeline names files without it.
 */
export function repositoryPath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
