import { readRegularFileAsync } from '../../files/regularFile';
/**
 * A file's bytes as the editor reads them, in UTF-8 for the prefilter and the engine: a UTF-8 BOM is
 * dropped (VS Code does not count it as a column), UTF-16 LE/BE with a BOM is transcoded; anything
 * else with a NUL byte near its start is binary (undefined).
 */
export function utf8SourceOf(bytes: Buffer): Buffer | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return transcode(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return transcode(bytes, 'utf-16be');
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0) ? undefined : bytes;
}

const BINARY_PROBE_BYTES = 8000;

function transcode(bytes: Buffer, encoding: 'utf-16le' | 'utf-16be'): Buffer {
  // TextDecoder drops the BOM itself and turns a cut-off last unit into U+FFFD.
  return Buffer.from(new TextDecoder(encoding).decode(bytes), 'utf8');
}

/**
 * One file's text as the editor would show it, for the language server's reads from disk; undefined
 * for what is not a regular file (never blocks on a FIFO), binary, larger than maxBytes or unreadable.
 */
export async function readSourceFile(path: string, maxBytes: number): Promise<string | undefined> {
  try {
    return utf8SourceOf(await readRegularFileAsync(path, { maxBytes }))?.toString('utf8');
  } catch {
    return undefined;
  }
}
