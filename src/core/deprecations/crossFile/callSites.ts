/**
 * The calls of indexed wrappers in one file's text. A call counts with the wrapper's confidence when
 * something in the file says it reaches that wrapper: the same file, an import naming it, its class
 * or its module, or a receiver named like its class (`petService.getPetInfo`) or module
 * (`pets.FetchPet`). A call of the name without such evidence is only `possible`, and a generic name
 * (`get`, `fetch`) never counts on its name alone.
 */
import { basename, dirname, join, normalize } from 'node:path';
import {
  ignoresFile,
  isSuppressed,
  siteOf,
  suppressedLines,
  type Finding,
  type Position,
} from '../engine';
import type { LanguageSupport } from '../lexers/languages';
import { meetsConfidence, type Confidence } from '../model/confidence';
import { definitionStyleOf, enclosingDefinition } from '../model/definitions';
import { LineIndex } from '../model/lineIndex';
import { literalText, tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  matchingCloser,
  matchingOpener,
  nextSignificant,
  previousSignificant,
  tokenIndexAt,
} from '../model/tokenWalk';
import { argumentRange, isInsideAny, nameUses } from '../recognisers/operationCalls';
import { doublesOf, isStubbedUse, plainName as doubleName, type Doubles } from '../judges/stubs';
import { forwardsParameter } from './forwarding';
import { isGeneratedSource } from './generatedSource';
import { isCompilerOutput, isTypeScriptPath } from '../model/compiledOutput';
import { isGenericName, moduleNamesOf, type WrapperEntry, type WrapperIndex } from './wrapperIndex';

export interface SourceText {
  path: string;
  text: string;
  language: LanguageSupport;
}

/**
 * A call of a wrapper. `plumbing`: a generated client calling its own layers (in its own folder); its
 * function is followed like any wrapper, the call is not reported.
 */
export type WrapperCall = Finding & { plumbing?: true };

/**
 * Findings for the calls in `file` of the index's entries named in `names`, leaving out calls inside
 * a finding of `covered` (the request itself, a call found before).
 */
