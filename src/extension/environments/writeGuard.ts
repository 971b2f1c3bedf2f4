import * as vscode from 'vscode';
import type { Environment } from '../../core/explorer/environments';
import { writeConfirmation } from '../../core/explorer/writeConfirmation';

/**
 * Before a write to a protected environment, a modal question naming the environment and its
 * address; anything but the confirming button is a cancellation (silent, nothing sent).
 */
export async function confirmWrite(environment: Environment, action: string): Promise<void> {
  const confirmation = writeConfirmation(environment, action, vscode.l10n);
  if (!confirmation) return;
  const answer = await vscode.window.showWarningMessage(
    confirmation.message,
    { modal: true, detail: confirmation.detail },
    confirmation.confirm,
  );
  if (answer !== confirmation.confirm) throw new vscode.CancellationError();
}
