/**
 * The deprecated-getPet finder's entry: source text of one file in, findings (positions, detail,
 * anchor line for suppressions) out. The pipeline, each stage a folder that imports only the ones
 * below it:
 *   lexers/ (text -> tokens, comments, survey) -> recognisers/ (tokens -> candidate calls, asking
 *   judges/ whether each is a GET that is sent) -> this engine (suppressions, positions);
 *   model/ is the vocabulary all stages share. workspace/ (which files) and reports/ (output
 *   formats) sit around the engine for the CLI and the language server.
 */
import { scanHttpFile } from './recognisers/httpFile';
import type { LanguageSupport } from './lexers/languages';
import { withLoneCarriageReturnsAsLineFeeds } from './model/lineEnds';
import { isCompilerOutput } from './model/compiledOutput';
import { LineIndex } from './model/lineIndex';
import {
  DEFAULT_OPERATION_NAMES,
  operationNameSet,
  operationNameVariants,
  scanOperationCalls,
} from './recognisers/operationCalls';
import type { Survey } from './lexers/lexerState';
import type { Confidence } from './model/confidence';
import type { FindingKind } from './model/findingKinds';
import type { Comment, LexResult, Token } from './model/tokens';
import { tokenIndexAt } from './model/tokenWalk';
import {
  definitionStyleOf,
  enclosingDefinition,
  type Definition,
  type DefinitionStyle,
} from './model/definitions';
import { scanSegmentJoins } from './recognisers/segmentJoins';
import { scanCollectionUrls } from './recognisers/collectionUrls';
import { scanCollectionBases } from './recognisers/collectionBases';
import { moveToConstantUses } from './recognisers/constantUses';
import { scanControllerRoutes } from './recognisers/controllerRoutes';
import { mayPrefixRoutes, scanPrefixedRoutes } from './recognisers/prefixedRoutes';
import { PATH_BUILDER_NEEDLES, scanPathBuilders } from './recognisers/pathBuilders';
import { scanUrls, type RawFinding } from './recognisers/urlScanner';

export interface Position {
  /** Zero-based. */
  line: number;
  /** Zero-based, in UTF-16 code units. */
  character: number;
}

/** A function or method, where its name is. */
export interface DefinitionSite {
  name: string;
  /** Its class, interface, struct or module, when it has one. */
  owner?: string;
  /** Other names its callers use (an RTK Query endpoint's hooks). */
  aliases?: string[];
  /** A request's descriptor bound to the name: its uses send it, with this confidence. */
  value?: Confidence;
  /** In JavaScript tsc compiled: TypeScript importers reach the source's function, not this one. */
  compiled?: true;
  line: number;
  character: number;
}

export interface Finding {
  /**
   * `url` and `operation`: the request itself (a URL, a generated client's getPet); `wrapper`: a
   * call of a function that sends it (`via` says through which), found by the cross-file index;
   * `serves`: a route the code registers for the path (a server, a mock): not a call, shown as a
   * hint unless the engine is told to count routes (`countRoutes`); `mock`: a test double's stub
   * or check of a client's call (`when(petClient.getPet(1))`, `mock.EXPECT().GetPet(1)`): not a
   * call, always a hint; `route-test`: a test's request to the project's own app through its test
   * client (`request(app).get('/pets/1')`, MockMvc, a WebApplicationFactory's client): it tests
   * the route, goes with it, and is counted as routes are.
   */
  kind: FindingKind;
  /** How sure the finder is from the evidence in the file (see model/confidence). */
  confidence: Confidence;
  detail: string;
  start: Position;
  end: Position;
  /** Line where the call or statement starts: the suppression comment goes above it. */
  anchorLine: number;
  /** The named function or method the request is in: calls of it reach the request too. */
  within?: DefinitionSite;
  /**
   * A wrapper's call (`kind` wrapper): the way to the request, the wrapper called first, each
   * wrapper it calls in turn, the request last.
   */
  via?: ChainLink[];
}

/** One step of the way from a call to the request: a wrapper's definition, or the request. */
export interface ChainLink {
  /** The wrapper's name, or the request as written (its URL, the operation called). */
  name: string;
  path: string;
  /** Zero-based. */
  line: number;
  character: number;
}

