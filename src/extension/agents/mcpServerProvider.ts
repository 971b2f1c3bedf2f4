import { join } from 'node:path';
import * as vscode from 'vscode';
import { keyVariableOf } from '../../core/agents/keyVariables';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import type { ActiveEnvironment } from '../environments/activeEnvironment';

export const MCP_PROVIDER_ID = 'petstore.mcpServers';

/**
 * petstore-mcp for VS Code's agent mode (contributes.mcpServerDefinitionProviders): the editor's
 * environments on its command line, the keys from SecretStorage in its process environment only
 * when VS Code starts it (never in argv, never in a file). Told again when settings or keys change.
 */
export class PetStoreMcpServers
  implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;

  constructor(
    private readonly extensionPath: string,
    private readonly version: string,
    private readonly environments: ActiveEnvironment,
    private readonly keys: ApiKeyStore,
  ) {}

  /** Settings or a key changed: VS Code asks again (and restarts a running server if it differs). */
  refresh(): void {
    this.changed.fire();
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    const args = [join(this.extensionPath, 'dist', 'cli', 'petstore-mcp.js')];
    for (const environment of this.environments.all)
      if (environment.baseUrl)
        args.push('--environment', `${environment.id}=${environment.baseUrl.href}`);
    const folder = vscode.workspace.workspaceFolders?.find(
      (candidate) => candidate.uri.scheme === 'file',
    );
    if (folder) args.push('--workspace', folder.uri.fsPath);
    // The extension host's own runtime: Node in code-server, Electron (run as Node) in VS Code.
    return [
      new vscode.McpStdioServerDefinition(
        'Pet Store',
        process.execPath,
        args,
        { ELECTRON_RUN_AS_NODE: '1' },
        this.version,
      ),
    ];
  }

  /** Called when VS Code starts the server: only now are the keys read and handed over. */
  async resolveMcpServerDefinition(
    server: vscode.McpStdioServerDefinition,
  ): Promise<vscode.McpStdioServerDefinition> {
    for (const environment of this.environments.all) {
      if (!environment.baseUrl) continue;
      const lookup = await this.keys.lookup(environment.id, environment.baseUrl.origin);
      // A key bound to another address stays where it is (the Pets view asks the user first).
      if (lookup.state === 'ready') server.env[keyVariableOf(environment.id)] = lookup.key;
    }
    return server;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
