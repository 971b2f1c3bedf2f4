#!/usr/bin/env node
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  createConnection,
} from 'vscode-languageserver/node';
import { startDeprecationServer } from './deprecationServer';
import { FrameGuard } from './framing';

/**
 * The language server over stdio (`--stdio`) or Node IPC (as VS Code starts it). Usable from any
 * LSP client: see the README for Neovim.
 */
function connect() {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  // A frame with a bad header leaves the stream unreadable for good: rather than stay alive and
  // deaf (the editor would show stale diagnostics), end with a clear line so the client restarts us.
  const framed = process.stdin.pipe(new FrameGuard());
  framed.on('error', (error) => {
    process.stderr.write(
      `petstore-language-server: unrecoverable framing error from the client (${error.message}); exiting so that it restarts the server\n`,
    );
    process.exit(2);
  });
  const reader = new StreamMessageReader(framed);
  reader.onClose(() => process.exit(shutdownRequested ? 0 : 1));
  // Nothing but protocol may reach stdout.
  console.log = console.info = console.debug = console.warn = console.error;
  return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
}

let shutdownRequested = false;
const connection = connect();
connection.onShutdown(() => {
  shutdownRequested = true;
});
startDeprecationServer(connection, {
  // The README's section on the deprecation, shipped with the package.
  defaultExplanationUri: `${pathToFileURL(resolve(__dirname, '../../README.md')).href}#deprecated-getpet-finder`,
});
