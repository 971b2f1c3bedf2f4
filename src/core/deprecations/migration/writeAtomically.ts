import { randomBytes } from 'node:crypto';
import { lstatSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Links followed at most before a write gives up (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Writes `text` to `path` through a temporary file in the same folder, then renames it over: a
 * reader never sees half a file, and a failed write leaves the old one. A symlink is written
 * through (the temporary file goes beside its target, which is replaced; the link stays), and
 * what is not a regular file (a device, a FIFO, a folder) is refused, never replaced. Throws an
 * Error whose message says what went wrong (a missing folder included), for the caller to wrap.
 */
export function writeFileAtomically(path: string, text: string): void {
  const target = writeTarget(path);
  const folder = dirname(target);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    // reported just below
  }
  if (!isFolder) throw new Error(`no folder ${folder}`);
  const temporary = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The file a write to `path` replaces: the end of its chain of links, a regular file or none yet. */
function writeTarget(path: string): string {
  let current = resolve(path);
  for (let links = 0; links <= MAX_LINKS; links++) {
    let info;
    try {
      info = lstatSync(current);
    } catch {
      return current; // nothing there yet: created
    }
    if (info.isSymbolicLink()) {
      current = resolve(dirname(current), readlinkSync(current));
      continue;
    }
    if (!info.isFile())
      throw new Error(`${current} is not a regular file (a folder, device or FIFO): not replaced`);
    return current;
  }
  throw new Error(`${path} is a chain of more than ${MAX_LINKS} links: not written`);
}
