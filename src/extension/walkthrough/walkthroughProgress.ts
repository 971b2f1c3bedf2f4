import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { PetsTreeProvider } from '../pets/petsTree';

/**
 * The context keys the walkthrough's steps complete on (package.json contributes.walkthroughs):
 * each is set by the real event, not by clicking the step's button.
 */
export class WalkthroughProgress implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly environments: ActiveEnvironment,
    private readonly keys: ApiKeyStore,
    tree: PetsTreeProvider,
    private readonly onError: (error: unknown) => void,
  ) {
    this.subscriptions = [
      environments.onDidChange(() => this.update()),
      tree.onDidChangeState((state) => {
        // Pets loaded: the address answered and the key was accepted.
        if (state === 'ready')
          for (const key of [
            'petstore.environmentConfigured',
            'petstore.apiKeySet',
            'petstore.petsLoaded',
          ])
            this.set(key);
      }),
    ];
    this.update(); // settings only: activation reads no secret (the Pets view does, when shown)
  }

  /** The settings changed: an address may now be set. */
  update(): void {
    if (this.environments.current.baseUrl) this.set('petstore.environmentConfigured');
  }

  /** A key was set or cleared (in any window): is there one for the active environment now? */
  keyChanged(): void {
    const environment = this.environments.current;
    if (!environment.baseUrl) return;
    this.keys.lookup(environment.id, environment.baseUrl.origin).then((lookup) => {
      if (lookup.state === 'ready') this.set('petstore.apiKeySet');
    }, this.onError);
  }

  petCreated(): void {
    this.set('petstore.petCreated');
  }

  /** Only ever set: a step once done stays done (VS Code also remembers it). */
  private set(key: string): void {
    void vscode.commands.executeCommand('setContext', key, true);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
