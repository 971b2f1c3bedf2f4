/**
 * npm start: the extension doing its job on a realistic project. Starts petstore-server with demo
 * pets and a generated key, makes the demo workspace (a pet shop's client code, a git repository
 * of its own outside this checkout, with months of history and two teams in CODEOWNERS) whose
 * test environment is that server, then opens VS Code with the extension: the desktop `code`
 * when installed, otherwise code-server in the browser at a printed URL. Ctrl-C stops everything
 * it started, quietly.
 *
 *   npm start                      (desktop VS Code if `code` is on PATH, else the browser)
 *   npm start -- --browser         (always code-server in the browser)
 *   npm start -- --port 8080       (code-server's port; default: a free one)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCodeServer, type RunningCodeServer } from '../test/host/codeServer';
import { ensureCodeServer } from '../test/host/codeServerInstall';
import { freePort } from '../test/host/freePort';
import { ensureSystemPackages } from '../test/host/systemPackages';
import { startServerProcess, type ServerProcess } from '../test/support/serverProcess';
import { workbenchUrl } from '../test/host/workbench';
import { createDemoRepository, privateFolder } from './demo/demoRepository';
import { DEMO_HISTORY } from './demo/demoHistory';

const ROOT = resolve(__dirname, '..');
/** The editor's profile: this checkout's (git-ignored), reused between runs. */
const PROFILE = join(ROOT, '.demo/profile');
/** The demo repository: outside this checkout, so it is a repository of its own. */
const WORKSPACE = join(
  tmpdir(),
  `pet-store-explorer-demo-${userInfo().username}`,
  'petshop-clients',
);
/** The environment the demo makes active: a test environment, so writes do not ask. */
const TEST_ENVIRONMENT = { id: 'test', label: 'Test' };

const log = (line: string) => process.stdout.write(`[demo] ${line}\n`);
/** Aborted once the demo stops (Ctrl-C): a step under way ends, and nothing more is said. */
const stopping = new AbortController();

/** The repository, and the editor settings that point its environments at the local server. */
function prepareWorkspace(baseUrl: string): string {
  privateFolder(dirname(WORKSPACE));
  createDemoRepository(WORKSPACE, join(ROOT, 'test/fixtures'));
  mkdirSync(join(WORKSPACE, '.vscode'), { recursive: true });
  const settings = {
    'petstore.environments': {
      // Protected (as production is by default): a create there asks first.
      production: { baseUrl },
      [TEST_ENVIRONMENT.id]: { label: TEST_ENVIRONMENT.label, baseUrl, protected: false },
    },
  };
  writeFileSync(join(WORKSPACE, '.vscode/settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  const months = Math.round(DEMO_HISTORY[0]!.daysAgo / 30);
  log(
    `Demo project (a git repository of ${DEMO_HISTORY.length} commits over ${months} months): ${WORKSPACE}`,
  );
  return WORKSPACE;
}

function hasDesktopCode(): boolean {
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { browser: { type: 'boolean', default: false }, port: { type: 'string' } },
  });
  /** What this run started, as it starts them. */
  const started: {
    petStore?: ServerProcess;
    codeServer?: RunningCodeServer;
    desktop?: ChildProcess;
  } = {};

  // The children run in process groups of their own: Ctrl-C reaches this script only, which
  // stops them in order and says nothing more than that.
  const stop = async (code: number) => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    process.stdout.write('\n');
    started.desktop?.kill('SIGTERM');
    await started.codeServer?.stop();
    started.petStore?.child.kill('SIGTERM');
    log(code === 0 ? 'Stopped.' : 'Stopped after the error above.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // Should this script die without stopping them, its children go too.
  process.on('exit', () => {
    for (const pid of [started.petStore?.child.pid, started.codeServer?.pid])
      if (pid !== undefined)
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
  });

  const apiKey = `demo-${randomBytes(12).toString('hex')}`;
  const petStore = await startServerProcess(['--seed', '--quiet'], {
    bin: join(ROOT, 'dist/cli/petstore-server.js'),
    env: { PETSTORE_SERVER_API_KEYS: apiKey },
    detached: true,
  });
  started.petStore = petStore;
  log(`Pet Store server with demo pets: ${petStore.baseUrl}`);
  const workspace = prepareWorkspace(petStore.baseUrl);

  if (!values.browser && hasDesktopCode()) {
    const desktop = spawn(
      'code',
      ['--new-window', '--wait', `--extensionDevelopmentPath=${ROOT}`, workspace],
      { stdio: 'inherit' },
    );
    started.desktop = desktop;
    desktop.once('exit', () => void stop(0));
    log('Opened desktop VS Code with the extension.');
  } else {
    ensureSystemPackages(log, ['libkrb5-dev']);
    const install = await ensureCodeServer(log, { signal: stopping.signal });
    const port = values.port ? Number(values.port) : await freePort();
    log(`Starting VS Code ${install.vscodeVersion} (code-server) on port ${port}…`);
    const codeServer = await startCodeServer({
      install,
      port,
      userDataDir: PROFILE,
      workspace,
      log,
      detached: true,
    });
    started.codeServer = codeServer;
    void codeServer.died.catch((error: unknown) => {
      if (stopping.signal.aborted) return; // stopped on purpose
      log(firstLines(String(error)));
      void stop(1);
    });
    const url = workbenchUrl({ origin: codeServer.origin, workspace, extensionPath: ROOT });
    log(`VS Code ${install.vscodeVersion} in the browser. Open:\n\n  ${url}\n`);
  }
  process.stdout.write(
    [
      '',
      `  Demo API key (environment "${TEST_ENVIRONMENT.label}"): ${apiKey}`,
      '',
      '  What to click first:',
      '  1. The paw icon (Pet Store) in the activity bar opens the Pets view and the Deprecated',
      '     Calls view, with the forecast from the project’s git history.',
      `  2. "Set API Key" in the Pets view (or the Command Palette): paste the key above. The status`,
      `     bar says "Pet Store: ${TEST_ENVIRONMENT.label}"; Production is the same server, protected.`,
      '  3. Open web/src/petClient.ts: the call to the deprecated GET /pets/{petId} is marked.',
      '  4. Export the report (Deprecated Calls view, its title bar): the burn-down by team.',
      '',
      '  Ctrl-C stops the demo.',
      '',
    ].join('\n'),
  );
}

/** An error's first lines: the host's whole log is in its profile, not on the terminal. */
function firstLines(text: string): string {
  const lines = text.split('\n');
  return lines.length > 6
    ? `${lines.slice(0, 6).join('\n')}\n… (the editor host's log: ${PROFILE}/logs)`
    : text;
}

main().catch((error: unknown) => {
  if (stopping.signal.aborted) return; // Ctrl-C during a step: stop() says it
  process.stderr.write(
    `[demo] failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
