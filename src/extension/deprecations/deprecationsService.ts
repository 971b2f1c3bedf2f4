import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { LanguageClientChunk } from '../chunks/loadChunk';
import type { DeprecationSettings } from '../../lsp/settings';

/**
 * The deprecation language server, started just after activation returns: the language client
 * (its chunk is ~0.4 MB) is loaded on the next turn of the event loop, so activate() stays light
 * and the editor does not wait for it. Requests wait for `ready`.
 */
export class DeprecationsService implements vscode.Disposable {
  /** Resolves with the running client; rejects when it could not start. */
  readonly ready: Promise<LanguageClient>;
  private client: LanguageClient | undefined;
  private disposed = false;

  constructor(
    context: vscode.ExtensionContext,
    outputChannel: vscode.LogOutputChannel,
    loadChunk: () => LanguageClientChunk,
  ) {
    this.ready = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      if (this.disposed) throw new Error('The extension was deactivated before the server started');
      const client = loadChunk().createDeprecationsClient(context, outputChannel);
      this.client = client;
      await client.start();
      return client;
    });
  }

  /** Sends new settings once the server runs (a server that failed to start was logged already). */
  configurationChanged(settings: DeprecationSettings): void {
    this.ready.then(
      (client) =>
        client.sendNotification('workspace/didChangeConfiguration', {
          settings: { petstore: { deprecations: settings } },
        }),
      () => undefined,
    );
  }

  dispose(): void {
    this.disposed = true;
    void this.client?.stop();
  }
}
