import { statSync } from 'node:fs';

/** Prints a message and the usage to stderr, and exits 2 (a usage error). */
export function usageError(message: string, usage: string): never {
  process.stderr.write(`petstore-deprecations: ${message}\n\n${usage}\n`);
  process.exit(2);
}

/** Prints a message to stderr and exits 2 (bad input or an I/O error). */
export function fail(message: string): never {
  process.stderr.write(`petstore-deprecations: ${message}\n`);
  process.exit(2);
}

/** Parts of a report are written to stdout about this many characters at a time. */
const WRITE_CHARS = 1 << 20;

/**
 * Writes a report's parts to stdout in pieces of about a megabyte: never the whole report as one
 * string (on Linux, writes to files and pipes are synchronous, so memory stays at one piece).
 */
export function writeParts(parts: Iterable<string>): void {
  let pending: string[] = [];
  let size = 0;
  for (const part of parts) {
    pending.push(part);
    size += part.length;
    if (size >= WRITE_CHARS) {
      process.stdout.write(pending.join(''));
      pending = [];
      size = 0;
    }
  }
  if (size) process.stdout.write(pending.join(''));
}

/** A line for the log: stderr, so stdout stays a clean report. */
export function note(message: string): void {
  process.stderr.write(`petstore-deprecations: ${message}\n`);
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
