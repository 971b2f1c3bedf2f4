/**
 * The workspace port where there is no file system but the editor's (the browser: vscode.dev,
 * github.dev): the editor lists the workspace's files and reads them; this port does what the
 * walker does with them. There is no text search, so the listing holds every candidate by name
 * (as a walk does) and `mentioning` reads the listed files. A scan is bounded: at most `maxFiles`
 * files and `maxTotalBytes` read in all, each file at most `maxFileBytes`; what the bounds left out
 * is counted (`budget`) for the front end to say once. Paths are POSIX paths (a URI's path).
 */
import type { SourceText } from '../crossFile/callSites';
import { languageOfPath, type LanguageSupport } from '../lexers/languages';
import { MAX_OPENAPI_BYTES, mayBeOpenApiFile } from '../workspace/openApiDocuments';
import type { CandidateFile, ListedFile, SkipNote } from '../workspace/workspaceWalker';
import type {
  CandidatePrefilter,
  DocumentText,
  ListingRequest,
  SearchResult,
  WorkspaceListing,
  WorkspacePort,
} from './workspacePort';
import type { EditorScanLimits, ScanBudget } from './editorScanLimits';
import { DEFAULT_EDITOR_LIMITS } from './editorScanLimits';

export { DEFAULT_EDITOR_LIMITS, type EditorScanLimits, type ScanBudget } from './editorScanLimits';

/** What the editor gives: its listing of the workspace's files, and each file's size and bytes. */
export interface EditorFiles {
  /** Every file of the workspace the editor would search (its excludes applied), by path. */
  list(): Promise<string[]>;
  /** The file's size, or undefined when it is not a file (a folder, gone). Throws if unreadable. */
  stat(path: string): Promise<{ size: number } | undefined>;
  /** The file's bytes. Throws if unreadable. */
  read(path: string): Promise<Uint8Array>;
}

export class EditorWorkspacePort implements WorkspacePort {
  private readonly texts = new Map<string, string>();
  private readonly languages = new Map<string, LanguageSupport>();
  private bytesRead = 0;
  private candidates = 0;
  private listed = 0;
  private overBytes = 0;

  constructor(
    private readonly files: EditorFiles,
    private readonly limits: EditorScanLimits = DEFAULT_EDITOR_LIMITS,
  ) {}

  /** The language a scanned file was read as (an extensionless script's from its first line). */
  languageOf(path: string): LanguageSupport | undefined {
    return this.languages.get(path) ?? languageOfPath(path);
  }

  /** What this scan's bounds left out (after the scan). */
  get budget(): ScanBudget {
    return {
      candidates: this.candidates,
      listed: this.listed,
      overBytes: this.overBytes,
      partial: this.listed < this.candidates || this.overBytes > 0,
    };
  }

  async list(request: ListingRequest): Promise<WorkspaceListing> {
    const paths = (await this.files.list()).sort(byPath);
    const kept: ListedFile[] = [];
    for (const path of paths) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      const language = languageOfPath(path);
      if (language !== undefined || !name.includes('.') || mayBeOpenApiFile(name))
        kept.push(language ? { path, language } : { path });
    }
    this.candidates = kept.length;
    const listed = kept.slice(0, this.limits.maxFiles);
    this.listed = listed.length;
    const files: ListedFile[] = [];
    const documents: ListedFile[] = [];
    for (const file of listed)
      if (file.language === undefined && mayBeOpenApiFile(file.path)) {
        if (request.documents) documents.push(file);
      } else files.push(file);
    return { files, documents, listedBy: 'walk', notes: [] };
  }

  search(): Promise<SearchResult> {
    return Promise.resolve({ problem: 'the editor has no text search here' });
  }

  async *mentioning(
    words: readonly string[],
    listing: WorkspaceListing,
  ): AsyncIterable<SourceText> {
    for (const file of listing.files) {
      const text = this.texts.has(file.path)
        ? this.texts.get(file.path)
        : (await this.readText(file.path, this.limits.maxFileBytes, () => undefined))?.text;
      if (text === undefined || !words.some((word) => text.includes(word))) continue;
      const language = file.language ?? languageOfPath(file.path, firstLine(text));
      if (language) yield { path: file.path, text, language };
    }
  }

  async *readCandidates(
    files: readonly ListedFile[],
    mightContain: CandidatePrefilter,
    onSkip: (note: SkipNote) => void,
  ): AsyncIterable<CandidateFile> {
    for (const file of files) {
      const read = await this.readText(file.path, this.limits.maxFileBytes, onSkip);
      if (!read) continue;
      const language = file.language ?? languageOfPath(file.path, firstLine(read.text));
      if (!language || (mightContain.text && !mightContain.text(read.text))) continue;
      this.languages.set(file.path, language);
      yield { path: file.path, language, text: read.text };
    }
  }

  async readDocument(file: ListedFile): Promise<DocumentText> {
    let tooLarge: string | undefined;
    const read = await this.readText(file.path, MAX_OPENAPI_BYTES, (note) => {
      if (note.reason === 'tooLarge') tooLarge = `larger than ${MAX_OPENAPI_BYTES} bytes, not read`;
    });
    if (tooLarge) return { problem: tooLarge };
    return read && { text: read.text };
  }

  async readSource(path: string): Promise<string | undefined> {
    return this.texts.get(path) ?? (await this.readText(path, this.limits.maxFileBytes))?.text;
  }

  /** A file's text as the editor shows it, within the bounds; undefined (and a note) if not. */
  private async readText(
    path: string,
    maxBytes: number,
    onSkip: (note: SkipNote) => void = () => undefined,
  ): Promise<{ text: string } | undefined> {
    const known = this.texts.get(path);
    if (known !== undefined) return { text: known };
    let bytes: Uint8Array;
    try {
      const info = await this.files.stat(path);
      if (!info) {
        onSkip({ path, reason: 'notRegularFile' });
        return undefined;
      }
      if (info.size > maxBytes) {
        onSkip({ path, reason: 'tooLarge', detail: `${info.size} bytes` });
        return undefined;
      }
      if (this.bytesRead + info.size > this.limits.maxTotalBytes) {
        this.overBytes++;
        return undefined;
      }
      bytes = await this.files.read(path);
    } catch (error) {
      onSkip({ path, reason: 'unreadable', detail: describe(error) });
      return undefined;
    }
    this.bytesRead += bytes.length;
    const text = sourceText(bytes);
    if (text === undefined) {
      onSkip({ path, reason: 'binary' });
      return undefined;
    }
    this.texts.set(path, text);
    return { text };
  }
}

const BINARY_PROBE_BYTES = 8000;

/**
 * A file's text as the editor reads it (workspace/sourceFile.ts's rules without Buffer): a UTF-8
 * BOM dropped, UTF-16 with a BOM transcoded, anything else with a NUL near its start binary.
 */
export function sourceText(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf))
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return undefined;
  // TextDecoder drops a UTF-8 BOM itself.
  return new TextDecoder('utf-8').decode(bytes);
}

function firstLine(text: string): string {
  const end = text.slice(0, 200).search(/[\r\n]/);
  return end === -1 ? text.slice(0, 200) : text.slice(0, end);
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describe(error: unknown): string {
  return error instanceof Error
    ? (error as { code?: string }).code || error.message
    : String(error);
}