export interface EngineOptions {
  /** Generated clients' names of the operation (default getPet, get_pet, GetPet). */
  operationNames?: readonly string[];
  /** Files larger than this are surveyed first and tokenized only around candidates (default 32 KB). */
  windowedAboveBytes?: number;
  /** Lines of a window tokenized at once (default 2,000): bounds memory on dense files. */
  windowPieceLines?: number;
  /**
   * Count the routes that serve GET /pets/{id} (a mock server, the API itself) as calls: they keep
   * the finder's confidence instead of being hints (`possible`).
   */
  countRoutes?: boolean;
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
  /** The needles' bytes, made on the first byte prefilter (a browser has no Buffer). */
  private byteNeedles: Buffer[] | undefined;
  private readonly windowedAboveBytes: number;
  private readonly windowPieceLines: number;
  private readonly countRoutes: boolean;
  private readonly shortestName: number;
  private readonly longestName: number;

  constructor(options: EngineOptions = {}) {
    this.windowedAboveBytes = options.windowedAboveBytes ?? WINDOWED_ABOVE_BYTES;
    this.windowPieceLines = Math.max(1, options.windowPieceLines ?? WINDOW_PIECE_LINES);
    this.countRoutes = options.countRoutes ?? false;
    const names = options.operationNames?.length ? options.operationNames : DEFAULT_OPERATION_NAMES;
    this.names = operationNameSet(names);
    const lengths = [...this.names].map((name) => name.length);
    this.shortestName = Math.min(...lengths);
    this.longestName = Math.max(...lengths);
    // Every name the recogniser knows holds one of its bases' case variants: those are the needles.
    this.needles = [...new Set(names.flatMap(operationNameVariants))];
  }