export function wrapperCalls(
  file: SourceText,
  index: WrapperIndex,
  names: ReadonlySet<string>,
  covered: readonly Finding[],
): WrapperCall[] {
  const { path, text, language } = file;
  const style = definitionStyleOf(language.family);
  if (!style || !language.lex) return [];
  const present = namesIn(text, names);
  if (present.size === 0) return [];
  const { tokens, comments } = language.lex(text);
  if (ignoresFile(comments)) return [];
  const { calls, definedHere } = nameUses(tokens, present, {
    parenlessCalls: language.family === 'ruby',
    typeAnnotatedSignatures: language.family === 'javascript',
    resultTypeAfterParameters: language.family === 'go',
  });
  if (calls.length === 0) return [];
  const lines = new LineIndex(text);
  const suppressed = suppressedLines(comments, lines);
  const evidence = new FileEvidence(tokens);
  const generated = isGeneratedSource(comments);
  const compiled = language.family === 'javascript' && isCompilerOutput(text);
  let doubles: Doubles | undefined;
  const findings: WrapperCall[] = [];
  /** Argument lists of the calls found and of the file's findings: a call inside one is that call. */
  const argumentLists: [number, number][] = [];
  /** The name tokens of those calls: a call on the result of one (`.send()`) is that call. */
  const callTokens = new Set<number>();
  for (const finding of covered) {
    const index = tokenIndexAt(tokens, lines.offset(finding.start));
    if (tokens[index]?.kind !== 'ident') continue;
    argumentLists.push(argumentRange(tokens, index));
    callTokens.add(index);
  }
  const coveredAt = coverage(covered);
  for (const { index: at, member, called } of calls) {
    const token = tokens[at]!;
    // A builder made inside the call that sends it (`PetsIdGetExecute(PetsIdGet(ctx, 1))`), or
    // sent on the builder's result (`PetsIdGet(ctx, 1).Execute()`): one call.
    if (
      isInsideAny(token.start, argumentLists) ||
      chainHolds(tokens, at, callTokens) ||
      sentOn(tokens, at, callTokens)
    )
      continue;
    const name = literalText(token) ?? token.text;
    const entries = index
      .entriesNamed(name)
      .filter((entry) => sameRuntime(entry.family, language.family));
    const reached = reachedEntry(entries, {
      evidence,
      tokens,
      at,
      member,
      definedHere: definedHere.has(name),
      path,
    });
    if (!reached) continue;
    // A reference in the wrapper's own file is plumbing (a generated SDK wrapping its methods,
    // `decorator = p.DecorateCash`); handed on elsewhere (ids.map(api.getPet)) it is a use. An
    // import of it (`use client::fetch_pet;`) is neither.
    if (!called && (reached.entry.path === path || inImportStatement(tokens, at))) continue;
    const start = lines.position(token.start);
    // A call found before through a weaker chain is found again, surer, through this one.
    if (
      coveredAt(start).some(
        (finding) => isInside(start, finding) && !isWeakerCall(finding, start, reached.confidence),
      )
    )
      continue;
    const finding: WrapperCall = {
      kind: 'wrapper',
      confidence: reached.confidence,
      detail: name,
      start,
      end: lines.position(tokenEnd(token)),
      anchorLine: lines.position(tokens[chainStart(tokens, at)]!.start).line,
      via: reached.entry.chain,
    };
    if (isSuppressed(finding, suppressed)) continue;
    // A test double's stub or check (when(petClient.getPetById(1)).thenReturn(…)): a hint apart,
    // whose function is no wrapper.
    if (isStubbedUse(tokens, at, called)) {
      finding.kind = 'mock';
      finding.confidence = 'possible';
      findings.push(finding);
      continue;
    }
    // A call that reaches the request only through a type or module the file replaces with a
    // double (`@Mock PetClient petClient`, jest.mock('./petClient')) reaches the double.
    doubles ??= doublesOf(tokens);
    if (reachesDouble(reached.entry, index, doubles)) continue;
    // The function around the call is a wrapper in turn (its callers are followed) only when it
    // hands the call one of its parameters: the pet is chosen by its callers.
    const within = enclosingDefinition(tokens, at, style);
    if (within && forwardsParameter(tokens, within.start, at)) {
      finding.within = siteOf(within, lines.position(within.start));
      if (compiled) finding.within.compiled = true;
    }
    // A generated client's layers calling each other, in its file or the files beside it.
    if (generated && !reached.entry.descriptor && dirname(reached.entry.path) === dirname(path))
      finding.plumbing = true;
    if (called) argumentLists.push(argumentRange(tokens, at));
    callTokens.add(at);
    findings.push(finding);
  }
  return findings;
}

/**
 * Whether a wrapper on the way from `entry` to the request is replaced by one of the test file's
 * doubles: its class (`@Mock PetClient`), its file's module (`jest.mock('./petClient')`), or the
 * function itself on either (`patch.object(views.client, "fetch_pet")`).
 */
function reachesDouble(entry: WrapperEntry, index: WrapperIndex, doubles: Doubles): boolean {
  if (doubles.containers.size === 0 && doubles.members.size === 0) return false;
  // The chain's last link is the request; each link before it is a wrapper's definition.
  for (const link of entry.chain.slice(0, -1)) {
    const wrapper = index
      .entriesNamed(link.name)
      .find((candidate) => candidate.path === link.path && candidate.chain[0]!.line === link.line);
    const containers = moduleNamesOf(link.path, wrapper?.family ?? entry.family).map(doubleName);
    if (wrapper?.owner) containers.push(doubleName(wrapper.owner));
    const member = doubleName(link.name);
    for (const container of containers)
      if (doubles.containers.has(container) || doubles.members.has(`${container}.${member}`))
        return true;
  }
  return false;
}

/** Whether the chain before the name at `at` holds one of `calls` (`a.PetsIdGet(ctx, 1).Execute`). */
function chainHolds(tokens: readonly Token[], at: number, calls: ReadonlySet<number>): boolean {
  if (calls.size === 0) return false;
  for (let i = chainStart(tokens, at); i < at; i++) if (calls.has(i)) return true;
  return false;
}

