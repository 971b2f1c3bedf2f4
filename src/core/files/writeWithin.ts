/**
 * Writes a file the product keeps for itself (the history cache under `.git`) below a folder,
 * never through a link: a folder on the way that is a link is replaced by a real folder, a link
 * at the file's place is replaced by the file (rename replaces the link, not its target), and
 * what is neither a folder nor a link is refused. The file is written whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

export function writeFileWithin(root: string, relativePath: string, text: string): void {
  const parts = normalize(relativePath).split(sep).filter(Boolean);
  if (parts.length === 0 || parts.includes('..'))
    throw new Error(`${relativePath} does not name a file inside ${root}`);
  let folder = root;
  for (const part of parts.slice(0, -1)) {
    folder = join(folder, part);
    realFolder(folder);
  }
  const target = join(folder, parts[parts.length - 1]!);
  // O_EXCL: a link planted at the temporary name fails the write instead of being followed.
  const temporary = join(
    folder,
    `.${parts[parts.length - 1]}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Makes `folder` a real folder: created when missing, a link in its place replaced. */
function realFolder(folder: string): void {
  let info;
  try {
    info = lstatSync(folder);
  } catch {
    mkdirSync(folder);
    return;
  }
  if (info.isDirectory()) return;
  if (!info.isSymbolicLink())
    throw new Error(`${folder} is not a folder (a file, FIFO or device): nothing written there`);
  // Removing the link leaves its target as it was.
  unlinkSync(folder);
  mkdirSync(folder);
}
