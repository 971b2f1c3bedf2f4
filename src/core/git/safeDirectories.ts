/**
 * The folders the user told git to trust although another user owns them (`safe.directory` in
 * their own or the system's configuration). Hardened git reads neither configuration, so these
 * few entries are read once and given on the command line: git's ownership check still applies,
 * with the user's own exceptions.
 */
import { spawnSync } from 'node:child_process';
import { gitExecutable } from './gitExecutable';

let trusted: string[] | undefined;

export function trustedDirectories(): string[] {
  if (trusted) return trusted;
  trusted = [];
  for (const scope of ['--system', '--global']) {
    // `git config --<scope> --get-all` reads that one file: it runs nothing and needs no repository.
    const result = spawnSync(
      gitExecutable(),
      ['config', scope, '--null', '--get-all', 'safe.directory'],
      {
        encoding: 'utf8',
        env: withoutGitVariables(process.env),
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 10_000,
        windowsHide: true,
      },
    );
    if (result.status === 0)
      trusted.push(...result.stdout.split('\0').filter((folder) => folder.length > 0));
  }
  return trusted;
}

/** The inherited environment without any `GIT_*` variable (GIT_DIR from a hook, GIT_SSH_COMMAND...). */
export function withoutGitVariables(inherited: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(inherited))
    if (!/^GIT_/i.test(name)) environment[name] = value;
  return environment;
}
