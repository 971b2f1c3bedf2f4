import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface TestPetStoreServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the project's own petstore-server on a free loopback port, for tests that need an API. */
export function startTestPetStoreServer(
  apiKey: string,
  extraArgs: string[] = [],
): Promise<TestPetStoreServer> {
  const root = process.env.PETSTORE_REPO_ROOT ?? join(__dirname, '../../..');
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'dist/cli/petstore-server.js'), '--port', '0', '--quiet', ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PETSTORE_SERVER_API_KEYS: apiKey },
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(output);
      if (match) {
        resolve({
          baseUrl: match[1]!,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`petstore-server exited with ${code}: ${output}`)),
    );
  });
}
