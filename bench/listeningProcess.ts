import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const SERVER = resolve(__dirname, '../dist/cli/petstore-server.js');

/**
 * Runs a Node script (this Node) and resolves once it prints "listening on http://host:port",
 * with the origin it named; `stdin` is written to it first (what a bare server is to send).
 */
export function startListeningProcess(
  args: string[],
  stdin?: Buffer,
): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(stdin);
  return new Promise((resolvePromise, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match) resolvePromise({ child, origin: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** This checkout's petstore-server on a free port, quiet, seeded, accepting `key`. */
export function startSeededServer(key: string): Promise<{ child: ChildProcess; origin: string }> {
  return startListeningProcess([SERVER, '--api-key', key, '--seed', '--quiet', '--port', '0']);
}
