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
