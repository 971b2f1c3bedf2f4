import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactSecret } from '../core/api/redact';
import { BearerKeys } from './auth';
import {
  DEFAULT_CONNECTION_LIMITS,
  answerProtocolErrors,
  applyConnectionLimits,
  type ConnectionLimits,
} from './connectionLimits';
import { ensureDataDirectory, loadDataFile, writeDataFile } from './dataFile';
import { PetRepository, type StoreSnapshot } from './petRepository';
import { BASE_PATH, createRequestHandler } from './requestHandler';
import { DEMO_PETS } from './seed';

export interface PetStoreServerOptions {
  apiKeys: readonly string[];
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Persist pets in this file; without it they live in memory only. */
  dataFile?: string;
  /** Fill a fresh (empty) store with demo pets. */
  seed?: boolean;
  /** One line per request and lifecycle event; never contains a key. */
  log?: (line: string) => void;
  /** Timeouts and the connection cap (defaults: DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
}

export interface RunningPetStoreServer {
  /** The base URL, ending in /v1. */
  readonly baseUrl: string;
  readonly port: number;
  readonly repository: PetRepository;
  close(): Promise<void>;
}

/** Starts the local reference server; rejects with a clear error if the data file is unusable. */
export async function startPetStoreServer(
  options: PetStoreServerOptions,
): Promise<RunningPetStoreServer> {
  const log = options.log ?? (() => undefined);
  const keys = new BearerKeys(options.apiKeys);
  const repository = await openRepository(options, log);
  const handler = createRequestHandler({ repository, keys });
  const secrets = options.apiKeys;

  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  // Timeouts are checked this often (Node's default, 30 s, would let idle sockets pile up).
  const checkEveryMs = Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2));
  const server = createServer(
    { connectionsCheckingInterval: checkEveryMs },
    (request, response) => {
      const started = performance.now();
      response.once('finish', () => {
        const path = secrets.reduce(
          (text, key) => redactSecret(text, key, Infinity),
          request.url ?? '',
        );
        const ms = (performance.now() - started).toFixed(1);
        log(`${request.method} ${path} ${response.statusCode} ${ms}ms`);
      });
      handler(request, response);
    },
  );
  applyConnectionLimits(server, limits);
  answerProtocolErrors(server);
  await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const baseUrl = `http://${host}:${port}${BASE_PATH}`;

  return {
    baseUrl,
    port,
    repository,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await repository.idle();
    },
  };
}

async function openRepository(
  options: PetStoreServerOptions,
  log: (line: string) => void,
): Promise<PetRepository> {
  const { dataFile } = options;
  if (!dataFile) {
    const repository = new PetRepository();
    if (options.seed) await seed(repository, log);
    return repository;
  }
  const loaded: StoreSnapshot | undefined = await loadDataFile(dataFile);
  await ensureDataDirectory(dataFile);
  const repository = new PetRepository(loaded, (snapshot) => writeDataFile(dataFile, snapshot));
  log(
    loaded
      ? `Loaded ${loaded.pets.length} pets from ${dataFile}`
      : `Starting a new data file ${dataFile}`,
  );
  if (options.seed) {
    if (repository.size === 0) await seed(repository, log);
    else log('Not seeding: the data file already holds pets');
  }
  return repository;
}

async function seed(repository: PetRepository, log: (line: string) => void): Promise<void> {
  await Promise.all(DEMO_PETS.map((pet) => repository.create(pet)));
  log(`Seeded ${DEMO_PETS.length} demo pets`);
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
