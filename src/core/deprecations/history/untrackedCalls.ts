/**
 * The calls a scan sees that the history cannot: those in files git does not track (new,
 * ignored, or in a folder listed by the scan but not by git). The history counts commits only, so
 * without these its last point could say zero while calls remain.
 */
import { join } from 'node:path';
import { gitText } from '../../git/hardenedGit';
import { repositoryPath } from '../workspace/repositoryRoot';
import { CandidateReader, listFiles } from '../workspace/workspaceWalker';
import type { UntrackedCalls } from './untrackedWords';

export { untrackedNote, untrackedWords, type UntrackedCalls } from './untrackedWords';

export const NO_UNTRACKED_CALLS: UntrackedCalls = { calls: 0, files: 0, examples: [] };
const EXAMPLES = 10;

export async function countUntrackedCalls(settings: {
  repository: string;
  /** Repository-relative folders or files (none: everything), as the history counts them. */
  scopes: readonly string[];
  /** The calls in a file's text, as the history counts each file version. */
  count: (path: string, text: string) => number;
  mightCount: (bytes: Buffer) => boolean;
  maxFileBytes: number;
}): Promise<UntrackedCalls> {
  const { repository, scopes } = settings;
  const roots = scopes.length ? scopes.map((scope) => join(repository, scope)) : [repository];
  // What the scan would read there (its .gitignore rules below each root, as the scan has them).
  const listed = listFiles(roots, () => undefined, { maxFileBytes: settings.maxFileBytes });
  if (listed.length === 0) return NO_UNTRACKED_CALLS;
  const tracked = new Set(
    (
      await gitText(repository, ['ls-files', '-z', '--full-name', '--', ...scopesOrAll(scopes)])
    ).split('\0'),
  );
  const reader = new CandidateReader(settings.mightCount, () => undefined, settings.maxFileBytes);
  const found: { path: string; calls: number }[] = [];
  for (const file of listed) {
    // A name that is not valid UTF-8 cannot be matched against git's listing: left to the scan.
    if (file.bytes) continue;
    const path = repositoryPath(repository, file.path);
    if (tracked.has(path)) continue;
    const candidate = reader.read(file);
    if (!candidate) continue;
    const calls = settings.count(path, candidate.text);
    if (calls > 0) found.push({ path, calls });
  }
  return {
    calls: found.reduce((sum, file) => sum + file.calls, 0),
    files: found.length,
    examples: found.slice(0, EXAMPLES),
  };
}

function scopesOrAll(scopes: readonly string[]): string[] {
  return scopes.length ? scopes.map((scope) => `:(literal)${scope}`) : ['.'];
}
