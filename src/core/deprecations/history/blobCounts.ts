/**
 * The calls counted in each blob, kept between runs of `history` under the repository's git
 * folder: a file unchanged between two points (or two runs) is never scanned twice. Keyed by the
 * finder's settings, so a run with other options starts afresh; an unreadable cache is rebuilt,
 * never trusted; safe to delete.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../migration/writeAtomically';

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
    private readonly folder: string | undefined,
    private readonly key: string,
  ) {}

  /** Kept in `gitDirectory/petstore-deprecations/`, or only in memory without a folder. */
  static open(gitDirectory: string | undefined, key: string): BlobCounts {
    const folder = gitDirectory && join(gitDirectory, 'petstore-deprecations');
    const cache = new BlobCounts(folder, key);
    if (folder) {
      const data = cache.read(join(folder, COMMITS_FILE));
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
    if (!this.folder || !this.changed) return;
    const header = { format: FORMAT, version: VERSION, key: this.key };
    try {
      mkdirSync(this.folder, { recursive: true });
      if (this.countsLoaded) {
        const kept =
          this.counts.size > MAX_CACHED_BLOBS
            ? [...this.used].map((id) => [id, this.counts.get(id)!] as const)
            : [...this.counts];
        const counts: Record<string, number> = {};
        for (const [id, count] of kept) counts[id] = count;
        writeFileAtomically(join(this.folder, COUNTS_FILE), JSON.stringify({ ...header, counts }));
      }
      writeFileAtomically(
        join(this.folder, COMMITS_FILE),
        JSON.stringify({ ...header, commits: Object.fromEntries(this.commits) }),
      );
      this.changed = false;
    } catch (error) {
      this.notes.push(
        `cannot keep the history cache in ${this.folder}: ${(error as Error).message}`,
      );
    }
  }

  private loadedCounts(): Map<string, number> {
    if (!this.countsLoaded) {
      this.countsLoaded = true;
      const data = this.folder ? this.read(join(this.folder, COUNTS_FILE)) : undefined;
      for (const [id, count] of Object.entries(data?.counts ?? {})) this.counts.set(id, count);
    }
    return this.counts;
  }

  /** One cache file, if it is whole and of these settings; otherwise a note and nothing. */
  private read(file: string): CacheFile | undefined {
    let text: string;
    try {
      if (statSync(file).size > MAX_CACHE_BYTES) {
        this.notes.push(`the history cache ${file} is too large: rebuilt`);
        return undefined;
      }
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined; // none yet
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

const COUNTS_FILE = 'blob-counts.json';
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
