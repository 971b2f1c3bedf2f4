import { join } from 'node:path';
import { startServerProcess } from '../../support/serverProcess';

export interface TestPetStoreServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the project's own petstore-server on a free loopback port, for tests that need an API. */
export async function startTestPetStoreServer(
  apiKey: string,
  extraArgs: string[] = [],
): Promise<TestPetStoreServer> {
  const root = process.env.PETSTORE_REPO_ROOT ?? join(__dirname, '../../..');
  const server = await startServerProcess(['--quiet', ...extraArgs], {
    bin: join(root, 'dist/cli/petstore-server.js'),
    env: { PETSTORE_SERVER_API_KEYS: apiKey },
  });
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}
