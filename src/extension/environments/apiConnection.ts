import type * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { PetStoreClient, PetStoreClientOptions } from '../../core/api/client';
import type { ApiChunk } from '../chunks/loadChunk';

/**
 * The connection to the Pet Store API, made on the first request: the API chunk (undici, zod) is
 * loaded and the connection pool created then, not at activation. Closed on deactivation.
 */
export class ApiConnection implements vscode.Disposable {
  private dispatcher: Dispatcher | undefined;

  constructor(
    private readonly loadApi: () => ApiChunk,
    /** The editor's http.proxy, when set. */
    private readonly proxyUrl: string | undefined,
  ) {}

  client(options: Omit<PetStoreClientOptions, 'dispatcher'>): PetStoreClient {
    const api = this.loadApi();
    this.dispatcher ??= api.createDispatcher({ proxyUrl: this.proxyUrl });
    return new api.PetStoreClient({ ...options, dispatcher: this.dispatcher });
  }

  dispose(): void {
    void this.dispatcher?.close();
  }
}
