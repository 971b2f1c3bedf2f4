/**
 * The agent tools' names, without zod: the extension registers them at activation and loads the
 * tools themselves (agentTools.ts, with the schemas) on the first call.
 */
export const AGENT_TOOL_NAMES = [
  'listPets',
  'createPet',
  'findDeprecatedCalls',
  'explainDeprecation',
  'listEnvironments',
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

/** How the tools are named in VS Code (contributes.languageModelTools): prefixed, as the guide asks. */
export function languageModelToolName(name: AgentToolName): string {
  return `petstore_${name}`;
}
