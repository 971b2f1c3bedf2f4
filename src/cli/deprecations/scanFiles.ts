import { DeprecationEngine, type Finding } from '../../core/deprecations/engine';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_MINIMUM_CONFIDENCE,
  meetsConfidence,
  type Confidence,
} from '../../core/deprecations/model/confidence';
import {
  fingerprintFindings,
  type FingerprintedFinding,
} from '../../core/deprecations/migration/fingerprint';
import { snippetOf } from '../../core/deprecations/migration/progress';
import type { FileFindings } from '../../core/deprecations/reports/report';
import { repositoryPath } from '../../core/deprecations/workspace/repositoryRoot';
import {
  listFilesWithRipgrep,
  ripgrepOnPath,
} from '../../core/deprecations/workspace/ripgrepCandidates';
import {
  CandidateReader,
  DEFAULT_MAX_FILE_BYTES,
  listFiles,
  type ListedFile,
  type SkipNote,
} from '../../core/deprecations/workspace/workspaceWalker';
import { note } from './cliOutput';

/** The options every command that scans takes (parseArgs definitions). */
export const FINDER_OPTIONS = {
  confidence: { type: 'string', default: DEFAULT_MINIMUM_CONFIDENCE },
  names: { type: 'string' },
  'max-file-size': { type: 'string' },
  'no-gitignore': { type: 'boolean', default: false },
  rg: { type: 'string' },
  'no-rg': { type: 'boolean', default: false },
} as const;

export const FINDER_USAGE = `  --confidence LEVEL         report findings at least this sure: certain, likely (default)
                             or possible (all, also strings whose use is not seen)
  --names getPet,get_pet     operation names of generated clients (default getPet,get_pet,GetPet)
  --max-file-size BYTES      skip larger files, with a note (default ${DEFAULT_MAX_FILE_BYTES})
  --no-gitignore             also scan files that .gitignore excludes
  --rg PATH                  list candidate files with this ripgrep (default: rg on PATH, if any);
                             anything unexpected from it falls back to the built-in walker
  --no-rg                    never use ripgrep: walk the folders in Node`;

export interface FinderSettings {
  minimum: Confidence;
  names?: string[];
  maxFileBytes: number;
  gitignore: boolean;
  /** The rg that lists candidate files, or undefined for the built-in walker. */
  ripgrep?: string;
}

/** Checks the finder's options: a message for the first bad one, else the settings. */
export function finderSettings(values: {
  confidence?: string;
  names?: string;
  'max-file-size'?: string;
  'no-gitignore'?: boolean;
  rg?: string;
  'no-rg'?: boolean;
}): FinderSettings | string {
  const minimum = (values.confidence ?? DEFAULT_MINIMUM_CONFIDENCE) as Confidence;
  if (!CONFIDENCE_LEVELS.includes(minimum))
    return `--confidence must be ${CONFIDENCE_LEVELS.join(', ')}, not "${minimum}"`;
  const maxFileBytes =
    values['max-file-size'] === undefined
      ? DEFAULT_MAX_FILE_BYTES
      : Number(values['max-file-size']);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes <= 0)
    return '--max-file-size must be a positive whole number';
  const names = values.names
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names && names.some((name) => !/^[A-Za-z_$][\w$]*$/.test(name)))
    return '--names must be identifiers separated by commas';
  if (values.rg !== undefined && values['no-rg']) return '--rg and --no-rg are used one at a time';
  if (values.rg === '') return '--rg needs the path of an rg executable';
  const ripgrep = values['no-rg'] ? undefined : (values.rg ?? ripgrepOnPath());
  return { minimum, names, maxFileBytes, gitignore: !values['no-gitignore'], ripgrep };
}

export interface ScanOutcome {
  /** Files with findings, in the order scanned. */
  results: FileFindings[];
  /** The same findings with their fingerprints, files named from the repository root. */
  fingerprinted: { file: string; found: FingerprintedFinding[] }[];
  /** Each finding's line, as a report shows it. */
  snippets: Map<Finding, string>;
  scanned: number;
  /** Whether ripgrep listed the files (then `scanned` counts its candidates, not every file). */
  listedByRipgrep: boolean;
  /** A file or folder could not be read (the exit status says so). */
  ioError: boolean;
}

