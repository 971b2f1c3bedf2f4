import * as vscode from 'vscode';
import type { RemovalRehearsal } from './removalRehearsal';

/** While a rehearsal runs: its address and the calls to GET /pets/{petId} seen; a click stops it. */
export class RehearsalStatusBar implements vscode.Disposable {
  /** Made at the first rehearsal, not at activation (most sessions never rehearse). */
  private item: vscode.StatusBarItem | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly rehearsal: RemovalRehearsal) {
    this.subscription = rehearsal.onDidChange(() => this.update());
  }

  private update(): void {
    const running = this.rehearsal.running;
    if (!running) {
      this.item?.hide();
      return;
    }
    if (!this.item) {
      this.item = vscode.window.createStatusBarItem(
        'petstore.rehearsal',
        vscode.StatusBarAlignment.Left,
        49,
      );
      this.item.name = vscode.l10n.t('Pet Store Removal Rehearsal');
      this.item.command = 'petstore.stopRehearsal';
    }
    this.item.text =
      running.calls === 1
        ? vscode.l10n.t('$(beaker) Rehearsal: 1 getPet call')
        : vscode.l10n.t('$(beaker) Rehearsal: {0} getPet calls', running.calls);
    this.item.tooltip = vscode.l10n.t(
      'Rehearsing the removal of GET /pets/{petId} at {0}: {1} calls seen. Click to stop and go back to the environment chosen before.',
      running.baseUrl,
      running.calls,
    );
    this.item.backgroundColor = running.calls
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item?.dispose();
  }
}
