#!/usr/bin/env node
import { appendFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { DeprecationEngine, type Finding } from '../core/deprecations/engine';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_MINIMUM_CONFIDENCE,
  meetsConfidence,
  type Confidence,
} from '../core/deprecations/model/confidence';
import {
  codeQualityReport,
  githubReport,
  junitReport,
  jsonReport,
  sarifReport,
  textReport,
  stepSummaryMarkdown,
  type BaselineCounts,
  type FileFindings,
  type ReportContext,
  type ReportFormat,
} from '../core/deprecations/reports/report';
import {
  BaselineError,
  baselineOf,
  compareWithBaseline,
  readBaselineFile,
  writeBaselineFile,
  type Baseline,
} from '../core/deprecations/migration/baseline';
import {
  fingerprintFindings,
  type FingerprintedFinding,
} from '../core/deprecations/migration/fingerprint';
import {
  ChangedFilesError,
  changedSince,
  isChangedLine,
  type ChangedFiles,
} from '../core/deprecations/workspace/changedFiles';
import { repositoryPath, repositoryRoot } from '../core/deprecations/workspace/repositoryRoot';
import {
  CandidateReader,
  DEFAULT_MAX_FILE_BYTES,
  listFiles,
  type SkipNote,
} from '../core/deprecations/workspace/workspaceWalker';

const VERSION = '0.1.0';
const USAGE = `Usage: petstore-deprecations scan [PATH...] [options]

Finds calls to the deprecated GET /pets/{petId} (getPet), removed on 5 December 2030.

Options:
  --format FORMAT            text (default), json, sarif (code scanning), github
                             (annotations in a GitHub Actions run), junit (a test report
                             any CI shows) or codequality (GitLab Code Quality)
  --confidence LEVEL         report findings at least this sure: certain, likely (default)
                             or possible (all, also strings whose use is not seen)
  --names getPet,get_pet     operation names of generated clients (default getPet,get_pet,GetPet)
  --max-annotations N        with --format github: annotations printed at most (default 10, what
                             GitHub shows per step); a notice counts the rest, and the job
                             summary ($GITHUB_STEP_SUMMARY) lists them by folder
  --changed-since REF        scan only the files changed between the git revision REF and the
                             work tree (renames followed, deleted files skipped, new files in)
  --only-changed-lines       with --changed-since: report only calls on added or modified lines
  --category NAME            SARIF automationDetails.id, to keep this run apart from others in
                             code scanning (default petstore-deprecations/)
  --write-baseline FILE      record today's findings in FILE (a sorted JSON file to commit) and
                             exit 0: the calls a team will remove over time
  --baseline FILE            report, and fail on, only findings not in FILE; say how many
                             baselined calls are gone
  --max-file-size BYTES      skip larger files, with a note (default ${DEFAULT_MAX_FILE_BYTES})
  --no-gitignore             also scan files that .gitignore excludes
  -h, --help                 show this help

Exit status: 0 nothing found, 1 calls found, 2 usage or I/O error.`;

const NOTE_TEXT: Record<SkipNote['reason'], string> = {
  binary: 'skipped binary file',
  tooLarge: 'skipped file over the size limit',
  unreadable: 'could not read',
  symlinkLoop: 'skipped symlink loop',
  notRegularFile: 'skipped what is not a regular file (FIFO, socket or device)',
  missing: 'no such file or folder',
};

