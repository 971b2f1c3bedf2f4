/**
 * A file name's bytes for display: valid UTF-8 as text, every other byte as \xNN (the name is
 * still opened by its bytes; this is only what a report shows).
 */
export function escapedFileName(bytes: Buffer): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length === 0) {
      out += `\\x${bytes[i]!.toString(16).toUpperCase().padStart(2, '0')}`;
      i++;
    } else {
      out += bytes.toString('utf8', i, i + length);
      i += length;
    }
  }
  return out;
}

/** The decoded name, or undefined when the bytes are not valid UTF-8. */
export function utf8FileName(bytes: Buffer): string | undefined {
  const name = bytes.toString('utf8');
  // U+FFFD marks a byte that did not decode, unless the name really holds that character.
  return !name.includes('\uFFFD') || Buffer.from(name, 'utf8').equals(bytes) ? name : undefined;
}

/** Length of the valid UTF-8 sequence at `at` (no overlongs, surrogates or values past U+10FFFF), or 0. */
function utf8SequenceLength(bytes: Buffer, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return 1;
  const [length, min, max] =
    lead >= 0xc2 && lead <= 0xdf
      ? [2, 0x80, 0xbf]
      : lead === 0xe0
        ? [3, 0xa0, 0xbf]
        : lead === 0xed
          ? [3, 0x80, 0x9f]
          : lead >= 0xe1 && lead <= 0xef
            ? [3, 0x80, 0xbf]
            : lead === 0xf0
              ? [4, 0x90, 0xbf]
              : lead === 0xf4
                ? [4, 0x80, 0x8f]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0];
  if (length === 0 || at + length > bytes.length) return 0;
  const second = bytes[at + 1]!;
  if (second < min || second > max) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes[at + k]!;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}
