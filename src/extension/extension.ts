import * as vscode from 'vscode';
import { SecretRedactor } from '../core/api/redact';
import { ApiKeyStore } from '../core/explorer/apiKeyStore';
import { ActiveEnvironment } from './environments/activeEnvironment';
import { apiKeyCommands } from './environments/apiKeyCommands';
import { environmentCommands } from './environments/environmentCommands';
import { registerCommands } from './common/commandTable';
import { CreatePetsFromFile } from './pets/createPetsFromFile';
import { deprecationCommands } from './deprecations/deprecationCommands';
import { DOCS_SCHEME, docsProvider } from './deprecations/replacementDocs';
import { DeprecationCountStatusBar } from './deprecations/deprecationCount';
import {
  DEPRECATED_CALLS_VIEW_ID,
  DeprecatedCallsTree,
  type CallsNode,
} from './deprecations/deprecatedCallsTree';
import { repositoryCallPlaces } from './deprecations/repositoryCallPlaces';
import { DeprecationsService } from './deprecations/deprecationsService';
import { DeprecationForecast, verdictInWords } from './deprecations/deprecationForecast';
import { FORECAST_REQUEST } from '../lsp/protocol';
import type { WorkspaceForecast } from '../lsp/workspaceForecast';
import { loadApiChunk, loadLanguageClientChunk } from './chunks/loadChunk';
import { ApiConnection } from './environments/apiConnection';
import { readDeprecationSettings } from './deprecations/deprecationSettings';
import { explorerCommands } from './pets/explorerCommands';
import { Log } from './common/log';
import type { PetsNode, PetsTreeProvider } from './pets/petsTree';
import { buildPetsExplorer } from './pets/petsExplorer';
import { editorAgentPorts } from './agents/editorAgentPorts';
import { registerLanguageModelTools } from './agents/languageModelTools';
import { MCP_PROVIDER_ID, PetStoreMcpServers } from './agents/mcpServerProvider';
import { TransientSecrets } from '../core/explorer/transientSecrets';
import { REHEARSAL_ENVIRONMENT_ID, RemovalRehearsal } from './rehearsal/removalRehearsal';
import { RehearsalStatusBar } from './rehearsal/rehearsalStatusBar';
import { rehearsalCommands } from './rehearsal/rehearsalCommands';

/** What activate returns: handles for the integration tests. */
export interface PetStoreExplorerApi {
  tree: PetsTreeProvider;
  view: vscode.TreeView<PetsNode>;
  /** Resolves when the deprecation language server is running. */
  deprecationsReady: Promise<void>;
  deprecatedCalls: DeprecatedCallsTree;
  deprecatedCallsView: vscode.TreeView<CallsNode>;
  /** The migration's forecast from the git history, shown in the Deprecated Calls view. */
  forecast: DeprecationForecast;
  /** The removal rehearsal (a server and a temporary environment) while one runs. */
  rehearsal: RemovalRehearsal;
  /** The MCP server definitions offered to agent mode. */
  mcpServers: PetStoreMcpServers;
  /** How long loading the bundle and running activate() took (npm run bench:activation). */
  activation: ActivationTiming;
}

export interface ActivationTiming {
  /** From the bundle's first line to its last: evaluating its modules (reading and compiling the file come before). */
  bundleMs: number;
  /** activate() itself. */
  activateMs: number;
}

/**
 * The one place where the extension's services are built and wired. Everything created here is
 * registered on the context, so deactivation disposes it.
 */
