import { z } from 'zod';
import { INT64_MAX, INT64_MIN } from '../api/int64';
import { toCategoryId } from '../api/newPetInput';
import { ListLimit, PetName, PetStatus } from '../api/schemas';

/**
 * The agent tools' arguments, built from the client's own schemas (name, status, limit) so a tool
 * accepts exactly what the client would send. JSON Schema for VS Code and MCP is derived from these
 * (agentToolSchemas.ts), never written by hand.
 */

/** An environment id as `listEnvironments` returns it; a write must always name one. */
const EnvironmentId = z
  .string({ error: 'must be an environment id (see listEnvironments)' })
  .min(1, 'must be an environment id (see listEnvironments)')
  .describe('Environment id, as listEnvironments returns it (for example "staging").');

/** categoryId from a model: see CategoryIdInput (a string keeps every digit). */
export const CategoryIdArgument = z
  .union([z.string(), z.number()], { error: 'must be an integer or a string of digits' })
  .transform(toCategoryId)
  .describe(
    `Category id, an int64 (${INT64_MIN}..${INT64_MAX}). Pass it as a string of digits to keep every digit beyond 2^53.`,
  );

export const ListPetsArguments = z
  .object({
    environment: EnvironmentId,
    status: PetStatus.optional().describe('Only pets with this status.'),
    limit: ListLimit.optional().describe('At most this many pets (1..100; the API default is 20).'),
  })
  .strict();

export const CreatePetArguments = z
  .object({
    environment: EnvironmentId,
    name: PetName.describe('The pet name: 1..200 characters, not blank.'),
    categoryId: CategoryIdArgument,
    status: PetStatus.optional().describe('Stored as "available" when omitted.'),
  })
  .strict();

export const MAX_LISTED_CALLS = 500;
export const FindDeprecatedCallsArguments = z
  .object({
    paths: z
      .array(z.string().min(1, 'must not be empty'))
      .max(100)
      .optional()
      .describe(
        'Files or folders to search (relative to the workspace); the whole workspace when omitted.',
      ),
    maxCalls: z
      .number()
      .int()
      .min(0)
      .max(MAX_LISTED_CALLS)
      .optional()
      .describe(
        'List at most this many calls with file:line and snippet (default 50); counts cover all.',
      ),
  })
  .strict();

export const NoArguments = z.object({}).strict();

export type ListPetsArguments = z.output<typeof ListPetsArguments>;
export type CreatePetArguments = z.output<typeof CreatePetArguments>;
export type FindDeprecatedCallsArguments = z.output<typeof FindDeprecatedCallsArguments>;
