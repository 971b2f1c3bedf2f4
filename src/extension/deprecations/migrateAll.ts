import * as vscode from 'vscode';
import { MIGRATION_EDIT_REQUEST, SCAN_WORKSPACE_REQUEST } from '../../lsp/protocol';
import type { MigrationEditResult } from '../../lsp/migrationEdit';
import type { Log } from '../common/log';
import type { BaseLanguageClient } from 'vscode-languageclient';

/**
 * "Migrate All Deprecated Calls…": the language server rewrites every request of the workspace it
 * knows a shape of, as one WorkspaceEdit whose changes need confirmation — VS Code's refactor
 * preview shows them, grouped by owner or folder, and nothing changes until it is applied (one
 * undo takes it all back). What was left for a person is listed in the log.
 */
export async function migrateAllDeprecatedCalls(
  /** The finder's language server, once running (the desktop's process, or the browser's). */
  deprecations: { ready: Promise<BaseLanguageClient> },
  log: Log,
): Promise<{ fixed: number; files: number; manual: number; applied: boolean }> {
  const client = await deprecations.ready;
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Pet Store: preparing the migration of GET /pets/{petId}…'),
    },
    async () => {
      // Every file indexed first: the edit covers the workspace, not only what was opened.
      await client.sendRequest(SCAN_WORKSPACE_REQUEST);
      return client.sendRequest<MigrationEditResult | null>(MIGRATION_EDIT_REQUEST);
    },
  );
  if (!result)
    throw new Error(vscode.l10n.t('the language server could not prepare the migration'));
  for (const left of result.manual)
    log.info(
      `Left for a person to change: ${vscode.Uri.parse(left.uri).fsPath}:${left.line}: ${left.reason}`,
    );
  const summary = {
    fixed: result.fixed,
    files: result.files,
    manual: result.manual.length,
    applied: false,
  };
  if (result.fixed === 0) {
    void vscode.window.showInformationMessage(
      result.manual.length
        ? vscode.l10n.t(
            'Pet Store: none of the {0} requests can be rewritten automatically; the log says why for each.',
            result.manual.length,
          )
        : vscode.l10n.t('Pet Store: no calls to the deprecated GET /pets/{petId} to migrate.'),
    );
    return summary;
  }
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result.edit);
  summary.applied = await vscode.workspace.applyEdit(edit, { isRefactoring: true });
  if (summary.applied)
    void vscode.window.showInformationMessage(
      result.manual.length
        ? vscode.l10n.t(
            'Pet Store: {0} requests migrated in {1} files; {2} left for a person (see the log).',
            result.fixed,
            result.files,
            result.manual.length,
          )
        : vscode.l10n.t(
            'Pet Store: {0} requests migrated in {1} files.',
            result.fixed,
            result.files,
          ),
    );
  return summary;
}
