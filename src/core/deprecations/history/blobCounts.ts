/**
 * The calls counted in each blob, kept between runs of `history` under the repository's git
 * folder: a file unchanged between two points (or two runs) is never scanned twice. Keyed by the
 * finder's settings, so a run with other options starts afresh; an unreadable cache is rebuilt,
 * never trusted; safe to delete. The repository may be someone else's: a link in the cache's
 * place is never read or written through (replaced), nor a FIFO or device read.
 */
import { isSymbolicLink } from '../../files/boundary';
import { join } from 'node:path';
import { FileRefusedError, readRegularText } from '../../files/regularFile';
import { writeFileWithin } from '../../files/writeWithin';

const FORMAT = 'petstore-deprecations blob counts';
const VERSION = 1;
/** Past this many entries only those of the last run are kept. */
export const MAX_CACHED_BLOBS = 1_000_000;
/** A cache file larger than this is not read (it would be over the entry cap anyway). */
const MAX_CACHE_BYTES = 128 * 1024 * 1024;

/** A commit's tally: a tree never changes, so neither do its counts under the same settings. */
export interface CommitTally {
  total: number;
  groupedBy: 'owner' | 'folder';
  owners: { name: string; calls: number }[];
  languages: { name: string; calls: number }[];
  /** What the commit's tree had that was not read (for the notes of a later run). */
  skipped?: { submodules: string[]; links: string[]; blobs: [string, string][] };
}

/** Commits' tallies kept at most. */
export const MAX_CACHED_COMMITS = 20_000;

export class BlobCounts {
  private readonly counts = new Map<string, number>();
  private readonly commits = new Map<string, CommitTally>();
  private readonly used = new Set<string>();
  /** What the reader should know about the cache (rebuilt, settings changed). */
  readonly notes: string[] = [];
  /** The blobs' counts are read when first asked for: a run of cached commits needs none. */
  private countsLoaded = false;
  private changed = false;

  private constructor(
    private readonly gitDirectory: string | undefined,
    private readonly key: string,
  ) {}

  /** Kept in `gitDirectory/petstore-deprecations/`, or only in memory without a folder. */
  static open(gitDirectory: string | undefined, key: string): BlobCounts {
    const cache = new BlobCounts(gitDirectory, key);
    if (gitDirectory) {
      const data = cache.read(COMMITS_FILE);
      for (const [id, tally] of Object.entries(data?.commits ?? {})) cache.commits.set(id, tally);
    } else cache.countsLoaded = true;
    return cache;
  }

  /** The blob's count, which this run then keeps. */
  get(id: string): number | undefined {
    const count = this.loadedCounts().get(id);
    if (count !== undefined) this.used.add(id);
    return count;
  }

  /** The count, read again (after get or set). */
  peek(id: string): number | undefined {
    return this.loadedCounts().get(id);
  }

  set(id: string, count: number): void {
    this.loadedCounts().set(id, count);
    this.used.add(id);
    this.changed = true;
  }

  /** A commit's tally for these scopes, counted before. */
  commit(id: string): CommitTally | undefined {
    return this.commits.get(id);
  }

  setCommit(id: string, tally: CommitTally): void {
    this.commits.delete(id);
    this.commits.set(id, tally);
    this.changed = true;
    // The oldest entries go first (a Map keeps insertion order).
    if (this.commits.size > MAX_CACHED_COMMITS)
      this.commits.delete(this.commits.keys().next().value!);
  }

  get size(): number {
    return this.loadedCounts().size;
  }

  /** Writes what changed back (each file whole or not at all); a failure is a note, the history stands. */
  save(): void {
    if (!this.gitDirectory || !this.changed) return;
    const header = { format: FORMAT, version: VERSION, key: this.key };
    const write = (name: string, text: string) =>
      writeFileWithin(this.gitDirectory!, join(FOLDER, name), text);
    try {
      if (this.countsLoaded) {
        const kept =
          this.counts.size > MAX_CACHED_BLOBS
            ? [...this.used].map((id) => [id, this.counts.get(id)!] as const)
            : [...this.counts];
        const counts: Record<string, number> = {};
        for (const [id, count] of kept) counts[id] = count;
        write(COUNTS_FILE, JSON.stringify({ ...header, counts }));
      }
      write(COMMITS_FILE, JSON.stringify({ ...header, commits: Object.fromEntries(this.commits) }));
      this.changed = false;
    } catch (error) {
      this.notes.push(
        `cannot keep the history cache in ${join(this.gitDirectory, FOLDER)}: ${(error as Error).message}`,
      );
    }
  }

