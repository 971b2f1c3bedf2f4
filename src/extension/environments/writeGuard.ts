import * as vscode from 'vscode';
import type { Environment } from '../../core/explorer/environments';
import { writeConfirmation } from '../../core/explorer/writeConfirmation';
import { readSettings } from '../common/settings';

/**
 * Before a write to a protected environment, a modal question naming the environment and its
 * address, and the test environments to use instead (or, when there is none, a button that adds
 * one). Anything but the confirming button is a cancellation (silent, nothing sent).
 */
export async function confirmWrite(environment: Environment, action: string): Promise<void> {
  const confirmation = writeConfirmation(
    environment,
    action,
    vscode.l10n,
    readSettings().environments,
  );
  if (!confirmation) return;
  const buttons = [confirmation.confirm, confirmation.addTestEnvironment].filter(
    (button): button is string => button !== undefined,
  );
  const answer = await vscode.window.showWarningMessage(
    confirmation.message,
    { modal: true, detail: confirmation.detail },
    ...buttons,
  );
  if (answer !== undefined && answer === confirmation.addTestEnvironment)
    await vscode.commands.executeCommand('petstore.addEnvironment', { protected: false });
  if (answer !== confirmation.confirm) throw new vscode.CancellationError();
}
