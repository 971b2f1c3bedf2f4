/**
 * The number of calls at points of a repository's first-parent history: in total, by owner (the
 * CODEOWNERS of that point, else the top-level folder) and by language. Each point's tree is
 * listed from git's objects and each blob scanned once (BlobCounts), so a long history costs
 * about one scan of the files that changed.
 */
import { CODEOWNERS_LOCATIONS, CodeOwners } from '../migration/codeOwners';
import { languageNameOfPath } from '../migration/languageNames';
import { NO_OWNER, ROOT_FOLDER, type Tally } from '../migration/progress';
import type { BlobCounts } from './blobCounts';
import {
  firstParentCommits,
  isShallow,
  readBlobs,
  treeEntries,
  type Commit,
  type TreeEntry,
} from './gitObjects';

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
const SYMLINK_MODE = '120000';

export async function countHistory(settings: HistorySettings): Promise<History> {
  const { repository, cache } = settings;
  const notes: string[] = [];
  const commits = firstParentCommits(repository);
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
  const shallow = isShallow(repository);
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
  const entries: HistoryEntry[] = [];
  let scanned = 0;
  /** Blobs whose count came from the cache (each once). */
  const fromCache = new Set<string>();
  /** A commit's tally, reused when several points fall on one commit (a quiet month). */
  let previous: { sha: string; entry: Omit<HistoryEntry, 'date'> } | undefined;
  for (const { date, commit } of points) {
    if (previous?.sha === commit.sha) {
      entries.push({ date, ...previous.entry });
      continue;
    }
    const tree = treeEntries(repository, commit.sha);
    const files: TreeEntry[] = [];
    let ownersEntry: TreeEntry | undefined;
    for (const entry of tree) {
      if (entry.type === 'commit') {
        if (inScope(entry.path, settings.scopes)) skipped.submodules.add(entry.path);
        continue;
      }
      if (entry.type !== 'blob') continue;
      if (!ownersEntry && CODEOWNERS_LOCATIONS.includes(entry.path)) ownersEntry = entry;
      if (!inScope(entry.path, settings.scopes) || !settings.accepts(entry.path)) continue;
      if (entry.mode === SYMLINK_MODE) {
        skipped.links.add(entry.path);
        continue;
      }
      files.push(entry);
    }
    // Blobs not counted before: read through one cat-file, each scanned as it arrives.
    const wanted = new Map<string, string>();
    for (const file of files) {
      const id = blobId(file);
      if (cache.get(id) !== undefined) fromCache.add(id);
      else if (!wanted.has(file.sha)) wanted.set(file.sha, file.path);
    }
    await readBlobs(repository, [...wanted.keys()], settings.maxFileBytes, (blob) => {
      const path = wanted.get(blob.sha);
      if (path === undefined) return;
      let count = 0;
      if ('skipped' in blob) skipped.blobs.set(path, blob.skipped);
      else if (blob.bytes.subarray(0, BINARY_PROBE).includes(0)) skipped.blobs.set(path, 'binary');
      else {
        count = settings.count(path, blob.bytes.toString('utf8'));
        scanned++;
      }
      cache.set(blobId({ path, sha: blob.sha }), count);
    });
    const owners = ownersEntry && (await codeOwnersOf(repository, ownersEntry, ownersBySha));
    const byOwner = new Map<string, number>();
    const byLanguage = new Map<string, number>();
    let total = 0;
    for (const file of files) {
      // A blob two paths share with different languages was counted per path (blobId).
      const count = cache.peek(blobId(file)) ?? 0;
      if (count === 0) continue;
      total += count;
      add(byOwner, ownerOf(file.path, owners), count);
      add(byLanguage, languageNameOfPath(file.path), count);
    }
    const entry = {
      commit: commit.sha,
      total,
      groupedBy: owners ? ('owner' as const) : ('folder' as const),
      owners: tally(byOwner),
      languages: tally(byLanguage),
    };
    previous = { sha: commit.sha, entry };
    entries.push({ date, ...entry });
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

/** The cache's key for a blob at a path: one text is counted by its path's language. */
function blobId(file: { path: string; sha: string }): string {
  return `${file.sha}:${languageNameOfPath(file.path)}`;
}

function inScope(path: string, scopes: readonly string[]): boolean {
  return (
    scopes.length === 0 ||
    scopes.some((scope) => scope === '' || path === scope || path.startsWith(`${scope}/`))
  );
}

async function codeOwnersOf(
  repository: string,
  entry: TreeEntry,
  parsed: Map<string, CodeOwners>,
): Promise<CodeOwners | undefined> {
  const known = parsed.get(entry.sha);
  if (known) return known;
  let owners: CodeOwners | undefined;
  await readBlobs(repository, [entry.sha], 3 * 1024 * 1024, (blob) => {
    if ('bytes' in blob) owners = CodeOwners.parse(blob.bytes.toString('utf8'), entry.path);
  });
  if (owners) parsed.set(entry.sha, owners);
  return owners;
}

function ownerOf(path: string, owners: CodeOwners | undefined): string {
  if (owners) {
    const named = owners.ownersOf(path);
    return named.length ? named.join(' ') : NO_OWNER;
  }
  const slash = path.indexOf('/');
  return slash > 0 ? `${path.slice(0, slash)}/` : ROOT_FOLDER;
}

function add(counts: Map<string, number>, name: string, count: number): void {
  counts.set(name, (counts.get(name) ?? 0) + count);
}

function tally(counts: ReadonlyMap<string, number>): Tally[] {
  return [...counts]
    .map(([name, calls]) => ({ name, calls }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function first(names: ReadonlySet<string>): string {
  const list = [...names].slice(0, 3);
  return `${list.join(', ')}${names.size > 3 ? ', …' : ''}`;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
