import { staysWithin } from '../../core/files/boundary';
import type { Finding } from '../../core/deprecations/engine';
import type { SourceText } from '../../core/deprecations/crossFile/callSites';
import { followWrappers } from '../../core/deprecations/crossFile/followWrappers';
import { decidedByOwn, type OwnNames } from '../../core/deprecations/crossFile/ownDefinitions';
import { routesOfMounts } from '../../core/deprecations/crossFile/mountedRoutes';
import { fingerprintFindings } from '../../core/deprecations/migration/fingerprint';
import { snippetOf } from '../../core/deprecations/migration/progress';
import { languageOfPath } from '../../core/deprecations/lexers/languages';
import { meetsConfidence } from '../../core/deprecations/model/confidence';
import { repositoryPath } from '../../core/deprecations/workspace/repositoryRoot';
import { readSourceFile } from '../../core/deprecations/workspace/sourceFile';
import { listFilesWithRipgrep } from '../../core/deprecations/workspace/ripgrepCandidates';
import {
  CandidateReader,
  listFiles,
  type ListedFile,
} from '../../core/deprecations/workspace/workspaceWalker';
import { note } from './cliOutput';
import type { FinderSettings, ScanOutcome, ScanRequest } from './scanFiles';

/**
 * Adds to a scan's outcome the calls of the functions that send the requests it found (wrappers,
 * declared clients, wrappers of wrappers), from every file under `roots` that mentions their
 * names: listed by ripgrep when the scan used it, else by one walk shared by every level. Files
 * and findings keep listing order; a file that only calls wrappers comes after those with requests.
 */
export async function addWrapperCalls(
  outcome: ScanOutcome,
  roots: readonly string[],
  settings: FinderSettings,
  repository: string,
  request: ScanRequest,
  /** The scan's own walk of `roots`, when it walked: not walked again. */
  listed?: readonly ListedFile[],
): Promise<void> {
  let walked: readonly ListedFile[] | undefined = listed;
  const texts = new Map<string, string>();
  const mentioning = function* (names: readonly string[]): Iterable<SourceText> {
    const needles = names.map((name) => Buffer.from(name));
    const reader = new CandidateReader(
      (bytes) => needles.some((needle) => bytes.includes(needle)),
      () => undefined, // the scan noted what it could not read
      settings.maxFileBytes,
    );
    for (const file of listMentioning(roots, names, settings, () => (walked ??= walk()))) {
      const read = reader.read(file);
      if (!read) continue;
      texts.set(read.path, read.text);
      yield read;
    }
  };
  const walk = () =>
    listFiles(roots, () => undefined, {
      gitignore: settings.gitignore,
      confine: settings.confine,
    });
  const { calls, index, own } = await followWrappers(
    outcome.results,
    mentioning,
    (path) => languageOfPath(path)?.family,
  );
  for (const text of index.notes) note(`note: ${text}`);
  if (own.size) withOwnDecided(outcome, own);
  addFoundElsewhere(outcome, calls, texts, settings, repository, request);
}

/**
 * Operation calls of names the workspace defines itself become calls through that function, or go
 * once it no longer sends the request (src/core/deprecations/crossFile/ownDefinitions).
 */
function withOwnDecided(outcome: ScanOutcome, own: OwnNames): void {
  const replaced = new Map<Finding, Finding | null>();
  for (const file of outcome.results) {
    const family = languageOfPath(file.path)?.family;
    if (!family) continue;
    for (const finding of file.findings) {
      const decided = decidedByOwn(finding, family, own);
      if (decided !== undefined) replaced.set(finding, decided);
    }
  }
  if (replaced.size === 0) return;
  const decide = (finding: Finding) => (replaced.has(finding) ? replaced.get(finding)! : finding);
  outcome.results = outcome.results
    .map((file) => ({
      ...file,
      findings: file.findings.map(decide).filter((finding): finding is Finding => !!finding),
    }))
    .filter((file) => file.findings.length > 0);
  for (const entry of outcome.fingerprinted)
    entry.found = entry.found.flatMap((found) => {
      const decided = decide(found.finding);
      return decided ? [{ ...found, finding: decided }] : [];
    });
  outcome.fingerprinted = outcome.fingerprinted.filter((entry) => entry.found.length > 0);
  for (const [finding, decided] of replaced) {
    const snippet = outcome.snippets.get(finding);
    if (decided && snippet !== undefined) outcome.snippets.set(decided, snippet);
  }
}

