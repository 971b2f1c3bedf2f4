/**
 * The language server's scan step of the workspace pipeline: the listed files read through the
 * port and scanned in chunks, yielding to the event loop between them, so the server keeps
 * answering the editor during a large scan. Listing and OpenAPI names are the pipeline's
 * (src/core/deprecations/pipeline/workspaceListing.ts); wrappers are the tracker's.
 */
import { mayMountRouters } from '../core/deprecations/crossFile/mountedRoutes';
import type { DeprecationEngine, Finding } from '../core/deprecations/engine';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import { scanSafely } from '../core/deprecations/scanSafely';
import type { WorkspaceListing, WorkspacePort } from '../core/deprecations/pipeline/workspacePort';
import { languageInterleavedOrder } from '../core/deprecations/workspace/scanOrder';
import type { SkipNote } from '../core/deprecations/workspace/workspaceWalker';
import type { ScanBudget } from '../core/deprecations/pipeline/editorScanLimits';

export interface ScannedFile {
  uri: string;
  path: string;
  /** The file's text, for the baseline's fingerprints (held only until the chunk is published). */
  text: string;
  language: LanguageSupport;
  findings: Finding[];
}

export interface ScanProgress {
  report(message: string): void;
  cancelled(): boolean;
}

const CHUNK = 40;

/** What a workspace scan did: files with candidates, calls found, and who listed the files. */
export interface WorkspaceScanResult {
  files: number;
  findings: number;
  /** 'ripgrep' when the editor's rg listed the candidates, else 'walker'. */
  listedBy: 'ripgrep' | 'walker';
  /** The rg that listed them. */
  ripgrep?: string;
  /** Why ripgrep was not used, when one was given. */
  ripgrepProblem?: string;
  /** What a bounded scan (the browser's) left out. */
  budget?: ScanBudget;
}

/**
 * Scans the listed files, handing results over in chunks. Files `skip` names (open documents,
 * diagnosed as edited) are not scanned from disk.
 */
export async function scanListedFiles(
  port: WorkspacePort,
  listing: WorkspaceListing,
  engine: DeprecationEngine,
  uriOf: (path: string) => string,
  skip: (uri: string) => boolean,
  onChunk: (files: ScannedFile[]) => void,
  progress: ScanProgress,
  onNote: (note: SkipNote) => void,
): Promise<{ files: number; findings: number }> {
  let chunk: ScannedFile[] = [];
  let files = 0;
  let findings = 0;
  // Languages interleaved, as the CLI reads them: the engine warms up once, not once per language.
  const order = languageInterleavedOrder(listing.files);
  for await (const file of port.readCandidates(
    order.map((listed) => listing.files[listed]!),
    (bytes) => engine.mightContainBytes(bytes),
    onNote,
  )) {
    if (progress.cancelled()) break;
    const uri = uriOf(file.path);
    if (skip(uri)) continue;
    const scan = scanSafely(engine, file.text, file.language);
    if (scan.failure !== undefined)
      onNote({ path: file.path, reason: 'scanFailed', detail: scan.failure });
    const found = scan.findings;
    files++;
    // Calls as reports count them; possible ones are shown as hints but not counted.
    findings += found.filter((finding) => finding.confidence !== 'possible').length;
    chunk.push({
      uri,
      path: file.path,
      // Kept only where the cross-file stages need it: a file with requests, or one that may mount
      // a router (its mounts are read from it).
      text: found.length || mayMountRouters(file.text) ? file.text : '',
      language: file.language,
      findings: found,
    });
    if (chunk.length >= CHUNK) {
      onChunk(chunk);
      chunk = [];
      progress.report(`${files} files with candidates, ${findings} calls`);
      await yieldToEventLoop();
    }
  }
  if (chunk.length) onChunk(chunk);
  return { files, findings };
}

/** Lets other messages through between chunks: setImmediate in Node, a timer where there is none. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
