import * as vscode from 'vscode';
import { BASELINED_NOTE, POSSIBLE_NOTE } from '../../core/deprecations/rule';

const SOURCE = 'petstore';

/** Status bar count of deprecated calls, from the diagnostics themselves (updated on their event). */
export class DeprecationCountStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'petstore.deprecations',
    vscode.StatusBarAlignment.Left,
    49,
  );
  private readonly subscription: vscode.Disposable;
  private pending: NodeJS.Timeout | undefined;

  constructor() {
    this.item.name = vscode.l10n.t('Pet Store Deprecated Calls');
    this.item.command = 'workbench.actions.view.problems';
    this.subscription = vscode.languages.onDidChangeDiagnostics(() => {
      // Diagnostics arrive file by file during a scan: count once they settle.
      clearTimeout(this.pending);
      this.pending = setTimeout(() => this.update(), 100);
    });
    this.update();
  }

  /** How many deprecated calls, in how many files, the Problems panel holds now (possible and baselined ones are hints, not counted). */
  static count(): { calls: number; files: number } {
    let calls = 0;
    let files = 0;
    for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
      const ours = diagnostics.filter(
        (diagnostic) =>
          diagnostic.source === SOURCE &&
          !diagnostic.message.endsWith(POSSIBLE_NOTE) &&
          !diagnostic.message.endsWith(BASELINED_NOTE),
      ).length;
      calls += ours;
      if (ours) files++;
    }
    return { calls, files };
  }

  private update(): void {
    const { calls, files } = DeprecationCountStatusBar.count();
    if (calls === 0) {
      this.item.hide();
      return;
    }
    this.item.text = `$(warning) ${
      calls === 1
        ? vscode.l10n.t('1 deprecated Pet Store call')
        : vscode.l10n.t('{0} deprecated Pet Store calls', calls)
    }`;
    this.item.tooltip = vscode.l10n.t(
      '{0} calls to GET /pets/{petId} (removed on 5 December 2030) in {1} files. Click to open the Problems panel.',
      calls,
      files,
    );
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.subscription.dispose();
    this.item.dispose();
  }
}
