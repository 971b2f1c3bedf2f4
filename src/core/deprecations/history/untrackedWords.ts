/**
 * The calls git does not track, as a report says them (untrackedCalls.ts counts them with git).
 * Words only, no git and no files: the browser's report imports them.
 */
import { languageNameOfPath } from '../migration/languageNames';

export interface UntrackedCalls {
  calls: number;
  /** Files git does not track that hold calls. */
  files: number;
  /** The first of them, repository-relative, with their calls. */
  examples: { path: string; calls: number }[];
}

/** "6 calls in files git does not track" (and where, for a note). */
export function untrackedWords(untracked: UntrackedCalls): string {
  return `${untracked.calls} call${untracked.calls === 1 ? '' : 's'} in files git does not track`;
}

export function untrackedNote(untracked: UntrackedCalls): string {
  const where = untracked.examples
    .map((file) => `${file.path} (${file.calls}, ${languageNameOfPath(file.path)})`)
    .join(', ');
  const more = untracked.files > untracked.examples.length ? ', …' : '';
  return `${untrackedWords(untracked)} (untracked or ignored), not in the history: ${where}${more}; commit them to follow their burn-down`;
}
