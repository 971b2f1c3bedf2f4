/**
 * The Pets view with what it needs, built and wired the same way by the desktop activate
 * (extension.ts) and the browser's (webExtension.ts): the key gate, the view and its
 * description, pet details, the walkthrough's progress and the create wizard. The entries differ
 * in how requests go out (`connection`) and where the form's validation comes from (`loadForm`).
 */
import * as vscode from 'vscode';
import { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import { DeprecationNotices } from '../../core/explorer/deprecationNotices';
import type { Log } from '../common/log';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import { EnvironmentStatusBar } from '../environments/environmentStatusBar';
import { PetStoreAccess, type ClientFactory } from '../environments/petStoreAccess';
import { WalkthroughProgress } from '../walkthrough/walkthroughProgress';
import { CreatePetWizard, type PetFormApi } from './createPetWizard';
import { PET_DETAILS_SCHEME, PetDetailsProvider } from './petDetails';
import { PETS_VIEW_ID, PetsTreeProvider, type PetsNode } from './petsTree';
import { ViewModeStore } from './viewMode';

export interface PetsExplorer {
  access: PetStoreAccess;
  viewMode: ViewModeStore;
  tree: PetsTreeProvider;
  view: vscode.TreeView<PetsNode>;
  details: PetDetailsProvider;
  walkthrough: WalkthroughProgress;
  wizard: CreatePetWizard;
  /** What to register on the context (the view, its providers, its listeners). */
  disposables: vscode.Disposable[];
}

export function buildPetsExplorer(options: {
  context: vscode.ExtensionContext;
  environments: ActiveEnvironment;
  keys: ApiKeyStore;
  connection: ClientFactory;
  loadForm: () => PetFormApi;
  log: Log;
  /** Also told when the environment or a key changes (the MCP servers' list, say). */
  onAccessChanged?: () => void;
}): PetsExplorer {
  const { context, environments, keys, log } = options;
  const access = new PetStoreAccess(
    environments,
    keys,
    context.globalState,
    options.connection,
    log,
    new DeprecationNotices(),
  );
  const viewMode = new ViewModeStore(context.workspaceState);
  const tree = new PetsTreeProvider(access, viewMode, log);
  const view = vscode.window.createTreeView(PETS_VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
  });
  tree.showIn(view);
  const details = new PetDetailsProvider(access, log);
  const walkthrough = new WalkthroughProgress(environments, keys, tree, (error) =>
    log.error('Walkthrough progress', error),
  );
  const wizard = new CreatePetWizard(access, options.loadForm, async (pet) => {
    walkthrough.petCreated();
    tree.rememberCreated(pet);
    tree.refresh();
    const node = await tree.findPet(pet.id);
    if (node) await view.reveal(node, { select: true, focus: true, expand: true });
  });

  const describeView = () => {
    const mode = viewMode.get();
    const filter = tree.nameFilter.trim();
    const shown = mode.kind === 'grouped' ? vscode.l10n.t('all statuses') : mode.status;
    // The count goes in the description, never on a badge: the activity bar adds the views'
    // badges up, and pets plus deprecated calls is a number that means nothing.
    const count =
      tree.state !== 'ready'
        ? filter
          ? vscode.l10n.t('name contains "{0}"', filter)
          : undefined
        : filter
          ? vscode.l10n.t('{0} of {1} pets match "{2}"', tree.shownPets, tree.loadedPets, filter)
          : vscode.l10n.t('{0} pets', tree.shownPets);
    view.description = `${environments.current.label} · ${shown}${count ? ` · ${count}` : ''}`;
  };
  describeView();

  const disposables: vscode.Disposable[] = [
    new EnvironmentStatusBar(environments),
    tree,
    view,
    details,
    vscode.workspace.registerTextDocumentContentProvider(PET_DETAILS_SCHEME, details),
    environments.onDidChange(() => {
      describeView();
      tree.refresh();
      options.onAccessChanged?.();
    }),
    tree.onDidChangeState(describeView),
    // A key set or cleared in any window refreshes this one.
    context.secrets.onDidChange((event) => {
      const environmentId = ApiKeyStore.environmentOfSecret(event.key);
      if (environmentId === undefined) return;
      options.onAccessChanged?.();
      walkthrough.keyChanged(environmentId);
      if (environmentId === environments.current.id) tree.refresh();
    }),
    walkthrough,
  ];
  return { access, viewMode, tree, view, details, walkthrough, wizard, disposables };
}
