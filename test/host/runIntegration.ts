/**
 * Runs a mocha suite inside a real VS Code extension host: code-server (from npm) driven by headless
 * Chromium. Exits non-zero when a test fails, the suite throws, hangs, or the host dies.
 *
 *   node --import tsx test/host/runIntegration.ts [--suite out/test/integration/index.js]
 *        [--workspace test/fixtures/workspace] [--timeout 600] [--label integration] [--vsix]
 *        [--restricted]
 *
 * With --vsix the extension is not run from this checkout: it is packaged (npm run package's
 * options), installed into the clean profile with --install-extension, and the suite runs beside
 * it from a stub development extension, so only what the .vsix holds is there.
 *
 * With --restricted, workspace trust is on and the folder opens untrusted (Restricted Mode), with
 * no startup dialog (workspaceTrust.ts); without it, trust is off as before.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  SUITE_OUTPUT_MARK,
  type FailedTest,
  type SuiteResults,
} from '../integration/support/mochaRunner';
import { ensureCodeServer, type EditorHostInstall } from './codeServerInstall';
import { startCodeServer, type RunningCodeServer } from './codeServer';
import { freePort } from './freePort';
import { startHostEndpoint } from './hostEndpoint';
import { extensionLogBetween, extensionLogTail } from './extensionLog';
import { filesContainingSecrets } from './secretScan';
import { ensureSystemPackages } from './systemPackages';
import { openWorkbench, type Workbench } from './workbench';

const ROOT = resolve(__dirname, '../..');
/** publisher.name, the folder of the extension's logs in the profile. */
const EXTENSION_ID = (() => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
  };
  return `${manifest.publisher}.${manifest.name}`;
})();

