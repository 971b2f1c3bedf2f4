import { CallRecord } from './callRecord';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SecretRedactor } from '../core/api/redact';
import { isLoopbackHost } from '../core/api/baseUrl';
import { createDispatcher } from '../core/api/dispatcher';
import { trustedCertificates } from '../core/api/trustStore';
import type { Dispatcher } from 'undici';
import { createForwarder, type Forward } from './upstreamProxy';
import { BearerKeys } from './auth';
import { createCors } from './cors';
import {
  DEFAULT_CONNECTION_LIMITS,
  answerProtocolErrors,
  applyConnectionLimits,
  type ConnectionLimits,
} from './connectionLimits';
import { loadDataFile, writeDataFile } from './dataFile';
import { prepareDataPath, type PreparedDataPath } from './dataPath';
import { Journal, replayJournal } from './journal';
import { PetRepository, type StoreSnapshot } from './petRepository';
import { BASE_PATH, createRequestHandler, type RemovedMode } from './requestHandler';
import { DEMO_PETS } from './seed';

export interface PetStoreServerOptions {
  /** The keys the local store accepts; none in front of an upstream. */
  apiKeys: readonly string[];
  /**
   * The rehearsal proxy: every request is forwarded to this environment, apart from the removed
   * operation's answers (`removed`). No local store then.
   */
  upstream?: UpstreamSettings;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Persist pets in this file; without it they live in memory only. */
  dataFile?: string;
  /** Keep every complete journal record of a damaged journal (the original is moved aside). */
  repair?: boolean;
  /** Compact the journal into the data file past this size (default: max(8 MB, the data file's size)). */
  compactAboveBytes?: number;
  /** Fill a fresh (empty) store with demo pets. */
  seed?: boolean;
  /** One line per request and lifecycle event; never contains a key. */
  log?: (line: string) => void;
  /** Timeouts and the connection cap (defaults: DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
  /** Answer GET /pets/{petId} as the removed endpoint will (a rehearsal of the removal). */
  removed?: RemovedMode;
  /** Append one NDJSON line per call to GET /pets/{petId} to this file (--record). */
  recordFile?: string;
  /**
   * Origins allowed to read the answers from a browser (--cors-origin; cors.ts), each exactly
   * scheme://host[:port]. None by default: no CORS header at all.
   */
  corsOrigins?: readonly string[];
}

/** The upstream named is this server's own address. */
export class UpstreamLoopError extends Error {}

export interface UpstreamSettings {
  /** The environment's base URL (parseBaseUrl). */
  url: URL;
  /** PEM certificates trusted beside the client's own trust (Node's, NODE_EXTRA_CA_CERTS, the system's). */
  extraCertificates?: readonly string[];
  /** Time for the upstream's headers, then between chunks of its body (default 30 s). */
  timeoutMs?: number;
}

export interface RunningPetStoreServer {
  /** The base URL, ending in /v1. */
  readonly baseUrl: string;
  readonly port: number;
  readonly repository: PetRepository;
  /** With recordFile: what was recorded, in one line for the exit. */
  recordSummary(): string | undefined;
  close(): Promise<void>;
}

/** Starts the local reference server; rejects with a clear error if the data file is unusable. */
export async function startPetStoreServer(
  options: PetStoreServerOptions,
): Promise<RunningPetStoreServer> {
  const log = options.log ?? (() => undefined);
  const keys = options.upstream ? undefined : new BearerKeys(options.apiKeys);
  const upstream = options.upstream && connectUpstream(options.upstream, log);
  const record = options.recordFile ? await CallRecord.open(options.recordFile, log) : undefined;
  const { repository, closeStore } = await openRepository(options, log).catch(async (error) => {
    await record?.close();
    throw error;
  });
  /** Calls of the deprecated operation, recorded once answered (with the status). */
  const deprecatedCalls = new WeakMap<ServerResponse, { petId: string; brownout: boolean }>();
  const handler = createRequestHandler({
    onDeprecatedCall:
      record && (({ response, ...call }) => void deprecatedCalls.set(response, call)),
    repository,
    keys,
    forward: upstream?.forward,
    removed: options.removed,
    onRemovedAnswer: (petId, until) =>
      log(
        `GET /pets/${petId}: answered ${options.removed?.status ?? 410} (${
          until === undefined
            ? 'the operation is removed'
            : `browned out until ${new Date(until).toISOString()}`
        })`,
      ),
  });
  // The same redactor the extension's log uses: every key, as written, encoded or in any case.
  const redactor = new SecretRedactor();
  for (const key of options.apiKeys) redactor.remember(key);

  const cors = createCors(options.corsOrigins ?? []);
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  // Timeouts are checked this often (Node's default, 30 s, would let idle sockets pile up).
  const checkEveryMs = Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2));
  const server = createServer(
    { connectionsCheckingInterval: checkEveryMs },
    (request, response) => {
      const started = performance.now();
      response.once('finish', () => {
        const path = redactor.redact(request.url ?? '');
        const ms = (performance.now() - started).toFixed(1);
        log(`${request.method} ${path} ${response.statusCode} ${ms}ms`);
        const call = deprecatedCalls.get(response);
        if (call && record)
          record.add({
            time: new Date().toISOString(),
            id: call.petId,
            status: response.statusCode,
            userAgent: request.headers['user-agent'],
            client: request.socket.remoteAddress ?? '',
            brownout: call.brownout,
          });
      });
      if (cors?.handle(request, response)) return;
      handler(request, response);
    },
  );
  applyConnectionLimits(server, limits);
  answerProtocolErrors(server);
  await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const { address, port } = server.address() as AddressInfo;
  if (options.upstream && isItself(options.upstream.url, address, port)) {
    await new Promise((resolve) => server.close(resolve));
    await record?.close();
    await upstream?.dispatcher.close();
    throw new UpstreamLoopError(
      `the upstream ${options.upstream.url.origin} is this server itself: every request would come back to it`,
    );
  }
  const host = address.includes(':') ? `[${address}]` : address;
  const baseUrl = `http://${host}:${port}${BASE_PATH}`;

  return {
    baseUrl,
    port,
    repository,
    recordSummary: () => record?.summary(),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await repository.idle();
      await closeStore();
      await record?.close();
      await upstream?.dispatcher.close();
    },
  };
}

