import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import { EXPLANATION_URI } from '../../../core/deprecations/rule';
import type { WebServerChunk } from '../../chunks/loadWebChunk';
import { findersDocuments, showDocsRendered, watchFindersFiles } from '../clientDocuments';
import { webDeprecationSettings } from './webDeprecationSettings';
import { answerFileRequests } from './fileRequests';
import { inHostWorker } from './inHostWorker';

/**
 * Starts the finder's language server (the desktop's, src/lsp, built for the browser) and its
 * client. The server runs in this extension host, over a MessageChannel: a web extension served
 * by a VS Code server (code-server included) cannot start a Worker, and the extension host
 * already runs in one. It reads the workspace's files by asking the client (fileRequests.ts).
 */
export async function startWebDeprecationsClient(
  context: vscode.ExtensionContext,
  loadServer: () => Promise<WebServerChunk>,
): Promise<LanguageClient> {
  const channel = new MessageChannel();
  (await loadServer()).startBrowserServer(channel.port1);
  const schemes = [
    ...new Set((vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.scheme)),
  ];
  const clientOptions: LanguageClientOptions = {
    documentSelector: findersDocuments(schemes),
    synchronize: { fileEvents: watchFindersFiles(context) },
    initializationOptions: { ...webDeprecationSettings(), explanationUri: EXPLANATION_URI },
    middleware: showDocsRendered,
  };
  const worker = inHostWorker(channel);
  // The browser's client takes the server (a Worker, or what is shaped as one) before its options.
  // Its Worker type is the DOM's, which this project does not compile against (the parameter is
  // unchecked), so nothing is cast here: the options, swapped in, fail the options' type.
  const client = new LanguageClient(
    'petstoreDeprecations',
    'Pet Store Deprecations',
    worker,
    clientOptions,
  );
  context.subscriptions.push(...answerFileRequests(client), {
    dispose: () => {
      void client.stop().finally(() => worker.terminate());
    },
  });
  await client.start();
  return client;
}
