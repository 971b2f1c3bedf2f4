import * as vscode from 'vscode';
import type { Environment } from '../../core/explorer/environments';
import { readSettings, SECTION } from '../common/settings';

const STATE_KEY = 'petstore.activeEnvironment';

/**
 * Which environment this workspace talks to (kept in workspace state), and the settings it comes
 * from. Fires when either changes.
 */
export class ActiveEnvironment implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly workspaceState: vscode.Memento) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION)) this.changed.fire();
    });
  }

  get all(): Environment[] {
    return readSettings().environments;
  }

  /** The chosen environment; without a choice, the first one that has a base URL. */
  get current(): Environment {
    const environments = this.all;
    const chosen = this.workspaceState.get<string>(STATE_KEY);
    return (
      environments.find((e) => e.id === chosen) ??
      environments.find((e) => e.baseUrl) ??
      environments[0]!
    );
  }

  async select(id: string): Promise<void> {
    await this.workspaceState.update(STATE_KEY, id);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
