/**
 * The number of calls at points of a repository's first-parent history: in total, by owner (the
 * CODEOWNERS of that point, else the top-level folder) and by language. Each point's tree is
 * listed from git's objects and each blob scanned once (BlobCounts), so a long history costs
 * about one scan of the files that changed.
 */
import { CodeOwners, MAX_CODEOWNERS_BYTES } from '../migration/codeOwners';
import { ownerOfPath, tallyOf, type Tally } from '../migration/progress';
import type { BlobCounts } from './blobCounts';
import {
  firstParentCommits,
  isShallow,
  localObjects,
  readBlobs,
  treeChangesBetween,
  treeEntries,
  type BlobContent,
  type Commit,
} from './gitObjects';
import { availableParallelism } from 'node:os';
import { languageNameOfPath } from '../migration/languageNames';
import { TreeState } from './treeState';

export type Period = 'week' | 'month';

export interface HistorySettings {
  repository: string;
  /** Repository-relative, '/'-separated folders or files counted ('' or none: everything). */
  scopes: readonly string[];
  since: Date;
  /** The last point (default: now). */
  until?: Date;
  every: Period;
  /** Whether a file of that path is one the finder reads. */
  accepts: (path: string) => boolean;
  /** The calls in a file's text (the finder's rules, per file). */
  count: (path: string, text: string) => number;
  /** A quick test of a file's bytes before `count`: false when it cannot hold a call. */
  mightCount?: (bytes: Buffer) => boolean;
  maxFileBytes: number;
  cache: BlobCounts;
}

export interface HistoryEntry {
  /** ISO date (UTC) of the point: the repository as it was at the end of that day. */
  date: string;
  commit: string;
  total: number;
  groupedBy: 'owner' | 'folder';
  owners: Tally[];
  languages: Tally[];
}

export interface History {
  points: HistoryEntry[];
  notes: string[];
  /** Blobs scanned in this run, and read from the cache instead. */
  scanned: number;
  cached: number;
}

const DAY = 86_400_000;
/** Points at most: weekly over forty years. */
export const MAX_POINTS = 2_000;
/** Bytes looked at for a NUL that marks a binary file (as git does). */
const BINARY_PROBE = 8000;
/** Blobs to read before a second git reader pays off. */
const PARALLEL_FROM_BLOBS = 2_000;

