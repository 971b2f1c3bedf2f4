/**
 * The bounds of a scan over the editor's files (the browser's: editorWorkspacePort.ts), and what
 * they left out. Apart from the port so the editor's side reads them without the finder's engine.
 */
export interface EditorScanLimits {
  /** Files listed for a scan at most (the first by path). */
  maxFiles: number;
  /** Bytes read in a scan at most, all files together. */
  maxTotalBytes: number;
  /** Bytes of one file at most (the pipeline's own limit). */
  maxFileBytes: number;
}

export const DEFAULT_EDITOR_LIMITS: EditorScanLimits = {
  maxFiles: 5000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
};

/** What the bounds left out of a scan: nothing when `partial` is false. */
export interface ScanBudget {
  /** Candidate files in the workspace (sources, possible scripts and documents). */
  candidates: number;
  /** The ones listed for the scan (at most maxFiles). */
  listed: number;
  /** Files not read because the scan had read maxTotalBytes already. */
  overBytes: number;
  partial: boolean;
}