export function activate(context: vscode.ExtensionContext): PetStoreExplorerApi {
  const activateStart = performance.now();
  const redactor = new SecretRedactor();
  const log = new Log('Pet Store', redactor);
  const environments = new ActiveEnvironment(context.workspaceState);
  // A rehearsal's key is kept in memory only, never in the editor's secret store.
  const secrets = new TransientSecrets(
    context.secrets,
    (name) => ApiKeyStore.environmentOfSecret(name) === REHEARSAL_ENVIRONMENT_ID,
  );
  const keys = new ApiKeyStore(secrets, (key) => redactor.remember(key));
  const connection = new ApiConnection(loadApiChunk, log);
  const { version } = context.extension.packageJSON as { version: string };
  // The MCP servers' list names the environments with a key: it follows both.
  const mcpServers = new PetStoreMcpServers(context.extensionPath, version, environments, keys);
  const { access, viewMode, tree, view, details, walkthrough, wizard, disposables } =
    buildPetsExplorer({
      context,
      environments,
      keys,
      connection,
      loadForm: loadApiChunk,
      log,
      onAccessChanged: () => mcpServers.refresh(),
    });

  const bulk = new CreatePetsFromFile(access, loadApiChunk, log, () => {
    walkthrough.petCreated();
    tree.refresh();
  });

  const deprecations = new DeprecationsService(context, log.channel, loadLanguageClientChunk);
  const deprecatedCalls = new DeprecatedCallsTree(context.workspaceState, repositoryCallPlaces());
  const deprecatedCallsView = vscode.window.createTreeView(DEPRECATED_CALLS_VIEW_ID, {
    treeDataProvider: deprecatedCalls,
    showCollapseAll: true,
  });
  deprecatedCalls.attach(deprecatedCallsView);
  const forecast = new DeprecationForecast(
    () =>
      deprecations.ready.then((client) => client.sendRequest<WorkspaceForecast>(FORECAST_REQUEST)),
    log,
  );
  const rehearsal = new RemovalRehearsal(
    context.asAbsolutePath('dist/cli/petstore-server.js'),
    environments,
    keys,
    log,
  );
  const agentPorts = editorAgentPorts({ environments, keys, access, deprecations });

  context.subscriptions.push(
    log,
    environments,
    rehearsal,
    new RehearsalStatusBar(rehearsal),
    connection,
    ...disposables,
    ...registerCommands(
      [
        ...explorerCommands({ environments, tree, viewMode, wizard, bulk, details, log }),
        ...apiKeyCommands(environments, keys, access),
        ...environmentCommands(environments, keys, access),
        ...deprecationCommands(deprecations, deprecatedCalls, forecast, log, version),
        ...rehearsalCommands(rehearsal, environments),
      ],
      log,
    ),
    vscode.workspace.registerTextDocumentContentProvider(DOCS_SCHEME, docsProvider),
    new DeprecationCountStatusBar(),
    deprecatedCalls,
    deprecatedCallsView,
    forecast,
    forecast.onDidChange(() =>
      deprecatedCalls.showVerdict(verdictInWords(forecast.history, forecast.noHistory)),
    ),
    askForecastWhenShown(forecast, deprecatedCallsView),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (
        ['petstore.deprecations', 'files.exclude', 'search.exclude'].some((section) =>
          event.affectsConfiguration(section),
        )
      ) {
        deprecations.configurationChanged(readDeprecationSettings());
        void forecast.refresh();
      }
    }),
    deprecations,
    ...registerLanguageModelTools(agentPorts, loadApiChunk, log),
    mcpServers,
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, mcpServers),
  );
  // The server scans in its own process; the editor does not wait for it.
  const deprecationsStarted = deprecations.ready.then(() => undefined);
  deprecationsStarted.catch((error: unknown) =>
    log.error('The deprecation language server did not start', error),
  );
  // Set by the bundle's first and last lines (scripts/build.mjs); absent when not bundled.
  const probes = globalThis as { __petstoreBundleStart?: number; __petstoreBundleEnd?: number };
  const activation: ActivationTiming = {
    bundleMs: (probes.__petstoreBundleEnd ?? 0) - (probes.__petstoreBundleStart ?? 0),
    activateMs: performance.now() - activateStart,
  };
  log.info(
    `Pet Store Explorer ${version} activated in ${activation.activateMs.toFixed(1)} ms (bundle ${activation.bundleMs.toFixed(1)} ms); environment ${environments.current.label}`,
  );
  return {
    tree,
    view,
    deprecationsReady: deprecationsStarted,
    deprecatedCalls,
    deprecatedCallsView,
    forecast,
    rehearsal,
    mcpServers,
    activation,
  };
}

/**
 * The first time the Deprecated Calls view shows, the forecast is asked for (not at activation:
 * counting a year of history is work the user may never look at).
 */
function askForecastWhenShown(
  forecast: DeprecationForecast,
  view: vscode.TreeView<CallsNode>,
): vscode.Disposable {
  const askOnce = () => {
    if (!forecast.asked && view.visible) void forecast.refresh();
  };
  askOnce();
  return view.onDidChangeVisibility(askOnce);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
