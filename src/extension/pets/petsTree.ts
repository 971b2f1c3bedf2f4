import * as vscode from 'vscode';
import type { Pet } from '../../core/api/schemas';
import { AccessProblem } from '../../core/explorer/accessProblem';
import {
  describeFailure,
  type FailureAction,
  type FailureView,
} from '../../core/explorer/failureView';
import {
  STATUS_ICONS,
  groupLabel,
  truncationLabel,
  groupDescription,
  petDescription,
  petTooltipLines,
  truncationNotice,
} from '../../core/explorer/petPresentation';
import {
  groupKeyOf,
  loadPets,
  type PetGroup,
  type PetsSnapshot,
  type PetsViewMode,
} from '../../core/explorer/petTreeModel';
import { LatestLoad } from '../../core/explorer/latestLoad';
import { filterSnapshot, nameMatches, petCount } from '../../core/explorer/nameFilter';
import {
  deprecationNoticeLabel,
  deprecationNoticeText,
  type OperationDeprecation,
} from '../../core/explorer/deprecationNotices';
import type { Log } from '../common/log';
import type { PetStoreAccess } from '../environments/petStoreAccess';
import { readSettings } from '../common/settings';

export const PETS_VIEW_ID = 'petstore.pets';

export interface GroupNode {
  kind: 'group';
  id: string;
  group: PetGroup;
  limit: number;
  children: PetsNode[];
}
export interface PetNode {
  kind: 'pet';
  id: string;
  pet: Pet;
  parent?: GroupNode;
}
export interface NoticeNode {
  kind: 'notice';
  id: string;
  label: string;
  message: string;
  parent?: GroupNode;
  /** A warning (the API deprecates an operation the view uses), with a link to open. */
  warning?: { link?: string };
}
export interface ProblemNode {
  kind: 'problem';
  id: string;
  view: FailureView;
  children: ActionNode[];
}
export interface ActionNode {
  kind: 'action';
  id: string;
  action: FailureAction;
  parent: ProblemNode;
}
export type PetsNode = GroupNode | PetNode | NoticeNode | ProblemNode | ActionNode;

/** What the view shows when it shows no nodes; drives the manifest's viewsWelcome content. */
export type ViewState = 'loading' | 'ready' | 'problem' | 'noEnvironment' | 'noKey';

/** A function, not a table: titles are translated when shown (vscode.l10n), not at load. */
function actionOf(action: FailureAction): { title: string; command: string; icon: string } {
  switch (action) {
    case 'setKey':
      return { title: vscode.l10n.t('Set API Key…'), command: 'petstore.setApiKey', icon: 'key' };
    case 'openSettings':
      return {
        title: vscode.l10n.t('Open Settings'),
        command: 'petstore.openSettings',
        icon: 'settings-gear',
      };
    case 'retry':
      return { title: vscode.l10n.t('Retry'), command: 'petstore.refresh', icon: 'refresh' };
    case 'showLog':
      return { title: vscode.l10n.t('Show Log'), command: 'petstore.showLog', icon: 'output' };
    case 'trustAddress':
      return {
        title: vscode.l10n.t('Use the Key for the New Address…'),
        command: 'petstore.trustEnvironmentAddress',
        icon: 'shield',
      };
    case 'allowClearText':
      return {
        title: vscode.l10n.t('Allow Plain HTTP for This Address…'),
        command: 'petstore.allowClearText',
        icon: 'unlock',
      };
  }
}

const STATUS_COLORS: Record<string, string> = {
  available: 'testing.iconPassed',
  pending: 'editorWarning.foreground',
  sold: 'descriptionForeground',
};

/**
 * The Pets view: loads with GET /pets only, shows progress on the view, and turns every failure
 * into a node with actions instead of a pop-up (a 401 prompts once per environment).
 */
