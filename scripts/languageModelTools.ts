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
    displayName: `%tool.${tool.name}.displayName%`,
    userDescription: `%tool.${tool.name}.userDescription%`,
    modelDescription: tool.description,
    canBeReferencedInPrompt: true,
    icon: ICONS[tool.name],
    // The browser build registers no tools yet (docs/web.md): hidden there, not offered and failing.
    when: '!petstore.web',
    tags: ['petstore', tool.readOnly ? 'read-only' : 'writes-data'],
    inputSchema: agentToolInputSchema(tool),
  }));
}

/** The English text of the keys above, for package.nls.json (translations: package.nls.<locale>.json). */
export function languageModelToolStrings(): Record<string, string> {
  return Object.fromEntries(
    AGENT_TOOLS.flatMap((tool) => [
      [`tool.${tool.name}.displayName`, `Pet Store: ${tool.title}`],
      [`tool.${tool.name}.userDescription`, tool.title],
    ]),
  );
}

export const PACKAGE_JSON = resolve(__dirname, '..', 'package.json');
export const PACKAGE_NLS_JSON = resolve(__dirname, '..', 'package.nls.json');

if (require.main === module) {
  const text = readFileSync(PACKAGE_JSON, 'utf8');
  const manifest = JSON.parse(text) as { contributes: Record<string, unknown> };
  manifest.contributes.languageModelTools = languageModelToolContributions();
  writeFileSync(PACKAGE_JSON, `${JSON.stringify(manifest, null, 2)}\n`);
  const strings = JSON.parse(readFileSync(PACKAGE_NLS_JSON, 'utf8')) as Record<string, string>;
  writeFileSync(
    PACKAGE_NLS_JSON,
    `${JSON.stringify({ ...strings, ...languageModelToolStrings() }, null, 2)}\n`,
  );
  console.log(`package.json: ${AGENT_TOOLS.length} language-model tools written`);
}
