import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` through a temporary file in the same folder, then renames it over: a
 * reader never sees half a file, and a failed write leaves the old one. Throws an Error whose
 * message says what went wrong (a missing folder included), for the caller to wrap.
 */
export function writeFileAtomically(path: string, text: string): void {
  const folder = dirname(path);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    // reported just below
  }
  if (!isFolder) throw new Error(`no folder ${folder}`);
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
