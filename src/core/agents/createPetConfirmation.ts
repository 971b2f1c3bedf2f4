import { newPetJson } from '../explorer/newPetForm';
import type { AgentPorts } from './agentPorts';
import { CreatePetArguments } from './toolInputs';

export interface WriteConfirmation {
  title: string;
  /** Markdown: the environment, its address, the request line and the exact body. */
  message: string;
}

/**
 * What a person confirms before an agent creates a pet: where it goes and exactly what is sent.
 * Undefined when the arguments are invalid or the environment unknown (the call then fails with
 * the reason, and nothing is sent, so there is nothing to confirm).
 */
export async function createPetConfirmation(
  rawArguments: unknown,
  ports: AgentPorts,
): Promise<WriteConfirmation | undefined> {
  const parsed = CreatePetArguments.safeParse(rawArguments ?? {});
  if (!parsed.success) return undefined;
  const { environment: id, ...newPet } = parsed.data;
  const environment = (await ports.environments()).find((candidate) => candidate.id === id);
  if (!environment?.baseUrl) return undefined;
  return {
    title: `Create a pet in ${environment.label}?`,
    message: [
      `${environment.protected ? '**Protected environment.** ' : ''}The agent asks to create a pet in **${environment.label}** (${environment.baseUrl}):`,
      '',
      '```http',
      `POST ${environment.baseUrl}/pets`,
      'Content-Type: application/json',
      '',
      newPetJson(newPet),
      '```',
    ].join('\n'),
  };
}
