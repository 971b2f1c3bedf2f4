import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks `Authorization: Bearer <key>` against the accepted keys. The scheme name is
 * case-insensitive (RFC 6750); keys are compared in constant time through their digests.
 */
export class BearerKeys {
  private readonly digests: Buffer[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('At least one API key is required');
    this.digests = keys.map(digest);
  }

  accepts(authorization: string | undefined): boolean {
    const match = /^bearer +(\S+) *$/i.exec(authorization ?? '');
    if (!match) return false;
    const candidate = digest(match[1]!);
    let accepted = false;
    for (const known of this.digests) accepted = timingSafeEqual(known, candidate) || accepted;
    return accepted;
  }
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}
