import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { runNodeToExit } from './runToExit';

export const SERVER_BIN = resolve(__dirname, '../../dist/cli/petstore-server.js');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /**
   * Resolves with the output once it matches `pattern` (a line printed after "listening", a log
   * line of a request: the pipe may deliver it after the answer); rejects if the process exits first.
   */
  waitForOutput(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the bundled `petstore-server` on a free port and waits for its "listening on" line (or its
 * exit). Shared by the unit tests, the integration suite (pass `bin`: its bundle lives elsewhere)
 * and the demo.
 */
export async function startServerProcess(
  args: string[],
  options: {
    bin?: string;
    env?: NodeJS.ProcessEnv;
    /** Files the server writes may grow to this many bytes at most (the shell's `ulimit -f`). */
    maxFileBytes?: number;
    /** In its own process group: a terminal's Ctrl-C reaches the caller only, which stops it. */
    detached?: boolean;
  } = {},
): Promise<ServerProcess> {
  const command = [process.execPath, options.bin ?? SERVER_BIN, '--port', '0', ...args];
  const limited =
    options.maxFileBytes === undefined
      ? command
      : [
          'sh',
          '-c',
          `ulimit -f ${Math.max(1, Math.floor(options.maxFileBytes / 512))} && exec "$0" "$@"`,
          ...command,
        ];
  const child = spawn(limited[0]!, limited.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
    detached: options.detached ?? false,
  });
  let output = '';
  // 'close', not 'exit': the output is whole only once the pipes are closed too.
  const exited = once(child, 'close').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  /** Waiters for output, checked at each chunk. */
  const waiting = new Set<() => void>();
  const baseUrl = await new Promise<string>((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(output);
      if (match) resolvePromise(match[1]!);
      for (const check of waiting) check();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code }) =>
      reject(new Error(`petstore-server exited with ${code} before listening:\n${output}`)),
    );
  });
  const waitForOutput = (pattern: RegExp) =>
    new Promise<string>((resolvePromise, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        waiting.delete(check);
        resolvePromise(output);
      };
      waiting.add(check);
      check();
      void exited.then(({ code, signal }) => {
        if (!waiting.has(check)) return;
        waiting.delete(check);
        reject(
          new Error(
            `petstore-server ended (${code ?? signal}) before printing ${pattern}:\n${output}`,
          ),
        );
      });
    });
  return { child, baseUrl, output: () => output, waitForOutput, exited };
}

/** Runs `petstore-server` to completion (for argument and startup errors). */
export async function runServerToExit(
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const { code, output } = await runNodeToExit([SERVER_BIN, ...args]);
  return { code, output };
}
