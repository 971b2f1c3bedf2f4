import { filtersOff, gitText, HARDENED_DIFF_OPTIONS } from '../../git/hardenedGit';
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

/** git's answer, or the pull-request scan's error with git's reason. */
async function git(
  root: string,
  args: string[],
  config: readonly (readonly [string, string])[] = [],
): Promise<string> {
  try {
    return await gitText(root, args, { config });
  } catch (error) {
    throw new ChangedFilesError((error as Error).message);
  }
}

/**
 * The files changed since `revision` in the repository at `root` (the work tree against the
 * revision, renames followed, untracked files included, deleted files left out), and the lines
 * added or modified in each. One `git diff` for names, one for lines.
 */
export async function changedSince(root: string, revision: string): Promise<ChangedFiles> {
  try {
    await git(root, ['rev-parse', '--is-inside-work-tree']);
  } catch {
    throw new ChangedFilesError(`${root} is not in a git repository: --changed-since needs one`);
  }
  try {
    await git(root, [
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${revision}^{commit}`,
    ]);
  } catch {
    throw new ChangedFilesError(`unknown revision "${revision}" for --changed-since`);
  }
  const top = (await git(root, ['rev-parse', '--show-toplevel'])).trim();
  // Reading the work tree runs a file's clean filter: none of the repository's drivers runs.
  const noFilters = await filtersOff(top);
  const files = new Set<string>();
  // -z: names as they are (spaces, quotes, newlines); status, then one or two paths per entry.
  const fields = (
    await git(
      top,
      ['diff', '--name-status', '-z', '-M', ...HARDENED_DIFF_OPTIONS, revision, '--'],
      noFilters,
    )
  ).split('\u0000');
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
  const untracked = (await git(top, ['ls-files', '-z', '--others', '--exclude-standard'])).split(
    '\u0000',
  );
  // Untracked files have no entry in `lines`: every line of them is new.
  for (const path of untracked) if (path) files.add(join(top, path));
  const lines = new Map<string, Set<number>>();
  addedLines(
    await git(top, ['diff', '-U0', '-M', ...HARDENED_DIFF_OPTIONS, revision, '--'], noFilters),
    top,
    lines,
  );
  return { files: [...files], lines };
}

/**
 * Parses unified diff hunks (`+++ b/path`, `@@ -a,b +c,d @@`, `rename to path`) into added line
 * numbers per file, by the diff's structure: after a hunk's header come exactly as many removed
 * and added lines as it counts, whatever they hold (an added `++ b/c;` is code, not a header).
 */
function addedLines(diff: string, top: string, lines: Map<string, Set<number>>): void {
  let current: Set<number> | undefined;
  let removedLeft = 0;
  let addedLeft = 0;
  for (const line of diff.split('\n')) {
    if (removedLeft + addedLeft > 0) {
      if (line.startsWith('-') && removedLeft > 0) removedLeft--;
      else if (line.startsWith('+') && addedLeft > 0) addedLeft--;
      continue; // a line of the hunk ("\ No newline at end of file" included), never a header
    }
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
      // The prefix is b/ (stated on the command line, whatever diff.noprefix says).
      const path = join(top, name.startsWith('b/') ? name.slice(2) : name);
      current = lines.get(path) ?? new Set<number>();
      lines.set(path, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk) {
      removedLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      const start = Number(hunk[2]);
      const count = hunk[3] === undefined ? 1 : Number(hunk[3]);
      addedLeft = count;
      if (current) for (let n = start; n < start + count; n++) current.add(n);
    }
  }
}
