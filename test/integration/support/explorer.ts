import * as vscode from 'vscode';
import type { PetStoreExplorerApi } from '../../../src/extension/extension';
import type { PetsNode, ViewState } from '../../../src/extension/pets/petsTree';
import { askHost, fillInput, hostAvailable, pressKey, submitInput, waitForWorkbench } from './host';

export const EXTENSION_ID = 'pet-store-explorer.pet-store-explorer';

export async function explorerApi(): Promise<PetStoreExplorerApi> {
  const extension = vscode.extensions.getExtension<PetStoreExplorerApi>(EXTENSION_ID)!;
  return extension.activate();
}

export interface TestKeys {
  production: string;
  staging: string;
  rejecting: string;
}

/**
 * The keys the launcher generated for this run (it checks afterwards that none was written
 * anywhere). Without the launcher (test-electron), keys made up here.
 */
export async function testKeys(): Promise<TestKeys> {
  const keys = hostAvailable() ? (await askHost<{ keys: string[] }>('/testKeys', {})).keys : [];
  const [
    production = 'electron-production',
    staging = 'electron-staging',
    rejecting = 'electron-rejecting',
  ] = keys;
  return { production, staging, rejecting };
}

/**
 * Resolves when the tree reports the given state (waits on its event, not on time). A load that
 * ends elsewhere fails within `limitMs`, naming the states seen, instead of hanging the suite.
 */
export function nextState(
  api: PetStoreExplorerApi,
  wanted: ViewState,
  limitMs = 30_000,
): Promise<void> {
  const seen: ViewState[] = [];
  let subscription: vscode.Disposable | undefined;
  const reached = new Promise<void>((resolve) => {
    subscription = api.tree.onDidChangeState((state) => {
      seen.push(state);
      if (state === wanted) resolve();
    });
  });
  return within(
    reached,
    () =>
      `the Pets view reaching '${wanted}' (states seen: ${seen.join(', ') || 'none'}; now '${api.tree.state}'; ` +
      `view ${api.view.visible ? 'visible' : 'hidden'}; ${api.tree.loading ? 'a load running' : 'no load running'})`,
    limitMs,
  ).finally(() => {
    subscription?.dispose();
  });
}

/**
 * Fails with what was awaited when `promise` has not settled within `limitMs`: a bound that turns
 * a hang into a message, never a wait for the editor.
 */
export async function within<T>(
  promise: Thenable<T>,
  what: string | (() => string),
  limitMs = 30_000,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `Gave up after ${limitMs / 1000} s waiting for ${typeof what === 'string' ? what : what()}`,
          ),
        ),
      limitMs,
    );
  });
  try {
    return await Promise.race([Promise.resolve(promise), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows the Pets view and resolves once VS Code reports it visible (only then does it ask the tree
 * for its nodes), failing within 30 s, saying so, if it never is.
 */
export async function showPetsView(api: PetStoreExplorerApi): Promise<void> {
  let subscription: vscode.Disposable | undefined;
  const visible = new Promise<void>((resolve) => {
    subscription = api.view.onDidChangeVisibility(({ visible }) => visible && resolve());
  });
  try {
    await vscode.commands.executeCommand('petstore.pets.focus');
    if (!api.view.visible) await within(visible, 'the Pets view to become visible');
  } finally {
    subscription?.dispose();
  }
}

/** Reloads the tree and returns its root nodes. */
export async function reloadTree(api: PetStoreExplorerApi): Promise<PetsNode[]> {
  api.tree.refresh();
  return (await api.tree.getChildren()) ?? [];
}

export async function children(api: PetStoreExplorerApi, node: PetsNode): Promise<PetsNode[]> {
  return (await api.tree.getChildren(node)) ?? [];
}

/**
 * Sets an environment's key (default: the active one's) through the real password input box, as a
 * user types it; fails within 30 s, saying so, if the box never accepts it.
 */
export async function setKeyThroughInput(key: string, environmentId?: string): Promise<void> {
  const done = vscode.commands.executeCommand('petstore.setApiKey', environmentId);
  await submitInput('.quick-input-widget input[type="password"]', key);
  await within(done, 'the API key input box to accept the key');
}

/** In the open quick pick, types a label and accepts that item once filtering has focused it. */
export async function pickTyped(label: string): Promise<void> {
  // Into the quick input itself: keys typed while it was still taking the focus were lost.
  await fillInput('.quick-input-widget input', label);
  // Enter accepts the focused row: wait until filtering has made it the typed one.
  await waitForWorkbench(`.quick-input-widget .monaco-list-row.focused[aria-label^="${label}"]`);
  await pressKey('Enter', '.quick-input-widget input');
}

/** Picks an item of the quick pick a command opens, by typing its label. */
export async function runCommandAndPick(command: string, label: string): Promise<unknown> {
  const done = vscode.commands.executeCommand(command);
  await waitForWorkbench('.quick-input-widget .quick-input-list .monaco-list-row');
  await pickTyped(label);
  return done;
}

export async function updateSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('petstore')
    .update(name, value, vscode.ConfigurationTarget.Workspace);
}
