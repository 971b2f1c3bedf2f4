import type { Finding } from '../core/deprecations/engine';
import type { SourceText } from '../core/deprecations/crossFile/callSites';
import { followWrappers } from '../core/deprecations/crossFile/followWrappers';
import {
  decidedByOwn,
  withOwnDecisions,
  type OwnNames,
} from '../core/deprecations/crossFile/ownDefinitions';
import {
  routerMountsIn,
  routesOfMounts,
  type RouterMount,
} from '../core/deprecations/crossFile/mountedRoutes';
import { languageOfPath } from '../core/deprecations/lexers/languages';
import { isReportedApart } from '../core/deprecations/model/findingKinds';

/** The requests of one file as the index takes them. */
interface FileRequests {
  family: string;
  findings: readonly Finding[];
  /** Its functions that hold a request, `name@line`: what its callers depend on. */
  definitions: string;
}

/**
 * The language server's side of the cross-file index: the latest requests of every file (from the
 * workspace scan, open documents and files read again), and the calls of their wrappers found by
 * the last rebuild. An edit that changes which functions hold a request, or that touches a file
 * mentioning an indexed name, asks for a rebuild: the requests are not scanned again, only the
 * files that mention the indexed names are read.
 */
export class WrapperTracker {
  private readonly requests = new Map<string, FileRequests>();
  /** Routers each file mounts on the pets collection (their item routes serve it). */
  private readonly mounts = new Map<string, { mounts: RouterMount[]; signature: string }>();
  private calls = new Map<string, Finding[]>();
  /** Operation names the workspace defines itself, and what their calls go through. */
  private own: OwnNames = new Map();
  private names: string[] = [];
  /** What the last rebuild passed over (names defined in too many places). */
  notes: string[] = [];

  /**
   * @param mentioning the workspace's files (open documents as edited) holding one of the names
   */
  constructor(
    private readonly mentioning: (names: readonly string[]) => AsyncIterable<SourceText>,
    /** A file's text as the workspace holds it (open or saved), for mounted routers' modules. */
    private readonly readText: (path: string) => Promise<string | undefined> = () =>
      Promise.resolve(undefined),
    private readonly countRoutes: () => boolean = () => false,
  ) {}

  /**
   * Records a file's requests (its whole set, as the engine found them now). True when a rebuild
   * is needed: the functions that hold requests changed, or the text calls an indexed name.
   */
  update(path: string, family: string, findings: readonly Finding[], text: string): boolean {
    const requests = findings.filter((finding) => finding.kind !== 'wrapper');
    const definitions = requests
      .map((finding) => (finding.within ? `${finding.within.name}@${finding.within.line}` : ''))
      .join('\n');
    const before = this.requests.get(path);
    if (requests.length) this.requests.set(path, { family, findings: requests, definitions });
    else this.requests.delete(path);
    if ((before?.definitions ?? '') !== (requests.length ? definitions : '')) return true;
    if (this.updateMounts(path, text)) return true;
    return this.calls.has(path) || this.names.some((name) => text.includes(name));
  }

  /** Records the routers a file mounts; true when they changed. */
  private updateMounts(path: string, text: string): boolean {
    const language = languageOfPath(path);
    const mounts = language ? routerMountsIn(path, text, language) : [];
    const signature = JSON.stringify(mounts);
    const before = this.mounts.get(path)?.signature ?? '[]';
    if (mounts.length) this.mounts.set(path, { mounts, signature });
    else this.mounts.delete(path);
    return signature !== before;
  }

  /** Forgets a deleted file's requests. True when that changes the index. */
  remove(path: string): boolean {
    const had = this.requests.delete(path);
    const mounted = this.mounts.delete(path);
    return had || mounted || this.calls.has(path);
  }

  /** The files that send a request themselves (the fix points are there). */
  requestFiles(): string[] {
    return [...this.requests]
      .filter(([, file]) => file.findings.some((finding) => !isReportedApart(finding.kind)))
      .map(([path]) => path);
  }

  /**
   * A file's own findings as the workspace's definitions decide them: a call of the project's own
   * function named like the operation goes through it, or is none once it no longer sends.
   */
  decided(findings: readonly Finding[], family: string, path: string): Finding[] {
    return withOwnDecisions(findings, family, this.own, path);
  }

  /** The calls of wrappers in a file, as of the last rebuild. */
  callsIn(path: string): readonly Finding[] {
    return this.calls.get(path) ?? [];
  }

  /**
   * Follows the wrappers again from the recorded requests. Returns the files whose calls changed
   * (gained, lost or moved), for which diagnostics must be published again.
   */
  async rebuild(): Promise<Set<string>> {
    const direct = [...this.requests].map(([path, { findings }]) => ({ path, findings }));
    const { calls, index, own } = await followWrappers(
      direct,
      (names) => this.mentioning(names),
      (path) => this.requests.get(path)?.family,
    );
    await this.addMountedRoutes(calls);
    const changed = new Set<string>();
    for (const path of new Set([...this.calls.keys(), ...calls.keys()]))
      if (signature(this.calls.get(path)) !== signature(calls.get(path))) changed.add(path);
    // A file whose calls of the operation's name went quiet (or loud again) is published again.
    for (const [path, { family, findings }] of this.requests)
      if (
        findings.some(
          (finding) =>
            signature([decidedByOwn(finding, family, own, path) ?? finding]) !==
            signature([decidedByOwn(finding, family, this.own, path) ?? finding]),
        )
      )
        changed.add(path);
    this.own = own;
    this.calls = calls;
    this.names = index.names();
    this.notes = index.notes;
    return changed;
  }

  /** The item routes of the mounted routers, read from their modules, added to `calls`. */
  private async addMountedRoutes(calls: Map<string, Finding[]>): Promise<void> {
    const mounts = [...this.mounts.values()].flatMap((file) => file.mounts);
    const modules = await routesOfMounts(mounts, this.readText, this.countRoutes());
    for (const [path, { routes }] of modules)
      calls.set(
        path,
        [...(calls.get(path) ?? []), ...routes].sort(
          (a, b) => a.start.line - b.start.line || a.start.character - b.start.character,
        ),
      );
  }

  /** Every file that has calls of wrappers now. */
  filesWithCalls(): string[] {
    return [...this.calls.keys()];
  }
}

function signature(findings: readonly Finding[] | undefined): string {
  return JSON.stringify(findings ?? []);
}
