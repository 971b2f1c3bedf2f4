import { PassThrough } from 'node:stream';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { startDeprecationServer, type ServerOptions } from '../../../src/lsp/deprecationServer';
import { nodeServerHost, type NodePortFactory } from '../../../src/lsp/nodeServerHost';
import { PublishedDiagnostics } from './publishedDiagnostics';

/**
 * The language server started in this process, and a client's connection to it over in-memory
 * streams (not yet listening).
 */
export function inProcessClient(options: ServerOptions): MessageConnection {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startDeprecationServer(
    createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)),
    options,
  );
  return createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
}

/** A language client over in-memory streams, recording what the server publishes. */
export class TestClient {
  readonly connection: MessageConnection;
  readonly published = new PublishedDiagnostics();
  readonly latest = this.published.latest;
  readonly progress: string[] = [];
  readonly shownDocuments: string[] = [];
  /** What the server asked the client to watch (client/registerCapability). */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  readonly messages: { type: number; message: string }[] = [];
  /** What the server wrote to its log (window/logMessage). */
  readonly logs: string[] = [];

  /** `workspacePort`: the port onto the workspace's files in Node (a test records its calls). */
  constructor(options: Partial<ServerOptions> & { workspacePort?: NodePortFactory } = {}) {
    const { workspacePort, ...serverOptions } = options;
    this.connection = inProcessClient({
      defaultExplanationUri: 'file:///docs',
      debounceMs: 20,
      host: nodeServerHost(workspacePort),
      ...serverOptions,
    });
    this.connection.onNotification(
      'textDocument/publishDiagnostics',
      (params: PublishDiagnosticsParams) => {
        this.published.record(params);
      },
    );
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onNotification('$/progress', (params: { value: { kind: string } }) => {
      this.progress.push(params.value.kind);
    });
    this.connection.onRequest('window/showDocument', (params: { uri: string }) => {
      this.shownDocuments.push(params.uri);
      return { success: true };
    });
    this.connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
    });
    this.connection.onNotification(
      'window/showMessage',
      (params: { type: number; message: string }) => {
        this.messages.push(params);
      },
    );
    this.connection.onRequest(
      'window/showMessageRequest',
      (params: { type: number; message: string }) => {
        this.messages.push(params);
        return null;
      },
    );
    this.connection.onRequest(
      'client/registerCapability',
      (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
        this.registrations.push(...params.registrations);
        return null;
      },
    );
    this.connection.onRequest('client/unregisterCapability', () => null);
    this.connection.listen();
  }

  /** Resolves once the latest diagnostics of `uri` satisfy the predicate (event-driven, no sleeps). */
  diagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[]) => boolean,
  ): Promise<Diagnostic[]> {
    return this.published.diagnostics(uri, predicate);
  }
}
