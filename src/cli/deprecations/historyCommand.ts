import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DeprecationEngine } from '../../core/deprecations/engine';
import { GitError, gitDirectory } from '../../core/deprecations/history/gitObjects';
import type { Period } from '../../core/deprecations/history/history';
import {
  historyCsv,
  historyJson,
  historyText,
} from '../../core/deprecations/history/historyReport';
import {
  aYearBefore,
  repositoryHistory,
  type RepositoryHistoryResult,
} from '../../core/deprecations/history/repositoryHistory';
import { writeFileAtomically } from '../../core/deprecations/migration/writeAtomically';
import { isInside } from '../../core/deprecations/workspace/pathInside';
import { repositoryPath, repositoryRoot } from '../../core/deprecations/workspace/repositoryRoot';
import { fail, note, usageError } from './cliOutput';
import { finderSettings, withOpenApiNames, type FinderSettings } from './scanFiles';

export const HISTORY_USAGE = `Usage: petstore-deprecations history [PATH...] [options]

Counts the calls to GET /pets/{petId} at points of the repository's first-parent history (read
from git's objects: nothing is checked out), in total, by owner (the CODEOWNERS of each point,
else the top-level folder) and by language, and forecasts when they reach zero against
5 December 2030. Each file counts the calls it shows by itself (calls through a wrapper in
another file are counted by scan and report). Counts are cached by blob under .git.

Options:
  --since DATE               the first point, YYYY-MM-DD (default: a year ago)
  --every PERIOD             week or month (default: month)
  --window MONTHS            months of points the forecast fits (default: 6)
  --format FORMAT            text (default), json or csv
  --out FILE                 write to FILE (whole, or not at all); default: stdout
  --no-cache                 neither read nor keep the blob cache
  --confidence LEVEL         count findings at least this sure (default: likely)
  --names getPet,get_pet     operation names of generated clients
  --max-file-size BYTES      skip larger files, with a note
  --no-openapi               do not take operation names from the OpenAPI documents of the checkout
  --count-routes             count the routes that serve the operation as calls
  -h, --help                 show this help

Exit status: 0 history written, 2 usage, git or I/O error.`;

export async function runHistory(args: string[]): Promise<number> {
  const usage: (message: string) => never = (message) => usageError(message, HISTORY_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        since: { type: 'string' },
        every: { type: 'string', default: 'month' },
        window: { type: 'string', default: '6' },
        format: { type: 'string', default: 'text' },
        out: { type: 'string' },
        'no-cache': { type: 'boolean', default: false },
        confidence: { type: 'string' },
        names: { type: 'string' },
        'max-file-size': { type: 'string' },
        'no-openapi': { type: 'boolean', default: false },
        'count-routes': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HISTORY_USAGE}\n`);
    return 0;
  }
  const every = values.every as Period;
  if (every !== 'week' && every !== 'month')
    usage(`--every must be week or month, not "${values.every}"`);
  const format = values.format;
  if (format !== 'text' && format !== 'json' && format !== 'csv')
    usage(`--format must be text, json or csv, not "${format}"`);
  const windowMonths = Number(values.window);
  if (!Number.isInteger(windowMonths) || windowMonths < 1 || windowMonths > 120)
    usage('--window must be a whole number of months from 1 to 120');
  const now = new Date();
  const since = values.since === undefined ? aYearBefore(now) : parseDate(values.since);
  if (!since) usage(`--since must be a date YYYY-MM-DD, not "${values.since}"`);
  if (since.getTime() > now.getTime()) usage(`--since ${values.since} is in the future`);
  if (values.out === '') usage('--out needs a file name');
  const settings = finderSettings({ ...values, 'no-rg': true });
  if (typeof settings === 'string') usage(settings);

  const repository = repositoryRoot(process.cwd());
  let gitDir: string;
  try {
    gitDir = await gitDirectory(repository);
  } catch (error) {
    fail(
      `no history: ${repository} is not in a git repository (${(error as Error).message.trim()})`,
    );
  }
  const roots = (positionals.length ? positionals : ['.']).map((path) => resolve(path));
  for (const root of roots)
    if (!isInside(root, [repository])) fail(`${root} is outside the repository ${repository}`);
  const scopes = roots.map((root) => repositoryPath(repository, root)).filter((s) => s !== '.');

  let run: RepositoryHistoryResult;
  try {
    run = await historyOf({
      repository,
      gitDir,
      scopes,
      settings,
      since,
      until: now,
      every,
      windowMonths,
      cache: !values['no-cache'],
    });
  } catch (error) {
    if (error instanceof GitError || error instanceof RangeError) fail(error.message);
    throw error;
  }
  const { report } = run;
  const text =
    format === 'json'
      ? historyJson(report)
      : format === 'csv'
        ? historyCsv(report)
        : historyText(report);
  if (values.out === undefined) process.stdout.write(text);
  else {
    try {
      writeFileAtomically(resolve(values.out), text);
    } catch (error) {
      fail(`cannot write the history ${values.out}: ${(error as Error).message}`);
    }
  }
  if (format !== 'text') for (const line of report.notes) note(`note: ${line}`);
  note(
    `${report.points.length} point${report.points.length === 1 ? '' : 's'}: ${run.scanned} file version${run.scanned === 1 ? '' : 's'} scanned, ${run.cached} from the cache; ${report.forecast.total.summary}`,
  );
  return 0;
}

/** What a history run needs from the command line: the repository, what to count and how. */
export interface HistoryRun {
  repository: string;
  gitDir: string;
  scopes: string[];
  settings: FinderSettings;
  since: Date;
  until: Date;
  every: Period;
  windowMonths: number;
  /** Read and keep the blob cache under .git. */
  cache: boolean;
}

export async function historyOf(run: HistoryRun): Promise<RepositoryHistoryResult> {
  const { repository, settings } = run;
  const names = await withOpenApiNames([repository], settings);
  return repositoryHistory({
    ...run,
    engine: new DeprecationEngine({ operationNames: names, countRoutes: settings.countRoutes }),
    engineSettings: { names, countRoutes: settings.countRoutes },
    minimum: settings.minimum,
    maxFileBytes: settings.maxFileBytes,
  });
}

function parseDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : undefined;
}