/** Where the editor host keeps the webview pages its CDN would serve. */
function webviewPagesOf(install: EditorHostInstall): string {
  return join(install.entry, '../../../lib/vscode/out/vs/workbench/contrib/webview/browser/pre');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      suite: { type: 'string', default: 'out/test/integration/index.js' },
      workspace: { type: 'string', default: 'test/fixtures/workspace' },
      timeout: { type: 'string', default: '600' },
      label: { type: 'string', default: 'integration' },
      vsix: { type: 'boolean', default: false },
      restricted: { type: 'boolean', default: false },
    },
  });
  const log = (line: string) => process.stdout.write(`[host] ${line}\n`);
  const started = Date.now();
  const suite = resolve(ROOT, values.suite);
  if (!existsSync(suite)) throw new Error(`No compiled suite at ${suite}; run the build first`);

  ensureSystemPackages(log, ['chromium', 'libkrb5-dev']);
  const install = await ensureCodeServer(log);
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-host-'));
  const workspace = join(scratch, 'workspace');
  cpSync(resolve(ROOT, values.workspace), workspace, { recursive: true });
  const resultsFile = join(scratch, 'results.json');
  const workbenchLog = join(ROOT, 'test-results', `${values.label}-workbench.log`);
  // Keys the suite uses; after the run none of them may appear in any file or in the output.
  const testKeys = ['production', 'staging', 'rejecting'].map(
    (name) => `test-${name}-${randomBytes(9).toString('hex')}`,
  );
  let suiteOutput = '';
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(workbenchLog, '');

  let server: RunningCodeServer | undefined;
  let workbench: Workbench | undefined;
  let page: Page | undefined;
  // Failure screenshots of earlier runs would mislead.
  const screenshots = join(ROOT, 'test-results/screenshots');
  if (existsSync(screenshots))
    for (const name of readdirSync(screenshots))
      if (name.startsWith('FAILED-')) rmSync(join(screenshots, name));
  const endpoint = await startHostEndpoint({
    screenshotFolder: join(ROOT, 'test-results/screenshots'),
    page: () => page,
    log,
    // Handed out over loopback, not in the workbench URL: code-server saves that URL in the profile.
    testKeys,
  });
  let timer: NodeJS.Timeout | undefined;
  let passed = false;
  let failedTests: FailedTest[] = [];
  try {
    const extensionPath = values.vsix ? installPackagedExtension(install, scratch, log) : ROOT;
    server = await startCodeServer({
      install,
      port: await freePort(),
      userDataDir: join(scratch, 'profile'),
      workspace,
      log,
      workspaceTrust: values.restricted ? 'untrusted' : 'disabled',
    });
    log(
      `VS Code ${install.vscodeVersion} (code-server) at ${server.origin}, workspace ${workspace}${values.restricted ? ' (untrusted: Restricted Mode)' : ''}`,
    );
    workbench = await openWorkbench({
      origin: server.origin,
      workspace,
      extensionPath,
      testsPath: suite,
      webviewPages: webviewPagesOf(install),
      environment: {
        PETSTORE_TEST_RESULTS: resultsFile,
        PETSTORE_HOST_ENDPOINT: endpoint.url,
        PETSTORE_REPO_ROOT: ROOT,
      },
      onLog: (text) => {
        // The suite's own lines go to the terminal; the workbench's chatter only to the log file.
        if (text.startsWith(SUITE_OUTPUT_MARK)) {
          const line = `${text.slice(SUITE_OUTPUT_MARK.length)}\n`;
          suiteOutput += line;
          process.stdout.write(line);
        } else {
          appendFileSync(workbenchLog, `${text}\n`);
        }
      },
    });
    page = workbench.page;
    const timeoutSeconds = Number(values.timeout);
    const timedOut = new Promise<'timeout'>((resolvePromise) => {
      timer = setTimeout(() => resolvePromise('timeout'), timeoutSeconds * 1000);
    });
    const outcome = await Promise.race([workbench.exitCode, timedOut, server.died]);
    if (outcome === 'timeout') {
      log(`FAILED: the suite did not finish within ${timeoutSeconds} s`);
      return 1;
    }
    const results = readResults(resultsFile);
    failedTests = results?.failed ?? [];
    log(`workbench exit code ${outcome}; ${Math.round((Date.now() - started) / 1000)} s in all`);
    if (!results) {
      log(
        `FAILED: the suite wrote no results (it threw, or the extension host exited or crashed); see ${workbenchLog}`,
      );
      return 1;
    }
    process.stdout.write(
      `\n${values.label}: ${results.passes} passed, ${results.failures} failed${results.pending ? `, ${results.pending} skipped` : ''}\n`,
    );
    if (outcome !== 0 || results.failures > 0 || results.passes === 0) return 1;
    await workbench.close();
    await server.stop();
    const leaks = filesContainingSecrets([scratch, workbenchLog], testKeys);
    if (testKeys.some((key) => suiteOutput.includes(key))) leaks.push('(the suite output)');
    if (leaks.length > 0) {
      log(`FAILED: an API key was written to: ${leaks.join(', ')}`);
      return 1;
    }
    log(`No API key in the profile, workspace, logs or output (${testKeys.length} keys checked)`);
    passed = true;
    return 0;
  } finally {
    clearTimeout(timer);
    await workbench?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await endpoint.close();
    if (!passed) {
      const profile = join(scratch, 'profile');
      const tail = extensionLogTail(profile, EXTENSION_ID, testKeys, 40);
      if (tail) log(`the extension's log, last lines:\n${tail}`);
      // Last, where a CI page that shows only the end of the output still has it.
      for (const test of failedTests) {
        const lines = extensionLogBetween(
          profile,
          EXTENSION_ID,
          testKeys,
          test.startedMs - 1000,
          test.endedMs,
        );
        log(`the extension's log while "${test.title}" ran:\n${lines || '(nothing)'}`);
      }
    }
    if (!process.env.PETSTORE_KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Packages the extension as `npm run package` does, installs the .vsix into the profile the host
 * will use, and returns a stub extension to develop (the workbench needs one to run a suite)
 * that is not this checkout, so the installed package is the only Pet Store Explorer there.
 */
function installPackagedExtension(
  install: EditorHostInstall,
  scratch: string,
  log: (line: string) => void,
): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [, ...packageArgs] = manifest.scripts.package!.split(' ');
  const vsix = join(scratch, 'extension.vsix');
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/@vscode/vsce/vsce'), ...packageArgs, '--out', vsix],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const profile = join(scratch, 'profile');
  execFileSync(
    install.node,
    [
      install.entry,
      '--user-data-dir',
      profile,
      '--extensions-dir',
      join(profile, 'extensions'),
      '--install-extension',
      vsix,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  log(`installed ${statSync(vsix).size} bytes of .vsix into the clean profile`);
  const driver = join(scratch, 'suite-driver');
  mkdirSync(driver);
  writeFileSync(
    join(driver, 'package.json'),
    JSON.stringify({
      name: 'packaged-suite-driver',
      publisher: 'petstore-tests',
      version: '0.0.0',
      engines: { vscode: '*' },
    }),
  );
  return driver;
}

function readResults(path: string): SuiteResults | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as SuiteResults;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[host] FAILED: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
