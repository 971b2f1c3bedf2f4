import * as vscode from 'vscode';
import type { VerdictWords } from './deprecationForecast';
import {
  progressReport,
  type ProgressReport,
  type ReportedCall,
} from '../../core/deprecations/migration/progress';
import { deprecatedCallsInEditor, type CallPlaces, type EditorCall } from './deprecatedCalls';

export const DEPRECATED_CALLS_VIEW_ID = 'petstore.deprecatedCalls';
const GROUPING_KEY = 'petstore.deprecatedCalls.groupBy';
const GROUPING_CONTEXT = 'petstore.deprecatedCallsGroupBy';

export type CallsGrouping = 'folder' | 'owner';

type Call = ReportedCall<EditorCall>;

export interface GroupNode {
  kind: 'group';
  name: string;
  calls: Call[];
  files: FileNode[];
}
export interface FileNode {
  kind: 'file';
  file: string;
  uri: vscode.Uri;
  calls: CallNode[];
  parent: GroupNode;
}
export interface CallNode {
  kind: 'call';
  call: Call;
  parent: FileNode;
  /** For a request: the calls of wrappers that reach it, in any file. */
  callers: CallerNode[];
}
/** A call of a wrapper, shown again under the request it reaches. */
export interface CallerNode {
  kind: 'caller';
  call: Call;
  parent: CallNode;
}
export type CallsNode = GroupNode | FileNode | CallNode | CallerNode;

/**
 * The Deprecated Calls view: every call the language server found, by top-level folder (or by
 * owner, from CODEOWNERS) and file, with counts; the view's badge holds the total and its
 * description the days left and the forecast's verdict. It follows the diagnostics, so it agrees with the Problems panel.
 */
export class DeprecatedCallsTree implements vscode.TreeDataProvider<CallsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CallsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private pending: NodeJS.Timeout | undefined;
  private report: ProgressReport<EditorCall> = progressReport<EditorCall>({ calls: [] });
  /** Built once per change, so nodes keep their identity (reveal, selection) until the next one. */
  private groups: GroupNode[] = [];
  private view: vscode.TreeView<CallsNode> | undefined;
  private verdict: VerdictWords | undefined;
  /** Why the owner grouping fell back to folders, when it did. */
  private ownersNote: string | undefined;
  /** Said first above the tree: what the scan left out (the browser's bounded scan). */
  private scanNote: string | undefined;

  constructor(
    private readonly workspaceState: vscode.Memento,
    private readonly places: CallPlaces,
  ) {
    this.subscription = vscode.languages.onDidChangeDiagnostics(() => {
      // Diagnostics arrive file by file during a scan: rebuild once they settle.
      clearTimeout(this.pending);
      this.pending = setTimeout(() => this.rebuild(), 150);
    });
    void vscode.commands.executeCommand('setContext', GROUPING_CONTEXT, this.grouping);
  }

  /** The forecast's verdict in a few words, shown before the days left, and said whole above the tree. */
  showVerdict(verdict: VerdictWords | undefined): void {
    if (verdict?.short === this.verdict?.short && verdict?.sentence === this.verdict?.sentence)
      return;
    this.verdict = verdict;
    this.describe();
  }

  /** What the last scan left out, said above the tree (undefined: it read everything). */
  showScanNote(note: string | undefined): void {
    if (note === this.scanNote) return;
    this.scanNote = note;
    this.describe();
  }

  /** The view this provider fills: its badge and description follow the calls. */
  attach(view: vscode.TreeView<CallsNode>): void {
    this.view = view;
    this.rebuild();
  }

  get grouping(): CallsGrouping {
    return this.workspaceState.get<CallsGrouping>(GROUPING_KEY) === 'owner' ? 'owner' : 'folder';
  }

  async setGrouping(grouping: CallsGrouping): Promise<void> {
    await this.workspaceState.update(GROUPING_KEY, grouping);
    await vscode.commands.executeCommand('setContext', GROUPING_CONTEXT, grouping);
    this.rebuild();
  }

  /** What the view shows now (the export writes the same). */
  get current(): ProgressReport<EditorCall> {
    return this.report;
  }

  rebuild(): void {
    const calls = deprecatedCallsInEditor(this.places);
    // CODEOWNERS is read only when there is something to group (never at activation).
    const owners = this.grouping === 'owner' && calls.length ? this.places.codeOwners() : undefined;
    this.report = progressReport({ calls, owners });
    this.groups = nodesOf(this.report);
    if (this.view) {
      const total = this.report.total;
      this.view.badge = total
        ? {
            value: total,
            tooltip:
              total === 1
                ? vscode.l10n.t('1 deprecated call')
                : vscode.l10n.t('{0} deprecated calls', total),
          }
        : undefined;
      this.ownersNote =
        this.grouping === 'owner' && calls.length && !owners
          ? vscode.l10n.t('No CODEOWNERS file in this repository: grouped by top-level folder.')
          : undefined;
      this.describe();
    }
    this.changed.fire(undefined);
  }

  private describe(): void {
    if (!this.view) return;
    const daysLeft = vscode.l10n.t('{0} days left', this.report.daysLeft);
    // The verdict first: a narrow side bar cuts the end of the description off.
    this.view.description = this.verdict ? `${this.verdict.short} · ${daysLeft}` : daysLeft;
    // Said whole above the tree too: the description is cut off when the view's toolbar shows.
    this.view.message =
      [this.scanNote, planSentence(this.report), this.ownersNote, this.verdict?.sentence]
        .filter(Boolean)
        .join(' ') || undefined;
  }

  getChildren(node?: CallsNode): CallsNode[] {
    if (!node) return this.groups;
    if (node.kind === 'group') return node.files;
    if (node.kind === 'file') return node.calls;
    if (node.kind === 'call') return node.callers;
    return [];
  }

  getParent(node: CallsNode): CallsNode | undefined {
    return node.kind === 'group' ? undefined : node.parent;
  }

  getTreeItem(node: CallsNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
      item.description = count(node.calls.length);
      item.iconPath = new vscode.ThemeIcon(
        this.report.groupedBy === 'owner' ? 'organization' : 'folder',
      );
      item.contextValue = 'deprecatedCallsGroup';
      return item;
    }
    if (node.kind === 'file') {
      // No resourceUri: the Problems panel's decorations (colour, strike-through) would repeat here.
      const item = new vscode.TreeItem(
        node.file.slice(node.file.lastIndexOf('/') + 1),
        vscode.TreeItemCollapsibleState.Expanded,
      );
      item.iconPath = vscode.ThemeIcon.File;
      const folder = node.file.includes('/') ? node.file.slice(0, node.file.lastIndexOf('/')) : '';
      item.description = `${folder ? `${folder} · ` : ''}${count(node.calls.length)}`;
      item.tooltip = node.file;
      return item;
    }
    const { call } = node;
    if (node.kind === 'caller') {
      const item = new vscode.TreeItem(
        `${call.file}:${call.line}`,
        vscode.TreeItemCollapsibleState.None,
      );
      item.description = vscode.l10n.t('through {0}', call.through ?? call.detail);
      item.iconPath = new vscode.ThemeIcon('call-incoming');
      item.command = openCommand(call);
      return item;
    }
    const item = new vscode.TreeItem(
      call.detail,
      node.callers.length
        ? vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None,
    );
    const notes = [
      `line ${call.line}`,
      ...(call.through ? [vscode.l10n.t('through {0}', call.through)] : []),
      ...(node.callers.length
        ? [
            node.callers.length === 1
              ? vscode.l10n.t('1 call through a wrapper')
              : vscode.l10n.t('{0} calls through wrappers', node.callers.length),
          ]
        : []),
      ...(call.baselined ? ['baselined'] : []),
    ];
    item.description = notes.join(' · ');
    item.tooltip = `${call.file}:${call.line}: ${vscode.l10n.t('GET /pets/{petId} (getPet) is removed on {0}', this.report.removalDate)}${call.baselined ? ` ${vscode.l10n.t('(in the baseline)')}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(call.baselined ? 'circle-outline' : 'warning');
    item.command = openCommand(call);
    return item;
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function openCommand(call: Call): vscode.Command {
  return {
    command: 'vscode.open',
    title: vscode.l10n.t('Open the Call'),
    arguments: [call.uri, { selection: call.range } satisfies vscode.TextDocumentShowOptions],
  };
}

