import * as vscode from 'vscode';
import type { PetsTreeProvider } from './petsTree';

/**
 * "Filter Pets by Name…": the view filters as you type (over the pets already loaded, no request);
 * Enter keeps the filter, Escape puts back the one there was.
 */
export function filterByName(tree: PetsTreeProvider): Promise<string> {
  const before = tree.nameFilter;
  const input = vscode.window.createInputBox();
  input.title = vscode.l10n.t('Filter Pets by Name');
  input.placeholder = vscode.l10n.t('Part of a name, any case (empty shows every pet)');
  input.prompt = vscode.l10n.t(
    'Filters the {0} pets loaded; the API has no name search.',
    tree.loadedPets,
  );
  input.value = before;
  return new Promise<string>((resolve, reject) => {
    let accepted = false;
    const subscriptions: vscode.Disposable[] = [
      input.onDidChangeValue((value) => {
        tree.setNameFilter(value);
        input.prompt = vscode.l10n.t(
          '{0} of {1} loaded pets match.',
          tree.shownPets,
          tree.loadedPets,
        );
      }),
      input.onDidAccept(() => {
        accepted = true;
        input.hide();
      }),
      input.onDidHide(() => {
        for (const subscription of subscriptions) subscription.dispose();
        input.dispose();
        if (accepted) resolve(tree.nameFilter);
        else {
          tree.setNameFilter(before);
          reject(new vscode.CancellationError());
        }
      }),
    ];
    input.show();
  });
}
