/**
 * The pipeline's cross-file stage: after the scan, the calls of the functions that send the
 * requests (wrappers, declared clients, wrappers of wrappers), the operation's names the workspace
 * defines itself, and the item routes of routers mounted on the pets collection, all read through
 * the workspace port and added to the scan's outcome.
 */
import type { Finding } from '../engine';
import { followWrappers } from '../crossFile/followWrappers';
import { decidedByOwn, type OwnNames } from '../crossFile/ownDefinitions';
import { routesOfMounts } from '../crossFile/mountedRoutes';
import { fingerprintFindings } from '../migration/fingerprint';
import { snippetOf } from '../migration/progress';
import { languageOfPath } from '../lexers/languages';
import { meetsConfidence, type Confidence } from '../model/confidence';
import { repositoryPath } from '../workspace/repositoryPath';
import type { ScanOutcome, ScanRequest } from './scanOutcome';
import type { WorkspaceListing, WorkspacePort } from './workspacePort';

/**
 * Adds to a scan's outcome the calls of the functions that send the requests it found (wrappers,
 * declared clients, wrappers of wrappers), from every file that mentions their names (the port
 * searches, or reads the scan's own listing). Files and findings keep listing order; a file that
 * only calls wrappers comes after those with requests. Returns the index's notes (names passed over).
 */
export async function addWrapperCalls(
  outcome: ScanOutcome,
  port: WorkspacePort,
  listing: WorkspaceListing,
  minimum: Confidence,
  repository: string,
  request: ScanRequest,
): Promise<string[]> {
  const texts = new Map<string, string>();
  const mentioning = async function* (names: readonly string[]) {
    for await (const read of port.mentioning(names, listing)) {
      texts.set(read.path, read.text);
      yield read;
    }
  };
  const { calls, index, own } = await followWrappers(
    outcome.results,
    mentioning,
    (path) => languageOfPath(path)?.family,
  );
  if (own.size) withOwnDecided(outcome, own);
  addFoundElsewhere(outcome, calls, texts, minimum, repository, request);
  return index.notes;
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
      const decided = decidedByOwn(finding, family, own, file.path);
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
 * (`app.use('/pets', petsRouter)`), read from each router's module through the port.
 */
export async function addMountedRoutes(
  outcome: ScanOutcome,
  port: WorkspacePort,
  settings: { minimum: Confidence; countRoutes: boolean },
  repository: string,
  request: ScanRequest,
): Promise<void> {
  const modules = await routesOfMounts(
    outcome.mounts,
    (path) => port.readSource(path),
    settings.countRoutes,
  );
  const found = new Map([...modules].map(([path, { routes }]) => [path, routes]));
  const texts = new Map([...modules].map(([path, { text }]) => [path, text]));
  addFoundElsewhere(outcome, found, texts, settings.minimum, repository, request);
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
  minimum: Confidence,
  repository: string,
  request: ScanRequest,
): void {
  const byPath = new Map(outcome.results.map((file) => [file.path, file]));
  const fingerprintedByFile = new Map(outcome.fingerprinted.map((entry) => [entry.file, entry]));
  for (const [path, found] of calls) {
    const kept = found.filter(
      (finding) =>
        meetsConfidence(finding.confidence, minimum) &&
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
