import * as vscode from 'vscode';
import { EXPLANATION_URI } from '../../core/deprecations/rule';
import type { CommandSpec } from '../common/commandTable';
import type { Log } from '../common/log';
import type { DeprecatedCallsTree } from './deprecatedCallsTree';
import type { DeprecationsService } from './deprecationsService';
import type { DeprecationForecast } from './deprecationForecast';
import { DeprecationCountStatusBar } from './deprecationCount';
import { exportDeprecationReport } from './exportReport';
import { nodeReportFiles } from './nodeReportFiles';
import { SCAN_WORKSPACE_REQUEST } from '../../lsp/protocol';
import { migrateAllDeprecatedCalls } from './migrateAll';
import { showRendered } from './replacementDocs';

/**
 * "Scan Workspace for Deprecated Calls", the explanation the diagnostics link to, and the
 * Deprecated Calls view's actions (export the report, group by owner or folder).
 */
export function deprecationCommands(
  deprecations: DeprecationsService,
  calls: DeprecatedCallsTree,
  forecast: DeprecationForecast,
  log: Log,
  toolVersion: string,
): CommandSpec[] {
  return [
    {
      id: 'petstore.scanWorkspaceForDeprecatedCalls',
      run: () =>
        vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t('Pet Store: scanning for deprecated GET /pets/{petId}…'),
          },
          async () => {
            const client = await deprecations.ready;
            const result = await client.sendRequest<{ files: number; findings: number }>(
              SCAN_WORKSPACE_REQUEST,
            );
            // A scan asked for by hand brings the forecast up to date too.
            void forecast.refresh();
            const { calls, files } = DeprecationCountStatusBar.count();
            void vscode.window.showInformationMessage(
              calls
                ? vscode.l10n.t('Pet Store: {0} deprecated calls in {1} files.', calls, files)
                : vscode.l10n.t('Pet Store: no calls to the deprecated GET /pets/{petId}.'),
            );
            return result;
          },
        ),
    },
    {
      id: 'petstore.migrateAllDeprecatedCalls',
      run: () => migrateAllDeprecatedCalls(deprecations, log),
    },
    {
      id: 'petstore.showDeprecationHelp',
      run: () => showRendered(vscode.Uri.parse(EXPLANATION_URI)),
    },
    {
      id: 'petstore.exportDeprecationReport',
      // A URI argument (tests, other extensions) skips the save dialog.
      run: (target?: unknown) =>
        exportDeprecationReport(
          nodeReportFiles(),
          log,
          toolVersion,
          target instanceof vscode.Uri ? target : undefined,
          forecast.history ??
            (forecast.noHistory === undefined ? undefined : { noHistory: forecast.noHistory }),
        ),
    },
    { id: 'petstore.deprecatedCalls.groupByOwner', run: () => calls.setGrouping('owner') },
    { id: 'petstore.deprecatedCalls.groupByFolder', run: () => calls.setGrouping('folder') },
  ];
}
