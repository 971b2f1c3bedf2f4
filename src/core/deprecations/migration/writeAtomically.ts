import { randomBytes } from 'node:crypto';
import { lstatSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeTargetWithin } from '../../files/boundary';

/**
 * Writes `text` to `path` through a temporary file in the same folder, then renames it over: a
 * reader never sees half a file, and a failed write leaves the old one. A symlink is written
 * through while its target stays in the folder the path is named in (the temporary file goes
 * beside its target, which is replaced; the link stays); a link that leads elsewhere is refused
 * (files/boundary.ts, writeTargetWithin), and what is not a regular file (a device, a FIFO, a
 * folder) is refused, never replaced. Throws an
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
  const target = writeTargetWithin(path);
  let info;
  try {
    info = lstatSync(target);
  } catch {
    return target; // nothing there yet: created
  }
  if (!info.isFile())
    throw new Error(`${target} is not a regular file (a folder, device or FIFO): not replaced`);
  return target;
}
