import { writeFileSync } from 'node:fs';
import { format } from 'node:util';
import Mocha from 'mocha';
import { hostAvailable, screenshot } from './host';

/**
 * The workbench forwards every console line (its own included) to the launcher through one channel;
 * lines of the suite carry this mark so the launcher can tell them apart.
 */
export const SUITE_OUTPUT_MARK = '\u2063suite\u2063';

export interface FailedTest {
  title: string;
  startedMs: number;
  endedMs: number;
}

/** What the suite writes to PETSTORE_TEST_RESULTS for the launcher. */
export interface SuiteResults {
  passes: number;
  failures: number;
  pending: number;
  /** Failed tests (hooks that failed have no entry) with when they ran. */
  failed?: FailedTest[];
}

/**
 * Runs mocha test files inside the extension host and writes the counts where the launcher reads
 * them: the launcher trusts a pass only with this file (a crashed host also reports exit 0).
 */
export async function runMochaFiles(files: string[]): Promise<void> {
  // When each failed test ran, so the launcher can print the extension's log of that time.
  const failed: FailedTest[] = [];
  let testStarted = Date.now();
  const originalLog = console.log;
  const markedLog = (...args: unknown[]) => originalLog(`${SUITE_OUTPUT_MARK}${format(...args)}`);
  // Mocha's reporters keep the console.log they saw at load time; point them at the marked one too.
  const reporterBase = Mocha.reporters.Base as unknown as {
    consoleLog: (...args: unknown[]) => void;
  };
  reporterBase.consoleLog = markedLog;
  console.log = markedLog;
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    reporter: 'spec',
    // For a focused run while developing (a regular expression on the full titles):
    // PETSTORE_TEST_GREP='activation|Walkthrough' npm run test:integration
    grep: process.env.PETSTORE_TEST_GREP ? new RegExp(process.env.PETSTORE_TEST_GREP) : undefined,
    rootHooks: {
      beforeEach() {
        testStarted = Date.now();
      },
      // What the workbench showed when a test failed, next to the other screenshots.
      async afterEach(this: Mocha.Context) {
        const test = this.currentTest;
        if (test?.state !== 'failed') return;
        failed.push({ title: test.fullTitle(), startedMs: testStarted, endedMs: Date.now() });
        if (hostAvailable())
          await screenshot(`FAILED-${test.fullTitle()}`.slice(0, 120)).catch(() => undefined);
      },
    },
  });
  for (const file of files) mocha.addFile(file);
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run((count) => {
      const { passes, failures, pending } = runner.stats ?? {
        passes: 0,
        failures: count,
        pending: 0,
      };
      const resultsFile = process.env.PETSTORE_TEST_RESULTS;
      if (resultsFile)
        writeFileSync(
          resultsFile,
          JSON.stringify({ passes, failures, pending, failed } satisfies SuiteResults),
        );
      resolve(count);
    });
  });
  console.log = originalLog;
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
