/**
 * What the language server asks of the place it runs: how a document's URI names a file, and the
 * workspace's files. The server (deprecationServer.ts) imports no Node module; Node gives it the
 * disk (nodeServerHost.ts: paths of this machine, ripgrep or the walker, the baseline, CODEOWNERS,
 * git), the browser the editor's files through the client (browser/browserServerHost.ts).
 */
import type { Finding } from '../core/deprecations/engine';
import type { ScanBudget } from '../core/deprecations/pipeline/editorScanLimits';
import type { WorkspacePort } from '../core/deprecations/pipeline/workspacePort';
import type { WorkspaceForecast, ForecastEngine } from './workspaceForecast';

/** Document URIs and the paths the finder names files by. */
export interface DocumentPaths {
  /** The workspace folders' URIs, told at initialisation (the browser maps paths back by them). */
  setFolders(uris: readonly unknown[]): void;
  /** The file a URI names here, or undefined for a document that is only text (untitled:, …). */
  fileOf(uri: unknown): string | undefined;
  /** The URI of a file's path. */
  uriOf(path: string): string;
}

/** A baseline file read: which of a file's findings it accepts. */
export interface Baseline {
  readonly size: number;
  baselined(path: string, text: string, findings: readonly Finding[]): Set<Finding>;
}

export interface PortOptions {
  /** The editor's own rg, where there is one. */
  ripgrep?: string;
  /** Glob patterns never read (the editor's excludes and the finder's). */
  excludes: readonly string[];
}

/** The workspace's files, for its folders (paths). */
export interface HostWorkspace {
  /** The pipeline's port onto the files: made afresh for each scan or rebuild. */
  port(options: PortOptions): WorkspacePort;
  /**
   * Whether a scan's port keeps the texts it read (the browser's, within its budget), so that the
   * wrappers' search right after the scan reads none of them again; any file event drops it.
   */
  keepsScannedTexts?: boolean;
  /** False for a path a link takes out of the folders (never read). */
  staysWithin(path: string): boolean;
  /** A file's saved text within the size limit, or undefined. */
  readSource(path: string): Promise<string | undefined>;
  /** Whether a file is there already (a migration then does not create its helper again). */
  exists(path: string): Promise<boolean>;
  /** The texts of the modules a file imports by relative specifiers, where the host can read them. */
  modules?(path: string): (specifier: string) => string | undefined;
  /** The group a file's change falls in, in a migration's preview (its owner, or its top folder). */
  groupOf(path: string): string;
  /** Reads the baseline file at `path`; throws when it cannot be used. */
  loadBaseline(path: string): Baseline;
  /** What a bounded port's budget left out of the scan it served (the browser's), if anything. */
  budgetOf?(port: WorkspacePort): ScanBudget | undefined;
  /** The burn-down and forecast from the first folder's git history. */
  forecast(finder: ForecastEngine): Promise<WorkspaceForecast>;
}

export interface ServerHost {
  paths: DocumentPaths;
  workspace(folders: readonly string[]): HostWorkspace;
}
