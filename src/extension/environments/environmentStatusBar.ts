import * as vscode from 'vscode';
import type { ActiveEnvironment } from './activeEnvironment';

/** Shows the active environment in the status bar; a click switches it. */
export class EnvironmentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'petstore.environment',
    vscode.StatusBarAlignment.Left,
    50,
  );
  private readonly subscription: vscode.Disposable;

  constructor(private readonly environments: ActiveEnvironment) {
    this.item.name = 'Pet Store Environment';
    this.item.command = 'petstore.switchEnvironment';
    this.subscription = environments.onDidChange(() => this.update());
    this.update();
    this.item.show();
  }

  private update(): void {
    const environment = this.environments.current;
    this.item.text = `$(server-environment) Pet Store: ${environment.label}`;
    const where = environment.baseUrl?.href ?? environment.problem ?? 'no base URL set';
    this.item.tooltip = `Pet Store environment: ${environment.label} (${where}). Click to switch.`;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
