import * as vscode from 'vscode';
import { EXPLANATION_URI } from '../../../core/deprecations/rule';
import type { Log } from '../../common/log';
import { workspaceCallPlaces } from '../deprecatedCalls';
import {
  DEPRECATED_CALLS_VIEW_ID,
  DeprecatedCallsTree,
  type CallsGrouping,
  type CallsNode,
} from '../deprecatedCallsTree';
import { exportDeprecationReport, workspaceReportFiles } from '../exportReport';
import { DOCS_SCHEME, docsProvider, showRendered } from '../replacementDocs';
import { WebFinder, type WebScanResult } from './webFinder';

/** The finder in the browser, as the browser's extension uses it (webExtension.ts). */
export interface WebFinderFeature {
  finder: WebFinder;
  tree: DeprecatedCallsTree;
  view: vscode.TreeView<CallsNode>;
  /** Scans now (the command), with its result. */
  scan(): Promise<WebScanResult>;
  exportReport(target?: vscode.Uri): Promise<vscode.Uri | undefined>;
  group(grouping: CallsGrouping): Promise<void>;
  showHelp(): Promise<void>;
}

/**
 * Starts the finder in the browser: its diagnostics, the Deprecated Calls view over them (files
 * named from their workspace folder), the report written through workspace.fs, the rule's page.
 * The first scan starts at once; later ones follow saves.
 */
export function activateWebFinder(
  context: vscode.ExtensionContext,
  log: Log,
  toolVersion: string,
): WebFinderFeature {
  const finder = new WebFinder(log);
  const tree = new DeprecatedCallsTree(context.workspaceState, workspaceCallPlaces);
  const view = vscode.window.createTreeView(DEPRECATED_CALLS_VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
  });
  tree.attach(view);
  context.subscriptions.push(
    finder,
    tree,
    view,
    finder.onDidScan((result) => tree.showScanNote(result.note)),
    vscode.workspace.registerTextDocumentContentProvider(DOCS_SCHEME, docsProvider),
  );
  const files = workspaceReportFiles(workspaceCallPlaces);
  void finder.scan().catch((error: unknown) => log.error('Deprecated calls scan', error));
  return {
    finder,
    tree,
    view,
    scan: () => finder.scan(),
    exportReport: (target) => exportDeprecationReport(files, log, toolVersion, target),
    group: (grouping) => tree.setGrouping(grouping),
    showHelp: () => showRendered(vscode.Uri.parse(EXPLANATION_URI)),
  };
}
