import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import type { HistoryReport } from '../../core/deprecations/history/historyReport';
import { readBaselineFile } from '../../core/deprecations/migration/baseline';
import { progressReport } from '../../core/deprecations/migration/progress';
import { writeFileAtomically } from '../../core/deprecations/migration/writeAtomically';
import { progressHtml, type NoHistory } from '../../core/deprecations/reports/progressHtml';
import type { Log } from '../common/log';
import {
  deprecatedCallsInEditor,
  withSnippets,
  workspaceCodeOwners,
  type EditorCall,
} from './deprecatedCalls';

export const DEFAULT_REPORT_NAME = 'petstore-deprecations-report.html';

/**
 * Writes the progress report of the calls the editor shows, as the CLI's `report` writes it (one
 * self-contained HTML page, grouped by CODEOWNERS when there is one, with the burn-down when the
 * git history gave one, or why there is none), to `target` or where the user says. Returns where it was written, or undefined when the user cancelled.
 */
export async function exportDeprecationReport(
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
  const calls = await withSnippets(deprecatedCallsInEditor());
  const report = progressReport({
    calls,
    owners: workspaceCodeOwners(),
    baseline: baselineProgress(calls, log),
  });
  const page = progressHtml(report, toolVersion, history);
  if (destination.scheme === 'file') writeFileAtomically(destination.fsPath, page);
  else await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(page));
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

/** Against the baseline the settings name: its calls, and how many of them are no longer found. */
function baselineProgress(
  calls: readonly EditorCall[],
  log: Log,
): { recorded: number; gone: number } | undefined {
  const name = vscode.workspace
    .getConfiguration('petstore.deprecations')
    .get<string>('baseline', '')
    .trim();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const path = isAbsolute(name)
    ? name
    : folder?.scheme === 'file'
      ? join(folder.fsPath, name)
      : undefined;
  if (!name || !path) return undefined;
  try {
    const recorded = readBaselineFile(path).entries.length;
    const stillThere = calls.filter((call) => call.baselined).length;
    return { recorded, gone: Math.max(0, recorded - stillThere) };
  } catch (error) {
    log.warn(`The report leaves out the baseline: ${(error as Error).message}`);
    return undefined;
  }
}
