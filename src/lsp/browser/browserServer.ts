/**
 * The language server in a browser, over a MessagePort-shaped endpoint: a Worker's own scope
 * (vscode.dev can start one), or one port of a MessageChannel in the extension host, whose other
 * port the language client holds (inHostServer.ts: a web extension served by a VS Code server,
 * code-server included, cannot start a Worker). The same server as Node's (deprecationServer.ts),
 * with the browser's host: files asked of the client.
 */
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
} from 'vscode-languageserver/browser';
import { EXPLANATION_URI } from '../../core/deprecations/rule';
import { startDeprecationServer } from '../deprecationServer';
import { browserServerHost } from './browserServerHost';

/** What a MessagePort and a Worker's scope have in common, as the browser's reader and writer use it. */
export type MessageEndpoint = ConstructorParameters<typeof BrowserMessageReader>[0];

export function startBrowserServer(endpoint: MessageEndpoint): void {
  const connection = createConnection(
    new BrowserMessageReader(endpoint),
    new BrowserMessageWriter(endpoint),
  );
  startDeprecationServer(connection, {
    // The rule's page, which the extension shows rendered (replacementDocs.ts).
    defaultExplanationUri: EXPLANATION_URI,
    host: browserServerHost(connection),
  });
}