export async function countHistory(settings: HistorySettings): Promise<History> {
  const { repository, cache } = settings;
  const notes: string[] = [];
  const commits = await firstParentCommits(repository);
  const until = settings.until ?? new Date();
  const dates = pointDates(settings.since, until, settings.every);
  if (dates.length > MAX_POINTS)
    throw new RangeError(
      `${dates.length} points are too many (at most ${MAX_POINTS}): a later --since or --every month`,
    );
  if (commits.length === 0) {
    notes.push('the repository has no commits yet');
    return { points: [], notes, scanned: 0, cached: 0 };
  }
  const oldest = commits.reduce((a, b) => (b.time < a.time ? b : a));
  const shallow = await isShallow(repository);
  const present = await localObjects(repository);
  const points: { date: string; commit: Commit }[] = [];
  let unseen = 0;
  for (const date of dates) {
    const commit = commitAt(commits, Date.parse(`${date}T00:00:00Z`) + DAY);
    if (commit) points.push({ date, commit });
    else unseen++;
  }
  if (unseen > 0) {
    const start = isoDate(oldest.time);
    notes.push(
      shallow
        ? `history starts at ${start}: fetch the whole history for more (git fetch --unshallow); ${unseen} earlier point${unseen === 1 ? '' : 's'} left out`
        : `the repository's first commit is on ${start}: ${unseen} earlier point${unseen === 1 ? '' : 's'} left out`,
    );
  }
  const skipped = {
    submodules: new Set<string>(),
    links: new Set<string>(),
    blobs: new Map<string, string>(),
  };
  const ownersBySha = new Map<string, CodeOwners>();
  /** Blobs git could not give (a partial clone): a commit with one is not cached. */
  const skippedShas = new Set<string>();
  /** Why a blob was not scanned (binary, too large, missing), by blob. */
  const skipReasons = new Map<string, string>();
  const state = new TreeState({ scopes: settings.scopes, accepts: settings.accepts });
  const entries: HistoryEntry[] = [];
  let scanned = 0;
  /** Blobs whose count came from the cache (each once). */
  const fromCache = new Set<string>();
  const commitIdOf = (sha: string) => `${sha}:${settings.scopes.join('\0')}`;
  // The commits to read (not counted before, under the same settings and scopes: a tree never
  // changes), each after the one before it: the first listed whole, the rest as changes, all
  // through one git process.
  const toRead = [
    ...new Set(
      points.map(({ commit }) => commit.sha).filter((sha) => !cache.commit(commitIdOf(sha))),
    ),
  ];
  const changes = toRead.length > 1 ? await treeChangesBetween(repository, toRead) : [];
  const firstTree = toRead.length ? await treeEntries(repository, toRead[0]!) : [];
  const trees = new Map<string, () => void>();
  toRead.forEach((sha, k) =>
    trees.set(sha, () =>
      k === 0 ? state.reset(sha, firstTree) : state.apply(sha, changes[k - 1]!),
    ),
  );
  // First pass: every blob any of those trees needs that the cache does not know, read at once.
  const wanted = new Map<string, string>();
  for (const sha of toRead) {
    trees.get(sha)!();
    for (const path of state.uncounted) {
      const file = state.files.get(path)!;
      const id = blobId(file.sha, file.language);
      const known = cache.get(id);
      if (known !== undefined) {
        fromCache.add(id);
        state.setCount(path, known);
      } else if (!wanted.has(file.sha)) {
        wanted.set(file.sha, path);
        // Counted below; the state goes on without it.
        state.setCount(path, 0);
      }
    }
  }
  /** The language each wanted blob is read as (its first path's). */
  const languageOf = new Map<string, string>();
  for (const [sha, path] of wanted) languageOf.set(sha, languageNameOfPath(path));
  const take = (blob: BlobContent) => {
    const path = wanted.get(blob.sha);
    if (path === undefined) return;
    let count = 0;
    if ('skipped' in blob) {
      skipReasons.set(blob.sha, blob.skipped);
      if (/missing/.test(blob.skipped)) skippedShas.add(blob.sha);
    } else if (blob.bytes.subarray(0, BINARY_PROBE).includes(0))
      skipReasons.set(blob.sha, 'binary');
    else if (settings.mightCount?.(blob.bytes) !== false) {
      count = settings.count(path, blob.bytes.toString('utf8'));
      scanned++;
    }
    cache.set(blobId(blob.sha, languageOf.get(blob.sha)!), count);
  };
  // git inflates the blobs: one reader per core shares that work on a long history.
  const shas = [...wanted.keys()];
  const readers = shas.length < PARALLEL_FROM_BLOBS ? 1 : Math.min(4, availableParallelism());
  const share = Math.ceil(shas.length / readers);
  await Promise.all(
    Array.from({ length: readers }, (_, k) =>
      readBlobs(
        repository,
        shas.slice(k * share, (k + 1) * share),
        settings.maxFileBytes,
        take,
        present,
      ),
    ),
  );
  // Second pass: the same trees again, now with every count, and each point's tally.
  state.clear();
  /** A commit's tally, reused when several points fall on one commit (a quiet month). */
  let previous: { sha: string; entry: Omit<HistoryEntry, 'date'> } | undefined;
  for (const { date, commit } of points) {
    if (previous?.sha === commit.sha) {
      entries.push({ date, ...previous.entry });
      continue;
    }
    const commitId = commitIdOf(commit.sha);
    const known = cache.commit(commitId);
    if (known && !trees.has(commit.sha)) {
      const { skipped: passedOver, ...tally } = known;
      for (const path of passedOver?.submodules ?? []) skipped.submodules.add(path);
      for (const path of passedOver?.links ?? []) skipped.links.add(path);
      for (const [path, why] of passedOver?.blobs ?? []) skipped.blobs.set(path, why);
      previous = { sha: commit.sha, entry: { commit: commit.sha, ...tally } };
      entries.push({ date, commit: commit.sha, ...tally });
      continue;
    }
    trees.get(commit.sha)!();
    for (const path of state.submodules) skipped.submodules.add(path);
    for (const path of state.links) skipped.links.add(path);
    // A blob shared by two paths of different languages is counted per language (blobId).
    for (const path of [...state.uncounted]) {
      const file = state.files.get(path)!;
      state.setCount(path, cache.peek(blobId(file.sha, file.language)) ?? 0);
    }
    const passedOver = {
      submodules: [...state.submodules],
      links: [...state.links],
      blobs: [] as [string, string][],
    };
    let missing = false;
    for (const [path, file] of state.files) {
      const why = skipReasons.get(file.sha);
      if (why === undefined) continue;
      if (skippedShas.has(file.sha)) missing = true;
      skipped.blobs.set(path, why);
      passedOver.blobs.push([path, why]);
    }
    const ownersFile = state.ownersFile;
    const owners = ownersFile && (await codeOwnersOf(repository, ownersFile, ownersBySha, present));
    const byOwner = new Map<string, number>();
    const byLanguage = new Map<string, number>();
    let total = 0;
    for (const path of state.counted) {
      const file = state.files.get(path)!;
      const count = file.count!;
      total += count;
      add(byOwner, ownerOfPath(path, owners), count);
      add(byLanguage, file.language, count);
    }
    const entry = {
      commit: commit.sha,
      total,
      groupedBy: owners ? ('owner' as const) : ('folder' as const),
      owners: tallyOf(byOwner),
      languages: tallyOf(byLanguage),
    };
    previous = { sha: commit.sha, entry };
    entries.push({ date, ...entry });
    // Kept only when nothing was passed over unread: a missing blob (a partial clone) may come later.
    if (!missing)
      cache.setCommit(commitId, {
        total: entry.total,
        groupedBy: entry.groupedBy,
        owners: entry.owners,
        languages: entry.languages,
        ...(passedOver.submodules.length + passedOver.links.length + passedOver.blobs.length
          ? {
              skipped: {
                submodules: passedOver.submodules.slice(0, 20),
                links: passedOver.links.slice(0, 20),
                blobs: passedOver.blobs.slice(0, 20),
              },
            }
          : {}),
      });
  }
  if (skipped.submodules.size)
    notes.push(
      `${skipped.submodules.size} submodule${skipped.submodules.size === 1 ? '' : 's'} skipped (${first(skipped.submodules)})`,
    );
  if (skipped.links.size)
    notes.push(
      `${skipped.links.size} symbolic link${skipped.links.size === 1 ? '' : 's'} skipped (${first(skipped.links)})`,
    );
  for (const [path, why] of [...skipped.blobs].slice(0, 20))
    notes.push(`${path}: skipped (${why})`);
  if (skipped.blobs.size > 20) notes.push(`… and ${skipped.blobs.size - 20} more files skipped`);
  return {
    points: entries,
    notes,
    scanned,
    cached: fromCache.size,
  };
}

