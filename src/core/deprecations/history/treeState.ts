/**
 * The files of the tree at the current point, kept from point to point: the first point's tree is
 * listed whole, each later one applies only the entries that changed (`git diff-tree`), so a long
 * history costs the files that changed rather than every file at every point.
 */
import { CODEOWNERS_LOCATIONS } from '../migration/codeOwners';
import { languageNameOfPath } from '../migration/languageNames';
import type { TreeEntry } from './gitObjects';

const SYMLINK_MODE = '120000';

interface FileState {
  sha: string;
  language: string;
  /** Calls in the file; undefined until its blob is counted. */
  count?: number;
}

export interface TreeFilter {
  scopes: readonly string[];
  accepts: (path: string) => boolean;
}

export class TreeState {
  /** The commit the state is of; undefined before the first listing. */
  commit?: string;
  readonly files = new Map<string, FileState>();
  /** Files with calls: what a tally walks. */
  readonly counted = new Set<string>();
  /** Files whose blob must be counted before the tally. */
  readonly uncounted = new Set<string>();
  readonly submodules = new Set<string>();
  readonly links = new Set<string>();
  /** The CODEOWNERS blob of the tree, by GitHub's order of locations. */
  private readonly ownersFiles = new Map<string, string>();

  constructor(private readonly filter: TreeFilter) {}

  /** A whole tree, as at a first point. */
  reset(commit: string, entries: readonly TreeEntry[]): void {
    this.clear();
    for (const entry of entries) this.put(entry);
    this.commit = commit;
  }

  clear(): void {
    this.files.clear();
    this.counted.clear();
    this.uncounted.clear();
    this.submodules.clear();
    this.links.clear();
    this.ownersFiles.clear();
    this.commit = undefined;
  }

  /** The entries that changed since the state's commit. */
  apply(commit: string, changes: readonly { path: string; now?: TreeEntry }[]): void {
    for (const { path, now } of changes) {
      this.remove(path);
      if (now) this.put(now);
    }
    this.commit = commit;
  }

  /** The CODEOWNERS file GitHub would read in this tree. */
  get ownersFile(): { path: string; sha: string } | undefined {
    for (const path of CODEOWNERS_LOCATIONS) {
      const sha = this.ownersFiles.get(path);
      if (sha) return { path, sha };
    }
    return undefined;
  }

  setCount(path: string, count: number): void {
    const file = this.files.get(path);
    if (!file) return;
    file.count = count;
    this.uncounted.delete(path);
    if (count > 0) this.counted.add(path);
    else this.counted.delete(path);
  }

  private put(entry: TreeEntry): void {
    if (entry.type === 'tree') return;
    if (entry.type === 'blob' && CODEOWNERS_LOCATIONS.includes(entry.path))
      this.ownersFiles.set(entry.path, entry.sha);
    if (!inScope(entry.path, this.filter.scopes)) return;
    if (entry.type === 'commit') {
      this.submodules.add(entry.path);
      return;
    }
    if (!this.filter.accepts(entry.path)) return;
    if (entry.mode === SYMLINK_MODE) {
      this.links.add(entry.path);
      return;
    }
    this.files.set(entry.path, { sha: entry.sha, language: languageNameOfPath(entry.path) });
    this.uncounted.add(entry.path);
  }

  private remove(path: string): void {
    this.ownersFiles.delete(path);
    this.submodules.delete(path);
    this.links.delete(path);
    this.files.delete(path);
    this.counted.delete(path);
    this.uncounted.delete(path);
  }
}

export function inScope(path: string, scopes: readonly string[]): boolean {
  return (
    scopes.length === 0 ||
    scopes.some((scope) => scope === '' || path === scope || path.startsWith(`${scope}/`))
  );
}