/** Whether a call after the one at `at`, on its result, is one of `calls` (`PetsIdGet(ctx, 1).Execute()`). */
function sentOn(tokens: readonly Token[], at: number, calls: ReadonlySet<number>): boolean {
  if (calls.size === 0) return false;
  let end = at;
  for (let links = 0; links < 8; links++) {
    const open = nextSignificant(tokens, end + 1);
    if (open >= 0 && tokens[open]!.text === '(') end = matchingCloser(tokens, open, 4000);
    const dot = nextSignificant(tokens, end + 1);
    if (dot < 0 || (tokens[dot]!.text !== '.' && tokens[dot]!.text !== '?.')) return false;
    end = nextSignificant(tokens, dot + 1);
    if (end < 0 || tokens[end]!.kind !== 'ident') return false;
    if (calls.has(end)) return true;
  }
  return false;
}

/** Names looked for one by one at most; past that, the text's words are listed once. */
const NAMES_SEARCHED_ONE_BY_ONE = 16;
const WORD = /[\p{L}\p{N}_$]+/gu;
const IS_WORD = /^[\p{L}\p{N}_$]+$/u;

/**
 * The names that occur in `text`. A large index asks about thousands of names: searched one by one
 * through a large file (a minified bundle defines as many functions as it has bytes to spare) that
 * was quadratic; the file's words are listed once instead.
 */
function namesIn(text: string, names: ReadonlySet<string>): Set<string> {
  if (names.size <= NAMES_SEARCHED_ONE_BY_ONE)
    return new Set([...names].filter((name) => text.includes(name)));
  const present = new Set<string>();
  for (const match of text.matchAll(WORD)) if (names.has(match[0])) present.add(match[0]);
  for (const name of names) if (!IS_WORD.test(name) && text.includes(name)) present.add(name);
  return present;
}

/**
 * The findings of `covered` that span a position, asked in increasing positions (the calls in
 * token order): a sweep over the findings sorted by start, keeping only those still open, instead
 * of every finding for every call (quadratic on a one-line bundle with a request per function).
 */
function coverage(covered: readonly Finding[]): (position: Position) => readonly Finding[] {
  const byStart = [...covered].sort((a, b) => comparePositions(a.start, b.start));
  let next = 0;
  let open: Finding[] = [];
  let last: Position | undefined;
  return (position) => {
    // Out of order (never expected): start the sweep again rather than miss a finding.
    if (last && comparePositions(position, last) < 0) {
      next = 0;
      open = [];
    }
    last = position;
    while (next < byStart.length && comparePositions(byStart[next]!.start, position) <= 0)
      open.push(byStart[next++]!);
    open = open.filter((finding) => comparePositions(finding.end, position) > 0);
    return open;
  };
}

function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** Languages whose functions call each other: one family, or Java and Kotlin on the JVM. */
function sameRuntime(a: string, b: string): boolean {
  return a === b || (JVM.has(a) && JVM.has(b));
}
const JVM = new Set(['java', 'kotlin']);

/** `finding` is a wrapper call at `start`, less sure than `confidence`: a later chain replaces it. */
export function isWeakerCall(finding: Finding, start: Position, confidence: Confidence): boolean {
  return (
    finding.kind === 'wrapper' &&
    finding.start.line === start.line &&
    finding.start.character === start.character &&
    finding.confidence !== confidence &&
    meetsConfidence(confidence, finding.confidence)
  );
}

/** Whether `position` is within `finding`'s range (its start included). */
function isInside(position: Position, finding: Finding): boolean {
  const { start, end } = finding;
  const afterStart =
    position.line > start.line ||
    (position.line === start.line && position.character >= start.character);
  const beforeEnd =
    position.line < end.line || (position.line === end.line && position.character < end.character);
  return afterStart && beforeEnd;
}

interface CallSite {
  evidence: FileEvidence;
  tokens: readonly Token[];
  at: number;
  member: boolean;
  /** The file declares a function of that name itself: a plain call reaches that one. */
  definedHere: boolean;
  path: string;
}

/**
 * The entry a call reaches and how sure that is: the first entry with evidence (nearest the
 * request first), else `possible` through the nearest one, unless the name is generic.
 */