/**
 * The view's nodes: groups in the report's order, files by name, calls by line; under each
 * request, the calls of wrappers that reach it.
 */
function nodesOf(report: ProgressReport<EditorCall>): GroupNode[] {
  const groups = report.groups.map((group) => {
    const node: GroupNode = { kind: 'group', name: group.name, calls: [], files: [] };
    const files = new Map<string, FileNode>();
    for (const call of report.calls) {
      if (call.owner !== group.name) continue;
      node.calls.push(call);
      let file = files.get(call.file);
      if (!file) {
        file = { kind: 'file', file: call.file, uri: call.uri, calls: [], parent: node };
        files.set(call.file, file);
        node.files.push(file);
      }
      file.calls.push({ kind: 'call', call, parent: file, callers: [] });
    }
    return node;
  });
  const requests = new Map<string, CallNode>();
  for (const group of groups)
    for (const file of group.files)
      for (const node of file.calls)
        requests.set(`${node.call.uri.toString()}:${node.call.line}:${node.call.column}`, node);
  for (const call of report.calls) {
    const reaches = call.reaches;
    if (!reaches) continue;
    const request = requests.get(`${reaches.uri.toString()}:${reaches.line}:${reaches.column}`);
    request?.callers.push({ kind: 'caller', call, parent: request });
  }
  return groups;
}

function count(calls: number): string {
  return `${calls} ${calls === 1 ? 'call' : 'calls'}`;
}

/** What a lead reads first: how few changes remove the calls ("Fix 2 places to remove 7 calls."). */
function planSentence(report: ProgressReport<EditorCall>): string | undefined {
  const places = report.plan.fixPoints.length;
  if (places === 0) return undefined;
  const removed = report.plan.fixPoints.reduce((sum, point) => sum + point.removes, 0);
  if (places === 1)
    return removed === 1
      ? vscode.l10n.t('Fix 1 place to remove 1 call.')
      : vscode.l10n.t('Fix 1 place to remove {0} calls.', removed);
  return vscode.l10n.t('Fix {0} places to remove {1} calls.', places, removed);
}
