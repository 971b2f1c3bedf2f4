import { open, rename, rm } from 'node:fs/promises';
import { FileRefusedError, readFailure, readRegularTextAsync } from '../core/files/regularFile';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { Int64 } from '../core/api/int64';
import { describeIssues } from '../core/api/schemas';
import { parseJsonLossless, stringifyJsonLossless } from '../core/json/losslessJson';
import type { StoredPet, StoreSnapshot } from './petRepository';
import { StoredPetRecord } from './storedPetRecord';

const DATA_FORMAT = 'petstore-data';
/** The data file and the journal are read up to this size (a JavaScript string holds about 512 MB). */
export const MAX_STORE_FILE_BYTES = 512 * 1024 * 1024;

const DataFileContent = z.object({
  format: z.literal(DATA_FORMAT),
  version: z.literal(1),
  nextId: Int64,
  pets: z.array(StoredPetRecord),
});

/** The data file cannot be used as it is; the server refuses to start rather than overwrite it. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
}

/** Reads a data file; undefined when it does not exist yet. Throws DataFileError otherwise. */
export async function loadDataFile(path: string): Promise<StoreSnapshot | undefined> {
  let text: string;
  try {
    text = await readRegularTextAsync(path, { maxBytes: MAX_STORE_FILE_BYTES });
  } catch (error) {
    if (error instanceof FileRefusedError && error.reason === 'missing') return undefined;
    throw new DataFileError(`Cannot read the data file ${path}: ${readFailure(error)}`);
  }
  let content: z.infer<typeof DataFileContent>;
  try {
    content = DataFileContent.parse(parseJsonLossless(text));
  } catch (error) {
    const reason =
      error instanceof z.ZodError
        ? `it is not a Pet Store data file: ${describeIssues(error)}`
        : (error as Error).message;
    throw new DataFileError(
      `The data file ${path} is corrupt (${reason}). It was left untouched; repair or move it, or start with another --data file.`,
    );
  }
  const pets: StoredPet[] = content.pets;
  checkIds(path, pets, content.nextId);
  return { nextId: content.nextId, pets };
}

function checkIds(path: string, pets: StoredPet[], nextId: bigint): void {
  for (let i = 0; i < pets.length; i++) {
    const pet = pets[i]!;
    const previous = i > 0 ? pets[i - 1]!.id : undefined;
    if ((previous !== undefined && pet.id <= previous) || pet.id >= nextId) {
      throw new DataFileError(
        `The data file ${path} is corrupt (pet ids are not unique and increasing). It was left untouched.`,
      );
    }
  }
}

/**
 * Replaces the data file atomically and durably: the new content is written and fsynced under a
 * temporary name, renamed over the old file, and the directory is fsynced so the rename survives a
 * crash. A reader (or a restart after SIGKILL) sees the old file or the new one, never a mix.
 */
export async function writeDataFile(path: string, snapshot: StoreSnapshot): Promise<number> {
  const directory = dirname(path);
  const temporary = join(directory, `.${basename(path)}.${process.pid}.tmp`);
  const text = stringifyJsonLossless({
    format: DATA_FORMAT,
    version: 1,
    nextId: snapshot.nextId,
    pets: snapshot.pets,
  });
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  await syncDirectory(directory);
  return Buffer.byteLength(text);
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
