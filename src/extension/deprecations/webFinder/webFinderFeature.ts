import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/browser';
import {
  DEFAULT_EDITOR_LIMITS,
  type ScanBudget,
} from '../../../core/deprecations/pipeline/editorScanLimits';
import { EXPLANATION_URI } from '../../../core/deprecations/rule';
import { SCAN_BUDGET_NOTIFICATION, SCAN_WORKSPACE_REQUEST } from '../../../lsp/protocol';
import type { WebFinderLoaders } from '../../chunks/loadWebChunk';
import type { Log } from '../../common/log';
import { workspaceCallPlaces } from '../deprecatedCalls';
import {
  DEPRECATED_CALLS_VIEW_ID,
  DeprecatedCallsTree,
  type CallsGrouping,
  type CallsNode,
} from '../deprecatedCallsTree';
import { DeprecationCountStatusBar } from '../deprecationCount';
import { exportDeprecationReport, workspaceReportFiles } from '../exportReport';
import { migrateAllDeprecatedCalls } from '../migrateAll';
import { DOCS_SCHEME, docsProvider, showRendered } from '../replacementDocs';
import { budgetNote } from './budgetNote';
import { webDeprecationSettings } from './webDeprecationSettings';

/** A scan asked for by hand: the calls and files the diagnostics hold, and what the budget left out. */
export interface WebScanResult {
  files: number;
  calls: number;
  /** What the bounds left out, as the view and the log say it (undefined: everything was read). */
  note: string | undefined;
}

/** The finder in the browser, as the browser's extension uses it (webExtension.ts). */
export interface WebFinderFeature {
  /** The language client of the finder's server, running in this extension host. */
  client: LanguageClient;
  tree: DeprecatedCallsTree;
  view: vscode.TreeView<CallsNode>;
  /** Scans now (the command), with its result. */
  scan(): Promise<WebScanResult>;
  migrateAll(): ReturnType<typeof migrateAllDeprecatedCalls>;
  exportReport(target?: vscode.Uri): Promise<vscode.Uri | undefined>;
  group(grouping: CallsGrouping): Promise<void>;
  showHelp(): Promise<void>;
}

/**
 * Starts the finder in the browser: the language server (its diagnostics, quick fixes and
 * migration), the Deprecated Calls view over its diagnostics (files named from their workspace
 * folder), the report written through workspace.fs, the rule's page. The server scans the
 * workspace once it starts, then follows edits, saves and file events.
 */
export async function activateWebFinder(
  context: vscode.ExtensionContext,
  log: Log,
  toolVersion: string,
  load: WebFinderLoaders,
): Promise<WebFinderFeature> {
  const tree = new DeprecatedCallsTree(context.workspaceState, workspaceCallPlaces);
  const view = vscode.window.createTreeView(DEPRECATED_CALLS_VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
  });
  tree.attach(view);
  context.subscriptions.push(
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(DOCS_SCHEME, docsProvider),
  );
  const client = await (
    await load.client()
  ).startWebDeprecationsClient(context, () => load.server());
  let note: string | undefined;
  context.subscriptions.push(
    client.onNotification(SCAN_BUDGET_NOTIFICATION, (budget: ScanBudget) => {
      const said = budgetNote(budget, DEFAULT_EDITOR_LIMITS);
      if (said && said !== note) log.warn(`Deprecated calls: ${said}`);
      note = said;
      tree.showScanNote(note);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('petstore.deprecations'))
        void client.sendNotification('workspace/didChangeConfiguration', {
          settings: { petstore: { deprecations: webDeprecationSettings() } },
        });
    }),
  );
  const files = workspaceReportFiles(workspaceCallPlaces);
  log.info('Deprecated calls: the language server runs in the extension host (browser)');
  return {
    client,
    tree,
    view,
    scan: async () => {
      await client.sendRequest(SCAN_WORKSPACE_REQUEST);
      return { ...DeprecationCountStatusBar.count(), note };
    },
    migrateAll: () => migrateAllDeprecatedCalls({ ready: Promise.resolve(client) }, log),
    exportReport: (target) => exportDeprecationReport(files, log, toolVersion, target),
    group: (grouping) => tree.setGrouping(grouping),
    showHelp: () => showRendered(vscode.Uri.parse(EXPLANATION_URI)),
  };
}
