import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  deprecatedCallIn,
  listeningAddress,
  serverArguments,
  type RehearsalPlan,
} from '../../core/rehearsal/rehearsalPlan';
import { RehearsalTally } from '../../core/rehearsal/rehearsalSummary';
import type { Log } from '../common/log';

/** How long the server may take to say it listens before the rehearsal gives up. */
const START_TIMEOUT_MS = 15_000;

/**
 * One petstore-server process run for a rehearsal, in its own process (the bundle the CLI
 * ships), on the editor's Node. It counts the calls to GET /pets/{petId} from its log.
 */
export class RehearsalServer {
  /** Calls to GET /pets/{petId} the server logged, by what it answered. */
  readonly tally = new RehearsalTally();
  readonly startedAt = Date.now();
  private exitListeners: ((message: string) => void)[] = [];
  private callListeners: (() => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly plan: RehearsalPlan,
  ) {}

  /** Starts the server and resolves once it listens; rejects with its own words when it cannot. */
  static start(
    serverScript: string,
    plan: RehearsalPlan,
    key: string | undefined,
    log: Log,
  ): Promise<RehearsalServer> {
    const child = spawn(process.execPath, [serverScript, ...serverArguments(plan)], {
      // The editor's executable runs as plain Node; the key reaches the server by environment,
      // never on its command line.
      env: {
        ...process.env,
        ELECTRON_RUN_AS_NODE: '1',
        ...(key ? { PETSTORE_SERVER_API_KEYS: key } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
      let server: RehearsalServer | undefined;
      let errors = '';
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('The rehearsal server did not start in time'));
      }, START_TIMEOUT_MS);
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString('utf8');
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (!server) {
          const address = listeningAddress(line);
          log.info(`Rehearsal: ${line}`);
          if (!address) return;
          clearTimeout(timer);
          server = new RehearsalServer(child, address, plan);
          resolve(server);
          return;
        }
        const call = deprecatedCallIn(line);
        if (call) {
          server.tally.record(call);
          log.info(`Rehearsal: ${line}`);
          for (const listener of server.callListeners) listener();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`The rehearsal server could not run: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const said =
          errors
            .trim()
            .replace(/^petstore-server: /, '')
            .split('\n')[0] ?? '';
        const message = said || `it stopped (${signal ?? `status ${code}`})`;
        if (!server) reject(new Error(`The rehearsal server did not start: ${message}`));
        else for (const listener of server.exitListeners) listener(message);
      });
    });
  }

  /** Calls to GET /pets/{petId} the server logged, whatever it answered. */
  get calls(): number {
    return this.tally.calls;
  }

  onCall(listener: () => void): void {
    this.callListeners.push(listener);
  }

  /** The server ended on its own (not through stop). */
  onExit(listener: (message: string) => void): void {
    this.exitListeners.push(listener);
  }

  /** Stops the server and waits for it to be gone. */
  stop(): Promise<void> {
    this.exitListeners = [];
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
