import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { PetStoreExplorerApi } from '../../src/extension/extension';
import {
  explorerApi,
  setKeyThroughInput,
  testKeys,
  updateSetting,
  type TestKeys,
} from './support/explorer';
import { startTestPetStoreServer, type TestPetStoreServer } from './support/petstoreServer';

const TOOL_NAMES = [
  'petstore_listPets',
  'petstore_createPet',
  'petstore_findDeprecatedCalls',
  'petstore_explainDeprecation',
  'petstore_listEnvironments',
];

/** A tool's result as the model reads it: the summary line, then the JSON. */
function resultOf(result: vscode.LanguageModelToolResult): {
  summary: string;
  data: Record<string, unknown>;
} {
  const text = result.content
    .filter(
      (part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart,
    )
    .map((part) => part.value)
    .join('');
  const newline = text.indexOf('\n');
  return {
    summary: text.slice(0, newline),
    data: JSON.parse(text.slice(newline + 1)) as Record<string, unknown>,
  };
}

const invoke = async (name: string, input: object) =>
  vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });

describe('Agents: language-model tools and the MCP server definition', function () {
  this.timeout(120_000);
  let keys: TestKeys;
  let api: PetStoreExplorerApi;
  let staging: TestPetStoreServer;

  before(async () => {
    keys = await testKeys();
    api = await explorerApi();
    staging = await startTestPetStoreServer(keys.staging);
    await updateSetting('environments', { staging: { baseUrl: staging.baseUrl } });
    // The staging key, typed into the real password box as a user would.
    await setKeyThroughInput(keys.staging, 'staging');
  });

  after(async () => {
    await vscode.commands.executeCommand('petstore.clearApiKey', 'staging');
    await updateSetting('environments', undefined);
    await staging?.stop();
  });

  it('registers the five tools with VS Code', () => {
    const ours = vscode.lm.tools.filter((tool) => tool.name.startsWith('petstore_'));
    assert.deepEqual(ours.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
    const create = ours.find((tool) => tool.name === 'petstore_createPet')!;
    assert.deepEqual((create.inputSchema as { required: string[] }).required, [
      'environment',
      'name',
      'categoryId',
    ]);
  });

  it('listEnvironments: staging is ready, production has no address; no key in the result', async () => {
    const { data, summary } = resultOf(await invoke('petstore_listEnvironments', {}));
    assert.equal(summary, '2 environments (1 ready: staging)');
    assert.ok(!JSON.stringify(data).includes(keys.staging));
    assert.deepEqual(
      (data.environments as { id: string; keySet: boolean }[]).map(({ id, keySet }) => [
        id,
        keySet,
      ]),
      [
        ['production', false],
        ['staging', true],
      ],
    );
  });

  it('createPet creates the pet the agent describes, its int64 category exact', async () => {
    // VS Code answers its own confirmation dialogs itself while extension tests run ("refused to
    // show confirmation dialog in tests"), so the dialog's text is tested on createPetConfirmation.
    const { data, summary } = resultOf(
      await invoke('petstore_createPet', {
        environment: 'staging',
        name: 'Agent Otter',
        categoryId: '9223372036854775807',
      }),
    );
    const pet = data.pet as { id: string; categoryId: string };
    assert.equal(summary, `Created pet ${pet.id} "Agent Otter" in staging`);
    const response = await fetch(`${staging.baseUrl}/pets?limit=100`, {
      headers: { authorization: `Bearer ${keys.staging}` },
    });
    assert.match(
      await response.text(),
      new RegExp(`"id":${pet.id},"name":"Agent Otter","categoryId":9223372036854775807`),
    );
  });

  it('listPets reads the environment the agent names; failures come back as clear errors', async () => {
    const { summary } = resultOf(
      await invoke('petstore_listPets', { environment: 'staging', limit: 100 }),
    );
    assert.match(summary, /^\d+ pets? in staging$/);
    await assert.rejects(
      invoke('petstore_listPets', { environment: 'production' }),
      /production has no base URL configured yet/,
    );
    await assert.rejects(
      invoke('petstore_listPets', { environment: 'staging', limit: 500 }),
      /invalid arguments for listPets: limit/,
    );
  });

  it('findDeprecatedCalls answers with what the language server finds in the workspace', async () => {
    await api.deprecationsReady;
    const { data } = resultOf(await invoke('petstore_findDeprecatedCalls', { maxCalls: 5 }));
    const diagnostics = vscode.languages
      .getDiagnostics()
      .flatMap(([, found]) => found)
      .filter(
        (diagnostic) => diagnostic.source === 'petstore' && !/Possible:/.test(diagnostic.message),
      );
    assert.equal(data.total, diagnostics.length);
    assert.ok(data.total > 0, 'the test workspace has deprecated calls');
    const { summary } = resultOf(await invoke('petstore_explainDeprecation', {}));
    assert.match(summary, /removed on 5 December 2030/);
  });

  it('the MCP definition carries no key in argv; the key arrives in its environment at start and works', async () => {
    const [definition] = api.mcpServers.provideMcpServerDefinitions();
    assert.ok(definition);
    assert.ok(definition.args.includes(`staging=${staging.baseUrl}`));
    assert.ok(!definition.args.join(' ').includes(keys.staging));
    assert.equal(definition.env.PETSTORE_API_KEY_STAGING, undefined);
    const resolved = await api.mcpServers.resolveMcpServerDefinition(definition);
    assert.equal(resolved.env.PETSTORE_API_KEY_STAGING, keys.staging);
    assert.ok(!resolved.args.join(' ').includes(keys.staging));
    // Started as VS Code starts it: the tools answer over MCP with the extension's key.
    const client = new Client({ name: 'host-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: resolved.command,
        args: resolved.args,
        env: Object.fromEntries(
          Object.entries({ PATH: process.env.PATH ?? '', ...resolved.env }).map(([name, value]) => [
            name,
            String(value),
          ]),
        ),
        stderr: 'ignore',
      }),
    );
    try {
      const result = (await client.callTool({
        name: 'listPets',
        arguments: { environment: 'staging' },
      })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      assert.equal(result.isError, undefined, result.content[0]?.text);
      assert.match(result.content[0]!.text, /in staging/);
    } finally {
      await client.close();
    }
  });
});