function reachedEntry(
  entries: readonly WrapperEntry[],
  site: CallSite,
): { entry: WrapperEntry; confidence: Confidence } | undefined {
  // A TypeScript file imports the source tsc compiled a JavaScript file from, never the output.
  if (isTypeScriptPath(site.path)) entries = entries.filter((entry) => !entry.compiled);
  if (entries.length === 0) return undefined;
  const ordered = [...entries].sort((a, b) => a.depth - b.depth);
  const local = ordered.filter((entry) => entry.path === site.path);
  // The file's own function of that name: a plain call reaches it, not another file's.
  if (site.definedHere && !site.member) {
    const own = local[0];
    return own ? { entry: own, confidence: own.confidence } : undefined;
  }
  // The same file: a plain call, or one on the object itself (this.get, self.fetch_pet).
  const receiver = site.member ? receiverName(site.tokens, site.at) : undefined;
  if (!site.member || (receiver !== undefined && SELF_RECEIVERS.has(receiver)))
    for (const entry of local) return { entry, confidence: entry.confidence };
  // Go: a plain call reaches the functions of its own package, the files of its folder.
  if (!site.member)
    for (const entry of ordered)
      if (entry.family === 'go' && dirname(entry.path) === dirname(site.path))
        return { entry, confidence: entry.confidence };
  // A member call where the file has its own method of that name: only its receiver can tell.
  // An import that names one entry outweighs a receiver named like another's class.
  if (!site.definedHere)
    for (const entry of ordered)
      if (site.evidence.importsEntry(entry, site.path))
        return { entry, confidence: entry.confidence };
  for (const entry of ordered)
    if (site.evidence.reaches(entry, site)) return { entry, confidence: entry.confidence };
  const nearest = ordered[0]!;
  // Without evidence, a file's own method of that name is the likelier target (p.GetById in a
  // file that defines GetById); a generic name is too common to mean anything.
  if (site.definedHere || isGenericName(nearest.name)) return undefined;
  // A function or a receiver the file imports from another module (`getPet` or `DetailService`
  // from './service') is that module's: not a wrapper of this name elsewhere.
  const bound = site.member ? receiver : nearest.name;
  if (bound !== undefined && site.evidence.importsFromElsewhere(bound, nearest, site.path))
    return undefined;
  return { entry: nearest, confidence: 'possible' };
}

/**
 * Receivers that are the object itself, or its class: Ruby's bare `new.get(…)` in a class method
 * makes an instance of its own class.
 */
const SELF_RECEIVERS = new Set(['this', 'self', '$this', 'cls', 'Self', 'me', 'Me', 'new']);

/** Words that start a line importing another module. */
const IMPORT_STARTS = new Set([
  'import',
  'from',
  'use',
  'using',
  'require',
  'require_once',
  'include',
]);

/** What one file says about the modules and types it uses: its imports and its identifiers. */
class FileEvidence {
  /** The file's import statements: their lower-cased identifiers and module names, their paths. */
  private readonly imports: ImportStatement[] = [];