  private loadedCounts(): Map<string, number> {
    if (!this.countsLoaded) {
      this.countsLoaded = true;
      const data = this.gitDirectory ? this.read(COUNTS_FILE) : undefined;
      for (const [id, count] of Object.entries(data?.counts ?? {})) this.counts.set(id, count);
    }
    return this.counts;
  }

  /** One cache file, if it is whole and of these settings; otherwise a note and nothing. */
  private read(name: string): CacheFile | undefined {
    const file = join(this.gitDirectory!, FOLDER, name);
    let text: string;
    try {
      // Its folder is checked too: a link there is never followed.
      if (isSymbolicLink(join(this.gitDirectory!, FOLDER)))
        throw new FileRefusedError(join(this.gitDirectory!, FOLDER), 'a symbolic link', 'link');
      text = readRegularText(file, { maxBytes: MAX_CACHE_BYTES, followLinks: false });
    } catch (error) {
      const refusal = error instanceof FileRefusedError ? error.reason : 'unreadable';
      // None yet, or one that cannot be ours: said, and rebuilt in its place.
      if (refusal !== 'missing')
        this.notes.push(`the history cache ${file} was not read (${REFUSALS[refusal]}): rebuilt`);
      return undefined;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (!isCacheShape(data)) {
      this.notes.push(`the history cache ${file} was unreadable: rebuilt`);
      return undefined;
    }
    // Other settings (confidence, names, version) count other calls: nothing carries over.
    return data.key === this.key ? data : undefined;
  }
}

const FOLDER = 'petstore-deprecations';
const COUNTS_FILE = 'blob-counts.json';
const REFUSALS = {
  missing: 'missing',
  link: 'a symbolic link',
  notRegularFile: 'not a regular file',
  tooLarge: 'too large',
  unreadable: 'unreadable',
} as const;

const COMMITS_FILE = 'commit-tallies.json';

interface CacheFile {
  format: string;
  version: number;
  key: string;
  counts?: Record<string, number>;
  commits?: Record<string, CommitTally>;
}

function isCacheShape(data: unknown): data is CacheFile {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record.format !== FORMAT || record.version !== VERSION || typeof record.key !== 'string')
    return false;
  const counts = record.counts ?? {};
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) return false;
  if (!Object.values(counts).every(isCount)) return false;
  const commits = record.commits;
  if (commits === undefined) return true;
  if (typeof commits !== 'object' || commits === null || Array.isArray(commits)) return false;
  return Object.values(commits).every(isCommitTally);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isCommitTally(value: unknown): value is CommitTally {
  if (typeof value !== 'object' || value === null) return false;
  const tally = value as Record<string, unknown>;
  const isTally = (list: unknown) =>
    Array.isArray(list) &&
    list.every(
      (row) =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as { name?: unknown }).name === 'string' &&
        isCount((row as { calls?: unknown }).calls),
    );
  const skipped = tally.skipped as Record<string, unknown> | undefined;
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (
    skipped !== undefined &&
    (typeof skipped !== 'object' ||
      skipped === null ||
      !strings(skipped.submodules) ||
      !strings(skipped.links) ||
      !Array.isArray(skipped.blobs) ||
      !skipped.blobs.every((pair) => Array.isArray(pair) && pair.length === 2 && strings(pair)))
  )
    return false;
  return (
    isCount(tally.total) &&
    (tally.groupedBy === 'owner' || tally.groupedBy === 'folder') &&
    isTally(tally.owners) &&
    isTally(tally.languages)
  );
}
