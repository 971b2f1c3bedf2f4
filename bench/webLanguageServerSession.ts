/**
 * One session of bench/webLanguageServer.ts, in a fresh process: the language server started, a
 * client that initializes it and waits for the end of its first workspace scan (the scan's
 * work-done progress ends once every file's diagnostics are published, wrappers' calls included).
 *   browser <folder>: the browser's server over a MessageChannel (run with --conditions=browser),
 *     the files read into memory beforehand and answered one request at a time, each on a later
 *     turn of the event loop, as the editor's asynchronous file APIs answer;
 *   disk <folder>: the same server with Node's host, reading the folder on disk (the walker lists
 *     it), over in-memory streams.
 * Prints one JSON line: the time from initialize to that end, and what was published.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LIST_FILES_REQUEST, READ_FILE_REQUEST, STAT_FILE_REQUEST } from '../src/lsp/protocol';
import { PublishedDiagnostics } from '../test/unit/lsp/publishedDiagnostics';

export interface SessionResult {
  /** From sending initialize to the end of the first workspace scan's progress. */
  ms: number;
  /** Files published with diagnostics, and the diagnostics in all. */
  files: number;
  diagnostics: number;
  /** Requests the browser's server sent for files (list, stat, read). */
  fileRequests: number;
}

/** The corpus's files by path, read before the clock starts. */
function filesOf(root: string, files = new Map<string, Uint8Array>()): Map<string, Uint8Array> {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) filesOf(path, files);
    else if (entry.isFile()) files.set(path, readFileSync(path));
  }
  return files;
}

function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}

/** The editor's side of the browser's file requests, from memory (the corpus has nothing to exclude). */
function answerFiles(client: MessageConnection, files: Map<string, Uint8Array>): () => number {
  let asked = 0;
  client.onRequest(LIST_FILES_REQUEST, () => (asked++, later([...files.keys()])));
  client.onRequest(STAT_FILE_REQUEST, ({ path }: { path: string }) => {
    asked++;
    const bytes = files.get(path);
    return later(bytes ? { size: bytes.length } : null);
  });
  client.onRequest(READ_FILE_REQUEST, ({ path }: { path: string }) => {
    asked++;
    const bytes = files.get(path);
    if (!bytes) throw new Error('no such file');
    return later(bytes);
  });
  return () => asked;
}

async function connect(
  mode: string,
  folder: string,
): Promise<{ client: MessageConnection; close: () => void; asked: () => number }> {
  if (mode === 'browser') {
    const { inHostClient } = await import('../test/unit/web/inHostClient');
    const session = inHostClient();
    return { ...session, asked: answerFiles(session.client, filesOf(folder)) };
  }
  // Node's runtime of vscode-jsonrpc: loaded only here, never with the browser's.
  const { inProcessClient } = await import('../test/unit/lsp/testClient');
  const { nodeServerHost } = await import('../src/lsp/nodeServerHost');
  const client = inProcessClient({ defaultExplanationUri: 'file:///docs', host: nodeServerHost() });
  return { client, close: () => client.dispose(), asked: () => 0 };
}

async function main(): Promise<void> {
  const [mode = '', folder = ''] = process.argv.slice(2);
  if (!['browser', 'disk'].includes(mode) || !folder)
    throw new Error('usage: webLanguageServerSession.ts browser|disk <folder>');
  const { client, close, asked } = await connect(mode, folder);
  const published = new PublishedDiagnostics();
  client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) =>
    published.record(params),
  );
  const scanned = new Promise<void>((resolve) =>
    client.onNotification('$/progress', (params: { value: { kind: string } }) => {
      if (params.value.kind === 'end') resolve();
    }),
  );
  client.onRequest('window/workDoneProgress/create', () => null);
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const uri = pathToFileURL(folder).href;
  const started = performance.now();
  await client.sendRequest('initialize', {
    processId: null,
    rootUri: uri,
    capabilities: { window: { workDoneProgress: true } },
    workspaceFolders: [{ uri, name: 'workspace' }],
    initializationOptions: {},
  });
  await client.sendNotification('initialized', {});
  await scanned;
  const ms = performance.now() - started;
  const withCalls = [...published.latest.values()].filter((list) => list.length > 0);
  const result: SessionResult = {
    ms,
    files: withCalls.length,
    diagnostics: withCalls.reduce((sum, list) => sum + list.length, 0),
    fileRequests: asked(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
