/**
 * Follows the requests the engine found out through the functions that hold them: level 1 indexes
 * the functions around the requests, then each level looks for calls of the names it just indexed
 * in the files that mention them, and indexes the functions around those calls, up to
 * MAX_WRAPPER_DEPTH levels. Where the files come from is the front end's (`mentioning`): ripgrep or
 * the walker for the CLI, the workspace's files for the language server.
 */
import type { Finding } from '../engine';
import { isWeakerCall, wrapperCalls, type SourceText } from './callSites';
import { ownDefinitions, withOwnDecisions, type OwnNames } from './ownDefinitions';
import { MAX_WRAPPER_DEPTH, WrapperIndex } from './wrapperIndex';

export interface FileFindingsInput {
  path: string;
  findings: readonly Finding[];
}

/** The language family of a file that has findings (its requests' functions are indexed so). */
export type FamilyOf = (path: string) => string | undefined;

export interface FollowedWrappers {
  /** The calls of wrappers, by file, in the order each file was first read. */
  calls: Map<string, Finding[]>;
  index: WrapperIndex;
  /**
   * Operation names the workspace defines itself: their calls are calls through that function, or
   * none once it no longer sends the request (withOwnDecisions gives a file's findings so).
   */
  own: OwnNames;
}

/**
 * The calls of wrappers of the requests in `direct`. `mentioning(names)` gives the text of each
 * file that contains one of the names (a file may come again at a later level, for other names),
 * at once or as it reads them (the language server reads without blocking).
 */
export async function followWrappers(
  direct: readonly FileFindingsInput[],
  mentioning: (names: readonly string[]) => Iterable<SourceText> | AsyncIterable<SourceText>,
  familyOf: FamilyOf,
): Promise<FollowedWrappers> {
  const followed = await follow(direct, mentioning, familyOf);
  const operations = direct.flatMap(({ path, findings }) => {
    const family = familyOf(path);
    return family ? findings.map((finding) => ({ family, finding })) : [];
  });
  const own = await ownDefinitions(operations, mentioning, followed.index);
  if (own.size === 0) return { ...followed, own };
  // The project's own functions of those names decide: their calls go through them (or, once they
  // no longer send the request, are not calls). Followed again with the calls so decided.
  const decided = direct.map(({ path, findings }) => ({
    path,
    findings: withOwnDecisions(findings, familyOf(path), own, path),
  }));
  return { ...(await follow(decided, mentioning, familyOf)), own };
}

async function follow(
  direct: readonly FileFindingsInput[],
  mentioning: (names: readonly string[]) => Iterable<SourceText> | AsyncIterable<SourceText>,
  familyOf: FamilyOf,
): Promise<Omit<FollowedWrappers, 'own'>> {
  const index = new WrapperIndex();
  const calls = new Map<string, Finding[]>();
  /** What each file's findings cover already: a call inside one is that finding, not another. */
  const taken = new Map<string, Finding[]>();
  const takenIn = (path: string) => {
    let found = taken.get(path);
    if (!found) taken.set(path, (found = []));
    return found;
  };
  let fresh = direct.flatMap(({ path, findings }) => {
    const covered = takenIn(path);
    for (const finding of findings) covered.push(finding);
    const family = familyOf(path);
    return family ? index.addFindings(path, family, findings, 1) : [];
  });
  for (let depth = 1; fresh.length > 0 && depth <= MAX_WRAPPER_DEPTH; depth++) {
    // A name found crowded meanwhile is no longer indexed: it is not looked for.
    const names = new Set(
      fresh.map((entry) => entry.name).filter((name) => index.entriesNamed(name).length > 0),
    );
    if (names.size === 0) break;
    fresh = [];
    for await (const file of mentioning([...names])) {
      const covered = takenIn(file.path);
      const found = wrapperCalls(file, index, names, covered);
      if (found.length === 0) continue;
      let list = calls.get(file.path);
      if (!list && found.some((finding) => !finding.plumbing)) calls.set(file.path, (list = []));
      // A call found again through a surer chain replaces the weaker finding: one pass each.
      const surer = new Map(found.map((finding) => [positionKey(finding.start), finding]));
      const weaker = (old: Finding) => {
        const again = surer.get(positionKey(old.start));
        return again !== undefined && isWeakerCall(old, again.start, again.confidence);
      };
      removeWhere(covered, weaker);
      if (list) removeWhere(list, weaker);
      for (const finding of found) covered.push(finding);
      // One by one: a spread of a dense file's calls would overflow the stack.
      if (list) for (const { plumbing, ...finding } of found) if (!plumbing) list.push(finding);
      for (const entry of index.addFindings(file.path, file.language.family, found, depth + 1))
        fresh.push(entry);
    }
  }
  for (const list of calls.values())
    list.sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
  return { calls, index };
}

function positionKey(position: { line: number; character: number }): string {
  return `${position.line}:${position.character}`;
}

/** Removes in place the items `test` accepts (a list's own order kept). */
function removeWhere<T>(list: T[], test: (item: T) => boolean): void {
  let kept = 0;
  for (const item of list) if (!test(item)) list[kept++] = item;
  list.length = kept;
}
