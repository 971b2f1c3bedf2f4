import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  LANGUAGE_IDS,
  SUPPORTED_EXTENSIONS,
  SUPPORTED_FILE_NAMES,
} from '../../core/deprecations/lexers/languages';
import { EXPLANATION_URI } from '../../core/deprecations/rule';
import { readDeprecationSettings } from './deprecationSettings';
import { editorRipgrep } from './editorRipgrep';
import { isDocsUri, showRendered } from './replacementDocs';

/** Files the server follows on disk (created, changed, deleted). */
const WATCHED_FILES = `**/{${[
  ...SUPPORTED_EXTENSIONS.map((extension) => `*.${extension}`),
  ...SUPPORTED_FILE_NAMES,
].join(',')}}`;

/**
 * The language client of the deprecated getPet finder: the server (dist/lsp/server.js) runs in
 * its own process, so scanning never blocks the editor.
 */
export function createDeprecationsClient(
  context: vscode.ExtensionContext,
  outputChannel: vscode.LogOutputChannel,
): LanguageClient {
  const module = context.asAbsolutePath('dist/lsp/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: {
      module,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6010'] },
    },
  };
  const watcher = vscode.workspace.createFileSystemWatcher(WATCHED_FILES);
  // A deleted folder is one event, for a path no file pattern matches: deletions of anything are
  // passed on, so the findings of the files below it go too (deletions are rare, so this is cheap).
  const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
  context.subscriptions.push(watcher, deletions);
  const clientOptions: LanguageClientOptions = {
    // By file name too: .http files (without REST Client) and Kotlin (without its extension) open as plain text.
    documentSelector: [
      { scheme: 'file', pattern: WATCHED_FILES },
      ...Object.keys(LANGUAGE_IDS).flatMap((language) => [
        { scheme: 'file', language },
        { scheme: 'untitled', language },
      ]),
    ],
    synchronize: { fileEvents: [watcher, deletions] },
    initializationOptions: {
      ...readDeprecationSettings(),
      explanationUri: EXPLANATION_URI,
      ripgrepPath: editorRipgrep(vscode.env.appRoot),
    },
    outputChannel,
    middleware: {
      window: {
        // The server's pages (the replacement, in the call's language) open rendered.
        showDocument: async (params, token, next) => {
          const uri = vscode.Uri.parse(params.uri);
          if (!isDocsUri(uri)) return next(params, token);
          await showRendered(uri);
          return { success: true };
        },
      },
    },
  };
  return new LanguageClient(
    'petstoreDeprecations',
    'Pet Store Deprecations',
    serverOptions,
    clientOptions,
  );
}
