import * as vscode from 'vscode';
import { countInWorkbench, pressKey } from './host';

/**
 * Ticks every change of VS Code's refactor preview, as a reviewer who accepts them all would:
 * changes that need confirmation come unticked. The list draws only the rows that fit, so a
 * search of the page sees only those: the panel is maximised, the tree collapsed to its files,
 * and the keyboard walks the list row by row from its top, ticking each focused row that is
 * unticked (the list scrolls with the focus); then the rows drawn at its start and at its end are
 * looked at once more. Returns how many of those stayed unticked (0 when all are).
 */
export async function tickEveryChange(): Promise<number> {
  const rows = '.bulk-edit-panel .monaco-list-row';
  const files = `${rows}[aria-level="1"]`;
  const unticked = `${files} .edit-checkbox:not(.checked)`;
  const focusedUnticked = `${rows}.focused .edit-checkbox:not(.checked)`;
  await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
  await pressKey('Home', `${rows} >> nth=0`);
  await vscode.commands.executeCommand('list.collapseAll');
  await pressKey('Home', `${rows} >> nth=0`);
  // Rows of each file's changes too, when the tree stays open: a generous bound.
  for (let row = 0; row < 80; row++) {
    if ((await countInWorkbench(focusedUnticked)) > 0) await pressKey('Space');
    await pressKey('ArrowDown');
  }
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
