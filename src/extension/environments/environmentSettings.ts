import * as vscode from 'vscode';
import {
  newEnvironmentId,
  withEnvironment,
  withoutEnvironment,
  type EnvironmentDraft,
} from '../../core/explorer/environmentEdits';
import { readEnvironments, type Environment } from '../../core/explorer/environments';
import { SECTION } from '../common/settings';

const KEY = 'environments';

/** The scopes the setting is written in (it is window-scoped: no folder values), most general first. */
const SCOPES = [
  { target: vscode.ConfigurationTarget.Global, value: 'globalValue' },
  { target: vscode.ConfigurationTarget.Workspace, value: 'workspaceValue' },
] as const;

function inspect() {
  return vscode.workspace.getConfiguration(SECTION).inspect<unknown>(KEY);
}

/** The scopes whose value names the environment `id`. */
function scopesDefining(id: string): (typeof SCOPES)[number][] {
  const values = inspect();
  return SCOPES.filter((scope) => {
    const value = values?.[scope.value];
    return typeof value === 'object' && value !== null && Object.hasOwn(value, id);
  });
}

function scopeValue(scope: (typeof SCOPES)[number]): unknown {
  return inspect()?.[scope.value];
}

async function write(scope: (typeof SCOPES)[number], value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(KEY, value, scope.target);
}

/**
 * Adds an environment to the user's settings (there in every window, like its key in the secret
 * storage) and returns it as read back.
 */
export async function addEnvironment(
  draft: EnvironmentDraft,
  existing: readonly Environment[],
): Promise<Environment> {
  const id = newEnvironmentId(
    draft.label,
    existing.map((environment) => environment.id),
  );
  const user = SCOPES[0];
  await write(user, withEnvironment(scopeValue(user), id, draft));
  return environmentNamed(id);
}

/** Changes an environment where it is written (the user's or a workspace's settings, or both). */
export async function updateEnvironment(id: string, draft: EnvironmentDraft): Promise<Environment> {
  const scopes = scopesDefining(id);
  for (const scope of scopes.length ? scopes : [SCOPES[0]])
    await write(scope, withEnvironment(scopeValue(scope), id, draft));
  return environmentNamed(id);
}

/** Removes an environment from every scope that names it. */
export async function removeEnvironment(id: string): Promise<void> {
  for (const scope of scopesDefining(id))
    await write(scope, withoutEnvironment(scopeValue(scope), id));
}

function environmentNamed(id: string): Environment {
  const environment = readEnvironments(vscode.workspace.getConfiguration(SECTION).get(KEY)).find(
    (candidate) => candidate.id === id,
  );
  if (!environment) throw new Error(vscode.l10n.t('The environment {0} was not saved', id));
  return environment;
}
