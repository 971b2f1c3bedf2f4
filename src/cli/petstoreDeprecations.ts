#!/usr/bin/env node
import { HISTORY_USAGE, runHistory } from './deprecations/historyCommand';
import { REPORT_USAGE, runReport } from './deprecations/reportCommand';
import { SCAN_USAGE, runScan } from './deprecations/scanCommand';
import { FIX_USAGE, runFix } from './deprecations/fixCommand';
import { PLAN_USAGE, runPlan } from './deprecations/planCommand';
import { usageError } from './deprecations/cliOutput';
import { TOOL_VERSION } from '../core/deprecations/toolVersion';

const USAGE = `Usage: petstore-deprecations <command> [PATH...] [options]

Commands:
  scan      find the calls to the deprecated GET /pets/{petId} (getPet), for CI
  report    the migration's progress as an HTML page or Markdown, for people
  history   the calls at each week or month of the git history, and when they reach zero
  plan      the places to change, most calls removed first, by owner
  fix       rewrite the requests to GET /pets with a status filter (a diff, or --write)

Run "petstore-deprecations <command> --help" for a command's options, and
"petstore-deprecations --version" for the version.

${SCAN_USAGE}

${REPORT_USAGE}

${HISTORY_USAGE}

${PLAN_USAGE}

${FIX_USAGE}`;

function main(args: string[]): Promise<number> | number {
  const [command, ...rest] = args;
  if (command === 'scan') return runScan(rest);
  if (command === 'report') return runReport(rest);
  if (command === 'history') return runHistory(rest);
  if (command === 'plan') return runPlan(rest);
  if (command === 'fix') return runFix(rest);
  if (command === '-h' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === '-V' || command === '--version') {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return 0;
  }
  usageError(
    command === undefined || command.startsWith('-')
      ? 'missing command "scan", "report", "history", "plan" or "fix"'
      : `unknown command "${command}"`,
    USAGE,
  );
}

/** Anything unexpected ends the run with its message and status 2, never a stack trace. */
function crashed(error: unknown): void {
  process.stderr.write(
    `petstore-deprecations: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
}

/**
 * A reader that stops early (`scan | head`) closes the pipe: the rest of the report has nowhere to
 * go, which is no failure of the scan. The run ends as it would have, with its own status (1 when
 * there are findings), without a stack trace; other output errors are reported as crashes.
 */
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') crashed(error);
});

Promise.resolve()
  .then(() => main(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
  }, crashed);
