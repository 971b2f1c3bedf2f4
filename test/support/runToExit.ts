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
export async function runNodeToExit(
  args: string[],
  cwd?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Exited> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const result: Exited = { code: null, stdout: '', stderr: '', output: '' };
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
  // What it printed is whole once its pipes close too, just after the exit; a process it left
  // behind may hold them open, so that wait is bounded.
  await Promise.race([
    closed,
    new Promise<void>((done) => setTimeout(done, PIPES_CLOSE_MS).unref()),
  ]);
  return result;
}
