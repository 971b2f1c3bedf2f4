/**
 * The one boundary rule of every front end: a file or folder reached through links whose target
 * leaves the folders a user named (the workspace, the scanned roots, a folder of results) is not
 * read. Links that stay inside are aliases, read as any other path.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { isInside } from '../deprecations/workspace/pathInside';

/** The real paths of `folders` (links resolved); those that do not exist are left out. */
export function realBoundary(folders: readonly string[]): string[] {
  return folders.flatMap((folder) => {
    try {
      return [realpathSync.native(folder)];
    } catch {
      return [];
    }
  });
}

/** Whether `path`, with every link on it resolved, is inside `boundary` (real paths). */
export function staysWithin(path: string | Buffer, boundary: readonly string[]): boolean {
  try {
    return isInside(realpathSync.native(path).toString(), boundary);
  } catch {
    return false;
  }
}

/** Whether `path` itself is a symbolic link (not what it points at). */
export function isSymbolicLink(path: string | Buffer): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
