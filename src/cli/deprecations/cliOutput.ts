import { visibleText } from '../../core/text/visibleText';
import { statSync } from 'node:fs';

/** Prints a message and the usage to stderr, and exits 2 (a usage error). */
export function usageError(message: string, usage: string): never {
  process.stderr.write(`petstore-deprecations: ${visibleText(message)}\n\n${usage}\n`);
  process.exit(2);
}

/** Prints a message to stderr and exits 2 (bad input or an I/O error). */
export function fail(message: string): never {
  process.stderr.write(`petstore-deprecations: ${visibleText(message)}\n`);
  process.exit(2);
}

/** Parts of a report are written to stdout in pieces of about this many bytes. */
const WRITE_BYTES = 1 << 20;

/**
 * Writes a report's parts to stdout in pieces of about a megabyte: never the whole report as one
 * string (on Linux, writes to files and pipes are synchronous, so memory stays at one piece).
 * Each piece is encoded straight into a new buffer: joining a megabyte of template-literal parts
 * into one string cost several times more than encoding them (a new buffer each time, since a
 * write the stream keeps for later must not be overwritten).
 */
export function writeParts(
  parts: Iterable<string>,
  out: NodeJS.WritableStream = process.stdout,
): void {
  let piece = Buffer.allocUnsafe(WRITE_BYTES);
  let used = 0;
  for (const part of parts) {
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    const most = part.length * 3;
    if (used + most > piece.length) {
      if (used) out.write(piece.subarray(0, used));
      piece = Buffer.allocUnsafe(Math.max(WRITE_BYTES, most));
      used = 0;
    }
    used += piece.write(part, used);
  }
  if (used) out.write(piece.subarray(0, used));
}

/** A line for the log: stderr, so stdout stays a clean report. */
export function note(message: string): void {
  process.stderr.write(`petstore-deprecations: ${visibleText(message)}\n`);
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
