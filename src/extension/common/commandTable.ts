import * as vscode from 'vscode';
import { isCancellation } from '../../core/cancellation';
import type { Log } from './log';

/** One command: its id (as in package.json) and what it does. */
export interface CommandSpec {
  id: string;
  run: (...args: unknown[]) => unknown;
}

/**
 * Registers every command through one wrapper: a failure is logged and shown once, with a way to
 * the log; a cancellation (Escape, an aborted request) stays silent.
 */
export function registerCommands(table: readonly CommandSpec[], log: Log): vscode.Disposable[] {
  return table.map((spec) =>
    vscode.commands.registerCommand(spec.id, async (...args: unknown[]) => {
      try {
        return await spec.run(...args);
      } catch (error) {
        if (isCancellation(error)) return undefined;
        log.error(`Command ${spec.id} failed`, error);
        const message = error instanceof Error ? error.message : String(error);
        // Not awaited: the message stays until dismissed, and the command must not wait for that.
        const showLog = vscode.l10n.t('Show Log');
        void vscode.window.showErrorMessage(`Pet Store: ${log.redact(message)}`, showLog).then(
          (choice) => (choice === showLog ? log.show() : undefined),
          (failure: unknown) => log.error('Could not show the error message', failure),
        );
        return undefined;
      }
    }),
  );
}
