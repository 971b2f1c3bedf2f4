import { pathToFileURL } from 'node:url';
import type { DeprecationEngine, Finding } from '../core/deprecations/engine';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import { walkCandidates, type SkipNote } from '../core/deprecations/workspace/workspaceWalker';

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
): Promise<{ files: number; findings: number }> {
  let chunk: ScannedFile[] = [];
  let files = 0;
  let findings = 0;
  for await (const file of walkCandidates(
    folders,
    (bytes) => engine.mightContainBytes(bytes),
    onNote,
    { excludes: exclude },
  )) {
    if (progress.cancelled()) break;
    const uri = pathToFileURL(file.path).href;
    if (skip(uri)) continue;
    const found = engine.scan(file.text, file.language);
    files++;
    // Calls as reports count them; possible ones are shown as hints but not counted.
    findings += found.filter((finding) => finding.confidence !== 'possible').length;
    chunk.push({
      uri,
      path: file.path,
      text: found.length ? file.text : '',
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
  return { files, findings };
}