/**
 * Adds the item routes of the routers the scanned files mount on the pets collection
 * (`app.use('/pets', petsRouter)`), read from each router's module (a regular source file within
 * the size limit, inside the confinement when there is one).
 */
export async function addMountedRoutes(
  outcome: ScanOutcome,
  settings: FinderSettings,
  repository: string,
  request: ScanRequest,
): Promise<void> {
  const modules = await routesOfMounts(
    outcome.mounts,
    (path) =>
      settings.confine && !staysWithin(path, settings.confine)
        ? Promise.resolve(undefined)
        : readSourceFile(path, settings.maxFileBytes),
    settings.countRoutes,
  );
  const found = new Map([...modules].map(([path, { routes }]) => [path, routes]));
  const texts = new Map([...modules].map(([path, { text }]) => [path, text]));
  addFoundElsewhere(outcome, found, texts, settings, repository, request);
}

/**
 * Adds findings found in files by a cross-file stage (wrappers' calls, mounted routes) to the
 * outcome: kept by confidence and the command's filter, merged in position order into the file's
 * findings, fingerprinted and given snippets when asked.
 */
function addFoundElsewhere(
  outcome: ScanOutcome,
  calls: ReadonlyMap<string, readonly Finding[]>,
  texts: ReadonlyMap<string, string>,
  settings: FinderSettings,
  repository: string,
  request: ScanRequest,
): void {
  const byPath = new Map(outcome.results.map((file) => [file.path, file]));
  const fingerprintedByFile = new Map(outcome.fingerprinted.map((entry) => [entry.file, entry]));
  for (const [path, found] of calls) {
    const kept = found.filter(
      (finding) =>
        meetsConfidence(finding.confidence, settings.minimum) &&
        (!request.keep || request.keep(path, finding)),
    );
    if (kept.length === 0) continue;
    const text = texts.get(path) ?? '';
    let file = byPath.get(path);
    if (!file) {
      file = { path, findings: [] };
      byPath.set(path, file);
      outcome.results.push(file);
    }
    file.findings = inPositionOrder([...file.findings, ...kept]);
    if (request.fingerprints) {
      const relative = repositoryPath(repository, path);
      const entry = fingerprintedByFile.get(relative);
      const found = fingerprintFindings(relative, text, file.findings);
      if (entry) entry.found = found;
      else outcome.fingerprinted.push({ file: relative, found });
    }
    if (request.snippets) {
      const lines = text.split(/\r\n|\r|\n/);
      for (const finding of kept)
        outcome.snippets.set(
          finding,
          snippetOf(lines[finding.start.line] ?? '', finding.start.character + 1),
        );
    }
  }
}

function inPositionOrder(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) => a.start.line - b.start.line || a.start.character - b.start.character,
  );
}

/** The files that may mention one of `names`: ripgrep's listing, or the walk's. */
function listMentioning(
  roots: readonly string[],
  names: readonly string[],
  settings: FinderSettings,
  walked: () => readonly ListedFile[],
): readonly ListedFile[] {
  if (settings.ripgrep) {
    const listing = listFilesWithRipgrep(
      roots,
      {
        rg: settings.ripgrep,
        patterns: names,
        fixedStrings: true,
        gitignore: settings.gitignore,
        confine: settings.confine,
      },
      () => undefined,
    );
    if ('files' in listing)
      return listing.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  return walked();
}
