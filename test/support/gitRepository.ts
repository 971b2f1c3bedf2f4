import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A repository made commit by commit, each with its own date. */
export class GitRepository {
  readonly root = mkdtempSync(join(tmpdir(), 'petstore-history-'));

  constructor() {
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.email', 'dev@example.com');
    this.git('config', 'user.name', 'Dev');
    this.git('config', 'commit.gpgsign', 'false');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.root, encoding: 'utf8', stdio: 'pipe' });
  }

  write(path: string, text: string): this {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
    return this;
  }

  remove(path: string): this {
    unlinkSync(join(this.root, path));
    return this;
  }

  /** Commits everything at noon (UTC) of `date`, YYYY-MM-DD. */
  commit(date: string, message = date): this {
    this.git('add', '-A');
    execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], {
      cwd: this.root,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: `${date}T12:00:00Z`,
        GIT_COMMITTER_DATE: `${date}T12:00:00Z`,
      },
      stdio: 'pipe',
    });
    return this;
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
