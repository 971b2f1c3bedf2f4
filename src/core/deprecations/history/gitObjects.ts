/**
 * A repository's past read from its objects with git's plumbing, never by checking out: the
 * first-parent commits and their dates, a commit's tree, blobs streamed through one
 * `git cat-file --batch`.
 */
import { GitError, gitFailure, gitText, runGit, spawnGit } from '../../git/hardenedGit';

export { GitError };

export interface Commit {
  sha: string;
  /** Committer time, milliseconds since the epoch. */
  time: number;
}

export interface TreeEntry {
  path: string;
  mode: string;
  type: 'blob' | 'commit' | 'tree';
  sha: string;
}

/** The folder git keeps its data in (`.git`, or a worktree's), absolute. */
export async function gitDirectory(repository: string): Promise<string> {
  return (await gitText(repository, ['rev-parse', '--absolute-git-dir'])).trim();
}

export async function isShallow(repository: string): Promise<boolean> {
  return (await gitText(repository, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}

/** The commit HEAD names; undefined in a repository without commits. */
export async function headCommit(repository: string): Promise<string | undefined> {
  const result = await runGit(repository, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  return result.status === 0 ? result.stdout.toString('utf8').trim() : undefined;
}

/** HEAD's first-parent line, newest first (merges count by the side they were merged into). */
export async function firstParentCommits(repository: string): Promise<Commit[]> {
  let listing: string;
  try {
    listing = await gitText(repository, [
      'log',
      '--first-parent',
      '--no-show-signature',
      '--format=%H %ct',
      'HEAD',
    ]);
  } catch (error) {
    // A repository without a commit has no HEAD: no history, not a failure.
    if (/does not have any commits|unknown revision|bad default revision/.test(String(error)))
      return [];
    throw error;
  }
  const commits: Commit[] = [];
  for (const line of listing.split('\n')) {
    const [sha, seconds] = line.split(' ');
    if (sha && seconds) commits.push({ sha, time: Number(seconds) * 1000 });
  }
  return commits;
}

/** Every entry of a commit's tree, recursively (`git ls-tree -r -z`). */
export async function treeEntries(repository: string, commit: string): Promise<TreeEntry[]> {
  const listing = await gitText(repository, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const entries: TreeEntry[] = [];
  for (const record of listing.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    if (!mode || !sha || (type !== 'blob' && type !== 'commit' && type !== 'tree')) continue;
    entries.push({ path: record.slice(tab + 1), mode, type, sha });
  }
  return entries;
}

/** An entry that differs between two trees: its new side absent when it was deleted. */
export interface TreeChange {
  path: string;
  /** The entry in the newer tree, undefined when deleted. */
  now?: TreeEntry;
}

const NO_MODE = '000000';

/**
 * The entries that differ between each commit of `commits` and the next (`git diff-tree -r
 * --stdin`, one process for them all), renames as a delete and an add: `commits.length - 1` lists.
 */
export async function treeChangesBetween(
  repository: string,
  commits: readonly string[],
): Promise<TreeChange[][]> {
  // A line "<commit> <parent>" compares the parent's tree with the commit's.
  const pairs = commits.slice(1).map((sha, k) => `${sha} ${commits[k]}\n`);
  const listing = await gitText(
    repository,
    ['diff-tree', '--stdin', '-r', '-z', '--no-renames', '--no-ext-diff', '--raw'],
    { input: pairs.join('') },
  );
  // Each pair's changes follow its newer commit's name (none when the trees are the same); the
  // commits are distinct, so that name says which pair.
  const byNewer = new Map<string, TreeChange[]>();
  let list: TreeChange[] | undefined;
  const fields = listing.split('\0');
  for (let k = 0; k < fields.length; k++) {
    const field = fields[k]!;
    if (!field.startsWith(':')) {
      const name = field.trim();
      if (/^[0-9a-f]{40,64}$/.test(name)) byNewer.set(name, (list = []));
      continue;
    }
    // ":100644 100644 <old sha> <new sha> M", then the path.
    const [, newMode = '', , newSha = ''] = field.slice(1).split(' ');
    const path = fields[++k] ?? '';
    list?.push(
      newMode === NO_MODE
        ? { path }
        : { path, now: { path, mode: newMode, type: typeOfMode(newMode), sha: newSha } },
    );
  }
  return commits.slice(1).map((sha) => byNewer.get(sha) ?? []);
}

function typeOfMode(mode: string): TreeEntry['type'] {
  return mode === '160000' ? 'commit' : mode === '040000' ? 'tree' : 'blob';
}

/**
 * In a partial clone, the objects it holds (a missing one is never fetched: hardened git has no
 * transport, and `cat-file` would stop at it); undefined in a whole clone, where all are there.
 */
export async function localObjects(repository: string): Promise<ReadonlySet<string> | undefined> {
  const promisor = await runGit(repository, [
    'config',
    '--get-regexp',
    '^(extensions\\.partialclone|remote\\..*\\.promisor)$',
  ]);
  if (promisor.status !== 0 || !promisor.stdout.length) return undefined;
  const listing = await gitText(repository, [
    'cat-file',
    '--batch-all-objects',
    '--batch-check=%(objectname)',
  ]);
  return new Set(listing.split('\n').filter(Boolean));
}

/** A blob as `readBlobs` hands it on: its bytes, or why they were not read. */
export type BlobContent = { sha: string; bytes: Buffer } | { sha: string; skipped: string };

/**
 * Reads `shas` through one `git cat-file --batch`, handing each blob to `take` as it arrives (the
 * text of a whole history is never held at once). Blobs over `maxBytes` are passed over.
 */
const MISSING = 'missing from the repository (a shallow or partial clone)';

export async function readBlobs(
  repository: string,
  shas: readonly string[],
  maxBytes: number,
  take: (blob: BlobContent) => void,
  /** The objects a partial clone holds (`localObjects`): the others are missing. */
  present?: ReadonlySet<string>,
): Promise<void> {
  if (present) {
    const missing = shas.filter((sha) => !present.has(sha));
    for (const sha of missing) take({ sha, skipped: MISSING });
    if (missing.length) shas = shas.filter((sha) => present.has(sha));
  }
  if (shas.length === 0) return;
  const child = spawnGit(repository, ['cat-file', '--batch']);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 4096) stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) => reject(new GitError(`cannot run git: ${error.message}`)));
    child.on('close', resolve);
  });
  // Written as the reader asks: a pipe holds only so much.
  child.stdin.on('error', () => undefined);
  const input = Buffer.from(`${shas.join('\n')}\n`);
  child.stdin.end(input);

  let pending: Buffer = Buffer.alloc(0);
  /** The blob being read: its sha, size and the bytes still to come (+1 for its newline). */
  let current:
    { sha: string; size: number; chunks: Buffer[]; got: number; keep: boolean } | undefined;
  const parse = () => {
    for (;;) {
      if (!current) {
        const newline = pending.indexOf(10);
        if (newline < 0) return;
        const header = pending.subarray(0, newline).toString('utf8');
        pending = pending.subarray(newline + 1);
        const [sha = '', type, sizeText] = header.split(' ');
        if (type === 'missing' || sizeText === undefined) {
          take({ sha, skipped: MISSING });
          continue;
        }
        const size = Number(sizeText);
        const keep = type === 'blob' && size <= maxBytes;
        current = { sha, size, chunks: [], got: 0, keep };
        if (!keep)
          take({
            sha,
            skipped: type === 'blob' ? `larger than ${maxBytes} bytes` : `a ${type}`,
          });
      }
      const wanted = current.size + 1 - current.got;
      const part = pending.subarray(0, wanted);
      pending = pending.subarray(part.length);
      current.got += part.length;
      if (current.keep) current.chunks.push(part);
      if (current.got < current.size + 1) return;
      if (current.keep)
        take({ sha: current.sha, bytes: Buffer.concat(current.chunks).subarray(0, current.size) });
      current = undefined;
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    parse();
  });
  const status = await closed;
  if (status !== 0)
    throw new GitError(
      gitFailure(['cat-file'], { status: status ?? 1, stdout: Buffer.alloc(0), stderr }),
    );
}
