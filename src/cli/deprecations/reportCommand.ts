import { readFailure, readRegularText } from '../../core/files/regularFile';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { baselineOption } from './scanSelection';
import type { ChainLink } from '../../core/deprecations/engine';
import { compareWithBaseline } from '../../core/deprecations/migration/baseline';
import { CodeOwners, readCodeOwnersFile } from '../../core/deprecations/migration/codeOwners';
import { progressReport, type CallToReport } from '../../core/deprecations/migration/progress';
import { writeFileAtomically } from '../../core/deprecations/migration/writeAtomically';
import { progressHtml, type NoHistory } from '../../core/deprecations/reports/progressHtml';
import { progressMarkdown } from '../../core/deprecations/reports/progressMarkdown';
import { repositoryPath, repositoryRoot } from '../../core/deprecations/workspace/repositoryRoot';
import { isInside } from '../../core/deprecations/workspace/pathInside';
import { fail, isFolder, note, plural, usageError } from './cliOutput';
import { GitError, gitDirectory } from '../../core/deprecations/history/gitObjects';
import { MAX_HISTORY_BYTES, parseHistoryFile } from '../../core/deprecations/history/historyFile';
import type { HistoryReport } from '../../core/deprecations/history/historyReport';
import {
  MAX_OBSERVED_BYTES,
  observedCalls,
  type ObservedCalls,
} from '../../core/deprecations/migration/observedCalls';
import { historyOf } from './historyCommand';
import { aYearBefore } from '../../core/deprecations/history/repositoryHistory';
import { mergedReportText } from './mergeCommand';
import {
  FINDER_OPTIONS,
  FINDER_USAGE,
  finderSettings,
  scanFiles,
  type FinderSettings,
} from './scanFiles';
import { TOOL_VERSION } from '../../core/deprecations/toolVersion';

export const REPORT_USAGE = `Usage: petstore-deprecations report [PATH...] [options]

Reports how far the migration off GET /pets/{petId} is: the calls left in total, by owner (from
CODEOWNERS, else by top-level folder) and by language, the days left before 5 December 2030,
and every call.

Options:
  --out FILE                 write the report to FILE (whole, or not at all); default: stdout
  --format FORMAT            html (default: one self-contained page) or markdown (for a
                             pull-request comment)
  --baseline FILE            also show the progress since the baseline: its calls removed, and
                             the calls that are new
  --codeowners FILE          owners from FILE instead of the repository's CODEOWNERS
  --mention-owners           markdown: write owners as @mentions, which notify them where the
                             comment is posted (default: in code spans, notifying nobody)
  --history FILE|auto        add the burn-down and the forecast: from FILE (written by
                             "history --format json"), or auto: the last year's months, now
  --observed FILE            add the calls a rehearsal saw at run time (written by
                             petstore-server --record FILE): how many, from which user agents
  --merge                    PATH... are the results of many repositories (SARIF or JSON of
                             scan, JSON of history; files or folders of them): one report of
                             them all, by repository, by owner and with the organisation's
                             forecast. Nothing is scanned.
${FINDER_USAGE}
  -h, --help                 show this help

Exit status: 0 report written, 2 usage or I/O error.`;

