import { z } from 'zod';
import type { AgentTool } from './agentTools';

/**
 * A tool's input as JSON Schema, derived from its zod schema (what the arguments look like before
 * parsing). VS Code reads it from package.json (a test keeps that copy equal), MCP from tools/list.
 */
export function agentToolInputSchema(tool: AgentTool): Record<string, unknown> {
  const schema: Record<string, unknown> = z.toJSONSchema(tool.input, { io: 'input' });
  delete schema.$schema; // both hosts assume their own dialect
  return schema;
}
