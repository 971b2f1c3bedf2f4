/**
 * npm start: the extension doing its job on an embedded default. Starts petstore-server with demo
 * pets and a generated key, prepares a demo workspace whose production environment is that server,
 * then opens VS Code with the extension: the desktop `code` when installed, otherwise code-server
 * in the browser at a printed URL. Ctrl-C stops everything it started.
 *
 *   npm start                      (desktop VS Code if `code` is on PATH, else the browser)
 *   npm start -- --browser         (always code-server in the browser)
 *   npm start -- --port 8080       (code-server's port; default: a free one)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCodeServer, type RunningCodeServer } from '../test/host/codeServer';
import { ensureCodeServer } from '../test/host/codeServerInstall';
import { freePort } from '../test/host/freePort';
import { ensureSystemPackages } from '../test/host/systemPackages';
import { startServerProcess } from '../test/support/serverProcess';
import { workbenchUrl } from '../test/host/workbench';

const ROOT = resolve(__dirname, '..');
const DEMO_FOLDER = join(ROOT, '.demo');

const log = (line: string) => process.stdout.write(`[demo] ${line}\n`);

function prepareWorkspace(baseUrl: string): string {
  const workspace = join(DEMO_FOLDER, 'workspace');
  rmSync(workspace, { recursive: true, force: true });
  cpSync(join(ROOT, 'test/fixtures/demo-workspace'), workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  const settings = { 'petstore.environments': { production: { baseUrl } } };
  writeFileSync(join(workspace, '.vscode/settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  return workspace;
}

function hasDesktopCode(): boolean {
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { browser: { type: 'boolean', default: false }, port: { type: 'string' } },
  });
  const apiKey = `demo-${randomBytes(12).toString('hex')}`;
  const petStore = await startServerProcess(['--seed', '--quiet'], {
    bin: join(ROOT, 'dist/cli/petstore-server.js'),
    env: { PETSTORE_SERVER_API_KEYS: apiKey },
  });
  const workspace = prepareWorkspace(petStore.baseUrl);
  let codeServer: RunningCodeServer | undefined;
  let desktop: ChildProcess | undefined;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    desktop?.kill('SIGTERM');
    await codeServer?.stop();
    petStore.child.kill('SIGTERM');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  log(`Pet Store server with demo pets: ${petStore.baseUrl}`);
  if (!values.browser && hasDesktopCode()) {
    desktop = spawn(
      'code',
      ['--new-window', '--wait', `--extensionDevelopmentPath=${ROOT}`, workspace],
      { stdio: 'inherit' },
    );
    desktop.once('exit', () => void stop(0));
    log('Opened desktop VS Code with the extension.');
  } else {
    ensureSystemPackages(log, ['libkrb5-dev']);
    const install = ensureCodeServer(log);
    const port = values.port ? Number(values.port) : await freePort();
    codeServer = await startCodeServer({
      install,
      port,
      userDataDir: join(DEMO_FOLDER, 'profile'),
      workspace,
      log,
    });
    void codeServer.died.catch((error: unknown) => {
      log(String(error));
      void stop(1);
    });
    const url = workbenchUrl({ origin: codeServer.origin, workspace, extensionPath: ROOT });
    log(`VS Code ${install.vscodeVersion} in the browser. Open:\n\n  ${url}\n`);
  }
  process.stdout.write(
    [
      '',
      `  Demo API key (environment "production"): ${apiKey}`,
      '',
      '  What to click first:',
      '  1. The paw icon (Pet Store) in the activity bar opens the Pets view.',
      '  2. Run "Pet Store: Set API Key" from the Command Palette and paste the key above.',
      '  3. Open web/src/petClient.ts: the call to the deprecated GET /pets/{petId} is marked.',
      '',
      '  Ctrl-C stops the demo.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[demo] failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