  constructor(tokens: readonly Token[]) {
    let statement: ImportStatement | undefined;
    /** Brackets open in an import: Go's `import (…)` block, `import {\n a,\n b\n} from …`. */
    let depth = 0;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.kind === 'newline') {
        if (depth === 0) statement = undefined;
        continue;
      }
      if (statement && token.kind === 'punct') {
        if (token.text === '*') statement.wildcard = true;
        if (token.text === '(' || token.text === '{') depth++;
        else if ((token.text === ')' || token.text === '}') && depth > 0) depth--;
        continue;
      }
      const lineStart = i === 0 || tokens[i - 1]!.kind === 'newline';
      if (token.kind === 'ident') {
        if (
          !statement &&
          ((lineStart && IMPORT_STARTS.has(token.text)) || token.text === 'require')
        )
          this.imports.push((statement = { names: new Set(), paths: [], segments: [] }));
        if (statement) {
          statement.names.add(token.text.toLowerCase());
          if (!IMPORT_STARTS.has(token.text) && token.text !== 'static')
            statement.segments.push(token.text.toLowerCase());
        }
      } else if (statement && token.kind === 'string') {
        const module = literalText(token);
        if (module) {
          statement.names.add(moduleName(module));
          statement.paths.push(module);
        }
      }
    }
  }

  /** Whether `name` is bound by an import whose every path names another file than `entry`'s. */
  importsFromElsewhere(name: string, entry: WrapperEntry, path: string): boolean {
    const lower = name.toLowerCase();
    return this.imports.some(
      ({ names, paths }) =>
        names.has(lower) &&
        paths.length > 0 &&
        paths.every((specifier) => namesAnotherFile(specifier, entry, path)),
    );
  }

  /** Whether the member call of `entry`'s name at `at` is shown to reach it by its receiver. */
  reaches(entry: WrapperEntry, site: CallSite): boolean {
    const { tokens, at, member } = site;
    const owner = entry.owner ? plainName(entry.owner) : undefined;
    if (!member) return false;
    // Java and Kotlin see another package's class only through an import: a receiver named or
    // typed like a class of another package, not imported, is another class of that name.
    if (JVM.has(entry.family) && !this.seesJvmClass(entry, site.path)) return false;
    // Go names a type by its package: in another package, `Processor` is another type, and only
    // `pet.Processor` is the wrapper's.
    const qualifier =
      entry.family !== 'go'
        ? undefined
        : dirname(entry.path) !== dirname(site.path)
          ? entry.modules[0]
          : null;
    // A receiver named like its class or module: petService.getPetInfo, pets.FetchPet.
    const receiver = receiverName(tokens, at);
    if (receiver !== undefined) {
      const plain = plainName(receiver);
      if (owner && !qualifier && plain.length >= 3 && (owner === plain || owner.endsWith(plain)))
        return true;
      if (entry.modules.includes(receiver.toLowerCase())) return true;
      // Named for the module and the type: petProcessor for pet.Processor.
      if (owner && entry.modules.some((module) => plain === module + owner)) return true;
    }
    // The receiver is declared or made as the class: `PetApi api`, `api: PetApi`, `new PetApi(…)`.
    return (
      owner !== undefined &&
      receiver !== undefined &&
      this.typedAs(tokens, receiver, owner, qualifier)
    );
  }

  /**
   * An import names the function, its class or its module, from a path that can be the wrapper's
   * file: `import { getPetById } from '@/backend/services/pets'` is another module's function
   * than `src/api/pets.ts`'s.
   */
  importsEntry(entry: WrapperEntry, path: string): boolean {
    if (JVM.has(entry.family))
      return this.imports.some((statement) => jvmImportReaches(statement, entry));
    const name = entry.name.toLowerCase();
    const owner = entry.owner?.toLowerCase();
    return this.imports.some(
      ({ names, paths }) =>
        (names.has(name) ||
          (owner !== undefined && names.has(owner)) ||
          entry.modules.some((module) => names.has(module))) &&
        !paths.some((specifier) => namesAnotherFile(specifier, entry, path)),
    );
  }

  /**
   * Whether a Java or Kotlin file sees the entry's class: the same package (the same folder, or
   * the same last two folders: `src/test/java/a/b` and `src/main/java/a/b`), or an import of the
   * class, or of its package's classes (`import a.b.*`).
   */
  private seesJvmClass(entry: WrapperEntry, path: string): boolean {
    if (samePackageFolder(entry.path, path)) return true;
    const folders = dirname(entry.path).toLowerCase().split(/[/\\]/);
    return this.imports.some(
      (statement) =>
        jvmImportReaches(statement, entry) ||
        (statement.wildcard === true &&
          statement.segments.length > 0 &&
          statement.segments.every(
            (segment, i) => folders.at(i - statement.segments.length) === segment,
          )),
    );
  }

  private readonly typed = new Map<string, boolean>();

  private typedAs(
    tokens: readonly Token[],
    receiver: string,
    owner: string,
    qualifier: string | null | undefined,
  ): boolean {
    const key = `${receiver}\0${owner}\0${String(qualifier)}`;
    let answer = this.typed.get(key);
    if (answer === undefined)
      this.typed.set(key, (answer = isTypedAs(tokens, receiver, owner, qualifier)));
    return answer;
  }
}