  /**
   * Cheap test that rules a file out before any lexing: most files never mention the path. "pets"
   * must be a whole segment: not inside a word ("snippets/", "carpets'"), and followed by "/" or
   * a quote, or "/pets" end its line (a shell's `URL_PATH=/pets`, kept for later use).
   */
  mightContain(text: string): boolean {
    for (const word of PETS_TEXT_WORDS)
      for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 4)) {
        const after = text.charCodeAt(at + 4);
        const before = text.charCodeAt(at - 1);
        if (PATH_FOLLOWERS.has(after) && !isWordCode(before)) return true;
        if (before === SLASH && (after === LINE_FEED || after === RETURN || at + 4 === text.length))
          return true;
        // The path builders' and PetsController's needles hold "pets" or "Pets": read here, at
        // each occurrence, rather than in passes of their own over the whole text.
        if (word === 'pets' ? lowerBuildsPath(before, after) : before === DOT) return true;
        if (word === 'pets' && after === DOT && text.startsWith('retrieve', at + 5)) return true;
        if (word === 'Pets' && text.startsWith('Controller', at + 4)) return true;
      }
    return this.needles.some((needle) => text.includes(needle));
  }

  /** The plain strings behind the prefilter ("pets" and the operation names), for a quick grep. */
  prefilterNeedles(): string[] {
    return ['pets', 'Pets', ...this.needles];
  }

  /**
   * Regular expressions (ripgrep's syntax) every candidate matches, the same test as mightContain:
   * what a text search looks for to list the files worth reading.
   */
  prefilterPatterns(): string[] {
    return [
      '(?:^|[^A-Za-z0-9_])[pP]ets[/\'"`]',
      '/[pP]ets\\r?$',
      '\\.pets[.(]|\\.Pets|\\.pets\\r?$|pets\\.retrieve|PetsController',
      ...this.needles,
    ];
  }

  /** The same test on raw bytes: one pass for "pets", one per operation name. */
  mightContainBytes(bytes: Buffer): boolean {
    const { petsWords, retrieve, controller } = (byteWords ??= {
      petsWords: PETS_TEXT_WORDS.map((word) => Buffer.from(word)),
      retrieve: Buffer.from('retrieve'),
      controller: Buffer.from('Controller'),
    });
    for (let w = 0; w < petsWords.length; w++) {
      const word = petsWords[w]!;
      const lower = w === 0;
      for (let at = bytes.indexOf(word); at !== -1; at = bytes.indexOf(word, at + 4)) {
        const after = bytes[at + 4];
        const before = bytes[at - 1];
        if (PATH_FOLLOWERS.has(after!) && !isWordCode(before ?? Number.NaN)) return true;
        if (before === SLASH && (after === LINE_FEED || after === RETURN || after === undefined))
          return true;
        // As mightContain: the path builders' and PetsController's needles, at each occurrence.
        if (lower ? lowerBuildsPath(before, after) : before === DOT) return true;
        if (lower && after === DOT && startsWithBytes(bytes, retrieve, at + 5)) return true;
        if (!lower && startsWithBytes(bytes, controller, at + 4)) return true;
      }
    }
    this.byteNeedles ??= this.needles.map((needle) => Buffer.from(needle));
    return this.byteNeedles.some((needle) => bytes.includes(needle));
  }

  /**
   * Lexes code and finds URL uses and operation calls. A large file is surveyed first (comments,
   * line breaks and candidates only) and tokenized just around its candidates.
   */
  private scanCode(
    text: string,
    language: LanguageSupport,
  ): { findings: RawFinding[]; comments: Comment[] } | undefined {
    const lex = language.lex!;
    // Every name the operation recogniser knows contains one of the needles (a suffix is added to
    // a name, never taken off): a file without any needle cannot call the operation.
    const mayCallOperation = this.needles.some((needle) => text.includes(needle));
    const mayBuildPaths = PATH_BUILDER_NEEDLES.some((needle) => text.includes(needle));
    const mayPrefix = mayPrefixRoutes(text);
    const scanTokens = ({ tokens, strings }: LexResult): RawFinding[] => {
      const urlOptions = {
        concatenation: language.concatenation,
        adjacentStrings: language.adjacentStrings,
        standaloneStringsAreDocs: language.family === 'python',
        shell: language.family === 'shell',
      };
      const found = scanUrls(tokens, strings, urlOptions);
      appendAll(found, scanCollectionUrls(tokens, strings, urlOptions));
      if (language.family !== 'shell')
        appendAll(found, scanCollectionBases(tokens, strings, urlOptions));
      if (language.family !== 'shell') {
        // Appended one by one: spreading a dense file's findings would overflow the stack.
        appendAll(found, scanSegmentJoins(tokens, strings));
        appendAll(found, scanControllerRoutes(tokens));
        if (mayPrefix) appendAll(found, scanPrefixedRoutes(tokens));
        if (mayBuildPaths) appendAll(found, scanPathBuilders(tokens));
        if (mayCallOperation)
          appendAll(
            found,
            scanOperationCalls(tokens, this.names, {
              parenlessCalls: language.family === 'ruby',
              typeAnnotatedSignatures: language.family === 'javascript',
              resultTypeAfterParameters: language.family === 'go',
            }),
          );
      }
      const style = definitionStyleOf(language.family);
      if (!style) return found;
      for (const finding of found) markDefinition(finding, tokens, style);
      return moveToConstantUses(tokens, found, language.family);
    };
    if (text.length <= this.windowedAboveBytes) {
      const lexed = lex(text);
      if (lexed.comments.some((comment) => comment.text.includes(IGNORE_FILE))) return undefined;
      return { findings: scanTokens(lexed), comments: lexed.comments };
    }
    const survey: Survey = {
      names: this.names,
      shortestName: this.shortestName,
      longestName: this.longestName,
      lineBreaks: [],
      candidates: [],
    };
    const { comments } = lex(text, { survey });
    if (comments.some((comment) => comment.text.includes(IGNORE_FILE))) return undefined;
    const findings: RawFinding[] = [];
    for (const window of windowsAround(survey.candidates, survey.lineBreaks, text.length)) {
      // A window where every line is a candidate can span the whole file: it is tokenized a piece
      // at a time (with its context), so memory stays bounded by the piece, not the file.
      for (const piece of piecesOf(window, survey.lineBreaks, this.windowPieceLines)) {
        for (const finding of scanTokens(lex(text, piece.lexed)))
          if (finding.start >= piece.start && finding.start < piece.end) findings.push(finding);
      }
    }
    return { findings, comments };
  }

  scan(source: string, language: LanguageSupport): Finding[] {
    if (!this.mightContain(source)) return [];
    const text = withLoneCarriageReturnsAsLineFeeds(source);
    let raw: RawFinding[];
    let comments: Comment[];
    if (language.family === 'http') {
      ({ findings: raw, comments } = scanHttpFile(text));
    } else {
      const scanned = this.scanCode(text, language);
      if (!scanned) return [];
      ({ findings: raw, comments } = scanned);
    }
    if (ignoresFile(comments)) return [];
    // Nothing found: no line index or suppression set to build.
    if (raw.length === 0) return [];
    const lines = new LineIndex(text);
    const suppressed = suppressedLines(comments, lines);
    const compiled = language.family === 'javascript' && isCompilerOutput(text);
    return withoutOverlaps(raw)
      .map((finding): Finding => {
        const mapped: Finding = {
          kind: finding.kind,
          // A route is a hint unless routes are counted as calls.
          confidence:
            (finding.kind === 'serves' || finding.kind === 'route-test') && !this.countRoutes
              ? 'possible'
              : finding.confidence,
          detail: finding.detail,
          start: lines.position(finding.start),
          end: lines.position(finding.end),
          anchorLine: lines.position(finding.anchor).line,
        };
        const within = finding.within;
        if (within) {
          const at = lines.position(within.start);
          mapped.within = siteOf(within, at);
          if (compiled) mapped.within.compiled = true;
        }
        return mapped;
      })
      .filter((finding) => !isSuppressed(finding, suppressed));
  }
}

