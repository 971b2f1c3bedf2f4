import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEMO_HISTORY, type DemoCommit } from './demoHistory';

const DAY = 86_400_000;

/**
 * Makes the demo workspace a repository of its own: the history's commits, each dated that many
 * days before `now`, so the burn-down, its forecast and the owners' charts have months to show
 * whenever the demo runs. git runs without the user's or the system's configuration (no signing,
 * hooks or templates of theirs).
 */
export function createDemoRepository(
  folder: string,
  fixtures: string,
  now: Date = new Date(),
  history: readonly DemoCommit[] = DEMO_HISTORY,
): void {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, {
      cwd: folder,
      stdio: 'pipe',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: folder,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        ...env,
      },
    });
  git(['init', '-q', '-b', 'main', '--template=']);
  // The editor's settings (with this run's server address) are the user's, not the project's.
  writeFileSync(join(folder, '.gitignore'), '.vscode/\n');
  history.forEach((commit, index) => {
    for (const [path, source] of Object.entries(commit.files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      copyFileSync(join(fixtures, source), join(folder, path));
    }
    // A working day's afternoon, a little later for each commit.
    const at = new Date(now.getTime() - commit.daysAgo * DAY);
    at.setUTCHours(13 + (index % 4), 7 * index, 0, 0);
    const date = at.toISOString();
    git(['add', '-A']);
    git(['-c', 'commit.gpgsign=false', 'commit', '-q', '--no-verify', '-m', commit.message], {
      GIT_AUTHOR_NAME: commit.author.name,
      GIT_AUTHOR_EMAIL: commit.author.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: commit.author.name,
      GIT_COMMITTER_EMAIL: commit.author.email,
      GIT_COMMITTER_DATE: date,
    });
  });
}

/**
 * `path`, made if missing, as a folder only this user can enter. The demo's workspace lives in the
 * shared temporary folder under a name anyone can guess: a link or a folder someone else put there
 * first would otherwise become where the demo removes, writes and runs git (another user's folder
 * lets them swap what is inside for links between our steps). Anything else is refused.
 */
export function privateFolder(path: string): string {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const info = lstatSync(path);
  const uid = process.getuid?.();
  const own = uid === undefined || info.uid === uid;
  const closed = process.platform === 'win32' || (info.mode & 0o077) === 0;
  if (!info.isDirectory() || !own || !closed)
    throw new Error(
      `${path} is not a private folder of yours (a link, another user's folder, or one others can enter): remove it, then start the demo again`,
    );
  return path;
}
