import * as vscode from 'vscode';
import { createDispatcher } from '../core/api/dispatcher';
import { ApiKeyStore } from '../core/explorer/apiKeyStore';
import { PromptGate } from '../core/explorer/promptGate';
import { ActiveEnvironment } from './activeEnvironment';
import { apiKeyCommands } from './apiKeyCommands';
import { registerCommands } from './commandTable';
import { CreatePetWizard } from './createPetWizard';
import { EnvironmentStatusBar } from './environmentStatusBar';
import { explorerCommands } from './explorerCommands';
import { Log } from './log';
import { PET_DETAILS_SCHEME, PetDetailsProvider } from './petDetails';
import { PetsTreeProvider, PETS_VIEW_ID, type PetsNode } from './petsTree';
import { PetStoreAccess } from './petStoreAccess';
import { ViewModeStore } from './viewMode';

/** What activate returns: handles for the integration tests. */
export interface PetStoreExplorerApi {
  tree: PetsTreeProvider;
  view: vscode.TreeView<PetsNode>;
}

/**
 * The one place where the extension's services are built and wired. Everything created here is
 * registered on the context, so deactivation disposes it.
 */
export function activate(context: vscode.ExtensionContext): PetStoreExplorerApi {
  const log = new Log('Pet Store');
  const environments = new ActiveEnvironment(context.workspaceState);
  const keys = new ApiKeyStore(context.secrets);
  const proxy = vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined;
  const dispatcher = createDispatcher({ proxyUrl: proxy });
  const access = new PetStoreAccess(environments, keys, context.globalState, dispatcher, log);
  const viewMode = new ViewModeStore(context.workspaceState);
  const unauthorizedPrompts = new PromptGate();
  const tree = new PetsTreeProvider(access, viewMode, unauthorizedPrompts, log);
  const view = vscode.window.createTreeView(PETS_VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
  });
  const details = new PetDetailsProvider();
  const wizard = new CreatePetWizard(access, async (pet) => {
    tree.rememberCreated(pet);
    tree.refresh();
    const node = await tree.findPet(pet.id);
    if (node) await view.reveal(node, { select: true, focus: true, expand: true });
  });

  const describeView = () => {
    const mode = viewMode.get();
    view.description = `${environments.current.label} · ${mode.kind === 'grouped' ? 'all statuses' : mode.status}`;
  };
  describeView();

  context.subscriptions.push(
    log,
    environments,
    new EnvironmentStatusBar(environments),
    tree,
    view,
    { dispose: () => void dispatcher.close() },
    vscode.workspace.registerTextDocumentContentProvider(PET_DETAILS_SCHEME, details),
    environments.onDidChange(() => {
      describeView();
      tree.refresh();
    }),
    tree.onDidChangeState(describeView),
    // A key set or cleared in any window refreshes this one.
    context.secrets.onDidChange((event) => {
      const environmentId = ApiKeyStore.environmentOfSecret(event.key);
      if (environmentId === undefined) return;
      unauthorizedPrompts.reset(environmentId);
      if (environmentId === environments.current.id) tree.refresh();
    }),
    ...registerCommands(
      [
        ...explorerCommands({ environments, tree, viewMode, wizard, details, log }),
        ...apiKeyCommands(environments, keys, access),
      ],
      log,
    ),
  );
  const { version } = context.extension.packageJSON as { version: string };
  log.info(`Pet Store Explorer ${version} activated; environment ${environments.current.label}`);
  return { tree, view };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
