import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { EXPLANATION_URI } from '../../core/deprecations/rule';
import { findersDocuments, showDocsRendered, watchFindersFiles } from './clientDocuments';
import { readDeprecationSettings } from './deprecationSettings';
import { editorRipgrep } from './editorRipgrep';

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
  const clientOptions: LanguageClientOptions = {
    documentSelector: findersDocuments(['file']),
    synchronize: { fileEvents: watchFindersFiles(context) },
    initializationOptions: {
      ...readDeprecationSettings(),
      explanationUri: EXPLANATION_URI,
      ripgrepPath: editorRipgrep(vscode.env.appRoot),
    },
    outputChannel,
    middleware: showDocsRendered,
  };
  return new LanguageClient(
    'petstoreDeprecations',
    'Pet Store Deprecations',
    serverOptions,
    clientOptions,
  );
}
