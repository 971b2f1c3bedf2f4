import * as vscode from 'vscode';
import { defaultEnvironment, type Environment } from '../../core/explorer/environments';
import { readSettings, SECTION } from '../common/settings';

const STATE_KEY = 'petstore.activeEnvironment';

/**
 * Which environment this workspace talks to (kept in workspace state), and the settings it comes
 * from. Fires when either changes.
 */
export class ActiveEnvironment implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** A removal rehearsal's temporary environment: current while it runs, never in settings. */
  private rehearsal: Environment | undefined;

  constructor(private readonly workspaceState: vscode.Memento) {
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SECTION)) this.changed.fire();
      }),
      // Trusted now: the workspace's environments count (common/settings.ts).
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    ];
  }

  get all(): Environment[] {
    return readSettings().environments;
  }

  /** The chosen environment (a rehearsal's while one runs); without a choice, a test environment if there is one. */
  get current(): Environment {
    if (this.rehearsal) return this.rehearsal;
    const environments = this.all;
    const chosen = this.workspaceState.get<string>(STATE_KEY);
    return environments.find((e) => e.id === chosen) ?? defaultEnvironment(environments);
  }

  /** Points everything at a rehearsal's environment until `endRehearsal`. */
  beginRehearsal(environment: Environment): void {
    this.rehearsal = environment;
    this.changed.fire();
  }

  /** Back to the chosen environment, as it was before the rehearsal. */
  endRehearsal(): void {
    if (!this.rehearsal) return;
    this.rehearsal = undefined;
    this.changed.fire();
  }

  get rehearsing(): boolean {
    return this.rehearsal !== undefined;
  }

  /** Chooses an environment; a rehearsal running ends (its controller then stops the server). */
  async select(id: string): Promise<void> {
    this.rehearsal = undefined;
    await this.workspaceState.update(STATE_KEY, id);
    this.changed.fire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
