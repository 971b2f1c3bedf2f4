import { realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { PetStoreClient } from '../core/api/client';
import { PetStoreError } from '../core/api/errors';
import type { AgentPorts, FoundCall } from '../core/agents/agentPorts';
import type { Environment } from '../core/explorer/environments';
import { finderSettings, scanFiles } from '../cli/deprecations/scanFiles';
import { isInside } from '../core/deprecations/workspace/pathInside';
import { repositoryRoot } from '../core/deprecations/workspace/repositoryRoot';
import { keyVariableOf } from '../core/agents/keyVariables';

export interface McpPortsOptions {
  environments: Environment[];
  /** Where findDeprecatedCalls searches; paths outside it are refused. */
  workspace: string;
  /** The process environment, read for the keys when a request is made. */
  variables: NodeJS.ProcessEnv;
  userAgent: string;
  now?: () => Date;
}

/** The agent tools' view of the world from a command line: a config, key variables, a folder. */
export function mcpPorts(options: McpPortsOptions): AgentPorts {
  const clients = new Map<string, PetStoreClient>();
  const keyOf = (id: string) => options.variables[keyVariableOf(id)]?.trim() || undefined;
  const clientOf = (id: string): PetStoreClient => {
    let client = clients.get(id);
    if (!client) {
      const environment = options.environments.find((candidate) => candidate.id === id);
      if (!environment?.baseUrl)
        throw new PetStoreError('contract', `${id} has no base URL configured`);
      client = new PetStoreClient({
        baseUrl: environment.baseUrl.href,
        apiKey: () => keyOf(id),
        userAgent: options.userAgent,
      });
      clients.set(id, client);
    }
    return client;
  };
  return {
    environments: () =>
      Promise.resolve(
        options.environments.map((environment) => ({
          id: environment.id,
          label: environment.label,
          baseUrl: environment.baseUrl?.href,
          keySet: keyOf(environment.id) !== undefined,
          protected: environment.protected,
          problem: environment.problem,
        })),
      ),
    listPets: (id, query, signal) => clientOf(id).listPets(query, { signal }),
    createPet: (id, newPet, signal) => clientOf(id).createPet(newPet, { signal }),
    findDeprecatedCalls: (paths, signal) => findInWorkspace(options.workspace, paths, signal),
    keyRemedy: (id) => `set ${keyVariableOf(id)} in the MCP server's environment`,
    now: options.now ?? (() => new Date()),
  };
}

/** Scans the workspace (or paths inside it) with the CLI's scan, names relative to the workspace. */
async function findInWorkspace(
  workspace: string,
  paths: readonly string[] | undefined,
  signal?: AbortSignal,
): Promise<{ calls: FoundCall[]; notes: string[] }> {
  const notes: string[] = [];
  const roots: string[] = [];
  // Real paths: a link inside the workspace to a folder outside it leads outside it.
  const realWorkspace = realpathSync.native(workspace);
  for (const path of paths?.length ? paths : ['.']) {
    const absolute = resolve(workspace, path);
    if (isInside(absolute, [workspace]) && isInside(realPathOf(absolute), [realWorkspace]))
      roots.push(absolute);
    else notes.push(`${path} is outside the workspace: not searched`);
  }
  if (!roots.length) return { calls: [], notes };
  const settings = finderSettings({});
  if (typeof settings === 'string') throw new Error(settings);
  const outcome = await scanFiles(
    roots,
    { ...settings, confine: [realWorkspace] },
    repositoryRoot(workspace),
    { snippets: true, signal },
  );
  const calls: FoundCall[] = [];
  for (const file of outcome.results) {
    const name = relative(workspace, file.path).split(sep).join('/');
    for (const finding of file.findings)
      calls.push({
        file: name,
        line: finding.start.line + 1,
        column: finding.start.character + 1,
        snippet: outcome.snippets.get(finding) ?? '',
      });
  }
  if (outcome.ioError) notes.push('some files or folders could not be read (see the server log)');
  return { calls, notes };
}

/** The path with its links resolved; a path that does not exist yet is its own (nothing to follow). */
function realPathOf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}
