/**
 * Writes a rewritten source file in place, only when nothing else changed it: the bytes on disk
 * must still be the bytes the rewrite was computed from (a file edited meanwhile is skipped and
 * named), the file must be a regular, writable file inside the boundary, and the new text goes
 * through a temporary file renamed over the target, with the file's permissions (a script keeps
 * its execute bit). Whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isInside } from '../deprecations/workspace/pathInside';
import { readRegularFile } from './regularFile';

export type Replaced = { written: true } | { written: false; reason: string };

export function replaceFileIfUnchanged(
  path: string,
  read: Buffer,
  next: Buffer,
  boundary: readonly string[],
): Replaced {
  let target: string;
  try {
    // A link is written through to its target, which must stay inside the boundary.
    target = realpathSync.native(path);
  } catch (error) {
    return { written: false, reason: `gone (${(error as Error).message})` };
  }
  if (!isInside(target, boundary))
    return { written: false, reason: 'a link to a file outside the workspace: not written' };
  let mode: number;
  try {
    const info = statSync(target);
    if (!info.isFile()) return { written: false, reason: 'no longer a regular file' };
    mode = info.mode & 0o7777;
    accessSync(target, constants.W_OK);
  } catch {
    return { written: false, reason: 'read-only: not written' };
  }
  let current: Buffer;
  try {
    current = readRegularFile(target, { maxBytes: Math.max(read.length, 1) * 2 + 1024 });
  } catch (error) {
    return { written: false, reason: `cannot read it again (${(error as Error).message})` };
  }
  if (!current.equals(read))
    return { written: false, reason: 'changed since it was read: not written (run fix again)' };
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    writeFileSync(temporary, next, { flag: 'wx', mode });
    chmodSync(temporary, mode);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    return { written: false, reason: `cannot write it: ${(error as Error).message}` };
  }
  return { written: true };
}

/** Creates a new file (a helper of its own) only where none is, its folder inside the boundary. */
export function createFileInside(
  path: string,
  text: Buffer,
  boundary: readonly string[],
): Replaced {
  try {
    if (!isInside(realpathSync.native(dirname(path)), boundary))
      return { written: false, reason: 'its folder is outside the workspace: not written' };
  } catch (error) {
    return { written: false, reason: `no folder for it (${(error as Error).message})` };
  }
  try {
    lstatSync(path);
    return { written: false, reason: 'a file of that name is there already: not replaced' };
  } catch {
    // none: created below
  }
  try {
    writeFileSync(path, text, { flag: 'wx' });
  } catch (error) {
    return { written: false, reason: `cannot write it: ${(error as Error).message}` };
  }
  return { written: true };
}
