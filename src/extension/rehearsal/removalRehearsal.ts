import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { Environment } from '../../core/explorer/environments';
import type { RehearsalPlan } from '../../core/rehearsal/rehearsalPlan';
import { rehearsalSummary } from '../../core/rehearsal/rehearsalSummary';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { Log } from '../common/log';
import { RehearsalServer } from './rehearsalServer';

/** The temporary environment's id; its key lives in memory only (TransientSecrets). */
export const REHEARSAL_ENVIRONMENT_ID = 'rehearsal';
const REHEARSING_CONTEXT = 'petstore.rehearsing';

export interface RunningRehearsal {
  plan: RehearsalPlan;
  baseUrl: string;
  /** Calls to GET /pets/{petId} the server saw. */
  calls: number;
  /** The environment rehearsed in front of (the proxy), or undefined for the local server. */
  upstream?: Environment;
}

/**
 * "Rehearse the Removal": runs petstore-server (the local store with demo pets, or the proxy in
 * front of the active environment) in a removal mode, and points a temporary environment at it
 * until it stops; stopping restores the environment chosen before.
 */
export class RemovalRehearsal implements vscode.Disposable {
  private server: RehearsalServer | undefined;
  private upstream: Environment | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly serverScript: string,
    private readonly environments: ActiveEnvironment,
    private readonly keys: ApiKeyStore,
    private readonly log: Log,
  ) {
    // Another environment chosen meanwhile ends the rehearsal.
    this.subscription = environments.onDidChange(() => {
      if (this.server && !environments.rehearsing) void this.stop();
    });
  }

  get running(): RunningRehearsal | undefined {
    const server = this.server;
    return (
      server && {
        plan: server.plan,
        baseUrl: server.baseUrl,
        calls: server.calls,
        ...(this.upstream ? { upstream: this.upstream } : {}),
      }
    );
  }

  /** Starts a rehearsal (a running one stops first); rejects with a clear reason. */
  async start(plan: RehearsalPlan, label: string): Promise<RunningRehearsal> {
    await this.stop();
    const source = this.environments.current;
    let key: string;
    if (plan.target.kind === 'proxy') {
      if (!source.baseUrl)
        throw new Error(vscode.l10n.t('{0} has no base URL to rehearse in front of', source.label));
      const lookup = await this.keys.lookup(source.id, source.baseUrl.origin);
      if (lookup.state !== 'ready')
        throw new Error(
          vscode.l10n.t('Set the API key of {0} first: the proxy forwards it', source.label),
        );
      key = lookup.key;
    } else key = randomBytes(24).toString('base64url');
    const server = await RehearsalServer.start(
      this.serverScript,
      plan,
      plan.target.kind === 'local' ? key : undefined,
      this.log,
    );
    this.server = server;
    this.upstream = plan.target.kind === 'proxy' ? source : undefined;
    const baseUrl = new URL(server.baseUrl);
    // The proxy's key is the environment's, for the loopback proxy that forwards it to that
    // environment only; a local server gets a key of its own.
    await this.keys.set(REHEARSAL_ENVIRONMENT_ID, baseUrl.origin, key);
    server.onCall(() => this.changed.fire());
    server.onExit((message) => void this.stop(message));
    this.environments.beginRehearsal({
      id: REHEARSAL_ENVIRONMENT_ID,
      label,
      baseUrl,
      // Writes through the proxy reach the real environment: they ask as they would there.
      protected: plan.target.kind === 'proxy' ? source.protected : false,
    });
    await vscode.commands.executeCommand('setContext', REHEARSING_CONTEXT, true);
    this.changed.fire();
    return this.running!;
  }

  /**
   * Stops the server, restores the environment chosen before, and says what the rehearsal saw
   * (with why, when the server stopped on its own); nothing when none runs.
   */
  async stop(stoppedOnItsOwn?: string): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.upstream = undefined;
    this.environments.endRehearsal();
    await this.keys.clear(REHEARSAL_ENVIRONMENT_ID);
    await server.stop();
    await vscode.commands.executeCommand('setContext', REHEARSING_CONTEXT, false);
    const summary = rehearsalSummary(server.tally, Date.now() - server.startedAt, vscode.l10n);
    this.log.info(
      `Rehearsal stopped${stoppedOnItsOwn ? ` on its own (${stoppedOnItsOwn})` : ''}: ${rehearsalSummary(server.tally, Date.now() - server.startedAt)}`,
    );
    this.changed.fire();
    // Said once it is over, with nothing left to do: a message that is not stale once read.
    if (stoppedOnItsOwn)
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Pet Store: the rehearsal server stopped ({0}). {1}',
          stoppedOnItsOwn,
          summary,
        ),
      );
    else void vscode.window.showInformationMessage(`Pet Store: ${summary}`);
  }

  dispose(): void {
    this.subscription.dispose();
    void this.server?.stop();
    this.changed.dispose();
  }
}
