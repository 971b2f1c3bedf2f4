import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { PetsTreeProvider } from '../pets/petsTree';

/**
 * The context keys the walkthrough's steps complete on (package.json contributes.walkthroughs):
 * each is set by the real event, not by clicking the step's button. VS Code marks a step done when
 * its key *changes* to true while the walkthrough service runs (it starts with the Welcome page),
 * so every occurrence flips the key off and on: doing the thing with the walkthrough open always
 * completes its step, even if it was done before in a session where the walkthrough was closed.
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

  /** The settings changed: an environment may now have an address. */
  update(): void {
    if (this.environments.all.some((environment) => environment.baseUrl))
      this.set('petstore.environmentConfigured');
  }

  /** A key was set or cleared (in any window): does that environment have one for its address now? */
  keyChanged(environmentId: string): void {
    const environment = this.environments.all.find((candidate) => candidate.id === environmentId);
    if (!environment?.baseUrl) return;
    this.keys.lookup(environment.id, environment.baseUrl.origin).then((lookup) => {
      if (lookup.state === 'ready') this.set('petstore.apiKeySet');
    }, this.onError);
  }

  petCreated(): void {
    this.set('petstore.petCreated');
  }

  private set(key: string): void {
    void (async () => {
      await vscode.commands.executeCommand('setContext', key, false);
      await vscode.commands.executeCommand('setContext', key, true);
    })().catch(this.onError);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