/**
 * The dates of the points: `since`, then every week or month after it, and `until` itself (the
 * repository as it is) when the last period ends before it.
 */
export function pointDates(since: Date, until: Date, every: Period): string[] {
  const dates: string[] = [];
  const start = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  const end = Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate());
  for (let k = 0; k <= MAX_POINTS; k++) {
    const at = every === 'week' ? start + k * 7 * DAY : monthsAfter(since, k);
    if (at > end) break;
    dates.push(isoDate(at));
  }
  const last = isoDate(end);
  if (dates[dates.length - 1] !== last && start <= end) dates.push(last);
  return dates;
}

/** The same day `months` later, or that month's last day (31 January → 28 February). */
function monthsAfter(date: Date, months: number): number {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

/**
 * The commit the first-parent line was at by `time`: the newest (in line order) committed before
 * it. Line order, not date order, decides: a commit whose clock ran behind does not jump back.
 */
function commitAt(commits: readonly Commit[], time: number): Commit | undefined {
  return commits.find((commit) => commit.time < time);
}

/** The cache's key for a blob read as a language: one text is counted by its path's language. */
function blobId(sha: string, language: string): string {
  return `${sha}:${language}`;
}

async function codeOwnersOf(
  repository: string,
  entry: { path: string; sha: string },
  parsed: Map<string, CodeOwners>,
  present: ReadonlySet<string> | undefined,
): Promise<CodeOwners | undefined> {
  const known = parsed.get(entry.sha);
  if (known) return known;
  let owners: CodeOwners | undefined;
  await readBlobs(
    repository,
    [entry.sha],
    MAX_CODEOWNERS_BYTES,
    (blob) => {
      if ('bytes' in blob) owners = CodeOwners.parse(blob.bytes.toString('utf8'), entry.path);
    },
    present,
  );
  if (owners) parsed.set(entry.sha, owners);
  return owners;
}

function add(counts: Map<string, number>, name: string, count: number): void {
  counts.set(name, (counts.get(name) ?? 0) + count);
}

function first(names: ReadonlySet<string>): string {
  const list = [...names].slice(0, 3);
  return `${list.join(', ')}${names.size > 3 ? ', …' : ''}`;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
