import * as vscode from 'vscode';
import type { ActiveEnvironment } from './activeEnvironment';

/**
 * Shows the active environment in the status bar; a click switches it. A protected one
 * (production by default) is drawn in the theme's warning colours, with a shield.
 */
export class EnvironmentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'petstore.environment',
    vscode.StatusBarAlignment.Left,
    50,
  );
  private readonly subscription: vscode.Disposable;

  constructor(private readonly environments: ActiveEnvironment) {
    this.item.name = vscode.l10n.t('Pet Store Environment');
    this.item.command = 'petstore.switchEnvironment';
    this.subscription = environments.onDidChange(() => this.update());
    this.update();
    this.item.show();
  }

  private update(): void {
    const environment = this.environments.current;
    const icon = environment.protected ? '$(shield)' : '$(server-environment)';
    this.item.text = `${icon} Pet Store: ${environment.label}`;
    const where = environment.baseUrl?.href ?? environment.problem ?? 'no base URL set';
    this.item.tooltip = environment.protected
      ? vscode.l10n.t(
          'Pet Store environment: {0} ({1}). Protected: every write asks for confirmation. Click to switch.',
          environment.label,
          where,
        )
      : vscode.l10n.t(
          'Pet Store environment: {0} ({1}). Click to switch.',
          environment.label,
          where,
        );
    this.item.backgroundColor = environment.protected
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
    this.item.color = environment.protected
      ? new vscode.ThemeColor('statusBarItem.warningForeground')
      : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
