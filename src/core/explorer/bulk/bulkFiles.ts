/**
 * The files of "Create Pets from File" on disk (the desktop's): the input the user chose, read as
 * a regular file within MAX_BULK_FILE_BYTES (a FIFO or a link to /dev/zero is refused, never read
 * for ever), and the results file beside it, which the command keeps for itself: never read or
 * written through a link (a link in its place is replaced by the file, its target untouched).
 */
import { basename, dirname } from 'node:path';
import { readRegularFileAsync, readRegularTextAsync } from '../../files/regularFile';
import { writeFileWithin } from '../../files/writeWithin';
import { MAX_BULK_FILE_BYTES, MAX_BULK_ROWS } from './petRows';

/** A results file holds a line of at most a few hundred bytes per row. */
export const MAX_RESULTS_FILE_BYTES = MAX_BULK_ROWS * 1024;

/** The input's bytes; throws FileRefusedError (its message names the file and why). */
export function readBulkInput(path: string): Promise<Buffer> {
  return readRegularFileAsync(path, { maxBytes: MAX_BULK_FILE_BYTES });
}

/** The results file's text, or undefined when there is none to trust (missing, a link, a FIFO...). */
export async function readBulkResults(path: string): Promise<string | undefined> {
  try {
    return await readRegularTextAsync(path, {
      maxBytes: MAX_RESULTS_FILE_BYTES,
      followLinks: false,
    });
  } catch {
    return undefined;
  }
}

/** Writes the results file whole, in its folder, never through a link at its name. */
export function writeBulkResults(path: string, text: string): void {
  writeFileWithin(dirname(path), basename(path), text);
}
