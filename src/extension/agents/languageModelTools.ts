import * as vscode from 'vscode';
import type { AgentPorts } from '../../core/agents/agentPorts';
import {
  AGENT_TOOL_NAMES,
  languageModelToolName,
  type AgentToolName,
} from '../../core/agents/agentToolNames';
import type { ApiChunk } from '../chunks/loadChunk';
import { abortSignalOf } from '../common/abortSignal';
import type { Log } from '../common/log';

/**
 * The agent tools as VS Code language-model tools (declared in package.json's
 * contributes.languageModelTools). Registering is cheap; the tools, their schemas and the client
 * load with the API chunk on the first call.
 */
export function registerLanguageModelTools(
  ports: AgentPorts,
  loadApiChunk: () => ApiChunk,
  log: Log,
): vscode.Disposable[] {
  return AGENT_TOOL_NAMES.map((name) =>
    vscode.lm.registerTool<object>(languageModelToolName(name), {
      prepareInvocation: (options) => prepare(name, options.input, ports, loadApiChunk),
      invoke: async (options, token) => {
        const outcome = await loadApiChunk().runAgentTool(
          name,
          options.input,
          ports,
          abortSignalOf(token),
        );
        if (!outcome.ok) {
          log.warn(`Agent tool ${name} failed: ${outcome.error}`);
          // VS Code hands a tool's error message to the model, which can act on it.
          throw new Error(outcome.error);
        }
        log.info(`Agent tool ${name}: ${outcome.result.summary}`);
        return new vscode.LanguageModelToolResult([
          new vscode.LanguageModelTextPart(loadApiChunk().agentResultText(outcome.result)),
        ]);
      },
    }),
  );
}

/** A write is confirmed by the person first, showing the environment and the exact request. */
async function prepare(
  name: AgentToolName,
  input: unknown,
  ports: AgentPorts,
  loadApiChunk: () => ApiChunk,
): Promise<vscode.PreparedToolInvocation> {
  if (name !== 'createPet') return { invocationMessage: `Pet Store: ${name}` };
  const confirmation = await loadApiChunk().createPetConfirmation(input, ports);
  return {
    invocationMessage: vscode.l10n.t('Pet Store: creating a pet'),
    confirmationMessages: confirmation && {
      title: confirmation.title,
      message: new vscode.MarkdownString(confirmation.message),
    },
  };
}
