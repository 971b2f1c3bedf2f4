import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  ErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import type { AgentPorts } from '../core/agents/agentPorts';
import { agentResultText, AGENT_TOOLS, runAgentTool } from '../core/agents/agentTools';
import { agentToolInputSchema } from '../core/agents/agentToolSchemas';

export const SPEC_RESOURCE_URI = 'petstore://spec/pet-store-interface.md';

/**
 * The Pet Store tools over MCP: the same definitions and runner as VS Code's language-model tools
 * (src/core/agents), plus the interface spec as a resource. A tool's failure is a tool result with
 * `isError` (the model reads it); only a request the protocol cannot serve is a JSON-RPC error.
 */
export function petStoreMcpServer(options: {
  ports: AgentPorts;
  version: string;
  /** The interface spec's text, served as a resource. */
  specText: string;
  log: (line: string) => void;
}): Server {
  const { ports, version, specText, log } = options;
  const server = new Server(
    { name: 'petstore', title: 'Pet Store', version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'Pet Store API tools: list environments first; name the environment for every pet request; ' +
        'createPet changes data, so prefer a test environment. findDeprecatedCalls and explainDeprecation help ' +
        'migrate away from GET /pets/{petId} before it is removed.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: AGENT_TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: agentToolInputSchema(tool) as { type: 'object' },
      annotations: {
        title: tool.title,
        readOnlyHint: tool.readOnly,
        destructiveHint: false,
        idempotentHint: tool.idempotent,
        openWorldHint: tool.openWorld,
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const started = performance.now();
    const outcome = await runAgentTool(
      request.params.name,
      request.params.arguments,
      ports,
      extra.signal,
    );
    const took = `${Math.round(performance.now() - started)} ms`;
    if (!outcome.ok) {
      log(`${request.params.name}: failed (${took}): ${outcome.error}`);
      return { isError: true, content: [{ type: 'text', text: outcome.error }] };
    }
    log(`${request.params.name}: ${outcome.result.summary} (${took})`);
    return {
      content: [{ type: 'text', text: agentResultText(outcome.result) }],
      structuredContent: outcome.result.data,
    };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: SPEC_RESOURCE_URI,
        name: 'pet-store-interface',
        title: 'Pet Store interface v1.0.0',
        description: 'The Pet Store HTTP API specification these tools implement.',
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    if (request.params.uri !== SPEC_RESOURCE_URI)
      throw new McpError(ErrorCode.InvalidParams, `no resource ${request.params.uri}`);
    return { contents: [{ uri: SPEC_RESOURCE_URI, mimeType: 'text/markdown', text: specText }] };
  });
  return server;
}
