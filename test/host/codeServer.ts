import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EditorHostInstall } from './codeServerInstall';
import {
  workspaceTrustArguments,
  workspaceTrustSettings,
  type WorkspaceTrust,
} from './workspaceTrust';

/** A quiet, predictable profile: no welcome page, tips, telemetry or update checks. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  // As on the desktop (the web defaults to autosave): edits stay in the editor until saved.
  'files.autoSave': 'off',
  // The suite types faster than a person: VS Code may hand the focus back to where a closed quick
  // pick was opened from after the next one opened, which would close it before it is answered.
  'workbench.quickOpen.closeOnFocusLost': false,
};

export interface RunningCodeServer {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
  /** Rejects if the server process dies. */
  died: Promise<never>;
}

/** Starts code-server on 127.0.0.1:port with a fresh profile folder and waits for /healthz. */
export async function startCodeServer(options: {
  install: EditorHostInstall;
  port: number;
  userDataDir: string;
  workspace: string;
  log: (line: string) => void;
  /** In its own process group: a terminal's Ctrl-C reaches the caller only, which stops it. */
  detached?: boolean;
  /** User settings beside the harness's own (the extension's, for a run without a suite). */
  settings?: Record<string, unknown>;
  /** Off unless asked for (workspaceTrust.ts). */
  workspaceTrust?: WorkspaceTrust;
}): Promise<RunningCodeServer> {
  const { install, port, userDataDir } = options;
  const trust = options.workspaceTrust ?? 'disabled';
  const configFile = join(userDataDir, 'code-server.yaml');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(configFile, 'auth: none\n'); // keeps code-server away from ~/.config
  writeFileSync(
    join(userDataDir, 'User/settings.json'),
    JSON.stringify({ ...USER_SETTINGS, ...workspaceTrustSettings(trust), ...options.settings }),
  );
  const child: ChildProcess = spawn(
    install.node,
    [
      install.entry,
      '--config',
      configFile,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...workspaceTrustArguments(trust),
      '--disable-getting-started-override',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      join(userDataDir, 'extensions'),
      '--reconnection-grace-time',
      '5',
      // Without it, the development payload (extension and tests path) is ignored.
      '--vscode-option',
      'enable-smoke-test-driver',
      options.workspace,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${join(install.node, '..')}:${process.env.PATH ?? ''}` },
      detached: options.detached ?? false,
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const died = once(child, 'exit').then(([code]) => {
    throw new Error(`code-server exited (${String(code)}):\n${output.slice(-4000)}`);
  });
  died.catch(() => undefined); // observed by callers that race it
  const origin = `http://127.0.0.1:${port}`;
  await Promise.race([waitForHealth(origin), died]);
  return {
    origin,
    pid: child.pid,
    died,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForHealth(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling a process we do not control
  }
  throw new Error(`code-server did not become healthy at ${origin}`);
}
