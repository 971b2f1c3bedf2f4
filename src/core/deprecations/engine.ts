import { scanHttpFile } from './httpFile';
import type { LanguageSupport } from './languages';
import { LineIndex } from './lineIndex';
import { DEFAULT_OPERATION_NAMES, operationNameSet, scanOperationCalls } from './operationCalls';
import type { Comment } from './tokens';
import { scanUrls, type RawFinding } from './urlScanner';

export interface Position {
  /** Zero-based. */
  line: number;
  /** Zero-based, in UTF-16 code units. */
  character: number;
}

export interface Finding {
  kind: 'url' | 'operation';
  detail: string;
  start: Position;
  end: Position;
  /** Line where the call or statement starts: the suppression comment goes above it. */
  anchorLine: number;
}

export interface EngineOptions {
  /** Generated clients' names of the operation (default getPet, get_pet, GetPet). */
  operationNames?: readonly string[];
}

const IGNORE_NEXT_LINE = 'petstore-ignore-next-line';
const IGNORE_FILE = 'petstore-ignore-file';

/**
 * Finds the uses of GET /pets/{petId} in one file's text. Shared by the CLI, the language server
 * and the extension; no I/O, no VS Code.
 */
export class DeprecationEngine {
  private readonly names: Set<string>;
  private readonly needles: string[];
  private readonly byteNeedles: Buffer[];

  constructor(options: EngineOptions = {}) {
    const names = options.operationNames?.length ? options.operationNames : DEFAULT_OPERATION_NAMES;
    this.names = operationNameSet(names);
    this.needles = ['pets/', ...names];
    this.byteNeedles = this.needles.map((needle) => Buffer.from(needle));
  }

  /** Cheap test that rules a file out before any lexing: most files never mention the path. */
  mightContain(text: string): boolean {
    return this.needles.some((needle) => text.includes(needle));
  }

  mightContainBytes(bytes: Buffer): boolean {
    return this.byteNeedles.some((needle) => bytes.includes(needle));
  }

  scan(text: string, language: LanguageSupport): Finding[] {
    if (!this.mightContain(text)) return [];
    let raw: RawFinding[];
    let comments: Comment[];
    if (language.family === 'http') {
      ({ findings: raw, comments } = scanHttpFile(text));
    } else {
      const lexed = language.lex!(text);
      comments = lexed.comments;
      if (comments.some((comment) => comment.text.includes(IGNORE_FILE))) return [];
      raw = scanUrls(lexed.tokens, {
        concatenation: language.concatenation,
        adjacentStrings: language.adjacentStrings,
        standaloneStringsAreDocs: language.family === 'python',
        shell: language.family === 'shell',
      });
      if (language.family !== 'shell') {
        raw.push(
          ...scanOperationCalls(lexed.tokens, this.names, {
            names: [...this.names],
            parenlessCalls: language.family === 'ruby',
            typeAnnotatedSignatures: language.family === 'javascript',
          }),
        );
      }
    }
    if (comments.some((comment) => comment.text.includes(IGNORE_FILE))) return [];
    const lines = new LineIndex(text);
    const suppressed = new Set(
      comments
        .filter((comment) => comment.text.includes(IGNORE_NEXT_LINE))
        .map((comment) => lines.position(comment.end).line + 1),
    );
    return withoutOverlaps(raw)
      .map((finding) => ({
        kind: finding.kind,
        detail: finding.detail,
        start: lines.position(finding.start),
        end: lines.position(finding.end),
        anchorLine: lines.position(finding.anchor).line,
      }))
      .filter((finding) => !isSuppressed(finding, suppressed));
  }
}

/** One call is one finding: a finding inside another one's range is dropped. */
function withoutOverlaps(findings: RawFinding[]): RawFinding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: RawFinding[] = [];
  for (const finding of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && finding.start < previous.end) continue;
    kept.push(finding);
  }
  return kept;
}

/** A suppression comment covers a call whose statement starts on the next line, whatever lines it spans. */
function isSuppressed(finding: Finding, suppressedLines: ReadonlySet<number>): boolean {
  for (let line = finding.anchorLine; line <= finding.start.line; line++)
    if (suppressedLines.has(line)) return true;
  return false;
}
