import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** What changed between a git revision and the work tree. */
export interface ChangedFiles {
  /** Absolute paths of files added, modified, renamed (their new path) or untracked; deleted ones are not here. */
  files: string[];
  /** Per absolute path, the 1-based lines added or modified (for --only-changed-lines). */
  lines: Map<string, Set<number>>;
}

/**
 * Whether line `line` (1-based) of `path` was added or modified. A new (untracked) file is all
 * new; a changed file whose name git had to quote in the diff counts as all changed too.
 */
export function isChangedLine(changed: ChangedFiles, path: string, line: number): boolean {
  const lines = changed.lines.get(path);
  return lines === undefined || lines.has(line);
}

/** A pull-request scan that cannot run: not a git repository, an unknown revision, no git. */
export class ChangedFilesError extends Error {}

function git(root: string, args: string[]): string {
  const result = spawnSync('git', ['-c', 'core.quotepath=off', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.error) throw new ChangedFilesError(`cannot run git: ${result.error.message}`);
  if (result.status !== 0)
    throw new ChangedFilesError(result.stderr.trim() || `git ${args[0]} failed`);
  return result.stdout;
}

/**
 * The files changed since `revision` in the repository at `root` (the work tree against the
 * revision, renames followed, untracked files included, deleted files left out), and the lines
 * added or modified in each. One `git diff` for names, one for lines.
 */
export function changedSince(root: string, revision: string): ChangedFiles {
  try {
    git(root, ['rev-parse', '--is-inside-work-tree']);
  } catch {
    throw new ChangedFilesError(`${root} is not in a git repository: --changed-since needs one`);
  }
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  } catch {
    throw new ChangedFilesError(`unknown revision "${revision}" for --changed-since`);
  }
  const top = git(root, ['rev-parse', '--show-toplevel']).trim();
  const files = new Set<string>();
  // -z: names as they are (spaces, quotes, newlines); status, then one or two paths per entry.
  const fields = git(top, [
    'diff',
    '--name-status',
    '-z',
    '-M',
    '--no-color',
    revision,
    '--',
  ]).split('\u0000');
  for (let i = 0; i < fields.length - 1;) {
    const status = fields[i++]!;
    if (status.startsWith('R') || status.startsWith('C')) {
      i++; // the old path
      files.add(join(top, fields[i++]!));
    } else {
      const path = fields[i++]!;
      if (!status.startsWith('D')) files.add(join(top, path));
    }
  }
  const untracked = git(top, ['ls-files', '-z', '--others', '--exclude-standard']).split('\u0000');
  // Untracked files have no entry in `lines`: every line of them is new.
  for (const path of untracked) if (path) files.add(join(top, path));
  const lines = new Map<string, Set<number>>();
  addedLines(
    git(top, ['diff', '-U0', '-M', '--no-color', '--no-ext-diff', revision, '--']),
    top,
    lines,
  );
  return { files: [...files], lines };
}

/**
 * Parses unified diff hunks (`+++ b/path`, `@@ -a,b +c,d @@`, `rename to path`) into added line
 * numbers per file.
 */
function addedLines(diff: string, top: string, lines: Map<string, Set<number>>): void {
  let current: Set<number> | undefined;
  for (const line of diff.split('\n')) {
    // A pure rename or copy has no hunks: its lines are all unchanged.
    if (line.startsWith('rename to ') || line.startsWith('copy to ')) {
      const path = join(top, line.slice(line.indexOf(' to ') + 4));
      current = lines.get(path) ?? new Set<number>();
      lines.set(path, current);
      continue;
    }
    if (line.startsWith('+++ ')) {
      // Git ends a name holding spaces with a tab here.
      const name = line.slice(4).replace(/\t$/, '');
      current = undefined;
      if (name === '/dev/null') continue;
      const path = join(top, name.startsWith('b/') ? name.slice(2) : name);
      current = lines.get(path) ?? new Set<number>();
      lines.set(path, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      for (let n = start; n < start + count; n++) current.add(n);
    }
  }
}
