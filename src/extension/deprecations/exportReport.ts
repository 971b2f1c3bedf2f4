import * as vscode from 'vscode';
import type { HistoryReport } from '../../core/deprecations/history/historyReport';
import { progressReport } from '../../core/deprecations/migration/progress';
import { progressHtml, type NoHistory } from '../../core/deprecations/reports/progressHtml';
import type { Log } from '../common/log';
import {
  deprecatedCallsInEditor,
  withSnippets,
  type CallPlaces,
  type EditorCall,
} from './deprecatedCalls';

export const DEFAULT_REPORT_NAME = 'petstore-deprecations-report.html';

/**
 * Where the report goes and what it is measured against: on the desktop a file on disk written
 * atomically and the baseline file the settings name (nodeReportFiles.ts); in the browser the
 * editor's file system (workspace.fs) and no baseline (it is read by path).
 */
export interface ReportFiles {
  places: CallPlaces;
  write(destination: vscode.Uri, page: string): Promise<void>;
  baseline(calls: readonly EditorCall[], log: Log): { recorded: number; gone: number } | undefined;
}

/** The browser's: written through the editor's file system, no baseline. */
export const workspaceReportFiles = (places: CallPlaces): ReportFiles => ({
  places,
  write: async (destination, page) => {
    await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(page));
  },
  baseline: () => undefined,
});

/**
 * Writes the progress report of the calls the editor shows, as the CLI's `report` writes it (one
 * self-contained HTML page, grouped by CODEOWNERS when there is one, with the burn-down when the
 * git history gave one, or why there is none), to `target` or where the user says. Returns where it was written, or undefined when the user cancelled.
 */
export async function exportDeprecationReport(
  files: ReportFiles,
  log: Log,
  toolVersion: string,
  target?: vscode.Uri,
  history?: HistoryReport | NoHistory,
): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const destination =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: folder && vscode.Uri.joinPath(folder, DEFAULT_REPORT_NAME),
      filters: { [vscode.l10n.t('HTML page')]: ['html'] },
      title: vscode.l10n.t('Export the Deprecated Calls Report'),
      saveLabel: vscode.l10n.t('Export'),
    }));
  if (!destination) return undefined;
  const calls = await withSnippets(deprecatedCallsInEditor(files.places));
  const report = progressReport({
    calls,
    owners: files.places.codeOwners(),
    baseline: files.baseline(calls, log),
  });
  const page = progressHtml(report, toolVersion, history);
  await files.write(destination, page);
  log.info(`Deprecated calls report (${report.total} calls) written to ${destination.toString()}`);
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t(
        'Pet Store: report of {0} deprecated calls written to {1}.',
        report.total,
        vscode.workspace.asRelativePath(destination),
      ),
      vscode.l10n.t('Open in Browser'),
    )
    .then((choice) =>
      choice ? vscode.env.openExternal(destination).then(() => undefined) : undefined,
    );
  return destination;
}
