import * as vscode from 'vscode';
import { draftOf, isBuiltIn } from '../../core/explorer/environmentEdits';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { Environment } from '../../core/explorer/environments';
import { isCancellation } from '../../core/cancellation';
import type { CommandSpec } from '../common/commandTable';
import type { ActiveEnvironment } from './activeEnvironment';
import { promptForApiKey } from './apiKeyCommands';
import { environmentForm } from './environmentForm';
import { pickEnvironment } from './environmentPicker';
import { addEnvironment, removeEnvironment, updateEnvironment } from './environmentSettings';
import type { PetStoreAccess } from './petStoreAccess';

/** Switch, add, edit and remove environments: the picker and the palette, no JSON to edit. */
export function environmentCommands(
  environments: ActiveEnvironment,
  keys: ApiKeyStore,
  access: PetStoreAccess,
): CommandSpec[] {
  const add = (preset?: unknown) => addFlow(environments, keys, access, preset);
  const edit = (environment: Environment) => editFlow(environments, environment);
  const remove = (environment: Environment) => removeFlow(environment, keys);
  return [
    {
      id: 'petstore.switchEnvironment',
      run: async () => {
        // Editing or removing from the picker comes back to it; choosing or adding ends it.
        for (;;) {
          const choice = await pickEnvironment(environments.all, environments.current.id);
          if (choice.kind === 'select') return environments.select(choice.environment.id);
          if (choice.kind === 'add') return add();
          try {
            await (choice.kind === 'edit' ? edit(choice.environment) : remove(choice.environment));
          } catch (error) {
            if (!isCancellation(error)) throw error;
          }
        }
      },
    },
    { id: 'petstore.addEnvironment', run: (preset?: unknown) => add(preset) },
    {
      id: 'petstore.editEnvironment',
      run: async (id?: unknown) =>
        edit(await named(environments, id, vscode.l10n.t('Edit Environment'))),
    },
    {
      id: 'petstore.removeEnvironment',
      run: async (id?: unknown) =>
        remove(await named(environments, id, vscode.l10n.t('Remove Environment'), true)),
    },
  ];
}

/**
 * Adds an environment (name, base URL, protection), makes it the active one, and offers its key
 * prompt at once; Escape at the prompt leaves the environment without a key.
 */
async function addFlow(
  environments: ActiveEnvironment,
  keys: ApiKeyStore,
  access: PetStoreAccess,
  preset: unknown,
): Promise<Environment> {
  const startProtected =
    typeof preset === 'object' &&
    preset !== null &&
    (preset as { protected?: unknown }).protected === true;
  const draft = await environmentForm(
    vscode.l10n.t('Add Environment'),
    { label: '', baseUrl: '', protected: startProtected },
    environments.all,
  );
  const added = await addEnvironment(draft, environments.all);
  await environments.select(added.id);
  try {
    await promptForApiKey(added, keys, access);
  } catch (error) {
    if (!isCancellation(error)) throw error;
  }
  return added;
}

async function editFlow(
  environments: ActiveEnvironment,
  environment: Environment,
): Promise<Environment> {
  const draft = await environmentForm(
    vscode.l10n.t('Edit Environment {0}', environment.label),
    draftOf(environment),
    environments.all,
    environment.id,
  );
  return updateEnvironment(environment.id, draft);
}

/**
 * Removes an environment the user added, and its key, once confirmed in a quick pick naming both
 * (in the picker's own idiom, where the removal was asked for); anything else keeps it.
 */
async function removeFlow(environment: Environment, keys: ApiKeyStore): Promise<void> {
  if (isBuiltIn(environment.id))
    throw new Error(
      vscode.l10n.t(
        '{0} is one of the API’s environments: edit its address instead',
        environment.label,
      ),
    );
  const remove = {
    label: vscode.l10n.t('$(trash) Remove {0}', environment.label),
    detail: vscode.l10n.t(
      '{0} ({1}) goes from your settings, and its API key from the secret storage.',
      environment.label,
      environment.baseUrl?.href ?? vscode.l10n.t('no address'),
    ),
  };
  const keep = { label: vscode.l10n.t('Keep {0}', environment.label) };
  const answer = await vscode.window.showQuickPick([keep, remove], {
    title: vscode.l10n.t('Remove the environment {0}?', environment.label),
    placeHolder: vscode.l10n.t('Remove {0} and its API key?', environment.label),
  });
  if (answer !== remove) throw new vscode.CancellationError();
  await removeEnvironment(environment.id);
  await keys.clear(environment.id);
}

/** The environment an id names, or the one picked from a list (Escape cancels). */
async function named(
  environments: ActiveEnvironment,
  id: unknown,
  title: string,
  removableOnly = false,
): Promise<Environment> {
  const candidates = environments.all.filter(
    (environment) => !removableOnly || !isBuiltIn(environment.id),
  );
  const given = typeof id === 'string' && candidates.find((environment) => environment.id === id);
  if (given) return given;
  if (removableOnly && candidates.length === 0)
    throw new Error(vscode.l10n.t('There is no environment you added to remove'));
  const chosen = await vscode.window.showQuickPick(
    candidates.map((environment) => ({
      label: environment.label,
      detail: environment.baseUrl?.href ?? vscode.l10n.t('No base URL set yet'),
      environment,
    })),
    { title, placeHolder: vscode.l10n.t('Which environment?') },
  );
  if (!chosen) throw new vscode.CancellationError();
  return chosen.environment;
}
