/**
 * What the workspace pipeline asks of the place the files are: list them once, find the files that
 * mention some words, read a file. The pipeline (workspacePipeline.ts and its stages) uses only
 * this port, never the file system itself, so the browser can give it `workspace.fs` and
 * `findFiles`; Node's port (nodeWorkspacePort.ts) lists with ripgrep or the walker.
 */
import type { SourceText } from '../crossFile/callSites';
import type { CandidateFile, ListedFile, SkipNote } from '../workspace/workspaceWalker';

export interface ListingRequest {
  /**
   * Every candidate mentions one of these: a port that searches file contents may list only the
   * files that do. Ignored by a port that lists every file.
   */
  words: readonly string[];
  /** Also list the YAML and JSON files that may be OpenAPI documents. */
  documents: boolean;
  /** List every file without searching (after a search failed). */
  walk?: boolean;
}

export interface WorkspaceListing {
  /** The files a scan reads (sources, extensionless possible scripts), by path. */
  files: ListedFile[];
  /** With `documents`: the YAML and JSON files that may be OpenAPI documents. */
  documents: ListedFile[];
  /**
   * 'search': only the files mentioning the words were listed (ripgrep), so other words need a
   * search of their own; 'walk': every file was, so other words are found by reading these.
   */
  listedBy: 'search' | 'walk';
  /** Why the port's search could not list (then listedBy is 'walk'). */
  problem?: string;
  /** What the listing passed over (unreadable folders, links leaving the workspace, ...). */
  notes: SkipNote[];
}

/** A search's files, or why it could not complete (the caller walks instead). */
export type SearchResult = { files: ListedFile[]; notes: SkipNote[] } | { problem: string };

/** An OpenAPI document's text, why it is not read (too large), or nothing (unreadable). */
export type DocumentText = { text: string } | { problem: string } | undefined;

/**
 * What a candidate must hold: the engine's test on the file's bytes (Node's ports read bytes), and
 * the same test on its text for a port that reads text (the browser has no Buffer).
 */
export interface CandidatePrefilter {
  (bytes: Buffer): boolean;
  text?: (text: string) => boolean;
}

export interface WorkspacePort {
  /** The workspace's files: called once per scan. */
  list(request: ListingRequest): Promise<WorkspaceListing>;
  /** The files that mention one of the words (only asked of a listing made by a search). */
  search(words: readonly string[]): Promise<SearchResult>;
  /**
   * The texts of the files that mention one of `words`: a searched listing searches again, a
   * walked one has its files read (never listed again). Unreadable files are passed over quietly:
   * the scan noted them.
   */
  mentioning(words: readonly string[], listing: WorkspaceListing): AsyncIterable<SourceText>;
  /** Reads listed files (regular, within the size limit), keeping those `mightContain` accepts. */
  readCandidates(
    files: readonly ListedFile[],
    mightContain: CandidatePrefilter,
    onSkip: (note: SkipNote) => void,
  ): AsyncIterable<CandidateFile>;
  /** A possible OpenAPI document's text (bounded). */
  readDocument(file: ListedFile): Promise<DocumentText>;
  /** A source file's text by path (a mounted router's module): undefined if not readable here. */
  readSource(path: string): Promise<string | undefined>;
}
