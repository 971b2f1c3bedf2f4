import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as they arrived. */
  output: string;
}

/** How long the pipes may stay open after the exit (a grandchild holding them). */
const PIPES_CLOSE_MS = 10_000;

/** Runs a Node.js script (this Node, no shell) to its end and collects what it printed. */
export function runNodeToExit(
  args: string[],
  cwd?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Exited> {
  return runToExit(process.execPath, args, cwd, env);
}

/**
 * Runs a program (no shell) to its end and collects what it printed; past `limitMs` it is killed
 * and the result says so (a bound that turns a hang into a failure, never a wait for a result).
 */
export async function runToExit(
  command: string,
  args: string[],
  cwd?: string,
  env: NodeJS.ProcessEnv = process.env,
  limitMs?: number,
): Promise<Exited> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const result: Exited = { code: null, stdout: '', stderr: '', output: '' };
  const limit =
    limitMs === undefined
      ? undefined
      : setTimeout(() => {
          result.output += `\n[killed after ${limitMs / 1000} s]`;
          child.kill('SIGKILL');
        }, limitMs);
  child.stdout.on('data', (chunk: Buffer) => {
    result.stdout += chunk.toString('utf8');
    result.output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    result.stderr += chunk.toString('utf8');
    result.output += chunk.toString('utf8');
  });
  const closed = once(child, 'close');
  [result.code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(limit);
  // What it printed is whole once its pipes close too, just after the exit; a process it left
  // behind may hold them open, so that wait is bounded.
  await Promise.race([
    closed,
    new Promise<void>((done) => setTimeout(done, PIPES_CLOSE_MS).unref()),
  ]);
  return result;
}
