/**
 * The one boundary rule of every front end: a file or folder reached through links whose target
 * leaves the folders a user named (the workspace, the scanned roots, a folder of results) is not
 * read. Links that stay inside are aliases, read as any other path. A write named by the user
 * follows a link only while it stays in the folder the name is in (writeTargetWithin).
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

/** Links followed at most before a write gives up (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Where a write to `path` lands: `path` itself, or the end of its chain of links while that stays
 * in the folder `path` is named in (a `baseline.json` linked to `shared/baseline.json` beside it is
 * written through). A link that leads anywhere else is refused: a report's or data file's name
 * planted in a repository as a link to a file of the user's must not make the write leave the
 * folder it was told to write in. The answer may not exist yet (a dangling link's target is
 * created). Throws an Error saying why.
 */
export function writeTargetWithin(path: string): string {
  const named = resolve(path);
  let current = named;
  for (let links = 0; links < MAX_LINKS && isSymbolicLink(current); links++)
    current = resolve(dirname(current), readlinkSync(current));
  if (isSymbolicLink(current))
    throw new Error(`${path} is a chain of more than ${MAX_LINKS} links: not written`);
  if (current !== named) {
    const folder = realBoundary([dirname(named)]);
    if (!isInside(existingRealPath(dirname(current)), folder))
      throw new Error(
        `${path} is a link to ${current}, outside ${dirname(named)}: not written (name the file itself to write there)`,
      );
  }
  return current;
}

/** The real path of `path`, or of its nearest existing folder with the missing rest appended. */
function existingRealPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(existingRealPath(parent), basename(path));
  }
}
