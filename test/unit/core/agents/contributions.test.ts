import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  AGENT_TOOL_NAMES,
  languageModelToolName,
} from '../../../../src/core/agents/agentToolNames';
import { AGENT_TOOLS } from '../../../../src/core/agents/agentTools';
import {
  languageModelToolContributions,
  languageModelToolStrings,
  PACKAGE_JSON,
  PACKAGE_NLS_JSON,
} from '../../../../scripts/languageModelTools';

describe('language-model tool contributions (package.json)', () => {
  const manifest = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as {
    contributes: { languageModelTools: unknown[]; mcpServerDefinitionProviders: { id: string }[] };
    engines: { vscode: string };
  };

  it('are exactly what the tool definitions generate (run npm run generate:tools after a change)', () => {
    assert.deepEqual(manifest.contributes.languageModelTools, languageModelToolContributions());
    const strings = JSON.parse(readFileSync(PACKAGE_NLS_JSON, 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(languageModelToolStrings()))
      assert.equal(strings[key], text, key);
  });

  it('name every tool the extension registers, and only those', () => {
    assert.deepEqual(
      AGENT_TOOLS.map((tool) => tool.name),
      [...AGENT_TOOL_NAMES],
    );
    assert.deepEqual(
      (manifest.contributes.languageModelTools as { name: string }[]).map((tool) => tool.name),
      AGENT_TOOL_NAMES.map(languageModelToolName),
    );
  });

  it('declare the MCP server provider, on an engine that has both APIs (1.101)', () => {
    assert.deepEqual(
      manifest.contributes.mcpServerDefinitionProviders.map((provider) => provider.id),
      ['petstore.mcpServers'],
    );
    assert.equal(manifest.engines.vscode, '^1.101.0');
  });
});
