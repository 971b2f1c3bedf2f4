/**
 * The calls counted in each blob, kept between runs of `history` under the repository's git
 * folder: a file unchanged between two points (or two runs) is never scanned twice. Keyed by the
 * finder's settings, so a run with other options starts afresh; an unreadable cache is rebuilt,
 * never trusted; safe to delete.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomically } from '../migration/writeAtomically';

const FORMAT = 'petstore-deprecations blob counts';
const VERSION = 1;
/** Past this many entries only those of the last run are kept. */
export const MAX_CACHED_BLOBS = 1_000_000;
/** A cache file larger than this is not read (it would be over the entry cap anyway). */
const MAX_CACHE_BYTES = 128 * 1024 * 1024;

export class BlobCounts {
  private readonly counts = new Map<string, number>();
  private readonly used = new Set<string>();
  /** What the reader should know about the cache (rebuilt, settings changed). */
  readonly notes: string[] = [];

  private constructor(
    private readonly file: string | undefined,
    private readonly key: string,
  ) {}

  /** Kept in `gitDirectory/petstore-deprecations/`, or only in memory without a folder. */
  static open(gitDirectory: string | undefined, key: string): BlobCounts {
    const file = gitDirectory && join(gitDirectory, 'petstore-deprecations', 'blob-counts.json');
    const cache = new BlobCounts(file, key);
    if (file) cache.load(file);
    return cache;
  }

  /** The blob's count, which this run then keeps. */
  get(id: string): number | undefined {
    const count = this.counts.get(id);
    if (count !== undefined) this.used.add(id);
    return count;
  }

  /** The count, read again (after get or set). */
  peek(id: string): number | undefined {
    return this.counts.get(id);
  }

  set(id: string, count: number): void {
    this.counts.set(id, count);
    this.used.add(id);
  }

  get size(): number {
    return this.counts.size;
  }

  /** Writes the cache back (whole or not at all); a failure is a note, the history stands. */
  save(): void {
    if (!this.file) return;
    const kept =
      this.counts.size > MAX_CACHED_BLOBS
        ? [...this.used].map((id) => [id, this.counts.get(id)!] as const)
        : [...this.counts];
    const counts: Record<string, number> = {};
    for (const [id, count] of kept) counts[id] = count;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileAtomically(
        this.file,
        JSON.stringify({ format: FORMAT, version: VERSION, key: this.key, counts }),
      );
    } catch (error) {
      this.notes.push(`cannot keep the history cache ${this.file}: ${(error as Error).message}`);
    }
  }

  private load(file: string): void {
    let text: string;
    try {
      if (statSync(file).size > MAX_CACHE_BYTES) {
        this.notes.push(`the history cache ${file} is too large: rebuilt`);
        return;
      }
      text = readFileSync(file, 'utf8');
    } catch {
      return; // none yet
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      this.notes.push(`the history cache ${file} was unreadable: rebuilt`);
      return;
    }
    if (!isCacheShape(data)) {
      this.notes.push(`the history cache ${file} was unreadable: rebuilt`);
      return;
    }
    // Other settings (confidence, names, version) count other calls: nothing carries over.
    if (data.key !== this.key) return;
    for (const [id, count] of Object.entries(data.counts)) this.counts.set(id, count);
  }
}

function isCacheShape(
  data: unknown,
): data is { format: string; version: number; key: string; counts: Record<string, number> } {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record.format !== FORMAT || record.version !== VERSION || typeof record.key !== 'string')
    return false;
  const counts = record.counts;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) return false;
  return Object.values(counts).every(
    (count) => typeof count === 'number' && Number.isInteger(count) && count >= 0,
  );
}