function usageError(message: string): never {
  process.stderr.write(`petstore-deprecations: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'text' },
        confidence: { type: 'string', default: DEFAULT_MINIMUM_CONFIDENCE },
        names: { type: 'string' },
        'max-file-size': { type: 'string' },
        'no-gitignore': { type: 'boolean', default: false },
        baseline: { type: 'string' },
        category: { type: 'string' },
        'changed-since': { type: 'string' },
        'only-changed-lines': { type: 'boolean', default: false },
        'max-annotations': { type: 'string' },
        'write-baseline': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...paths] = positionals;
  if (command !== 'scan')
    usageError(command ? `unknown command "${command}"` : 'missing command "scan"');
  const format = values.format as ReportFormat;
  if (!['text', 'json', 'sarif', 'github', 'junit', 'codequality'].includes(format))
    usageError(`--format must be text, json, sarif, github, junit or codequality, not "${format}"`);
  const maxAnnotations =
    values['max-annotations'] === undefined ? undefined : Number(values['max-annotations']);
  if (maxAnnotations !== undefined && (!Number.isInteger(maxAnnotations) || maxAnnotations < 0))
    usageError('--max-annotations must be a whole number (0 or more)');
  const minimum = values.confidence as Confidence;
  if (!CONFIDENCE_LEVELS.includes(minimum))
    usageError(`--confidence must be ${CONFIDENCE_LEVELS.join(', ')}, not "${minimum}"`);
  const maxFileBytes =
    values['max-file-size'] === undefined
      ? DEFAULT_MAX_FILE_BYTES
      : Number(values['max-file-size']);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes <= 0)
    usageError('--max-file-size must be a positive whole number');
  const names = values.names
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names && names.some((name) => !/^[A-Za-z_$][\w$]*$/.test(name)))
    usageError('--names must be identifiers separated by commas');

  if (values.baseline !== undefined && values['write-baseline'] !== undefined)
    usageError('--baseline and --write-baseline are used one at a time');
  let baseline: Baseline | undefined;
  try {
    if (values.baseline !== undefined) baseline = readBaselineFile(resolve(values.baseline));
  } catch (error) {
    if (error instanceof BaselineError) fail(error.message);
    throw error;
  }

  let roots = (paths.length ? paths : ['.']).map((path) => resolve(path));
  const repository = repositoryRoot(process.cwd());
  if (values['only-changed-lines'] && values['changed-since'] === undefined)
    usageError('--only-changed-lines needs --changed-since REF');
  let changed: ChangedFiles | undefined;
  if (values['changed-since'] !== undefined) {
    try {
      changed = changedSince(process.cwd(), values['changed-since']);
    } catch (error) {
      if (error instanceof ChangedFilesError) fail(error.message);
      throw error;
    }
    // The changed files under the paths asked for: a pull request's scan reads only those.
    const asked = roots;
    roots = changed.files.filter((file) => isUnder(file, asked));
  }
  let ioError = false;
  const onSkip = (note: SkipNote) => {
    if (note.reason === 'unreadable' || note.reason === 'missing') ioError = true;
    process.stderr.write(
      `petstore-deprecations: note: ${NOTE_TEXT[note.reason]}: ${note.path}${note.detail ? ` (${note.detail})` : ''}\n`,
    );
  };
  // One thread: measured here, reads do not run faster on two (the file system serializes them).
  const engine = new DeprecationEngine({ operationNames: names });
  const reader = new CandidateReader(
    (bytes) => engine.mightContainBytes(bytes),
    onSkip,
    maxFileBytes,
  );
  const results: FileFindings[] = [];
  const fingerprinted: { file: string; found: FingerprintedFinding[] }[] = [];
  const files = listFiles(roots, onSkip, { gitignore: !values['no-gitignore'] });
  const scanned = files.length;
  for (const file of files) {
    const candidate = reader.read(file);
    if (!candidate) continue;
    const findings = engine
      .scan(candidate.text, candidate.language)
      .filter((finding) => meetsConfidence(finding.confidence, minimum))
      .filter(
        (finding) =>
          !values['only-changed-lines'] ||
          !changed ||
          lineRangeChanged(changed, candidate.path, finding.start.line + 1, finding.end.line + 1),
      );
    if (!findings.length) continue;
    const name = repositoryPath(repository, candidate.path);
    fingerprinted.push({ file: name, found: fingerprintFindings(name, candidate.text, findings) });
    results.push({ path: candidate.path, findings });
  }
  const writeTo = values['write-baseline'];
  if (writeTo !== undefined) {
    try {
      const written = baselineOf(fingerprinted);
      writeBaselineFile(resolve(writeTo), written);
      process.stderr.write(
        `petstore-deprecations: wrote ${plural(written.entries.length, 'baselined call')} to ${writeTo}\n`,
      );
    } catch (error) {
      if (error instanceof BaselineError) fail(error.message);
      throw error;
    }
  }
  let baselineNote = '';
  let baselineCounts: BaselineCounts | undefined;
  if (baseline) {
    const comparison = compareBaseline(baseline, fingerprinted, results, roots, repository);
    results.splice(0, results.length, ...comparison.results);
    baselineNote = comparison.note;
    baselineCounts = comparison.counts;
  }
  results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const fingerprints = new Map<Finding, string>();
  for (const { found } of fingerprinted)
    for (const { finding, fingerprint } of found) fingerprints.set(finding, fingerprint);
  const context: ReportContext = {
    base: process.cwd(),
    toolVersion: VERSION,
    sourceRoot: repository,
    fingerprintOf: (finding) => fingerprints.get(finding),
    category: values.category,
    maxAnnotations,
  };
  const reports = {
    text: textReport,
    json: jsonReport,
    sarif: sarifReport,
    github: githubReport,
    junit: junitReport,
    codequality: codeQualityReport,
  };
  process.stdout.write(reports[format](results, context));
  // In a GitHub Actions job, the summary page shows what the 10 annotations cannot.
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (format === 'github' && stepSummary)
    appendFileSync(stepSummary, stepSummaryMarkdown(results, context, baselineCounts));
  process.stderr.write(`petstore-deprecations: ${summary(results, scanned, !!baseline)}\n`);
  if (baselineNote) process.stderr.write(`petstore-deprecations: ${baselineNote}\n`);
  if (writeTo !== undefined) return ioError ? 2 : 0;
  if (results.length > 0) return 1;
  return ioError ? 2 : 0;
}

/** A call counts as changed when any of its lines was added or modified. */
function lineRangeChanged(
  changed: ChangedFiles,
  path: string,
  first: number,
  last: number,
): boolean {
  for (let line = first; line <= last; line++) if (isChangedLine(changed, path, line)) return true;
  return false;
}

/** Whether `path` is one of `roots` or inside one of them. */
function isUnder(path: string, roots: readonly string[]): boolean {
  return roots.some(
    (root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep),
  );
}

function fail(message: string): never {
  process.stderr.write(`petstore-deprecations: ${message}\n`);
  process.exit(2);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Keeps the findings the baseline does not accept, and says how many baselined calls are gone
 * from the scanned files (only those: a scan of one folder says nothing about the others).
 */
function compareBaseline(
  baseline: Baseline,
  fingerprinted: readonly { file: string; found: FingerprintedFinding[] }[],
  results: readonly FileFindings[],
  roots: readonly string[],
  repository: string,
): { results: FileFindings[]; note: string; counts: BaselineCounts } {
  const all = fingerprinted.flatMap(({ found }) => found);
  const inScan = (file: string) => isUnder(resolve(repository, file), roots);
  const comparison = compareWithBaseline(all, baseline, inScan);
  const fresh = new Set(comparison.fresh.map((item) => item.finding));
  const kept = results
    .map((file) => ({ ...file, findings: file.findings.filter((finding) => fresh.has(finding)) }))
    .filter((file) => file.findings.length > 0);
  const inScope = baseline.entries.filter((entry) => inScan(entry.file)).length;
  const notes = [`${comparison.baselined} of the calls found are in the baseline`];
  if (comparison.gone.length)
    notes.push(
      `${comparison.gone.length} of ${plural(inScope, 'baselined call')} are gone: run --write-baseline to lock that in`,
    );
  return {
    results: kept,
    note: notes.join('; '),
    counts: { baselined: comparison.baselined, gone: comparison.gone.length },
  };
}

/** One line for the log (stderr, so stdout stays a clean report): how many calls, where. */
function summary(results: readonly FileFindings[], scanned: number, fresh: boolean): string {
  const calls = results.reduce((total, file) => total + file.findings.length, 0);
  const files = `${scanned} file${scanned === 1 ? '' : 's'} scanned`;
  const what = fresh ? 'new calls' : 'calls';
  if (!calls) return `no ${what} to the deprecated GET /pets/{petId} (${files})`;
  const where = `${results.length} file${results.length === 1 ? '' : 's'}`;
  const counted = fresh ? plural(calls, 'new call') : plural(calls, 'call');
  return `${counted} to the deprecated GET /pets/{petId} in ${where} (${files})`;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(
    `petstore-deprecations: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
}
