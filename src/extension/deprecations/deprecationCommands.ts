import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EXPLANATION_URI, RULE_HELP_MARKDOWN } from '../../core/deprecations/rule';
import type { CommandSpec } from '../common/commandTable';
import { DeprecationCountStatusBar } from './deprecationCount';
import { SCAN_WORKSPACE_REQUEST } from '../../lsp/protocol';

/** "Scan Workspace for Deprecated Calls" and the explanation the diagnostics link to. */
export function deprecationCommands(client: LanguageClient): CommandSpec[] {
  return [
    {
      id: 'petstore.scanWorkspaceForDeprecatedCalls',
      run: () =>
        vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: 'Pet Store: scanning for deprecated GET /pets/{petId}…',
          },
          async () => {
            await client.start();
            const result = await client.sendRequest<{ files: number; findings: number }>(
              SCAN_WORKSPACE_REQUEST,
            );
            const { calls, files } = DeprecationCountStatusBar.count();
            void vscode.window.showInformationMessage(
              calls
                ? `Pet Store: ${calls} deprecated calls in ${files} files.`
                : 'Pet Store: no calls to the deprecated GET /pets/{petId}.',
            );
            return result;
          },
        ),
    },
    {
      id: 'petstore.showDeprecationHelp',
      run: () => vscode.window.showTextDocument(vscode.Uri.parse(EXPLANATION_URI)),
    },
  ];
}

/** Serves the explanation at petstore-docs:/deprecated-get-pet.md (a read-only Markdown document). */
export const explanationProvider: vscode.TextDocumentContentProvider = {
  provideTextDocumentContent: () => RULE_HELP_MARKDOWN,
};
