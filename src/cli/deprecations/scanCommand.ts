import { appendFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Finding } from '../../core/deprecations/engine';
import {
  BaselineError,
  baselineOf,
  writeBaselineFile,
} from '../../core/deprecations/migration/baseline';
import { writeFileAtomically } from '../../core/deprecations/migration/writeAtomically';
import {
  codeQualityReport,
  githubReport,
  junitReport,
  jsonReport,
  sarifReport,
  textReport,
  stepSummaryMarkdown,
  type FileFindings,
  type ReportContext,
  type ReportFormat,
} from '../../core/deprecations/reports/report';
import { fail, isFolder, note, plural, usageError, writeParts } from './cliOutput';
import { FINDER_OPTIONS, FINDER_USAGE, finderSettings } from './scanFiles';
import { SELECTION_OPTIONS, scanSelection } from './scanSelection';
import { TOOL_VERSION } from '../../core/deprecations/toolVersion';

export const SCAN_USAGE = `Usage: petstore-deprecations scan [PATH...] [options]

Finds calls to the deprecated GET /pets/{petId} (getPet), removed on 5 December 2030.

Options:
  --format FORMAT            text (default), json, sarif (code scanning), github
                             (annotations in a GitHub Actions run), junit (a test report
                             any CI shows) or codequality (GitLab Code Quality)
${FINDER_USAGE}
  --max-annotations N        with --format github: annotations printed at most (default 10, what
                             GitHub shows per step); a notice counts the rest, and the job
                             summary ($GITHUB_STEP_SUMMARY) lists them by folder
  --changed-since REF        scan only the files changed between the git revision REF and the
                             work tree (renames followed, deleted files skipped, new files in)
  --only-changed-lines       with --changed-since: report only calls on added or modified lines
  --sarif FILE               also write the SARIF report (code scanning) to FILE, whatever
                             --format prints: one scan for the log and for the upload
  --category NAME            SARIF automationDetails.id, to keep this run apart from others in
                             code scanning (default petstore-deprecations/)
  --write-baseline FILE      record today's findings in FILE (a sorted JSON file to commit) and
                             exit 0: the calls a team will remove over time
  --baseline FILE            report, and fail on, only findings not in FILE; say how many
                             baselined calls are gone
  -h, --help                 show this help

Exit status: 0 nothing found, 1 calls found, 2 usage or I/O error.`;

const FORMATS: readonly ReportFormat[] = [
  'text',
  'json',
  'sarif',
  'github',
  'junit',
  'codequality',
];

/** `petstore-deprecations scan`: finds the calls and prints them in one of the CI formats. */
export async function runScan(args: string[]): Promise<number> {
  const usage: (message: string) => never = (message) => usageError(message, SCAN_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...FINDER_OPTIONS,
        format: { type: 'string', default: 'text' },
        ...SELECTION_OPTIONS,
        category: { type: 'string' },
        sarif: { type: 'string' },
        'max-annotations': { type: 'string' },
        'write-baseline': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals: paths } = parsed;
  if (values.help) {
    process.stdout.write(`${SCAN_USAGE}\n`);
    return 0;
  }
  const format = values.format as ReportFormat;
  if (!FORMATS.includes(format))
    usage(`--format must be ${FORMATS.slice(0, -1).join(', ')} or codequality, not "${format}"`);
  const maxAnnotations =
    values['max-annotations'] === undefined ? undefined : Number(values['max-annotations']);
  if (maxAnnotations !== undefined && (!Number.isInteger(maxAnnotations) || maxAnnotations < 0))
    usage('--max-annotations must be a whole number (0 or more)');
  const settings = finderSettings(values);
  if (typeof settings === 'string') usage(settings);

  if (values.sarif === '') usage('--sarif needs a file name');
  // Said before the scan, not after it: a long scan must not end in "cannot write".
  if (values.sarif !== undefined && !isFolder(dirname(resolve(values.sarif))))
    fail(
      `cannot write the SARIF report ${values.sarif}: no folder ${dirname(resolve(values.sarif))}`,
    );
  const writeTo = values['write-baseline'];
  if (writeTo !== undefined && !isFolder(dirname(resolve(writeTo))))
    fail(`cannot write the baseline: no folder ${dirname(resolve(writeTo))}`);
  if (values.baseline !== undefined && values['write-baseline'] !== undefined)
    usage('--baseline and --write-baseline are used one at a time');
  const needsFingerprints =
    writeTo !== undefined ||
    values.baseline !== undefined ||
    values.sarif !== undefined ||
    format === 'sarif' ||
    format === 'codequality';
  const selected = await scanSelection(paths, settings, values, usage, {
    // Hashing every call costs a tenth of a dense scan: only the formats and files that use them.
    fingerprints: needsFingerprints,
  });
  const { outcome, baseline, baselineNote, baselineCounts, repository } = selected;
  const { fingerprinted, scanned, ioError, listedByRipgrep } = outcome;
  const results = selected.results;
  if (writeTo !== undefined) {
    try {
      const written = baselineOf(fingerprinted);
      writeBaselineFile(resolve(writeTo), written);
      note(`wrote ${plural(written.entries.length, 'baselined call')} to ${writeTo}`);
    } catch (error) {
      if (error instanceof BaselineError) fail(error.message);
      throw error;
    }
  }
  results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const fingerprints = new Map<Finding, string>();
  for (const { found } of fingerprinted)
    for (const { finding, fingerprint } of found) fingerprints.set(finding, fingerprint);
  const context: ReportContext = {
    base: process.cwd(),
    toolVersion: TOOL_VERSION,
    sourceRoot: repository,
    fingerprintOf: (finding) => fingerprints.get(finding),
    category: values.category,
    maxAnnotations,
  };
  const reports = {
    text: textReport,
    json: jsonReport,
    sarif: (files: readonly FileFindings[], context: ReportContext) => [
      sarifReport(files, context),
    ],
    github: githubReport,
    junit: junitReport,
    codequality: codeQualityReport,
  };
  writeParts(reports[format](results, context));
  if (values.sarif !== undefined) {
    try {
      writeFileAtomically(resolve(values.sarif), sarifReport(results, context));
    } catch (error) {
      fail(`cannot write the SARIF report ${values.sarif}: ${(error as Error).message}`);
    }
  }
  // In a GitHub Actions job, the summary page shows what the 10 annotations cannot.
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (format === 'github' && stepSummary)
    appendFileSync(stepSummary, stepSummaryMarkdown(results, context, baselineCounts));
  note(summary(results, scanned, !!baseline, listedByRipgrep));
  if (baselineNote) note(baselineNote);
  if (writeTo !== undefined) return ioError ? 2 : 0;
  if (results.length > 0) return 1;
  return ioError ? 2 : 0;
}

/** One line for the log: how many calls, where. */
function summary(
  results: readonly FileFindings[],
  scanned: number,
  fresh: boolean,
  listedByRipgrep: boolean,
): string {
  const calls = results.reduce((total, file) => total + file.findings.length, 0);
  const files = `${scanned} file${scanned === 1 ? '' : 's'} scanned${listedByRipgrep ? ': the candidates ripgrep listed' : ''}`;
  const what = fresh ? 'new calls' : 'calls';
  if (!calls) return `no ${what} to the deprecated GET /pets/{petId} (${files})`;
  const where = `${results.length} file${results.length === 1 ? '' : 's'}`;
  const counted = fresh ? plural(calls, 'new call') : plural(calls, 'call');
  return `${counted} to the deprecated GET /pets/{petId} in ${where} (${files})`;
}