/**
 * The path builders' needles around a "pets" (PATH_BUILDER_NEEDLES: `.pets.`, `.pets(`, `.pets`
 * at a line's end; `.Pets` and `pets.retrieve` are read beside it): a dot before, one of these after.
 */
function lowerBuildsPath(before: number | undefined, after: number | undefined): boolean {
  return (
    before === DOT &&
    (after === DOT || after === OPEN_PAREN || after === LINE_FEED || after === RETURN)
  );
}
const DOT = 46;
const OPEN_PAREN = 40;

/** Whether `bytes` holds `prefix` at `at`. */
function startsWithBytes(bytes: Buffer, prefix: Buffer, at: number): boolean {
  return (
    at + prefix.length <= bytes.length &&
    bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0
  );
}

/** "pets" and "Pets" (ASP.NET's `api/Pets/{id}`): the words a path starts the prefilter with. */
const PETS_TEXT_WORDS = ['pets', 'Pets'];
/**
 * The byte prefilter's words, made on its first use: the module loads where there is no Buffer
 * (the browser's finder reads text, never bytes).
 */
let byteWords: { petsWords: Buffer[]; retrieve: Buffer; controller: Buffer } | undefined;

/** A definition where the report shows it: its name, owner and aliases, line and column. */
export function siteOf(
  definition: Definition,
  at: { line: number; character: number },
): DefinitionSite {
  const site: DefinitionSite = { name: definition.name, ...at };
  if (definition.owner) site.owner = definition.owner;
  if (definition.aliases) site.aliases = definition.aliases;
  if (definition.value) site.value = definition.value;
  return site;
}

/** Sets the finding's `within`: the definition around its first token. */
function markDefinition(finding: RawFinding, tokens: readonly Token[], style: DefinitionStyle) {
  const within = tokens.length
    ? enclosingDefinition(tokens, tokenIndexAt(tokens, finding.start), style)
    : undefined;
  if (within) finding.within = within;
}

/** A letter, digit or underscore (ASCII): "pets" after one is the end of another word. */
function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  );
}
/** After "pets": "/" in a URL string; a quote ends the segment 'pets' joined to others. */
const PATH_FOLLOWERS = new Set([47, 39, 34, 96]);
const SLASH = 47;
const LINE_FEED = 10;
const RETURN = 13;

