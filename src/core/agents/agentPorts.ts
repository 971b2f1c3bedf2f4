import type { ListPetsQuery } from '../api/client';
import type { NewPet, Pet } from '../api/schemas';

/**
 * What the agent tools need from the front end that hosts them: the VS Code extension (its
 * environments, SecretStorage keys and language server) or the MCP server (a config file and
 * environment variables). Tests pass plain objects.
 */
export interface AgentPorts {
  environments(): Promise<AgentEnvironment[]>;
  /** Throws the client's PetStoreError (or the front end's own access problem) on failure. */
  listPets(environmentId: string, query: ListPetsQuery, signal?: AbortSignal): Promise<Pet[]>;
  createPet(environmentId: string, newPet: NewPet, signal?: AbortSignal): Promise<Pet>;
  /** Every deprecated call in these files or folders (relative to the workspace), or everywhere. */
  findDeprecatedCalls(
    paths: readonly string[] | undefined,
    signal?: AbortSignal,
  ): Promise<FoundCalls>;
  /** What a user does, in this front end, to give an environment a key. */
  keyRemedy(environmentId: string): string;
  now(): Date;
}

/** An environment as an agent may see it: never its key, only whether one is set. */
export interface AgentEnvironment {
  id: string;
  label: string;
  baseUrl?: string;
  keySet: boolean;
  /** Writes ask for confirmation (production by default). */
  protected?: boolean;
  /** Why it cannot be used as configured. */
  problem?: string;
}

export interface FoundCall {
  /** Relative to the workspace (or repository) root, with forward slashes. */
  file: string;
  line: number;
  column: number;
  snippet: string;
}

export interface FoundCalls {
  calls: FoundCall[];
  /** Things the search could not do (an unreadable file, a path outside the workspace). */
  notes: string[];
}
