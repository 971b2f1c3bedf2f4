import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Past this much, an oversized body is not even drained: the connection is dropped. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

export type BodyResult = { kind: 'ok'; bytes: Buffer } | { kind: 'tooLarge' };

/**
 * Reads a request body of at most MAX_BODY_BYTES. An oversized body is drained (up to a bound)
 * rather than cut off, so the client reliably receives the 413 instead of a reset connection.
 */
export async function readRequestBody(request: IncomingMessage): Promise<BodyResult> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > MAX_DRAIN_BYTES) return { kind: 'tooLarge' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_DRAIN_BYTES) {
      request.destroy();
      break;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES
    ? { kind: 'tooLarge' }
    : { kind: 'ok', bytes: Buffer.concat(chunks, size) };
}

/** `application/json`, with or without parameters such as charset. */
export function isJsonContentType(value: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(value ?? '');
}
