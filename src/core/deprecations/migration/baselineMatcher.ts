import { dirname } from 'node:path';
import type { Finding } from '../engine';
import { repositoryPath, repositoryRoot } from '../workspace/repositoryRoot';
import { readBaselineFile, type Baseline } from './baseline';
import { fingerprintFindings } from './fingerprint';

/**
 * Tells which of a file's findings a baseline accepts, for the language server and the editor:
 * the same fingerprints as the CLI's, files named from the repository that holds the baseline.
 */
export class BaselineMatcher {
  private readonly accepted: ReadonlySet<string>;

  constructor(
    baseline: Baseline,
    /** The repository root the baseline's file names start from. */
    private readonly root: string,
  ) {
    this.accepted = new Set(baseline.entries.map((entry) => entry.fingerprint));
  }

  /** Reads a baseline file (a BaselineError when it cannot be used); its repository is the one holding it. */
  static load(path: string): BaselineMatcher {
    return new BaselineMatcher(readBaselineFile(path), repositoryRoot(dirname(path)));
  }

  get size(): number {
    return this.accepted.size;
  }

  /** The findings of the file at `path` (absolute) that the baseline accepts. */
  baselined(path: string, text: string, findings: readonly Finding[]): Set<Finding> {
    const accepted = new Set<Finding>();
    if (!findings.length) return accepted;
    const name = repositoryPath(this.root, path);
    if (name.startsWith('..')) return accepted; // outside the baseline's repository
    for (const { finding, fingerprint } of fingerprintFindings(name, text, findings))
      if (this.accepted.has(fingerprint)) accepted.add(finding);
    return accepted;
  }
}
