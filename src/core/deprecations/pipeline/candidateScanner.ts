import { routerMountsIn, type RouterMount } from '../crossFile/mountedRoutes';
import { DeprecationEngine, type Finding } from '../engine';
import { fingerprintFindings } from '../migration/fingerprint';
import { snippetOf } from '../migration/progress';
import { meetsConfidence, type Confidence } from '../model/confidence';
import { scanSafely } from '../scanSafely';
import { repositoryPath } from '../workspace/repositoryPath';
import type { CandidateFile } from '../workspace/workspaceWalker';
import { scannedTextOf, type ScannedText } from './scannedText';

/** What scanning a file's text needs to know; plain data, so a worker thread can be given it. */
export interface FileScanSettings {
  minimum: Confidence;
  names?: string[];
  maxFileBytes: number;
  /** Repository root: fingerprints name files relative to it. */
  repository: string;
  /** Compute each finding's fingerprint (baselines, SARIF, Code Quality): costs a hash per call. */
  fingerprints: boolean;
  /** Keep each finding's line as a snippet (progress report, agent tools). */
  snippets: boolean;
  /** Count the routes that serve the operation (mocks, the API itself) as calls (--count-routes). */
  countRoutes: boolean;
  /** Keep what each file with findings was scanned as (scannedText.ts): a migration reuses it. */
  scannedTexts?: boolean;
}

/** One file's findings, and what was asked beside them, index for index. */
export interface ScannedFile {
  path: string;
  findings: Finding[];
  /** Repository-relative name, with `fingerprints`. */
  file?: string;
  fingerprints?: { call: string; fingerprint: string }[];
  snippets?: string[];
  /** The engine failed on this file (then no findings): the run notes it and goes on. */
  failure?: string;
  /** Routers the file mounts on the pets collection: their modules' item routes serve it. */
  mounts?: RouterMount[];
  /** With `scannedTexts`: the text's digest and language, and the findings before `keep`. */
  scannedText?: ScannedText;
}

/**
 * Scans the text of one candidate file (read and prefiltered by a CandidateReader): the unit of
 * work of the one-thread scan and of each worker thread, so both give the same result per file.
 */
export class CandidateScanner {
  /** Its engine: also the prefilter of the reader and of a ripgrep listing. */
  readonly engine: DeprecationEngine;

  constructor(private readonly settings: FileScanSettings) {
    this.engine = new DeprecationEngine({
      operationNames: settings.names,
      countRoutes: settings.countRoutes,
    });
  }

  /**
   * The file's findings at the minimum confidence that `keep` accepts, or the engine's failure on
   * it; undefined when neither.
   */
  scan(
    { path, text, language }: CandidateFile,
    keep?: (path: string, finding: Finding) => boolean,
  ): ScannedFile | undefined {
    const { minimum } = this.settings;
    const scan = scanSafely(this.engine, text, language);
    if (scan.failure !== undefined) return { path, findings: [], failure: scan.failure };
    const atMinimum = scan.findings.filter((finding) =>
      meetsConfidence(finding.confidence, minimum),
    );
    const findings = keep ? atMinimum.filter((finding) => keep(path, finding)) : atMinimum;
    const mounts = routerMountsIn(path, text, language);
    if (!findings.length && !mounts.length) return undefined;
    const scanned: ScannedFile = { path, findings };
    if (mounts.length) scanned.mounts = mounts;
    if (this.settings.scannedTexts && findings.length) {
      const scannedText = scannedTextOf(text, language, atMinimum);
      if (scannedText) scanned.scannedText = scannedText;
    }
    if (this.settings.fingerprints) {
      scanned.file = repositoryPath(this.settings.repository, path);
      scanned.fingerprints = fingerprintFindings(scanned.file, text, findings).map(
        ({ call, fingerprint }) => ({ call, fingerprint }),
      );
    }
    if (this.settings.snippets) {
      const lines = text.split(/\r\n|\r|\n/);
      scanned.snippets = findings.map((finding) =>
        snippetOf(lines[finding.start.line] ?? '', finding.start.character + 1),
      );
    }
    return scanned;
  }
}
