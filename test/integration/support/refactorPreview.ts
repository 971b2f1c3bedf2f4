import * as vscode from 'vscode';
import { countInWorkbench, pressKey } from './host';

/**
 * Ticks every change of VS Code's refactor preview, as a reviewer who accepts them all would:
 * changes that need confirmation come unticked. The list draws only the rows that fit, so the
 * panel is maximised and the tree collapsed to its top rows, each unticked one ticked, at the
 * list's start and at its end. Returns how many stayed unticked (0 when all are).
 */
export async function tickEveryChange(): Promise<number> {
  const rows = '.bulk-edit-panel .monaco-list-row[aria-level="1"]';
  const unticked = `${rows} .edit-checkbox:not(.checked)`;
  await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
  await pressKey('Home', `${rows} >> nth=0`);
  await vscode.commands.executeCommand('list.collapseAll');
  for (const key of ['Home', 'End']) {
    await pressKey(key, `${rows} >> nth=0`);
    for (let tries = 0; (await countInWorkbench(unticked)) > 0 && tries < 50; tries++)
      await pressKey('Space', `${unticked} >> nth=0`);
  }
  return countInWorkbench(unticked);
}

/** Gives the panel back its size after `tickEveryChange`. */
export async function restorePanel(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
}