/** Tokens after a binding looked at for its type or constructor: `api = new PetApi(`. */
const BINDING_REACH = 6;

/**
 * Whether the file declares `receiver` with the type `owner` (plain names): `PetApi api`,
 * `private readonly PetService _petService`, `api: PetApi`, `val api: PetApi`, `api = new
 * PetApi(…)`, `client = PetClient()`, `IPetApi PetApi { get; set; }`.
 */
function isTypedAs(
  tokens: readonly Token[],
  receiver: string,
  owner: string,
  qualifier?: string | null,
): boolean {
  const isOwnerAt = (index: number) => {
    const token = tokens[index];
    if (token === undefined || token.kind !== 'ident' || plainName(token.text) !== owner)
      return false;
    // Go: `pet.Processor` when the type must be named with its package (another package's
    // wrapper), a plain `Processor` in its own package (`x.Processor` is another type).
    if (qualifier === undefined) return true;
    const qualified = tokens[index - 1]?.text === '.';
    if (qualifier === null) return !qualified;
    return qualified && tokens[index - 2]?.text.toLowerCase() === qualifier;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.kind !== 'ident' || tokens[i]!.text !== receiver) continue;
    if (isOwnerAt(i - 1)) return true;
    const next = tokens[i + 1]?.text;
    // Go's `name Type`, `name *pkg.Type` (a field, a parameter, a var).
    if (next === '*' || tokens[i + 1]?.kind === 'ident')
      for (let j = i + 1; j < Math.min(tokens.length, i + 1 + BINDING_REACH); j++) {
        const text = tokens[j]!.text;
        if (tokens[j]!.kind === 'newline' || [',', ';', '=', '(', ')', '{'].includes(text)) break;
        if (isOwnerAt(j)) return true;
      }
    if (next === ':' || next === '=' || next === ':=' || next === '?:')
      for (let j = i + 2; j < Math.min(tokens.length, i + 2 + BINDING_REACH); j++) {
        if (tokens[j]!.kind === 'newline' || tokens[j]!.text === ';') break;
        if (isOwnerAt(j)) return true;
      }
  }
  return false;
}

/** `this.petService.getPetInfo` -> `petService`; `pets.FetchPet` -> `pets`. */
function receiverName(tokens: readonly Token[], at: number): string | undefined {
  let before = at - 1;
  while (before >= 0 && tokens[before]!.kind === 'newline') before--;
  if (before < 1) return undefined;
  let receiver = before - 1;
  // An object made in the chain stands for its class: `PetClient.new.fetch_pet` (Ruby),
  // `PetClient().fetch_pet(…)`, `new PetApi(…).getPet(…)`.
  if (tokens[receiver]!.text === 'new' && tokens[receiver - 1]?.text === '.') receiver -= 2;
  else if (tokens[receiver]!.text === ')') {
    const open = matchingOpener(tokens, receiver);
    receiver = open < 1 ? -1 : previousSignificant(tokens, open - 1);
  }
  const token = tokens[receiver];
  return token?.kind === 'ident' ? token.text : undefined;
}

/** Words that start a statement importing names: a reference there is not a use. */
const IMPORT_WORDS = new Set(['use', 'import', 'from', 'using', 'require', 'require_once']);

/** The name at `at` is in an import statement (its line starts with an import word). */
function inImportStatement(tokens: readonly Token[], at: number): boolean {
  let first = at;
  for (let i = at - 1; i >= 0 && at - i < 200; i--) {
    if (tokens[i]!.kind === 'newline' || tokens[i]!.text === ';') break;
    first = i;
  }
  return IMPORT_WORDS.has(tokens[first]!.text);
}

/** `_petService`, `m_petService`, `IPetService`, `pet_service` -> `petservice`. */
function plainName(name: string): string {
  let plain = name.replace(/^(m_|_+|\$)/, '');
  if (/^I[A-Z]/.test(plain)) plain = plain.slice(1);
  return plain.replace(/_/g, '').toLowerCase();
}

/** One import statement: its lower-cased identifiers and module names, and the paths it names. */
interface ImportStatement {
  names: Set<string>;
  paths: string[];
  /** Its dotted name's segments, lower-cased (`import static a.b.C.fn` → a, b, c, fn). */
  segments: string[];
  /** It imports every name of a package or module (`import a.b.*`). */
  wildcard?: true;
}

