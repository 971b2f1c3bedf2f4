import { DeprecationEngine, type Finding } from '../../core/deprecations/engine';
import { fingerprintFindings } from '../../core/deprecations/migration/fingerprint';
import { snippetOf } from '../../core/deprecations/migration/progress';
import { meetsConfidence, type Confidence } from '../../core/deprecations/model/confidence';
import { repositoryPath } from '../../core/deprecations/workspace/repositoryRoot';
import {
  CandidateReader,
  type ListedFile,
  type SkipNote,
} from '../../core/deprecations/workspace/workspaceWalker';

/** What a scan of one file needs to know; plain data, so a worker thread can be given it. */
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
}

/** One file's findings, and what was asked beside them, index for index. */
export interface ScannedFile {
  path: string;
  findings: Finding[];
  /** Repository-relative name, with `fingerprints`. */
  file?: string;
  fingerprints?: { call: string; fingerprint: string }[];
  snippets?: string[];
}

/**
 * Reads and scans one listed file at a time: the unit of work of the sequential scan and of each
 * worker thread, so both give the same result for every file.
 */
export class FileScanner {
  private readonly engine: DeprecationEngine;
  private readonly reader: CandidateReader;

  constructor(
    private readonly settings: FileScanSettings,
    onSkip: (note: SkipNote) => void,
  ) {
    const engine = new DeprecationEngine({ operationNames: settings.names });
    this.engine = engine;
    this.reader = new CandidateReader(
      (bytes) => engine.mightContainBytes(bytes),
      onSkip,
      settings.maxFileBytes,
    );
  }

  /** The file's findings at the minimum confidence that `keep` accepts; undefined when none. */
  scan(
    file: ListedFile,
    keep?: (path: string, finding: Finding) => boolean,
  ): ScannedFile | undefined {
    const candidate = this.reader.read(file);
    if (!candidate) return undefined;
    const { minimum } = this.settings;
    const findings = this.engine
      .scan(candidate.text, candidate.language)
      .filter(
        (finding) =>
          meetsConfidence(finding.confidence, minimum) && (!keep || keep(candidate.path, finding)),
      );
    if (!findings.length) return undefined;
    const scanned: ScannedFile = { path: candidate.path, findings };
    if (this.settings.fingerprints) {
      scanned.file = repositoryPath(this.settings.repository, candidate.path);
      scanned.fingerprints = fingerprintFindings(scanned.file, candidate.text, findings).map(
        ({ call, fingerprint }) => ({ call, fingerprint }),
      );
    }
    if (this.settings.snippets) {
      const lines = candidate.text.split(/\r\n|\r|\n/);
      scanned.snippets = findings.map((finding) =>
        snippetOf(lines[finding.start.line] ?? '', finding.start.character + 1),
      );
    }
    return scanned;
  }
}
