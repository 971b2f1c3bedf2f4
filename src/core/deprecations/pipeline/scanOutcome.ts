/** What a workspace scan is asked for, and what it gives: the front ends' common result. */
import type { RouterMount } from '../crossFile/mountedRoutes';
import type { DeprecationEngine, Finding } from '../engine';
import type { FingerprintedFinding } from '../migration/fingerprint';
import type { Confidence } from '../model/confidence';
import type { FileFindings } from '../reports/report';
import type { ScannedText } from './scannedText';

/** How the pipeline finds calls (the front end's options, less how it lists and reads). */
export interface PipelineSettings {
  minimum: Confidence;
  names?: string[];
  maxFileBytes: number;
  /** Also report calls of the functions that send the requests (wrappers, declared clients). */
  wrappers: boolean;
  /** Take operation names from the OpenAPI documents listed. */
  openApi: boolean;
  /** Count the routes that serve the operation as calls. */
  countRoutes: boolean;
}

/** What a command wants beside the findings, and how to scan. */
export interface ScanRequest {
  /** Fingerprint each finding (baselines, SARIF, Code Quality). */
  fingerprints?: boolean;
  /** Keep each finding's line (progress report, agent tools). */
  snippets?: boolean;
  /**
   * Keep, for each file with findings, what it was scanned as (scannedText.ts): a migration that
   * reads the file again reuses the findings while its text is unchanged.
   */
  scannedTexts?: boolean;
  /** Drops findings a command does not want (changed lines only); scans on this thread. */
  keep?: (path: string, finding: Finding) => boolean;
  /**
   * Stops the scan (rejecting with the signal's reason) once aborted: checked between files, the
   * scan then yielding to the event loop now and then so that a cancellation can arrive (an
   * agent's tool call); on one thread only.
   */
  signal?: AbortSignal;
}

export interface ScanOutcome {
  /** Files with findings, in listing order (whatever order they were scanned in). */
  results: FileFindings[];
  /** With `fingerprints`: the same findings fingerprinted, files named from the repository root. */
  fingerprinted: { file: string; found: FingerprintedFinding[] }[];
  /** With `snippets`: each finding's line, as a report shows it. */
  snippets: Map<Finding, string>;
  scanned: number;
  /** Whether a search listed the files (then `scanned` counts its candidates, not every file). */
  listedByRipgrep: boolean;
  /** A file or folder could not be read, or a file scanned (the exit status says so). */
  ioError: boolean;
  /** Routers mounted on the pets collection, from the files scanned. */
  mounts: RouterMount[];
  /** With `scannedTexts`: what each file with findings was scanned as, by path. */
  scannedTexts: Map<string, ScannedText>;
  /** The engine the files were scanned with (its operation names include the OpenAPI ones). */
  engine: DeprecationEngine;
}
