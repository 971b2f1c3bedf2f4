import type { z } from 'zod';
import type { Pet } from '../api/schemas';
import { describeIssues } from '../api/schemas';
import {
  daysUntilRemoval,
  REMOVAL_DATE,
  REMOVAL_DATE_TEXT,
  REPLACEMENT,
  RULE_ID,
} from '../deprecations/rule';
import { AgentToolFailure, describeAgentFailure } from './agentFailures';
import type { AgentToolName } from './agentToolNames';
import type { AgentEnvironment, AgentPorts } from './agentPorts';
import {
  CreatePetArguments,
  FindDeprecatedCallsArguments,
  ListPetsArguments,
  NoArguments,
} from './toolInputs';

/** What a tool gives back: one line for people, compact JSON for the model. */
export interface AgentToolResult {
  summary: string;
  data: Record<string, unknown>;
}

export type AgentToolOutcome = { ok: true; result: AgentToolResult } | { ok: false; error: string };

/** One tool, defined once for both front ends (VS Code's language-model tools and MCP). */
export interface AgentTool {
  name: AgentToolName;
  title: string;
  /** For the model: what the tool does and when to use it. */
  description: string;
  input: z.ZodType;
  /** MCP's annotations; VS Code asks for confirmation of every tool that is not read-only. */
  readOnly: boolean;
  idempotent: boolean;
  /** Talks to the Pet Store API (an open world) rather than to files on this machine. */
  openWorld: boolean;
  run(args: never, ports: AgentPorts, signal?: AbortSignal): Promise<AgentToolResult>;
}

const DEFAULT_LISTED_CALLS = 50;

/** Pets as JSON for a model: int64 ids as strings, so no digit is lost beyond 2^53. */
function petJson(pet: Pet): Record<string, unknown> {
  return {
    id: String(pet.id),
    name: pet.name,
    categoryId: String(pet.categoryId),
    ...(pet.status ? { status: pet.status } : {}),
  };
}

/** The environment a request names, or a failure that lists the ones there are. */
async function namedEnvironment(ports: AgentPorts, id: string): Promise<AgentEnvironment> {
  const environments = await ports.environments();
  const found = environments.find((environment) => environment.id === id);
  if (!found) {
    throw new AgentToolFailure(
      `unknown environment "${id}": use one of ${environments.map((environment) => environment.id).join(', ')}`,
    );
  }
  if (found.problem) throw new AgentToolFailure(`${id} cannot be used: ${found.problem}`);
  if (!found.baseUrl) throw new AgentToolFailure(`${id} has no base URL configured yet`);
  return found;
}

const listPets: AgentTool = {
  name: 'listPets',
  title: 'List pets',
  description:
    'Lists pets from a Pet Store environment (GET /pets), optionally only one status, at most `limit` (1..100). ' +
    'Use it to look at store data or to find a pet id; it never changes anything. Name the environment (see listEnvironments).',
  input: ListPetsArguments,
  readOnly: true,
  idempotent: true,
  openWorld: true,
  async run(args: ListPetsArguments, ports, signal) {
    const environment = await namedEnvironment(ports, args.environment);
    const pets = await ports.listPets(
      environment.id,
      { limit: args.limit, status: args.status },
      signal,
    );
    const filter = args.status ? ` with status ${args.status}` : '';
    return {
      summary: `${pets.length} pet${pets.length === 1 ? '' : 's'}${filter} in ${environment.id}`,
      data: { environment: environment.id, pets: pets.map(petJson) },
    };
  },
};

const createPet: AgentTool = {
  name: 'createPet',
  title: 'Create a pet',
  description:
    'Creates one pet in a Pet Store environment (POST /pets): a name, a category id (int64; pass it as a string of digits) ' +
    'and an optional status (available when omitted). It changes store data: name the environment explicitly, prefer a test ' +
    'environment such as staging, and never create in production unless the user asked for production.',
  input: CreatePetArguments,
  readOnly: false,
  idempotent: false,
  openWorld: true,
  async run(args: CreatePetArguments, ports, signal) {
    const environment = await namedEnvironment(ports, args.environment);
    const pet = await ports.createPet(
      environment.id,
      { name: args.name, categoryId: args.categoryId, status: args.status },
      signal,
    );
    return {
      summary: `Created pet ${pet.id} "${pet.name}" in ${environment.id}`,
      data: { environment: environment.id, pet: petJson(pet) },
    };
  },
};

