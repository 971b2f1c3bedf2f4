import { mayMountRouters } from '../core/deprecations/crossFile/mountedRoutes';
import { pathToFileURL } from 'node:url';
import type { DeprecationEngine, Finding } from '../core/deprecations/engine';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import { scanSafely } from '../core/deprecations/scanSafely';
import { listFilesWithRipgrepAsync } from '../core/deprecations/workspace/ripgrepCandidates';
import { languageInterleavedOrder } from '../core/deprecations/workspace/scanOrder';
import {
  listFiles,
  readCandidates,
  type ListedFile,
  type SkipNote,
} from '../core/deprecations/workspace/workspaceWalker';

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
}

/**
 * Scans folders from disk, handing results over in chunks and yielding to the event loop between
 * them, so the server keeps answering the editor during a large scan.
 */
export async function scanFolders(
  folders: readonly string[],
  engine: DeprecationEngine,
  exclude: readonly string[],
  skip: (uri: string) => boolean,
  onChunk: (files: ScannedFile[]) => void,
  progress: ScanProgress,
  onNote: (note: SkipNote) => void,
  ripgrep?: string,
): Promise<WorkspaceScanResult> {
  let chunk: ScannedFile[] = [];
  let files = 0;
  let findings = 0;
  const listing = await listWorkspaceFiles(
    folders,
    engine.prefilterNeedles(),
    exclude,
    onNote,
    ripgrep,
  );
  // Languages interleaved, as the CLI reads them: the engine warms up once, not once per language.
  const order = languageInterleavedOrder(listing.files);
  for await (const file of readCandidates(
    order.map((listed) => listing.files[listed]!),
    (bytes) => engine.mightContainBytes(bytes),
    onNote,
  )) {
    if (progress.cancelled()) break;
    const uri = pathToFileURL(file.path).href;
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
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (chunk.length) onChunk(chunk);
  return listing.listedBy === 'ripgrep'
    ? { files, findings, listedBy: 'ripgrep', ripgrep }
    : {
        files,
        findings,
        listedBy: 'walker',
        ...(listing.problem ? { ripgrepProblem: listing.problem } : {}),
      };
}

/**
 * The workspace's files that hold one of `names` (a wrapper's callers), as `scanFolders` lists
 * candidates; notes of what could not be read are the scan's, not repeated here.
 */
export async function listFilesMentioning(
  folders: readonly string[],
  names: readonly string[],
  exclude: readonly string[],
  ripgrep: string | undefined,
): Promise<ListedFile[]> {
  return (await listWorkspaceFiles(folders, names, exclude, () => undefined, ripgrep)).files;
}

/**
 * The files to read: listed by the editor's ripgrep when it has one (the files holding a needle,
 * found by native threads), else by the walker. A listing rg could not complete is not used.
 */
async function listWorkspaceFiles(
  folders: readonly string[],
  needles: readonly string[],
  exclude: readonly string[],
  onNote: (note: SkipNote) => void,
  ripgrep: string | undefined,
): Promise<{ files: ListedFile[]; listedBy: 'ripgrep' | 'walker'; problem?: string }> {
  let problem: string | undefined;
  if (ripgrep) {
    const notes: SkipNote[] = [];
    const listing = await listFilesWithRipgrepAsync(
      folders,
      { rg: ripgrep, patterns: needles, fixedStrings: true, excludes: exclude },
      (note) => notes.push(note),
    );
    if ('files' in listing) {
      notes.forEach(onNote);
      return { files: listing.files, listedBy: 'ripgrep' };
    }
    problem = listing.problem;
  }
  return { files: listFiles(folders, onNote, { excludes: exclude }), listedBy: 'walker', problem };
}
