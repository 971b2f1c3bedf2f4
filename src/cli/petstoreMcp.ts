#!/usr/bin/env node
import { visibleText } from '../core/text/visibleText';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SecretRedactor } from '../core/api/redact';
import { keyVariableOf } from '../core/agents/keyVariables';
import { readMcpEnvironments } from '../mcp/mcpEnvironments';
import { mcpPorts } from '../mcp/mcpPorts';
import { petStoreMcpServer } from '../mcp/petStoreMcpServer';
import { TOOL_VERSION } from '../core/deprecations/toolVersion';

const USAGE = `Usage: petstore-mcp [--config FILE] [--environment ID=URL ...] [--workspace DIR]

An MCP server over stdio with the Pet Store tools (listPets, createPet, findDeprecatedCalls,
explainDeprecation, listEnvironments) and the interface spec as a resource.

Options:
  --config FILE          environments as in VS Code's setting: {"environments": {"staging": {"baseUrl": "https://…/v1"}}}
  --environment ID=URL   an environment (repeatable; wins over the file)
  --workspace DIR        where findDeprecatedCalls searches (default: the current folder)
  -V, --version          print the version
  -h, --help             show this help

Keys are read from the environment, one variable per environment: PETSTORE_API_KEY_STAGING for
"staging", PETSTORE_API_KEY_PRODUCTION for "production". Never pass a key as an argument.`;

function fail(message: string): never {
  process.stderr.write(`petstore-mcp: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function readOptions() {
  try {
    return parseArgs({
      options: {
        config: { type: 'string' },
        environment: { type: 'string', multiple: true, default: [] },
        workspace: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'V', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (options.version) {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return;
  }
  const environments = readMcpEnvironments(options.config, options.environment);
  if ('error' in environments) fail(environments.error);
  // Whatever reaches the log is scrubbed of every key this process was given.
  const redactor = new SecretRedactor();
  for (const environment of environments) {
    const key = process.env[keyVariableOf(environment.id)]?.trim();
    if (key) redactor.remember(key);
  }
  const log = (line: string) =>
    process.stderr.write(`petstore-mcp: ${visibleText(redactor.redact(line))}\n`);
  const server = petStoreMcpServer({
    ports: mcpPorts({
      environments,
      workspace: resolve(options.workspace ?? '.'),
      variables: process.env,
      userAgent: `petstore-mcp/${TOOL_VERSION}`,
    }),
    version: TOOL_VERSION,
    // Beside the bundle (dist/cli) and the source (src/cli) alike: two folders up, then docs/.
    specText: readFileSync(
      join(__dirname, '..', '..', 'docs', 'spec', 'pet-store-interface.md'),
      'utf8',
    ),
    log,
  });
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  // The SDK's stdio transport closes itself on a message over its 10 MB buffer and then reads
  // nothing more: exit, saying so, so that the client sees it and can start the server again.
  server.onclose = () => {
    log('stopped: the connection closed (a message over 10 MB closes it); start the server again');
    process.exit(1);
  };
  await server.connect(new StdioServerTransport());
  log(
    `serving ${environments.length} environments (${environments.map((environment) => environment.id).join(', ')}) over stdio`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`petstore-mcp: ${(error as Error).message}\n`);
  process.exit(1);
});
