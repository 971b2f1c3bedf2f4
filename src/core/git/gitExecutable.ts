/**
 * The git program, found once on the PATH's absolute folders only: a relative entry (or, on
 * Windows, the current folder that a bare `git` would be looked up in first) could name a `git`
 * inside the repository being read.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The last answer, for the PATH it was found on. */
let found: { path: string | undefined; executable: string } | undefined;

export function gitExecutable(
  path: string | undefined = process.env.PATH,
  platform: NodeJS.Platform = process.platform,
): string {
  if (found && found.path === path && platform === process.platform) return found.executable;
  const names = platform === 'win32' ? ['git.exe'] : ['git'];
  for (const folder of (path ?? '').split(delimiter)) {
    if (!folder || !isAbsolute(folder)) continue;
    for (const name of names) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate, platform)) {
        if (platform === process.platform) found = { path, executable: candidate };
        return candidate;
      }
    }
  }
  throw new Error('git was not found on the PATH (only absolute folders are searched)');
}

function isExecutableFile(candidate: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(candidate).isFile()) return false;
    if (platform !== 'win32') accessSync(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
