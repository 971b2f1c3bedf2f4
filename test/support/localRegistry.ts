import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runToExit, type Exited } from './runToExit';

const VERDACCIO = resolve(__dirname, '../../node_modules/verdaccio/bin/verdaccio');

/** A free loopback port (taken and released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface LocalRegistry {
  /** http://127.0.0.1:PORT/ */
  url: string;
  /** npm with its own config, cache and this registry, never the machine's. */
  npm(args: string[], cwd: string, extraEnv?: Record<string, string>): Promise<Exited>;
  /** The environment npm runs with (for npx and scripts that call npm). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real npm registry (verdaccio) on loopback, its storage in a temporary folder, with no uplink:
 * what is installed from it is what was published to it, nothing from the internet.
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-registry-'));
  const port = await freePort();
  const config = join(folder, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(folder, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(folder, 'htpasswd')}`,
      '    max_users: -1',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $all',
      'log: { type: stdout, format: json, level: warn }',
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}/`;
  const npmrc = join(folder, 'npmrc');
  // A token npm sends with the publish (verdaccio lets anyone publish here: `publish: $all`).
  writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=test-token\n`);
  const env = {
    npm_config_userconfig: npmrc,
    npm_config_cache: join(folder, 'npm-cache'),
    npm_config_registry: url,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [VERDACCIO, '--config', config, '--listen', `127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  // Ready once it answers its ping (polling a socket, not a sleep: each try is a real request).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio did not start: ${output}`);
    const ready = await fetch(`${url}-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`verdaccio did not answer within 60 s: ${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    env,
    npm: (args, cwd, extraEnv = {}) =>
      runToExit('npm', args, cwd, { ...process.env, ...env, ...extraEnv }, 180_000),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