const findDeprecatedCalls: AgentTool = {
  name: 'findDeprecatedCalls',
  title: 'Find deprecated getPet calls',
  description:
    'Finds every call to the deprecated GET /pets/{petId} (getPet) in the workspace or in the given files and folders: ' +
    'counts by file and the first `maxCalls` calls with file:line and the line itself. Use it to plan or check a migration ' +
    'before the operation is removed.',
  input: FindDeprecatedCallsArguments,
  readOnly: true,
  idempotent: true,
  openWorld: false,
  async run(args: FindDeprecatedCallsArguments, ports, signal) {
    const found = await ports.findDeprecatedCalls(args.paths, signal);
    const calls = [...found.calls].sort((a, b) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
    );
    const byFile = new Map<string, number>();
    for (const call of calls) byFile.set(call.file, (byFile.get(call.file) ?? 0) + 1);
    const listed = calls.slice(0, args.maxCalls ?? DEFAULT_LISTED_CALLS);
    const where = args.paths?.length ? ` in ${args.paths.join(', ')}` : '';
    return {
      summary:
        `${calls.length} deprecated getPet call${calls.length === 1 ? '' : 's'} in ${byFile.size} file${byFile.size === 1 ? '' : 's'}${where}; ` +
        `removed on ${REMOVAL_DATE_TEXT}`,
      data: {
        total: calls.length,
        files: [...byFile].map(([file, count]) => ({ file, calls: count })),
        calls: listed.map((call) => ({
          at: `${call.file}:${call.line}:${call.column}`,
          snippet: call.snippet,
        })),
        ...(listed.length < calls.length ? { notListed: calls.length - listed.length } : {}),
        ...(found.notes.length ? { notes: found.notes } : {}),
      },
    };
  },
};

const explainDeprecation: AgentTool = {
  name: 'explainDeprecation',
  title: 'Explain the getPet deprecation',
  description:
    'Explains the deprecation of GET /pets/{petId} (getPet): when it is removed, how many days are left, and what to use instead, ' +
    'with an example request. Use it before rewriting a call.',
  input: NoArguments,
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run(_args: Record<string, never>, ports) {
    const days = daysUntilRemoval(ports.now());
    return Promise.resolve({
      summary:
        days > 0
          ? `GET /pets/{petId} is removed on ${REMOVAL_DATE_TEXT} (${days} day${days === 1 ? '' : 's'} left); use ${REPLACEMENT}`
          : `GET /pets/{petId} was removed on ${REMOVAL_DATE_TEXT}; use ${REPLACEMENT}`,
      data: {
        operation: 'GET /pets/{petId}',
        operationId: 'getPet',
        removalDate: REMOVAL_DATE.toISOString().slice(0, 10),
        daysLeft: Math.max(0, days),
        replacement: REPLACEMENT,
        example: 'GET {baseUrl}/pets?status=available&limit=100 (then pick the pet by its id)',
        ruleId: RULE_ID,
        silence: 'a comment petstore-ignore-next-line on the line above a call that must stay',
      },
    });
  },
};

const listEnvironments: AgentTool = {
  name: 'listEnvironments',
  title: 'List Pet Store environments',
  description:
    'Lists the Pet Store environments this user has (id, label, base URL, whether an API key is set; never the key). ' +
    'Use it to pick the environment the other tools need.',
  input: NoArguments,
  readOnly: true,
  idempotent: true,
  openWorld: false,
  async run(_args: Record<string, never>, ports) {
    const environments = await ports.environments();
    const ready = environments.filter((environment) => environment.baseUrl && environment.keySet);
    return {
      summary: `${environments.length} environments (${ready.length} ready: ${ready.map((environment) => environment.id).join(', ') || 'none'})`,
      data: {
        environments: environments.map((environment) => ({
          id: environment.id,
          label: environment.label,
          ...(environment.baseUrl ? { baseUrl: environment.baseUrl } : {}),
          keySet: environment.keySet,
          ...(environment.protected ? { protected: true } : {}),
          ...(environment.problem ? { problem: environment.problem } : {}),
        })),
      },
    };
  },
};

export const AGENT_TOOLS: readonly AgentTool[] = [
  listPets,
  createPet,
  findDeprecatedCalls,
  explainDeprecation,
  listEnvironments,
];

export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}

/**
 * Checks the arguments against the tool's schema and runs it. Never throws: a bad argument is an
 * error naming the field, a failed request the typed failure as text.
 */
export async function runAgentTool(
  name: string,
  rawArguments: unknown,
  ports: AgentPorts,
  signal?: AbortSignal,
): Promise<AgentToolOutcome> {
  const tool = agentTool(name);
  if (!tool) return { ok: false, error: `unknown tool "${name}"` };
  const parsed = tool.input.safeParse(rawArguments ?? {});
  if (!parsed.success)
    return { ok: false, error: `invalid arguments for ${name}: ${describeIssues(parsed.error)}` };
  const environment = (parsed.data as { environment?: string }).environment;
  try {
    return { ok: true, result: await tool.run(parsed.data as never, ports, signal) };
  } catch (error) {
    return {
      ok: false,
      error: describeAgentFailure(error, environment, (id) => ports.keyRemedy(id)),
    };
  }
}

/** The result as the text a model reads: the summary, then the JSON. */
export function agentResultText(result: AgentToolResult): string {
  return `${result.summary}\n${JSON.stringify(result.data)}`;
}
