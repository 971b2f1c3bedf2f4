/**
 * The browser's language server on one port of a MessageChannel (startBrowserServer, as
 * dist/web/server.js runs it), and a client connection on the other port dressed as a Worker
 * (inHostWorker), read and written as vscode-languageclient/browser reads and writes a Worker.
 * Load it only in a process started with `--conditions=browser`: vscode-jsonrpc's browser runtime
 * replaces Node's for the whole process once loaded (inHostChannelProbe.ts, bench/webLanguageServer.ts).
 */
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createMessageConnection,
  type MessageConnection,
} from 'vscode-jsonrpc/browser';
import { startBrowserServer } from '../../../src/lsp/browser/browserServer';
import { inHostWorker } from '../../../src/extension/deprecations/webFinder/inHostWorker';

/** The client's connection (not yet listening) and how to close both ports. */
export function inHostClient(): { client: MessageConnection; close: () => void } {
  const channel = new MessageChannel();
  startBrowserServer(channel.port1);
  // The one object the browser's client is given, as its Worker: its reader and writer share it.
  const worker = inHostWorker(channel);
  const client = createMessageConnection(
    new BrowserMessageReader(worker),
    new BrowserMessageWriter(worker),
  );
  return {
    client,
    close: () => {
      client.dispose();
      worker.terminate();
    },
  };
}