/** The connections to the upstream, trusting what the extension's client trusts, and the forwarder. */
function connectUpstream(
  settings: UpstreamSettings,
  log: (line: string) => void,
): { dispatcher: Dispatcher; forward: Forward } {
  const trust = trustedCertificates(true);
  const ca = [...trust.ca, ...(settings.extraCertificates ?? [])];
  const extra = settings.extraCertificates?.length
    ? [`--upstream-ca (${settings.extraCertificates.length})`]
    : [];
  log(
    `Forwarding to ${settings.url.origin}${settings.url.pathname}; trusting ${[...trust.sources, ...extra].join(', ')}`,
  );
  const dispatcher = createDispatcher({ ca });
  return {
    dispatcher,
    forward: createForwarder({
      upstream: settings.url,
      dispatcher,
      timeoutMs: settings.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    }),
  };
}

const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

/** Whether an upstream URL names this server's own socket (a loop). */
function isItself(url: URL, address: string, port: number): boolean {
  const upstreamPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (upstreamPort !== port) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const listening = address.replace(/^::ffff:/, '');
  const everywhere = listening === '0.0.0.0' || listening === '::';
  return (
    host === listening ||
    (isLoopbackHost(host) && (everywhere || isLoopbackHost(listening))) ||
    (everywhere && host === '0.0.0.0')
  );
}

async function openRepository(
  options: PetStoreServerOptions,
  log: (line: string) => void,
): Promise<{ repository: PetRepository; closeStore: () => Promise<void> }> {
  if (!options.dataFile) {
    const repository = new PetRepository();
    if (options.seed) await seed(repository, log);
    return { repository, closeStore: () => Promise.resolve() };
  }
  const path = await prepareDataPath(options.dataFile);
  try {
    const store = await openJournaledStore(path, options, log);
    if (options.seed) {
      if (store.repository.size === 0) await seed(store.repository, log);
      else log('Not seeding: the data file already holds pets');
    }
    return store;
  } catch (error) {
    await path.release();
    throw error;
  }
}

/**
 * The snapshot (the data file) plus the journal of creates since. At start the journal is replayed
 * and compacted into the snapshot; while running, each group commit appends to the journal with one
 * fsync, and past a size the journal is compacted again (so a create costs O(1), amortized).
 */
async function openJournaledStore(
  path: PreparedDataPath,
  options: PetStoreServerOptions,
  log: (line: string) => void,
): Promise<{ repository: PetRepository; closeStore: () => Promise<void> }> {
  if (path.removedTemporaries > 0)
    log(`Removed ${path.removedTemporaries} temporary files left by an interrupted write`);
  const loaded = await loadDataFile(path.file);
  const base: StoreSnapshot = loaded ?? { nextId: 1n, pets: [] };
  const replayed = await replayJournal(path.journal, base, options.repair === true);
  for (const note of replayed.notes) log(note);
  const start: StoreSnapshot = {
    nextId: replayed.nextId,
    pets: replayed.pets.length ? [...base.pets, ...replayed.pets] : base.pets,
  };
  const journal = await Journal.open(path.journal);
  let snapshotBytes = 0;
  const compact = async (snapshot: StoreSnapshot) => {
    snapshotBytes = await writeDataFile(path.file, snapshot);
    await journal.clear();
  };
  if (!loaded || journal.size > 0) await compact(start);
  log(
    loaded
      ? `Loaded ${start.pets.length} pets from ${options.dataFile}${replayed.pets.length ? ` (${replayed.pets.length} from its journal)` : ''}`
      : `Starting a new data file ${options.dataFile}`,
  );
  const threshold = () => options.compactAboveBytes ?? Math.max(COMPACT_MIN_BYTES, snapshotBytes);
  const repository = new PetRepository(start, async (added, after) => {
    if (journal.size > threshold()) await compact(after());
    else await journal.append(added);
  });
  return {
    repository,
    closeStore: async () => {
      await journal.close();
      await path.release();
    },
  };
}

/** The journal is compacted into the data file past this size, or past the data file's size. */
const COMPACT_MIN_BYTES = 8 * 1024 * 1024;

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