/** Files larger than this are surveyed first and tokenized only around possible uses. */
const WINDOWED_ABOVE_BYTES = 32 * 1024;
/** Lines of context tokenized on each side of a possible use (a statement rarely spans more). */
const WINDOW_LINES = 40;

/** Start and end offsets of the windows around candidates, merged where they overlap. */
function windowsAround(
  candidates: readonly number[],
  lineBreaks: readonly number[],
  length: number,
): [number, number][] {
  const windows: [number, number][] = [];
  for (const candidate of [...candidates].sort((a, b) => a - b)) {
    const line = lineIndexBefore(lineBreaks, candidate);
    const startBreak = line - WINDOW_LINES;
    const start = startBreak < 0 ? 0 : lineBreaks[startBreak]! + 1;
    const endBreak = line + 1 + WINDOW_LINES;
    const end = endBreak >= lineBreaks.length ? length : lineBreaks[endBreak]!;
    const previous = windows[windows.length - 1];
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else windows.push([start, end]);
  }
  return windows;
}

/** Lines of a window tokenized at once. */
const WINDOW_PIECE_LINES = 2000;

interface WindowPiece {
  /** Findings that start here belong to this piece. */
  start: number;
  end: number;
  /** What is tokenized: the piece with up to WINDOW_LINES of context each side, within the window. */
  lexed: { start: number; end: number };
}

/**
 * A window cut into pieces of at most `pieceLines` lines (lines as the survey counts them, so
 * every cut is outside strings and comments), each tokenized with its context.
 */
function piecesOf(
  [start, end]: [number, number],
  lineBreaks: readonly number[],
  pieceLines: number,
): WindowPiece[] {
  const first = lineIndexBefore(lineBreaks, start) + 1;
  const last = lineIndexBefore(lineBreaks, end) + 1;
  const lineStart = (line: number) => (line <= first ? start : lineBreaks[line - 1]! + 1);
  const lineEnd = (line: number) => (line >= last ? end : lineBreaks[line]!);
  const pieces: WindowPiece[] = [];
  for (let line = first; line <= last; line += pieceLines) {
    const next = line + pieceLines; // first line of the next piece
    pieces.push({
      start: lineStart(line),
      end: next > last ? end : lineStart(next),
      lexed: { start: lineStart(line - WINDOW_LINES), end: lineEnd(next - 1 + WINDOW_LINES) },
    });
  }
  return pieces;
}

function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** Index of the last line break before `offset` (-1 when there is none). */
function lineIndexBefore(lineBreaks: readonly number[], offset: number): number {
  let low = 0;
  let high = lineBreaks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (lineBreaks[middle]! < offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * One call is one finding: a finding inside another one's range is dropped, and so is a second
 * finding of the same call (api.getPet(`/pets/${id}`), r.Get("/pets/{id}", h.getPet)).
 */
function withoutOverlaps(findings: RawFinding[]): RawFinding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: RawFinding[] = [];
  const calls = new Set<number>();
  for (const finding of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && finding.start < previous.end) continue;
    if (calls.has(finding.anchor)) continue;
    calls.add(finding.anchor);
    kept.push(finding);
  }
  return kept;
}

/** The file says `petstore-ignore-file` in a comment. */
export function ignoresFile(comments: readonly Comment[]): boolean {
  return comments.some((comment) => comment.text.includes(IGNORE_FILE));
}

/** Lines (zero-based) that a `petstore-ignore-next-line` comment silences. */
export function suppressedLines(comments: readonly Comment[], lines: LineIndex): Set<number> {
  return new Set(
    comments
      .filter((comment) => comment.text.includes(IGNORE_NEXT_LINE))
      .map((comment) => lines.position(comment.end).line + 1),
  );
}

/** A suppression comment covers a call whose statement starts on the next line, whatever lines it spans. */
export function isSuppressed(finding: Finding, suppressedLines: ReadonlySet<number>): boolean {
  for (let line = finding.anchorLine; line <= finding.start.line; line++)
    if (suppressedLines.has(line)) return true;
  return false;
}