export class PetsTreeProvider implements vscode.TreeDataProvider<PetsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PetsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly stateChanged = new vscode.EventEmitter<ViewState>();
  /** Fires after each load with what the view now shows. */
  readonly onDidChangeState = this.stateChanged.event;

  /** A refresh during a load replaces it at once (see LatestLoad for why VS Code needs that). */
  private readonly loads = new LatestLoad<PetsNode[]>(
    (signal) => this.load(signal),
    () => this.changed.fire(undefined),
  );
  private roots: PetsNode[] = [];
  private readonly created = new Map<string, Pet[]>();
  /** The last load, kept so the name filter re-applies without a request. */
  private loaded:
    { environmentId: string; snapshot: PetsSnapshot; notices: NoticeNode[] } | undefined;
  private filter = '';
  private view: vscode.TreeView<PetsNode> | undefined;
  state: ViewState = 'loading';
  /** Pets the view shows now (after the name filter); 0 until a load succeeded. */
  shownPets = 0;
  /** Pets the last load brought. */
  loadedPets = 0;

  constructor(
    private readonly access: PetStoreAccess,
    private readonly modeStore: { get(): PetsViewMode },
    private readonly log: Log,
  ) {}

  refresh(): void {
    // Shown, the view will ask: the request starts now rather than after VS Code's 200 ms debounce.
    this.loads.refresh(this.view?.visible ?? false);
    this.changed.fire(undefined);
  }

  /** Whether a load is running now. */
  get loading(): boolean {
    return this.loads.running;
  }

  /** The view showing this tree: created after it, since the view needs the tree. */
  showIn(view: vscode.TreeView<PetsNode>): void {
    this.view = view;
  }

  get nameFilter(): string {
    return this.filter;
  }

  /**
   * Shows only the loaded pets whose names contain `query` (any case), highlighted; '' shows all.
   * Client-side: the API has no name query, and typing must not send a request per key.
   */
  setNameFilter(query: string): void {
    this.filter = query;
    void vscode.commands.executeCommand('setContext', 'petstore.nameFilterActive', !!query.trim());
    // While loading, the load applies the filter when it ends.
    if (!this.loaded || this.state !== 'ready' || this.loads.running) return;
    this.roots = this.rootsOf(this.loaded);
    this.loads.show(this.roots);
    this.changed.fire(undefined);
    this.stateChanged.fire(this.state);
  }

  /** Remembers a pet created here, so it stays visible even when the list limit would hide it. */
  rememberCreated(pet: Pet): void {
    const id = this.access.environment.id;
    this.created.set(id, [...(this.created.get(id) ?? []), pet]);
  }

  /** Loads (if needed) and returns the node of a pet, for reveal. */
  async findPet(petId: bigint): Promise<PetNode | undefined> {
    const roots = await this.rootNodes();
    const all = roots.flatMap((node) => (node.kind === 'group' ? node.children : [node]));
    return all.find((node): node is PetNode => node.kind === 'pet' && node.pet.id === petId);
  }

  getChildren(element?: PetsNode): vscode.ProviderResult<PetsNode[]> {
    if (!element) return this.rootNodes();
    if (element.kind === 'group' || element.kind === 'problem') return element.children;
    return [];
  }

  getParent(element: PetsNode): PetsNode | undefined {
    return element.kind === 'pet' || element.kind === 'notice' || element.kind === 'action'
      ? element.parent
      : undefined;
  }

  getTreeItem(node: PetsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(
          groupLabel(node.group.key, vscode.l10n),
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = node.id;
        item.description = groupDescription(
          node.group.pets.length,
          node.group.truncated,
          node.limit,
          vscode.l10n,
        );
        item.iconPath = statusIcon(node.group.key);
        item.contextValue = 'petGroup';
        return item;
      }
      case 'pet': {
        const highlights = nameMatches(node.pet.name, this.filter) ?? [];
        const item = new vscode.TreeItem(
          highlights.length ? { label: node.pet.name, highlights } : node.pet.name,
          vscode.TreeItemCollapsibleState.None,
        );
        item.id = node.id;
        item.description = petDescription(node.pet, vscode.l10n);
        item.tooltip = new vscode.MarkdownString(
          petTooltipLines(node.pet, vscode.l10n).join('  \n'),
        );
        item.iconPath = statusIcon(groupKeyOf(node.pet));
        item.contextValue = 'pet';
        item.accessibilityInformation = {
          label: `${node.pet.name}, ${petDescription(node.pet, vscode.l10n)}, ${node.pet.status ?? vscode.l10n.t('no status')}`,
        };
        return item;
      }
      case 'notice': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = node.warning
          ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('editorWarning.foreground'))
          : new vscode.ThemeIcon('info');
        item.tooltip = node.message;
        item.contextValue = node.warning ? 'deprecationNotice' : 'notice';
        if (node.warning?.link)
          item.command = {
            command: 'vscode.open',
            title: vscode.l10n.t('Open the Successor'),
            arguments: [vscode.Uri.parse(node.warning.link)],
          };
        return item;
      }
      case 'problem': {
        const item = new vscode.TreeItem(
          node.view.message,
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
        item.tooltip = node.view.message;
        item.contextValue = 'problem';
        return item;
      }
      case 'action': {
        const action = actionOf(node.action);
        const item = new vscode.TreeItem(action.title, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(action.icon);
        item.command = { command: action.command, title: action.title };
        item.contextValue = 'problemAction';
        return item;
      }
    }
  }

  private rootNodes(): Promise<PetsNode[]> {
    return this.loads.get();
  }

  private async load(signal: AbortSignal): Promise<PetsNode[]> {
    const environment = this.access.environment;
    const mode = this.modeStore.get();
    try {
      const snapshot = await vscode.window.withProgress(
        { location: { viewId: PETS_VIEW_ID } },
        () =>
          loadPets(
            (query) => this.access.listPets(query, signal),
            mode,
            readSettings().listLimit,
            this.created.get(environment.id),
          ),
      );
      if (signal.aborted) return []; // replaced: its late answer must not overwrite the next one's
      this.loaded = {
        environmentId: environment.id,
        snapshot,
        notices: deprecationNodes(environment.id, this.access.deprecations.of(environment.id)),
      };
      this.loadedPets = petCount(snapshot);
      this.roots = this.rootsOf(this.loaded);
      this.setState('ready');
    } catch (error) {
      if (signal.aborted) return []; // replaced by the next load, which answers instead
      this.loaded = undefined;
      this.shownPets = this.loadedPets = 0;
      this.roots = this.failureNodes(environment.id, environment.label, error);
    }
    return this.roots;
  }

  /** The nodes of a load, through the name filter; a filter nothing matches says so. */
  private rootsOf(loaded: NonNullable<typeof this.loaded>): PetsNode[] {
    const shown = filterSnapshot(loaded.snapshot, this.filter);
    this.shownPets = petCount(shown);
    const nodes = toNodes(loaded.environmentId, shown);
    if (this.filter.trim() && this.shownPets === 0)
      nodes.push({
        kind: 'notice',
        id: `${loaded.environmentId}/noMatch`,
        label: vscode.l10n.t('No loaded pet\'s name contains "{0}"', this.filter.trim()),
        message: vscode.l10n.t(
          "The filter looks only at the {0} pets loaded (the API has no name search). Clear it from the view's title bar.",
          this.loadedPets,
        ),
      });
    return [...loaded.notices, ...nodes];
  }

  private failureNodes(environmentId: string, label: string, error: unknown): PetsNode[] {
    if (
      error instanceof AccessProblem &&
      (error.kind === 'noEnvironment' || error.kind === 'noKey')
    ) {
      this.setState(error.kind); // the welcome content explains and offers the action
      return [];
    }
    this.log.warn(
      `Loading pets from ${label} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    this.setState('problem');
    const described = describeFailure(
      error,
      label,
      readSettings().maxRetryWaitSeconds,
      vscode.l10n,
    );
    const view = { ...described, message: this.log.redact(described.message) };
    // No notification: it would stay in the notification centre after the key is fixed. The
    // problem node says it where it happened, with the action that fixes it, and goes with it.
    const problem: ProblemNode = {
      kind: 'problem',
      id: `${environmentId}/problem`,
      view,
      children: [],
    };
    problem.children = view.actions.map((action) => ({
      kind: 'action',
      id: `${problem.id}/${action}`,
      action,
      parent: problem,
    }));
    return [problem];
  }

  private setState(state: ViewState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', 'petstore.viewState', state);
    this.stateChanged.fire(state);
  }

  dispose(): void {
    this.loads.dispose();
    this.changed.dispose();
    this.stateChanged.dispose();
  }
}

/** The API's own deprecations for this environment, first in the view. */
function deprecationNodes(
  environmentId: string,
  deprecations: readonly OperationDeprecation[],
): NoticeNode[] {
  return deprecations.map((deprecation) => {
    return {
      kind: 'notice',
      id: `${environmentId}/deprecated/${deprecation.operation}`,
      label: deprecationNoticeLabel(deprecation, vscode.l10n),
      message: deprecationNoticeText(deprecation, vscode.l10n),
      warning: { link: deprecation.signals.successor ?? deprecation.signals.deprecationLink },
    };
  });
}

function toNodes(environmentId: string, snapshot: PetsSnapshot): PetsNode[] {
  const groupNode = (group: PetGroup): GroupNode => {
    const node: GroupNode = {
      kind: 'group',
      id: `${environmentId}/group/${group.key}`,
      group,
      limit: snapshot.limit,
      children: [],
    };
    node.children = petChildren(`${environmentId}/${group.key}`, group, snapshot.limit, node);
    return node;
  };
  if ('groups' in snapshot) return snapshot.groups.map(groupNode);
  return petChildren(
    `${environmentId}/${snapshot.group.key}`,
    snapshot.group,
    snapshot.limit,
    undefined,
  );
}

function petChildren(
  prefix: string,
  group: PetGroup,
  limit: number,
  parent: GroupNode | undefined,
): PetsNode[] {
  const nodes: PetsNode[] = group.pets.map((pet) => ({
    kind: 'pet',
    id: `${prefix}/${pet.id}`,
    pet,
    parent,
  }));
  if (group.truncated) {
    const id = `${prefix}/truncated`;
    nodes.push({
      kind: 'notice',
      id,
      label: truncationLabel(vscode.l10n),
      message: truncationNotice(limit, vscode.l10n),
      parent,
    });
  }
  return nodes;
}

function statusIcon(key: string): vscode.ThemeIcon {
  const color = STATUS_COLORS[key];
  return new vscode.ThemeIcon(
    STATUS_ICONS[key as keyof typeof STATUS_ICONS],
    color ? new vscode.ThemeColor(color) : undefined,
  );
}
