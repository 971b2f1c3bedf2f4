import { constants } from 'node:fs';
import { rename, open, stat, type FileHandle } from 'node:fs/promises';
import { FileRefusedError, readFailure, readRegularTextAsync } from '../core/files/regularFile';
import { parseJsonLossless, stringifyJsonLossless } from '../core/json/losslessJson';
import { describeIssues } from '../core/api/schemas';
import { DataFileError, MAX_STORE_FILE_BYTES } from './dataFile';
import type { StoredPet } from './petRepository';
import { StoredPetRecord } from './storedPetRecord';

export interface Replayed {
  pets: StoredPet[];
  nextId: bigint;
  /** What happened, for the log: a cut-off last record, repaired damage. */
  notes: string[];
}

/**
 * The journal beside the data file: one JSON line per created pet, appended and fsynced before a
 * create is acknowledged. Replayed on top of the snapshot at start; records whose ids the snapshot
 * already holds (a crash between compaction's two steps) are skipped.
 *
 * A last record without its line end was cut off by a crash and never acknowledged: it is dropped.
 * Any other damage refuses the start (the file is left untouched) unless `repair`, which keeps every
 * complete record and moves the original aside.
 */
export async function replayJournal(
  path: string,
  base: { nextId: bigint },
  repair: boolean,
): Promise<Replayed> {
  let text: string;
  try {
    // The server's own file, beside the data file: a link in its place is never followed.
    text = await readRegularTextAsync(path, { maxBytes: MAX_STORE_FILE_BYTES, followLinks: false });
  } catch (error) {
    if (error instanceof FileRefusedError && error.reason === 'missing')
      return { pets: [], nextId: base.nextId, notes: [] };
    throw new DataFileError(`Cannot read the journal ${path}: ${readFailure(error)}`);
  }
  const notes: string[] = [];
  const pets: StoredPet[] = [];
  let nextId = base.nextId;
  let damaged = 0;
  const lastEnd = text.lastIndexOf('\n') + 1;
  if (lastEnd < text.length)
    notes.push(`Dropped the last record of ${path}: a crash cut it off before it was acknowledged`);
  let lineNumber = 0;
  let offset = 0;
  while (offset < lastEnd) {
    const end = text.indexOf('\n', offset);
    const line = text.slice(offset, end);
    lineNumber++;
    const problem = recordProblem(line, nextId, base.nextId);
    if (typeof problem === 'string') {
      if (!repair) {
        throw new DataFileError(
          `The journal ${path} is damaged at line ${lineNumber} (byte ${Buffer.byteLength(text.slice(0, offset))}): ${problem}. It was left untouched; start with --repair to keep every complete record (the original is kept beside it).`,
        );
      }
      damaged++;
    } else if (problem) {
      pets.push(problem);
      nextId = problem.id + 1n;
    }
    offset = end + 1;
  }
  if (damaged > 0) {
    const aside = `${path}.damaged-${Date.now()}`;
    await rename(path, aside);
    notes.push(
      `Repaired ${path}: recovered ${pets.length} records, skipped ${damaged} damaged; the original is ${aside}`,
    );
  }
  return { pets, nextId, notes };
}

/** The pet of one journal line; undefined for a record the snapshot already holds; or what is wrong. */
function recordProblem(
  line: string,
  nextId: bigint,
  snapshotNextId: bigint,
): StoredPet | undefined | string {
  let json: unknown;
  try {
    json = parseJsonLossless(line);
  } catch {
    return 'not a pet record';
  }
  const parsed = StoredPetRecord.safeParse(json);
  if (!parsed.success) return `not a pet the API would accept (${describeIssues(parsed.error)})`;
  const record: StoredPet = parsed.data;
  if (record.id < snapshotNextId) return undefined;
  if (record.id < nextId) return `pet id ${record.id} is not above the previous one`;
  return record;
}

/** The open journal of a running server. */
export class Journal {
  private bytes: number;

  private constructor(
    private readonly path: string,
    private handle: FileHandle,
    size: number,
  ) {
    this.bytes = size;
  }

  static async open(path: string): Promise<Journal> {
    const handle = await open(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0),
      0o600,
    );
    return new Journal(path, handle, (await handle.stat()).size);
  }

  get size(): number {
    return this.bytes;
  }

  /** Appends the records and fsyncs them: one call, one fsync, for a whole group commit. */
  async append(pets: readonly StoredPet[]): Promise<void> {
    const text = pets.map((pet) => `${stringifyJsonLossless(pet)}\n`).join('');
    await this.handle.appendFile(text, 'utf8');
    await this.handle.datasync();
    // Written to a file someone deleted or replaced, the pets would be lost at the next start.
    const [onDisk, ours] = await Promise.all([
      stat(this.path).catch(() => undefined),
      this.handle.stat(),
    ]);
    if (!onDisk || onDisk.ino !== ours.ino || onDisk.dev !== ours.dev)
      throw new Error(`the journal ${this.path} was removed or replaced while the server ran`);
    this.bytes += Buffer.byteLength(text);
  }

  /** Empties the journal once a snapshot holds everything in it. */
  async clear(): Promise<void> {
    await this.handle.truncate(0);
    await this.handle.sync();
    this.bytes = 0;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
