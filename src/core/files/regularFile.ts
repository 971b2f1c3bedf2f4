/**
 * The one way the product reads a file it was given by name or found in a folder: it must be a
 * regular file of bounded size. Opened without blocking (a FIFO never hangs the reader), checked
 * on the open descriptor (no swap between check and read), and read at most `maxBytes` whatever
 * size the file system claims (a link to /dev/zero or a growing file cannot fill the memory).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

export type FileRefusal = 'missing' | 'link' | 'notRegularFile' | 'tooLarge' | 'unreadable';

/** Why a file was not read: `message` names the file, `detail` only says why (for a caller's own sentence). */
export class FileRefusedError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
    readonly reason: FileRefusal,
    readonly code?: string,
  ) {
    super(`${path}: ${detail}`);
  }
}

export interface FileLimits {
  maxBytes: number;
  /** false: a symbolic link at the path is refused, not followed (files we keep ourselves). */
  followLinks?: boolean;
}

const CHUNK_BYTES = 1024 * 1024;

function flags(limits: FileLimits): number {
  // Windows has neither flag: there a FIFO cannot be opened by name anyway.
  const nonBlocking = constants.O_NONBLOCK ?? 0;
  const noFollow = limits.followLinks === false ? (constants.O_NOFOLLOW ?? 0) : 0;
  return constants.O_RDONLY | nonBlocking | noFollow;
}

function shown(path: string | Buffer): string {
  return typeof path === 'string' ? path : path.toString('utf8');
}

function openFailure(path: string | Buffer, error: unknown, limits: FileLimits): FileRefusedError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new FileRefusedError(shown(path), 'no such file', 'missing', code);
  if (code === 'ELOOP' && limits.followLinks === false)
    return new FileRefusedError(shown(path), 'a symbolic link: not read', 'link', code);
  // A device that refuses to be opened: never a regular file.
  if (code === 'ENXIO' || code === 'ENODEV') return notRegular(path, code);
  const reason = (error as Error).message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  return new FileRefusedError(shown(path), reason, 'unreadable', code);
}

function notRegular(path: string | Buffer, code?: string): FileRefusedError {
  return new FileRefusedError(
    shown(path),
    'not a regular file (a folder, FIFO, socket or device): not read',
    'notRegularFile',
    code,
  );
}

function tooLarge(path: string | Buffer, maxBytes: number): FileRefusedError {
  return new FileRefusedError(shown(path), `larger than ${maxBytes} bytes: not read`, 'tooLarge');
}

/** The file's bytes; throws FileRefusedError when it is not a regular file within the limit. */
export function readRegularFile(path: string | Buffer, limits: FileLimits): Buffer {
  let fd: number;
  try {
    fd = openSync(path, flags(limits));
  } catch (error) {
    throw openFailure(path, error, limits);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw notRegular(path);
    if (info.size > limits.maxBytes) throw tooLarge(path, limits.maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limits.maxBytes + 1 - total) || 1);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > limits.maxBytes) throw tooLarge(path, limits.maxBytes);
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    throw openFailure(path, error, limits);
  } finally {
    closeSync(fd);
  }
}

/** The same as text (UTF-8). */
export function readRegularText(path: string | Buffer, limits: FileLimits): string {
  return readRegularFile(path, limits).toString('utf8');
}

/** The same without blocking the event loop (the language server, the reference server). */
export async function readRegularFileAsync(
  path: string | Buffer,
  limits: FileLimits,
): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, flags(limits));
  } catch (error) {
    throw openFailure(path, error, limits);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(path);
    if (info.size > limits.maxBytes) throw tooLarge(path, limits.maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limits.maxBytes + 1 - total) || 1);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limits.maxBytes) throw tooLarge(path, limits.maxBytes);
      chunks.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    throw openFailure(path, error, limits);
  } finally {
    await handle.close();
  }
}

/** The same as text (UTF-8). */
export async function readRegularTextAsync(
  path: string | Buffer,
  limits: FileLimits,
): Promise<string> {
  return (await readRegularFileAsync(path, limits)).toString('utf8');
}

/** Why a read failed, in words without the path (for a sentence that already names the file). */
export function readFailure(error: unknown): string {
  return error instanceof FileRefusedError ? error.detail : (error as Error).message;
}