/**
 * Whether a Java or Kotlin import names the entry: its class (`import a.b.PetService`, also
 * `import static a.b.PetService.fetch`), or the function itself when it is top-level (`import
 * a.b.fetchPet`) — never a class's method on its own (`import io.ktor.serialization.kotlinx.json
 * .json` is not `Get.json()`). The package before the class must be the entry's folder (`import
 * com.vet.service.PetService` is not `com/petsup/services/PetService.kt`), unless the entry lies
 * in a source root itself.
 */
function jvmImportReaches(statement: ImportStatement, entry: WrapperEntry): boolean {
  const { segments } = statement;
  if (segments.length === 0) return false;
  const owner = entry.owner ? plainName(entry.owner) : undefined;
  const container = segments.findIndex(
    (segment) => segment === owner || entry.modules.includes(segment),
  );
  const at =
    container >= 0
      ? container
      : owner === undefined && segments.at(-1) === entry.name.toLowerCase()
        ? segments.length - 1
        : -1;
  if (at < 0) return false;
  const packageName = segments.slice(0, at);
  const folder = basename(dirname(entry.path)).toLowerCase();
  return packageName.length === 0 || packageName.at(-1) === folder || SOURCE_ROOTS.has(folder);
}

/** Folders that hold a source tree's root package: its files' packages are not their folder. */
const SOURCE_ROOTS = new Set(['java', 'kotlin', 'scala', 'groovy', 'src', 'main', 'test']);

/** Two Java or Kotlin files of one package: one folder, or the same last two folders. */
function samePackageFolder(a: string, b: string): boolean {
  const left = dirname(a).toLowerCase().split(/[/\\]/);
  const right = dirname(b).toLowerCase().split(/[/\\]/);
  if (left.join('/') === right.join('/')) return true;
  return (
    left.length >= 2 && right.length >= 2 && left.slice(-2).join('/') === right.slice(-2).join('/')
  );
}

/** A source file's extension, taken off a module's path (`pet.service` keeps its `.service`). */
const SOURCE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|vue|svelte|py|rb|php|go|java|kt|kts|cs|dart|swift|rs|ex|exs|scala|groovy)$/i;

/**
 * Whether an import's path names a file other than the wrapper's. A relative path (`'./service'`,
 * `'../services/pet.service'`) is resolved from the importing file's folder and compared whole.
 * Otherwise its last two segments, where it has two (`'@/backend/services/pets'`, Go's
 * `"example.com/app/internal/pets"`), are compared with the wrapper's file and folder (its
 * package's folders, in Go); one segment (a package's name) cannot tell.
 */
function namesAnotherFile(specifier: string, entry: WrapperEntry, importer: string): boolean {
  // Normalized as the resolved path is: URIs and Windows paths alike.
  let own = normalize(entry.path).replace(/\\/g, '/').replace(SOURCE_EXTENSION, '').split('/');
  if (entry.family === 'go' || ['index', '__init__', 'mod'].includes(own.at(-1) ?? ''))
    own = own.slice(0, -1);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (/^\.\.?\//.test(specifier)) {
    const resolved = normalize(join(dirname(importer), specifier))
      .replace(/\\/g, '/')
      .replace(SOURCE_EXTENSION, '')
      .replace(/\/(?:index|__init__|mod)$/, '');
    return !same(resolved, own.join('/'));
  }
  const segments = specifier
    .replace(SOURCE_EXTENSION, '')
    .split(/[/\\]/)
    .filter((segment) => segment && segment !== '.' && segment !== '..' && !/^[@~]/.test(segment));
  if (segments.length < 2 || own.length < 2) return false;
  return !same(segments.at(-1)!, own.at(-1)!) || !same(segments.at(-2)!, own.at(-2)!);
}

/** `'./services/petService'` -> `petservice`; `"app/pets"` -> `pets`. */
function moduleName(specifier: string): string {
  const last = specifier.split(/[/\\]/).pop() ?? specifier;
  return last.replace(SOURCE_EXTENSION, '').toLowerCase();
}
