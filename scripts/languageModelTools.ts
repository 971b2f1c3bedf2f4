/**
 * package.json's contributes.languageModelTools, generated from the agent tools' one definition
 * (src/core/agents): names, descriptions and the input JSON Schema derived from the zod schemas.
 * A unit test fails when package.json differs; `npm run generate:tools` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { languageModelToolName } from '../src/core/agents/agentToolNames';
import { AGENT_TOOLS } from '../src/core/agents/agentTools';
import { agentToolInputSchema } from '../src/core/agents/agentToolSchemas';

const ICONS: Record<string, string> = {
  listPets: '$(list-unordered)',
  createPet: '$(add)',
  findDeprecatedCalls: '$(search)',
  explainDeprecation: '$(info)',
  listEnvironments: '$(server-environment)',
};

export function languageModelToolContributions(): Record<string, unknown>[] {
  return AGENT_TOOLS.map((tool) => ({
    name: languageModelToolName(tool.name),
    toolReferenceName: `petstore-${tool.name}`,
    displayName: `Pet Store: ${tool.title}`,
    userDescription: tool.title,
    modelDescription: tool.description,
    canBeReferencedInPrompt: true,
    icon: ICONS[tool.name],
    tags: ['petstore', tool.readOnly ? 'read-only' : 'writes-data'],
    inputSchema: agentToolInputSchema(tool),
  }));
}

export const PACKAGE_JSON = resolve(__dirname, '..', 'package.json');

if (require.main === module) {
  const text = readFileSync(PACKAGE_JSON, 'utf8');
  const manifest = JSON.parse(text) as { contributes: Record<string, unknown> };
  manifest.contributes.languageModelTools = languageModelToolContributions();
  writeFileSync(PACKAGE_JSON, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`package.json: ${AGENT_TOOLS.length} language-model tools written`);
}