const NOTE_TEXT: Record<SkipNote['reason'], string> = {
  binary: 'skipped binary file',
  tooLarge: 'skipped file over the size limit',
  unreadable: 'could not read',
  symlinkLoop: 'skipped symlink loop',
  notRegularFile: 'skipped what is not a regular file (FIFO, socket or device)',
  missing: 'no such file or folder',
};

/**
 * Scans files and folders with the finder: what each file holds, fingerprinted from the
 * repository root. `keep` drops findings a command does not want (changed lines only, ...).
 * One thread: measured here, reads do not run faster on two (the file system serializes them).
 */
export function scanFiles(
  roots: readonly string[],
  settings: FinderSettings,
  repository: string,
  keep: (path: string, finding: Finding) => boolean = () => true,
): ScanOutcome {
  let ioError = false;
  const onSkip = (skipped: SkipNote) => {
    if (skipped.reason === 'unreadable' || skipped.reason === 'missing') ioError = true;
    note(
      `note: ${NOTE_TEXT[skipped.reason]}: ${skipped.path}${skipped.detail ? ` (${skipped.detail})` : ''}`,
    );
  };
  const engine = new DeprecationEngine({ operationNames: settings.names });
  const reader = new CandidateReader(
    (bytes) => engine.mightContainBytes(bytes),
    onSkip,
    settings.maxFileBytes,
  );
  const outcome: ScanOutcome = {
    results: [],
    fingerprinted: [],
    snippets: new Map(),
    scanned: 0,
    listedByRipgrep: false,
    ioError: false,
  };
  const files = listScannedFiles(roots, settings, engine, onSkip);
  outcome.listedByRipgrep = files.byRipgrep;
  outcome.scanned = files.list.length;
  for (const file of files.list) {
    const candidate = reader.read(file);
    if (!candidate) continue;
    const findings = engine
      .scan(candidate.text, candidate.language)
      .filter((finding) => meetsConfidence(finding.confidence, settings.minimum))
      .filter((finding) => keep(candidate.path, finding));
    if (!findings.length) continue;
    const name = repositoryPath(repository, candidate.path);
    outcome.fingerprinted.push({
      file: name,
      found: fingerprintFindings(name, candidate.text, findings),
    });
    outcome.results.push({ path: candidate.path, findings });
    const lines = candidate.text.split(/\r\n|\r|\n/);
    for (const finding of findings)
      outcome.snippets.set(
        finding,
        snippetOf(lines[finding.start.line] ?? '', finding.start.character + 1),
      );
  }
  outcome.ioError = ioError;
  return outcome;
}

/**
 * The files to read: listed by ripgrep when there is one (only the files holding a needle), else
 * by the walker. A listing rg could not complete is dropped whole, with one note, for the walker's.
 */
function listScannedFiles(
  roots: readonly string[],
  settings: FinderSettings,
  engine: DeprecationEngine,
  onSkip: (note: SkipNote) => void,
): { list: ListedFile[]; byRipgrep: boolean } {
  if (settings.ripgrep) {
    // Notes wait for the listing to be used: a fallback walk notes the same roots again.
    const notes: SkipNote[] = [];
    const listing = listFilesWithRipgrep(
      roots,
      {
        rg: settings.ripgrep,
        patterns: engine.prefilterNeedles(),
        fixedStrings: true,
        gitignore: settings.gitignore,
      },
      (skipped) => notes.push(skipped),
    );
    if ('files' in listing) {
      notes.forEach(onSkip);
      return { list: listing.files, byRipgrep: true };
    }
    note(`note: ${listing.problem}; scanning with the built-in walker instead`);
  }
  return { list: listFiles(roots, onSkip, { gitignore: settings.gitignore }), byRipgrep: false };
}
