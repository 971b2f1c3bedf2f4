import { realpathSync } from 'node:fs';
import { FileRefusedError, readRegularText } from '../../files/regularFile';
import { isAbsolute, join, relative } from 'node:path';
import {
  matchesPath,
  ownerPattern,
  pathKeys,
  patternSizeProblem,
  type OwnerPattern,
} from './ownerPattern';

/** Where GitHub looks for CODEOWNERS, in its order: the first one found is used. */
export const CODEOWNERS_LOCATIONS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];

/** GitHub ignores a CODEOWNERS file over 3 MB; so does the report. */
export const MAX_CODEOWNERS_BYTES = 3 * 1024 * 1024;

/**
 * A CODEOWNERS file's text, read as the scan reads sources: a regular file within the size cap,
 * and, when `repository` is given, not a link to a file outside it. Otherwise why not.
 */
export function readCodeOwnersFile(
  path: string,
  repository?: string,
): { text: string } | { problem: string } {
  try {
    if (repository !== undefined) {
      const inside = relative(realpathSync(repository), realpathSync(path));
      if (inside.startsWith('..') || isAbsolute(inside))
        return { problem: 'a link to a file outside the repository, not read' };
    }
    return { text: readRegularText(path, { maxBytes: MAX_CODEOWNERS_BYTES }) };
  } catch (error) {
    if (!(error instanceof FileRefusedError))
      return { problem: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
    if (error.reason === 'notRegularFile') return { problem: 'not a regular file' };
    if (error.reason === 'tooLarge')
      return { problem: `larger than ${MAX_CODEOWNERS_BYTES} bytes, as GitHub ignores it` };
    return { problem: error.code ?? 'unreadable' };
  }
}

interface OwnerRule {
  pattern: OwnerPattern;
  owners: string[];
}

/**
 * A parsed CODEOWNERS file (GitHub's syntax): the last rule whose pattern matches a path names
 * its owners. Lines GitHub would reject are skipped, each with a note, so one bad line does not
 * lose the rest of the file.
 */
export class CodeOwners {
  /** Rules by a literal every path they match holds (ascending positions); the rest apart. */
  private readonly indexed = new Map<string, number[]>();
  private readonly unindexed: number[] = [];
  /** Each path is matched once, however many calls it holds. */
  private readonly cache = new Map<string, string[]>();

  private constructor(
    private readonly rules: readonly OwnerRule[],
    /** Lines skipped, as "CODEOWNERS:LINE: why". */
    readonly notes: readonly string[],
  ) {
    rules.forEach(({ pattern }, position) => {
      if (pattern.key === undefined) this.unindexed.push(position);
      else {
        let list = this.indexed.get(pattern.key);
        if (!list) this.indexed.set(pattern.key, (list = []));
        list.push(position);
      }
    });
  }

  static parse(text: string, fileName = 'CODEOWNERS'): CodeOwners {
    const rules: OwnerRule[] = [];
    const notes: string[] = [];
    text.split(/\r\n|\r|\n/).forEach((raw, index) => {
      const line = raw.replace(/(^|\s)#.*$/, '').trim();
      if (!line) return;
      const [pattern = '', ...owners] = line.split(/\s+/);
      const problem =
        patternSizeProblem(pattern) ?? patternProblem(pattern) ?? ownersProblem(owners);
      if (problem) {
        notes.push(`${fileName}:${index + 1}: skipped (${problem})`);
        return;
      }
      rules.push({ pattern: ownerPattern(pattern), owners });
    });
    return new CodeOwners(rules, notes);
  }

  /** The CODEOWNERS of a repository (GitHub's locations), or undefined when it has none. */
  static find(repositoryRoot: string): { file: string; owners: CodeOwners } | undefined {
    for (const location of CODEOWNERS_LOCATIONS) {
      const read = readCodeOwnersFile(join(repositoryRoot, location), repositoryRoot);
      if ('problem' in read) {
        if (read.problem === 'ENOENT' || read.problem === 'ENOTDIR') continue;
        // Found but not read: said, and no owners from it (never its content).
        return { file: location, owners: new CodeOwners([], [`${location}: ${read.problem}`]) };
      }
      return { file: location, owners: CodeOwners.parse(read.text, location) };
    }
    return undefined;
  }

  /** The owners of a repository-relative, '/'-separated path: [] when no rule, or an ownerless one, matches. */
  ownersOf(path: string): string[] {
    let owners = this.cache.get(path);
    if (!owners) this.cache.set(path, (owners = this.lastMatching(path)?.owners ?? []));
    return owners;
  }

  /** The last rule that matches: the candidates of the path's keys, newest first, merged. */
  private lastMatching(path: string): OwnerRule | undefined {
    const segments = path.split('/');
    const lists = [this.unindexed];
    for (const key of new Set(pathKeys(segments))) {
      const list = this.indexed.get(key);
      if (list) lists.push(list);
    }
    const next = lists.map((list) => list.length - 1);
    for (;;) {
      let best = -1;
      for (let l = 0; l < lists.length; l++)
        if (next[l]! >= 0 && (best < 0 || lists[l]![next[l]!]! > lists[best]![next[best]!]!))
          best = l;
      if (best < 0) return undefined;
      const rule = this.rules[lists[best]![next[best]!]!]!;
      next[best]!--;
      if (matchesPath(rule.pattern, segments)) return rule;
    }
  }
}

/**
 * GitHub rejects negation, character ranges and escaped leading '#' in CODEOWNERS patterns. The
 * reason says where and why, never the line's text (a file may hold anything, a link's target).
 */
function patternProblem(pattern: string): string | undefined {
  if (pattern.startsWith('!')) return 'negation (!) is not supported in CODEOWNERS';
  if (/[[\]]/.test(pattern)) return 'character ranges ([ ]) are not supported in CODEOWNERS';
  if (pattern.startsWith('\\#')) return 'an escaped # is not supported in CODEOWNERS';
  return undefined;
}

/** An owner is @user, @org/team, or an e-mail address. */
function ownersProblem(owners: readonly string[]): string | undefined {
  const bad = owners.findIndex(
    (owner) =>
      !/^@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\/[A-Za-z0-9._-]+)?$/.test(owner) &&
      !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(owner),
  );
  return bad < 0 ? undefined : `owner ${bad + 1} is not @user, @org/team or an e-mail address`;
}
