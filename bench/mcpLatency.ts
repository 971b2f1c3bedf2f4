/**
 * A tool call over MCP against the same request made by the client directly, in one run
 * (machines here are noisy, so the two alternate): listPets (GET /pets?limit=20) and createPet
 * (POST /pets) against petstore-server. The MCP figure includes stdio, JSON-RPC, argument checks
 * and rendering the result.
 * Run: npm run bench:mcp
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PetStoreClient } from '../src/core/api/client';
import { startServerProcess } from '../test/support/serverProcess';

const KEY = 'bench-mcp-key';
const ROUNDS = 400;
const MCP_BIN = resolve(__dirname, '../dist/cli/petstore-mcp.js');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const server = await startServerProcess(['--api-key', KEY, '--quiet', '--seed']);
  const direct = new PetStoreClient({ baseUrl: server.baseUrl, apiKey: () => KEY });
  const mcp = new Client({ name: 'bench', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MCP_BIN, '--environment', `staging=${server.baseUrl}`],
      env: { PATH: process.env.PATH ?? '', PETSTORE_API_KEY_STAGING: KEY },
      stderr: 'ignore',
    }),
  );
  const callTool = async (name: string, args: Record<string, unknown>) => {
    const result = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean };
    if (result.isError) throw new Error(`${name} failed over MCP`);
  };
  try {
    const cases = [
      {
        label: 'listPets (GET /pets, 20 pets)',
        direct: () => direct.listPets({ limit: 20 }),
        mcp: () => callTool('listPets', { environment: 'staging', limit: 20 }),
      },
      {
        label: 'createPet (POST /pets)',
        direct: () => direct.createPet({ name: 'bench', categoryId: 1n }),
        mcp: () =>
          callTool('createPet', { environment: 'staging', name: 'bench', categoryId: '1' }),
      },
    ];
    console.log(`${ROUNDS} calls each, alternating; petstore-server in memory, same machine`);
    for (const each of cases) {
      for (let i = 0; i < 50; i++) {
        await each.direct();
        await each.mcp();
      }
      const directTimes: number[] = [];
      const mcpTimes: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        directTimes.push(await timed(each.direct));
        mcpTimes.push(await timed(each.mcp));
      }
      console.log(
        `${each.label.padEnd(32)} direct median ${median(directTimes).toFixed(2)} ms (p99 ${p99(directTimes).toFixed(2)}), ` +
          `over MCP ${median(mcpTimes).toFixed(2)} ms (p99 ${p99(mcpTimes).toFixed(2)})  ratio ${(median(mcpTimes) / median(directTimes)).toFixed(2)}`,
      );
    }
  } finally {
    await mcp.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

void main();
