/**
 * The workspace port on Node (the CLI, the language server, the MCP server): ripgrep lists the
 * files that mention the words when there is one, else the walker lists every file; files are
 * read as regular files of bounded size, inside the boundary.
 */
import { staysWithin } from '../../files/boundary';
import { FileRefusedError, readRegularText } from '../../files/regularFile';
import type { SourceText } from '../crossFile/callSites';
import { MAX_OPENAPI_BYTES, mayBeOpenApiFile } from '../workspace/openApiDocuments';
import { mentionsPetsParameter } from '../workspace/openApiNames';
import { listFilesWithRipgrepAsync } from '../workspace/ripgrepCandidates';
import { readSourceFile } from '../workspace/sourceFile';
import {
  DEFAULT_MAX_FILE_BYTES,
  isScannedName,
  listFiles,
  readCandidates,
  type CandidateFile,
  type ListedFile,
  type SkipNote,
} from '../workspace/workspaceWalker';
import type {
  DocumentText,
  ListingRequest,
  SearchResult,
  WorkspaceListing,
  WorkspacePort,
} from './workspacePort';

export interface NodeWorkspaceOptions {
  /** The rg that searches, or undefined for the walker only. */
  ripgrep?: string;
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Extra gitignore-style patterns (the editor's excludes). */
  excludes?: readonly string[];
  /** Real paths of the folders nothing is read outside of (default: the roots). */
  confine?: readonly string[];
  maxFileBytes?: number;
}

export class NodeWorkspacePort implements WorkspacePort {
  private readonly maxFileBytes: number;

  constructor(
    private readonly roots: readonly string[],
    private readonly options: NodeWorkspaceOptions = {},
  ) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  async list(request: ListingRequest): Promise<WorkspaceListing> {
    const accept = (name: string, language: Parameters<typeof isScannedName>[1]) =>
      isScannedName(name, language) || (request.documents && mayBeOpenApiFile(name));
    let problem: string | undefined;
    if (this.options.ripgrep && !request.walk) {
      const notes: SkipNote[] = [];
      const listing = await listFilesWithRipgrepAsync(
        this.roots,
        { ...this.ripgrepOptions(request.words), accept },
        (note) => notes.push(note),
      );
      if ('files' in listing) {
        const { files, documents } = apart(sortedByPath(listing.files));
        // Every candidate mentions "pets": a document is kept only if it mentions `pets/{`, as
        // the documents' own search would.
        return {
          files,
          documents: documents.filter(mentionsPetsParameter),
          listedBy: 'search',
          notes,
        };
      }
      problem = listing.problem;
    }
    const notes: SkipNote[] = [];
    const { files, documents } = apart(this.walk((note) => notes.push(note), accept));
    return { files, documents, listedBy: 'walk', problem, notes };
  }

  async search(words: readonly string[]): Promise<SearchResult> {
    if (!this.options.ripgrep) return { problem: 'no ripgrep to search with' };
    const notes: SkipNote[] = [];
    const listing = await listFilesWithRipgrepAsync(
      this.roots,
      this.ripgrepOptions(words),
      (note) => notes.push(note),
    );
    return 'files' in listing ? { files: sortedByPath(listing.files), notes } : listing;
  }

  async *mentioning(
    words: readonly string[],
    listing: WorkspaceListing,
  ): AsyncIterable<SourceText> {
    let files: readonly ListedFile[] = listing.files;
    if (listing.listedBy === 'search') {
      const searched = await this.search(words);
      // A search that fails here reads every file once (a walk kept for the next words).
      files = 'files' in searched ? searched.files : (this.fallbackWalk ??= this.walk(() => {}));
    }
    const needles = words.map((word) => Buffer.from(word));
    yield* readCandidates(
      files,
      (bytes) => needles.some((needle) => bytes.includes(needle)),
      () => undefined, // the scan noted what it could not read
      { maxFileBytes: this.maxFileBytes },
    );
  }

  private fallbackWalk: ListedFile[] | undefined;

  readCandidates(
    files: readonly ListedFile[],
    mightContain: (bytes: Buffer) => boolean,
    onSkip: (note: SkipNote) => void,
  ): AsyncIterable<CandidateFile> {
    return readCandidates(files, mightContain, onSkip, { maxFileBytes: this.maxFileBytes });
  }

  readDocument(file: ListedFile): Promise<DocumentText> {
    try {
      const text = readRegularText(file.bytes ?? file.path, { maxBytes: MAX_OPENAPI_BYTES });
      return Promise.resolve({ text });
    } catch (error) {
      if (error instanceof FileRefusedError && error.reason === 'tooLarge')
        return Promise.resolve({ problem: `larger than ${MAX_OPENAPI_BYTES} bytes, not read` });
      return Promise.resolve(undefined);
    }
  }

  readSource(path: string): Promise<string | undefined> {
    if (this.options.confine && !staysWithin(path, this.options.confine))
      return Promise.resolve(undefined);
    return readSourceFile(path, this.maxFileBytes);
  }

  private ripgrepOptions(words: readonly string[]) {
    return {
      rg: this.options.ripgrep!,
      patterns: words,
      fixedStrings: true,
      gitignore: this.options.gitignore,
      excludes: this.options.excludes,
      confine: this.options.confine,
    };
  }

  private walk(
    onSkip: (note: SkipNote) => void,
    accept?: (name: string, language: Parameters<typeof isScannedName>[1]) => boolean,
  ): ListedFile[] {
    return listFiles(this.roots, onSkip, {
      gitignore: this.options.gitignore,
      excludes: this.options.excludes,
      confine: this.options.confine,
      accept,
    });
  }
}

/** The files a scan reads, and apart the possible OpenAPI documents. */
function apart(listed: readonly ListedFile[]): { files: ListedFile[]; documents: ListedFile[] } {
  const files: ListedFile[] = [];
  const documents: ListedFile[] = [];
  for (const file of listed)
    if (file.language === undefined && mayBeOpenApiFile(file.path)) documents.push(file);
    else files.push(file);
  return { files, documents };
}

/** rg's threads list in no set order: by path, a folder's files are read together, as walked. */
function sortedByPath(files: ListedFile[]): ListedFile[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
