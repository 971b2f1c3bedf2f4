import { Transform, type TransformCallback } from 'node:stream';

/** Larger than any message a client sends (V8 cannot hold a longer string anyway). */
const MAX_CONTENT_LENGTH = 512 * 1024 * 1024;
/** A header block longer than this never ends: the client is not speaking LSP. */
const MAX_HEADER_BYTES = 8 * 1024;

/**
 * Watches the LSP framing of a byte stream (header lines, a blank line, Content-Length bytes of
 * body) and passes the bytes through untouched. It fails on framing the message reader could
 * never recover from: a header without a colon, a Content-Length missing or not a non-negative
 * integer (or beyond any real message), a header block that never ends. The reader itself would
 * keep the broken header at the front of its buffer and stay deaf for good. A body that is not
 * valid JSON is no framing error: the next frame is read correctly.
 */
export class FrameGuard extends Transform {
  private header = '';
  private bodyBytesLeft = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyBytesLeft > 0) {
        const taken = Math.min(this.bodyBytesLeft, chunk.length - offset);
        this.bodyBytesLeft -= taken;
        offset += taken;
        continue;
      }
      const before = this.header.length;
      // Headers are ASCII; latin1 keeps one character per byte, so offsets stay byte offsets.
      this.header += chunk.toString(
        'latin1',
        offset,
        Math.min(chunk.length, offset + MAX_HEADER_BYTES),
      );
      const end = this.header.indexOf('\r\n\r\n');
      if (end === -1) {
        if (this.header.length >= MAX_HEADER_BYTES) {
          done(new Error(`no end of the header block after ${MAX_HEADER_BYTES} bytes`));
          return;
        }
        offset = chunk.length;
        continue;
      }
      const length = contentLengthOf(this.header.slice(0, end));
      if (typeof length === 'string') {
        done(new Error(length));
        return;
      }
      offset += end + 4 - before;
      this.header = '';
      this.bodyBytesLeft = length;
    }
    done(null, chunk);
  }
}

/** The Content-Length of a header block, or what is wrong with it. */
function contentLengthOf(block: string): number | string {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) return `a header line without a colon: ${JSON.stringify(line.slice(0, 80))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_CONTENT_LENGTH)
      return `Content-Length is not a byte count: ${JSON.stringify(value.slice(0, 40))}`;
    length = Number(value);
  }
  return length ?? 'a header block without Content-Length';
}
