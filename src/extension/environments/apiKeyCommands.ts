import * as vscode from 'vscode';
import { isPlausibleKey, type ApiKeyStore } from '../../core/explorer/apiKeyStore';
import { sendsKeyInClear, type Environment } from '../../core/explorer/environments';
import type { ActiveEnvironment } from './activeEnvironment';
import type { CommandSpec } from '../common/commandTable';
import type { PetStoreAccess } from './petStoreAccess';

/** How long a confirmation stays in the status bar. */
const CONFIRMATION_MS = 5000;

/** Set / clear the key of an environment, and the two confirmations that guard where it goes. */
export function apiKeyCommands(
  environments: ActiveEnvironment,
  keys: ApiKeyStore,
  access: PetStoreAccess,
): CommandSpec[] {
  return [
    {
      id: 'petstore.setApiKey',
      run: (id?: unknown) => promptForApiKey(pick(environments, id), keys, access),
    },
    {
      id: 'petstore.clearApiKey',
      run: (id?: unknown) => clearApiKey(pick(environments, id), keys),
    },
    { id: 'petstore.trustEnvironmentAddress', run: () => trustAddress(environments.current, keys) },
    { id: 'petstore.allowClearText', run: () => confirmClearText(environments.current, access) },
  ];
}

function pick(environments: ActiveEnvironment, id: unknown): Environment {
  return (
    (typeof id === 'string' && environments.all.find((e) => e.id === id)) || environments.current
  );
}

/** The password input for an environment's key (after the plain-http question); Escape cancels. */
export async function promptForApiKey(
  environment: Environment,
  keys: ApiKeyStore,
  access: PetStoreAccess,
): Promise<void> {
  if (!environment.baseUrl) {
    throw new Error(
      vscode.l10n.t(
        'Set the base URL of {0} first (Pet Store: Edit Environment…)',
        environment.label,
      ),
    );
  }
  const origin = environment.baseUrl.origin;
  if (!(await confirmClearText(environment, access))) return;
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('API Key for {0}', environment.label),
    prompt: vscode.l10n.t("Kept in VS Code's secret storage and sent only to {0}", origin),
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) =>
      isPlausibleKey(text.trim()) ? undefined : vscode.l10n.t('Enter the key: no spaces'),
  });
  if (key === undefined) throw new vscode.CancellationError();
  await keys.set(environment.id, origin, key);
  // A confirmation, not news: said in the status bar for a moment, not left in the notifications.
  vscode.window.setStatusBarMessage(
    vscode.l10n.t('$(check) Pet Store: API key for {0} saved.', environment.label),
    CONFIRMATION_MS,
  );
}

async function clearApiKey(environment: Environment, keys: ApiKeyStore): Promise<void> {
  await keys.clear(environment.id);
  vscode.window.setStatusBarMessage(
    vscode.l10n.t('$(check) Pet Store: API key for {0} cleared.', environment.label),
    CONFIRMATION_MS,
  );
}

async function trustAddress(environment: Environment, keys: ApiKeyStore): Promise<void> {
  if (!environment.baseUrl) return;
  const origin = environment.baseUrl.origin;
  const useKey = vscode.l10n.t('Use Key for This Address');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Send the {0} API key to {1} from now on?', environment.label, origin),
    {
      modal: true,
      detail: vscode.l10n.t(
        'The key was saved for another address. Settings (possibly this workspace’s) now point the environment here.',
      ),
    },
    useKey,
  );
  if (answer !== useKey) throw new vscode.CancellationError();
  await keys.rebind(environment.id, origin);
}

/** True when the key may go to this environment: https, loopback, or plain http the user allowed. */
async function confirmClearText(
  environment: Environment,
  access: PetStoreAccess,
): Promise<boolean> {
  if (!environment.baseUrl || !sendsKeyInClear(environment.baseUrl)) return true;
  const origin = environment.baseUrl.origin;
  if (access.isClearTextAllowed(origin)) return true;
  const allow = vscode.l10n.t('Allow Plain HTTP');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} uses plain http to {1}.', environment.label, origin),
    {
      modal: true,
      detail: vscode.l10n.t(
        'The API key would cross the network unencrypted, readable by anyone on the way. Use https if the server offers it.',
      ),
    },
    allow,
  );
  if (answer !== allow) return false;
  await access.allowClearText(origin);
  return true;
}
