import * as vscode from 'vscode';
import { registerCommands, type CommandSpec } from './commandTable';
import { Log } from './log';

/**
 * The one place where the extension's services are built and wired. Everything created here is
 * registered on the context, so deactivation disposes it.
 */
export function activate(context: vscode.ExtensionContext): void {
  const log = new Log('Pet Store');
  context.subscriptions.push(log);

  // Until the pets tree arrives, an empty view shows the welcome content from the manifest.
  const emptyTree: vscode.TreeDataProvider<never> = {
    getTreeItem: (item) => item,
    getChildren: () => [],
  };
  context.subscriptions.push(
    vscode.window.createTreeView('petstore.pets', { treeDataProvider: emptyTree }),
  );

  const commands: CommandSpec[] = [{ id: 'petstore.showLog', run: () => log.show() }];
  context.subscriptions.push(...registerCommands(commands, log));
  const { version } = context.extension.packageJSON as { version: string };
  log.info(`Pet Store Explorer ${version} activated`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
