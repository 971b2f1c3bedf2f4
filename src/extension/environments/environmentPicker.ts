import * as vscode from 'vscode';
import { isBuiltIn } from '../../core/explorer/environmentEdits';
import type { Environment } from '../../core/explorer/environments';

/** What the person did in the picker. */
export type PickerChoice =
  | { kind: 'select'; environment: Environment }
  | { kind: 'add' }
  | { kind: 'edit'; environment: Environment }
  | { kind: 'remove'; environment: Environment };

interface EnvironmentItem extends vscode.QuickPickItem {
  environment?: Environment;
}

/**
 * The status bar's environment picker: each environment with its address, an edit button and
 * (for one the user added) a remove button, and "Add Environment…" after them.
 */
export function pickEnvironment(
  environments: readonly Environment[],
  currentId: string,
): Promise<PickerChoice> {
  const edit: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('edit'),
    tooltip: vscode.l10n.t('Edit Environment…'),
  };
  const remove: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('trash'),
    tooltip: vscode.l10n.t('Remove Environment…'),
  };
  const items: EnvironmentItem[] = [
    ...environments.map((environment): EnvironmentItem => ({
      label: environment.label,
      description: [
        environment.id === currentId ? vscode.l10n.t('(active)') : undefined,
        environment.protected ? vscode.l10n.t('protected') : undefined,
      ]
        .filter(Boolean)
        .join(' · '),
      detail:
        environment.baseUrl?.href ??
        (environment.problem ? `⚠ ${environment.problem}` : vscode.l10n.t('No base URL set yet')),
      buttons: isBuiltIn(environment.id) ? [edit] : [edit, remove],
      environment,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: vscode.l10n.t('$(add) Add Environment…'), alwaysShow: true },
  ];
  const pick = vscode.window.createQuickPick<EnvironmentItem>();
  pick.title = vscode.l10n.t('Pet Store Environment');
  pick.placeholder = vscode.l10n.t('Which environment should this workspace use?');
  pick.items = items;
  pick.activeItems = items.filter((item) => item.environment?.id === currentId);
  return new Promise<PickerChoice>((resolve, reject) => {
    let settled = false;
    const settle = (choice: PickerChoice) => {
      settled = true;
      resolve(choice);
      pick.hide();
    };
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems.length ? pick.selectedItems : pick.activeItems;
      if (!chosen) return;
      settle(
        chosen.environment ? { kind: 'select', environment: chosen.environment } : { kind: 'add' },
      );
    });
    pick.onDidTriggerItemButton(({ button, item }) => {
      if (!item.environment) return;
      settle({ kind: button === remove ? 'remove' : 'edit', environment: item.environment });
    });
    pick.onDidHide(() => {
      pick.dispose();
      if (!settled) reject(new vscode.CancellationError());
    });
    pick.show();
  });
}
