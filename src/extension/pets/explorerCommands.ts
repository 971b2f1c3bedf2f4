import * as vscode from 'vscode';
import { PET_STATUSES } from '../../core/api/vocabulary';
import { petJson } from '../../core/explorer/petPresentation';
import { readSettings } from '../common/settings';
import { copyRequestAs, findPetRequest, listRequest } from './copyRequest';
import { filterByName } from './nameFilterInput';
import type { PetsViewMode } from '../../core/explorer/petTreeModel';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { CommandSpec } from '../common/commandTable';
import type { CreatePetWizard } from './createPetWizard';
import type { CreatePetsFromFile } from './createPetsFromFile';
import type { Log } from '../common/log';
import type { PetDetailsProvider } from './petDetails';
import type { PetNode, PetsTreeProvider } from './petsTree';
import type { ViewModeStore } from './viewMode';

export interface ExplorerCommandDeps {
  environments: ActiveEnvironment;
  tree: PetsTreeProvider;
  viewMode: ViewModeStore;
  wizard: CreatePetWizard;
  /** Absent in the browser build (it reads files by path and writes results beside them). */
  bulk?: CreatePetsFromFile;
  details: PetDetailsProvider;
  log: Log;
}

/** The Pets view's commands (view title, context menus, Command Palette). */
export function explorerCommands(deps: ExplorerCommandDeps): CommandSpec[] {
  const { environments, tree, viewMode, wizard, bulk, details, log } = deps;
  return [
    { id: 'petstore.refresh', run: () => tree.refresh() },
    { id: 'petstore.filterByStatus', run: () => filterByStatus(viewMode, tree) },
    { id: 'petstore.filterByName', run: () => filterByName(tree) },
    { id: 'petstore.clearNameFilter', run: () => tree.setNameFilter('') },
    { id: 'petstore.createPet', run: () => wizard.run() },
    ...(bulk
      ? [
          {
            id: 'petstore.createPetsFromFile',
            // A URI (the Explorer's context menu, tests) skips the open dialog.
            run: (file?: unknown) => bulk.run(file instanceof vscode.Uri ? file : undefined),
          },
        ]
      : []),
    {
      id: 'petstore.copyPetId',
      run: (node?: unknown) => vscode.env.clipboard.writeText(String(petOf(node).id)),
    },
    {
      id: 'petstore.copyPetJson',
      run: (node?: unknown) => vscode.env.clipboard.writeText(petJson(petOf(node))),
    },
    {
      id: 'petstore.openPetDetails',
      run: (node?: unknown) => details.show(petOf(node)),
    },
    {
      id: 'petstore.openSettings',
      run: () =>
        vscode.commands.executeCommand(
          'workbench.action.openSettings',
          '@ext:pet-store-explorer.pet-store-explorer',
        ),
    },
    { id: 'petstore.showLog', run: () => log.show() },
    {
      id: 'petstore.copyListRequestAs',
      run: (format?: unknown) =>
        copyRequestAs(
          listRequest(environments.current, viewMode.get(), readSettings().listLimit),
          format,
        ),
    },
    {
      id: 'petstore.copyFindPetRequestAs',
      run: (node?: unknown, format?: unknown) => {
        const pet = petOf(node);
        return copyRequestAs(
          findPetRequest(environments.current, pet),
          format,
          pet.status === undefined
            ? vscode.l10n.t(
                'The pet has no status: it can only be among the first 100 of all pets, the one with id {0}.',
                String(pet.id),
              )
            : vscode.l10n.t(
                'In the answer (at most 100 {0} pets), the pet is the one with id {1}.',
                pet.status,
                String(pet.id),
              ),
        );
      },
    },
  ];
}

function petOf(node: unknown): PetNode['pet'] {
  if (typeof node === 'object' && node !== null && (node as PetNode).kind === 'pet')
    return (node as PetNode).pet;
  throw new Error(vscode.l10n.t('Choose a pet in the Pets view'));
}

interface ModeItem extends vscode.QuickPickItem {
  mode: PetsViewMode;
}

async function filterByStatus(viewMode: ViewModeStore, tree: PetsTreeProvider): Promise<void> {
  const current = viewMode.get();
  const items: ModeItem[] = [
    {
      label: vscode.l10n.t('All statuses'),
      description: vscode.l10n.t('grouped by status'),
      mode: { kind: 'grouped' },
    },
    ...PET_STATUSES.map((status): ModeItem => ({
      label: status,
      description: vscode.l10n.t('only this status'),
      mode: { kind: 'status', status },
    })),
  ];
  const isCurrent = (item: ModeItem) =>
    item.mode.kind === current.kind &&
    (item.mode.kind === 'grouped' ||
      (current.kind === 'status' && current.status === item.mode.status));
  const chosen = await vscode.window.showQuickPick(
    items.map((item) =>
      isCurrent(item)
        ? { ...item, description: vscode.l10n.t('{0} (current)', item.description ?? '') }
        : item,
    ),
    {
      title: vscode.l10n.t('Show Pets'),
      placeHolder: vscode.l10n.t('Group by status, or show one status'),
    },
  );
  if (!chosen) throw new vscode.CancellationError();
  await viewMode.set(chosen.mode);
  tree.refresh();
}
