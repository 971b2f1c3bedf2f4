import { constants } from 'node:fs';
import { mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeTargetWithin } from '../core/files/boundary';
import { readRegularTextAsync } from '../core/files/regularFile';
import { DataFileError } from './dataFile';

/** Another server holds the data file: starting would let two processes overwrite each other. */
export class StoreLockedError extends Error {
  override readonly name = 'StoreLockedError';
}

export interface PreparedDataPath {
  /** The data file itself (a symlink given as --data is followed to its target in its folder). */
  file: string;
  journal: string;
  /** Leftover temporary files of killed servers that were removed. */
  removedTemporaries: number;
  /** Gives the lock back (at close). */
  release(): Promise<void>;
}

/**
 * Checks, before anything is served, that the data file can be used and locks it for this
 * process's life: the path must be a regular file (or absent) that is not read-only, in a folder
 * where files can be written; a symlink is followed so writes go to its target, while that stays
 * in the folder the path is named in (files/boundary.ts); a second server on
 * the same file is refused; temporary files left by killed servers are removed.
 */
export async function prepareDataPath(given: string): Promise<PreparedDataPath> {
  let file: string;
  try {
    file = writeTargetWithin(given);
  } catch (error) {
    throw new DataFileError(`Cannot use the data file ${given}: ${(error as Error).message}`);
  }
  const existing = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataFileError(`Cannot use the data file ${given}: ${error.message}`);
  });
  if (existing && !existing.isFile())
    throw new DataFileError(
      `The data file ${given} is not a regular file (a folder, FIFO or device); give the path of a file`,
    );
  if (existing && (existing.mode & 0o200) === 0)
    throw new DataFileError(
      `The data file ${given} is read-only; make it writable or use another file`,
    );
  const folder = dirname(file);
  await mkdir(folder, { recursive: true }).catch((error: Error) => {
    throw new DataFileError(`Cannot create the folder of the data file ${given}: ${error.message}`);
  });
  await checkWritableFolder(folder, given);
  const lock = `${file}.lock`;
  await takeLock(lock, given);
  const removedTemporaries = await removeTemporaries(folder, basename(file));
  return {
    file,
    journal: `${file}.journal`,
    removedTemporaries,
    release: () => unlink(lock).catch(() => undefined),
  };
}

async function checkWritableFolder(folder: string, given: string): Promise<void> {
  const info = await stat(folder);
  if ((info.mode & 0o200) === 0)
    throw new DataFileError(`The folder of the data file ${given} is read-only`);
  // Permissions are not the whole story (a read-only mount, another owner): try it.
  const probe = join(folder, `.petstore-probe.${process.pid}`);
  try {
    await (await open(probe, 'wx', 0o600)).close();
    await unlink(probe);
  } catch (error) {
    throw new DataFileError(
      `Cannot write in the folder of the data file ${given}: ${(error as Error).message}`,
    );
  }
}

async function takeLock(lock: string, given: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(
        lock,
        constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY,
        0o600,
      );
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataFileError(`Cannot lock the data file ${given}: ${(error as Error).message}`);
      }
    }
    // A lock holds a process id: anything else (a FIFO, a huge file) is not a lock of ours.
    const owner = Number(
      (await readRegularTextAsync(lock, { maxBytes: 64 }).catch(() => '')).trim(),
    );
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new StoreLockedError(
        `The data file ${given} is in use by another petstore-server (process ${owner}, lock ${lock}); stop it, or use another --data file`,
      );
    }
    await rm(lock, { force: true }); // left by a process that died: stale
  }
  throw new StoreLockedError(`The data file ${given} was locked by another server while starting`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `.<name>.<pid>.tmp` files of writes that a kill interrupted (we hold the lock: none is live). */
async function removeTemporaries(folder: string, name: string): Promise<number> {
  const prefix = `.${name}.`;
  const leftovers = (await readdir(folder)).filter(
    (entry) => entry.startsWith(prefix) && /^\d+\.tmp$/.test(entry.slice(prefix.length)),
  );
  await Promise.all(leftovers.map((entry) => rm(join(folder, entry), { force: true })));
  return leftovers.length;
}
