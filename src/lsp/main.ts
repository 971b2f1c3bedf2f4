#!/usr/bin/env node
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  createConnection,
} from 'vscode-languageserver/node';
import { TOOL_VERSION } from '../core/deprecations/toolVersion';
import { startDeprecationServer } from './deprecationServer';
import { FrameGuard } from './framing';
import { nodeServerHost } from './nodeServerHost';

const USAGE = `Usage: petstore-language-server --stdio | --node-ipc | --socket=PORT

The language server of the deprecated GET /pets/{petId} finder, for any LSP client.
  --stdio         speak LSP over standard input and output
  --node-ipc      speak LSP over Node's IPC channel (as VS Code starts it)
  --socket=PORT   speak LSP over a socket on PORT
  -V, --version   print the version
  -h, --help      show this help`;

/** Answers --version and --help, and refuses to start without a transport, before any connection. */
function answerCommandLine(args: readonly string[]): void {
  if (args.includes('--version') || args.includes('-V')) {
    process.stdout.write(`${TOOL_VERSION}\n`);
    process.exit(0);
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (
    !args.some((arg) => /^--(stdio|node-ipc|socket=\d+|pipe=.+|clientProcessId=\d+)$/.test(arg))
  ) {
    process.stderr.write(`petstore-language-server: say how to talk to the client\n\n${USAGE}\n`);
    process.exit(2);
  }
}

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

answerCommandLine(process.argv.slice(2));
let shutdownRequested = false;
const connection = connect();
connection.onShutdown(() => {
  shutdownRequested = true;
});
startDeprecationServer(connection, {
  // The README's section on the deprecation, shipped with the package.
  defaultExplanationUri: `${pathToFileURL(resolve(__dirname, '../../README.md')).href}#deprecated-getpet-finder`,
  host: nodeServerHost(),
});
