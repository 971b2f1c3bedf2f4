import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as they arrived. */
  output: string;
}

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
  [result.code] = (await once(child, 'exit')) as [number | null];
  return result;
}
