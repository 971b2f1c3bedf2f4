/**
 * Run by inHostChannel.test.ts in a process of its own (vscode-jsonrpc's browser runtime replaces
 * Node's for the whole process once loaded): the browser's language server over a MessageChannel,
 * a client on the other port dressed as a Worker (inHostClient.ts). Prints one JSON line: what the
 * client saw.
 */
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import {
  LIST_FILES_REQUEST,
  READ_FILE_REQUEST,
  STAT_FILE_REQUEST,
} from '../../../src/lsp/protocol';
import { inHostClient } from './inHostClient';

const FOLDER = 'vscode-vfs://github/owner/repo';
const SERVICE = 'export const pet = (id: number) => fetch(`/api/pets/${id}`);\n';
const FILES = new Map([['/owner/repo/src/petService.ts', SERVICE]]);

async function main(): Promise<void> {
  const { client, close } = inHostClient();
  const read: string[] = [];
  const published = new Promise<PublishDiagnosticsParams>((resolve) =>
    client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      if (params.diagnostics.length > 0) resolve(params);
    }),
  );
  client.onRequest(LIST_FILES_REQUEST, () => [...FILES.keys()]);
  client.onRequest(STAT_FILE_REQUEST, ({ path }: { path: string }) => {
    const text = FILES.get(path);
    return text === undefined ? null : { size: new TextEncoder().encode(text).length };
  });
  // The bytes as the extension host answers them: a Uint8Array, cloned by the port.
  client.onRequest(READ_FILE_REQUEST, ({ path }: { path: string }) => {
    read.push(path);
    const text = FILES.get(path);
    if (text === undefined) throw new Error('no such file');
    return new TextEncoder().encode(text);
  });
  client.onRequest('window/workDoneProgress/create', () => null);
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const initialized = await client.sendRequest<{ capabilities: Record<string, unknown> }>(
    'initialize',
    {
      processId: null,
      rootUri: FOLDER,
      capabilities: {},
      workspaceFolders: [{ uri: FOLDER, name: 'repo' }],
      initializationOptions: {},
    },
  );
  await client.sendNotification('initialized', {});
  const diagnostics = await published;
  process.stdout.write(
    `${JSON.stringify({
      codeActions: 'codeActionProvider' in initialized.capabilities,
      uri: diagnostics.uri,
      lines: diagnostics.diagnostics.map((diagnostic) => diagnostic.range.start.line),
      read,
    })}\n`,
  );
  close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