/** `petstore-deprecations report`: the migration's progress, for people rather than CI. */
export async function runReport(args: string[]): Promise<number> {
  const usage: (message: string) => never = (message) => usageError(message, REPORT_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...FINDER_OPTIONS,
        format: { type: 'string', default: 'html' },
        out: { type: 'string' },
        baseline: { type: 'string' },
        codeowners: { type: 'string' },
        'mention-owners': { type: 'boolean', default: false },
        history: { type: 'string' },
        merge: { type: 'boolean', default: false },
        observed: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals: paths } = parsed;
  if (values.help) {
    process.stdout.write(`${REPORT_USAGE}\n`);
    return 0;
  }
  const format = values.format;
  if (format !== 'html' && format !== 'markdown')
    usage(`--format must be html or markdown, not "${format}"`);
  if (values.out === '') usage('--out needs a file name');
  if (values.merge) {
    if (
      values.baseline !== undefined ||
      values.history !== undefined ||
      values.observed !== undefined
    )
      usage('--merge reads results files: --baseline, --history and --observed do not apply');
    writeReport(values.out, mergedReportText(paths, format));
    return 0;
  }
  const settings = finderSettings(values);
  if (typeof settings === 'string') usage(settings);
  // Said before the scan, not after it: a long scan must not end in "cannot write".
  if (values.out !== undefined && !isFolder(dirname(resolve(values.out))))
    fail(`cannot write the report ${values.out}: no folder ${dirname(resolve(values.out))}`);

  const baseline = baselineOption(values.baseline);
  const repository = repositoryRoot(process.cwd());
  const owners = codeOwnersOf(repository, values.codeowners);
  if (values.history === '') usage('--history needs a file name or auto');
  if (values.observed === '') usage('--observed needs a file name');
  const observed = values.observed === undefined ? undefined : readObserved(values.observed);
  const history =
    values.history === undefined
      ? undefined
      : values.history === 'auto'
        ? await lastYear(repository, settings)
        : readHistory(values.history);

  const roots = (paths.length ? paths : ['.']).map((path) => resolve(path));
  const outcome = await scanFiles(roots, settings, repository, {
    fingerprints: true,
    snippets: true,
  });
  const all = outcome.fingerprinted.flatMap(({ file, found }) =>
    found.map((item) => ({ ...item, file })),
  );
  const inScan = (file: string) => isInside(resolve(repository, file), roots);
  const comparison = baseline && {
    ...compareWithBaseline(all, baseline, inScan),
    recorded: baseline.entries.filter((entry) => inScan(entry.file)).length,
  };
  const fresh = comparison && new Set(comparison.fresh.map((item) => item.finding));
  // A wrapper's call reaches the request its way ends at, named from the repository's root.
  const requestOf = (via: readonly ChainLink[]) => {
    const request = via[via.length - 1]!;
    return {
      file: repositoryPath(repository, resolve(request.path)),
      line: request.line + 1,
      column: request.character + 1,
    };
  };
  const calls: CallToReport[] = all.map(({ file, finding }) => ({
    file,
    line: finding.start.line + 1,
    column: finding.start.character + 1,
    snippet: outcome.snippets.get(finding) ?? '',
    ...(fresh ? { baselined: !fresh.has(finding) } : {}),
    ...(finding.via ? { through: finding.via[0]!.name, reaches: requestOf(finding.via) } : {}),
  }));
  const report = progressReport({
    calls,
    owners,
    baseline: comparison && { recorded: comparison.recorded, gone: comparison.gone.length },
    ...(observed ? { observed } : {}),
  });
  for (const skipped of report.notes) note(`note: ${skipped}`);
  const text =
    format === 'html'
      ? progressHtml(report, TOOL_VERSION, history)
      : progressMarkdown(report, { mentionOwners: values['mention-owners'], history });
  writeReport(values.out, text);
  note(
    `${plural(report.total, 'call')} left in ${plural(report.files, 'file')}, ${report.daysLeft} days left${
      values.out === undefined ? '' : `: report written to ${values.out}`
    }`,
  );
  return outcome.ioError ? 2 : 0;
}

/** The report to stdout, or to a file written whole or not at all. */
function writeReport(out: string | undefined, text: string): void {
  if (out === undefined) process.stdout.write(text);
  else {
    try {
      writeFileAtomically(resolve(out), text);
    } catch (error) {
      fail(`cannot write the report ${out}: ${(error as Error).message}`);
    }
  }
}

/** The record of a rehearsal (`petstore-server --record`); a file that cannot be read is an error. */
function readObserved(file: string): ObservedCalls {
  try {
    const observed = observedCalls(readRegularText(file, { maxBytes: MAX_OBSERVED_BYTES }));
    if (observed.total === 0 && observed.skipped > 0)
      fail(
        `cannot use the record ${file}: none of its lines is a call recorded by petstore-server --record`,
      );
    return observed;
  } catch (error) {
    fail(`cannot read the record ${file}: ${readFailure(error)}`);
  }
}

/** A history written by `history --format json`: refused whole when it is not one, or not this version's. */
function readHistory(file: string): HistoryReport {
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: MAX_HISTORY_BYTES });
  } catch (error) {
    fail(`cannot read the history ${file}: ${readFailure(error)}`);
  }
  const parsed = parseHistoryFile(text, TOOL_VERSION);
  if ('problem' in parsed) fail(`cannot use the history ${file}: ${parsed.problem}`);
  return parsed.history;
}

/** `--history auto`: the repository's last twelve months, counted now; outside a repository, why none. */
async function lastYear(
  repository: string,
  settings: FinderSettings,
): Promise<HistoryReport | NoHistory> {
  const now = new Date();
  let gitDir: string;
  try {
    gitDir = await gitDirectory(repository);
  } catch {
    const noHistory = `no history: ${repository} is not in a git repository`;
    note(`note: ${noHistory}`);
    return { noHistory };
  }
  try {
    const { report } = await historyOf({
      repository,
      gitDir,
      scopes: [],
      settings,
      since: aYearBefore(now),
      until: now,
      every: 'month',
      windowMonths: 6,
      cache: true,
    });
    for (const line of report.notes) note(`note: history: ${line}`);
    return report;
  } catch (error) {
    if (error instanceof GitError || error instanceof RangeError)
      fail(`cannot count the history: ${error.message}`);
    throw error;
  }
}

/** The owners: a file given with --codeowners (it must be readable), else the repository's. */
function codeOwnersOf(
  repository: string,
  given: string | undefined,
): { file: string; owners: CodeOwners } | undefined {
  if (given === undefined) return CodeOwners.find(repository);
  // Named on the command line: it may be anywhere, but only a regular file within the cap.
  const read = readCodeOwnersFile(resolve(given));
  if ('problem' in read) fail(`cannot read the CODEOWNERS file ${given}: ${read.problem}`);
  const name = relative(repository, resolve(given)).split('\\').join('/');
  return { file: name.startsWith('..') ? given : name, owners: CodeOwners.parse(read.text, name) };
}
