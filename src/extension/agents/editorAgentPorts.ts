import { resolve } from 'node:path';
import * as vscode from 'vscode';
import type { AgentPorts, FoundCall } from '../../core/agents/agentPorts';
import { isInside } from '../../core/deprecations/workspace/pathInside';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { Environment } from '../../core/explorer/environments';
import { SCAN_WORKSPACE_REQUEST } from '../../lsp/protocol';
import { deprecatedCallsInEditor, withSnippets } from '../deprecations/deprecatedCalls';
import { repositoryCallPlaces } from '../deprecations/repositoryCallPlaces';
import type { DeprecationsService } from '../deprecations/deprecationsService';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { PetStoreAccess } from '../environments/petStoreAccess';

/**
 * The agent tools' view of the editor: its environments and SecretStorage keys (through the same
 * gate as the Pets view: address, plain-http consent, key bound to the address), and the calls the
 * language server finds after a fresh workspace scan (as the Problems panel shows them).
 */
export function editorAgentPorts(services: {
  environments: ActiveEnvironment;
  keys: ApiKeyStore;
  access: PetStoreAccess;
  deprecations: DeprecationsService;
}): AgentPorts {
  const { environments, keys, access, deprecations } = services;
  const environmentOf = (id: string): Environment => {
    const found = environments.all.find((environment) => environment.id === id);
    // The core checks the id against environments() first; this is a second line.
    if (!found) throw new Error(`unknown environment "${id}"`);
    return found;
  };
  return {
    environments: () =>
      Promise.all(
        environments.all.map(async (environment) => ({
          id: environment.id,
          label: environment.label,
          baseUrl: environment.baseUrl?.href,
          keySet:
            environment.baseUrl !== undefined &&
            (await keys.lookup(environment.id, environment.baseUrl.origin)).state === 'ready',
          protected: environment.protected,
          problem: environment.problem,
        })),
      ),
    listPets: (id, query, signal) => access.listPetsIn(environmentOf(id), query, signal),
    createPet: (id, newPet, signal) => access.createPetIn(environmentOf(id), newPet, signal),
    findDeprecatedCalls: async (paths) => {
      const client = await deprecations.ready;
      await client.sendRequest(SCAN_WORKSPACE_REQUEST);
      return callsInWorkspace(paths);
    },
    keyRemedy: (id) => `run "Pet Store: Set API Key…" for ${environmentOf(id).label}`,
    now: () => new Date(),
  };
}

/** The language server's calls (diagnostics), in the given workspace paths, with their lines. */
async function callsInWorkspace(
  paths: readonly string[] | undefined,
): Promise<{ calls: FoundCall[]; notes: string[] }> {
  const notes: string[] = [];
  const folders = (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
  let within = folders;
  if (paths?.length) {
    within = [];
    for (const path of paths) {
      const absolute = resolve(folders[0] ?? '.', path);
      if (isInside(absolute, folders)) within.push(absolute);
      else notes.push(`${path} is outside the workspace: not searched`);
    }
  }
  const inside = deprecatedCallsInEditor(repositoryCallPlaces()).filter(
    (call) => call.uri.scheme === 'file' && isInside(call.uri.fsPath, within),
  );
  const calls: FoundCall[] = (await withSnippets(inside)).map((call) => ({
    file: vscode.workspace.asRelativePath(call.uri, false),
    line: call.line,
    column: call.column,
    snippet: call.snippet,
  }));
  return { calls, notes };
}
