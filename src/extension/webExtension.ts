/**
 * The extension where VS Code runs extensions in a browser's web worker (vscode.dev, github.dev):
 * bundled by scripts/build.mjs into dist/web/extension.js (package.json "browser"), with no Node
 * module. It wires what works in a browser: the Pets view and its filters, the create-pet wizard,
 * API keys in the secret storage, environments and their status bar picker, copy-as. Requests go
 * through fetch, so the API has to allow the page's origin (CORS). The finder runs here too, in
 * a bundle of its own loaded after activation (dist/web/finder.js: diagnostics, the Deprecated
 * Calls view, its report), and its language server (dist/web/server.js: quick fixes and the
 * migration). What needs Node (the removal rehearsal's server process, files read by path, the
 * finder's baseline and history) is not here, and the context key `petstore.web` hides
 * its commands and views (package.json).
 */
import * as vscode from 'vscode';
import { currentPageOrigin } from '../core/api/fetchPort';
import { SecretRedactor } from '../core/api/redact';
import { ApiKeyStore } from '../core/explorer/apiKeyStore';
import {
  draftToNewPet,
  newPetJson,
  validateCategoryId,
  validateName,
} from '../core/explorer/newPetForm';
import { ActiveEnvironment } from './environments/activeEnvironment';
import { apiKeyCommands } from './environments/apiKeyCommands';
import { environmentCommands } from './environments/environmentCommands';
import { FetchConnection } from './environments/fetchConnection';
import { registerCommands, type CommandSpec } from './common/commandTable';
import { Log } from './common/log';
import type { PetFormApi } from './pets/createPetWizard';
import { explorerCommands } from './pets/explorerCommands';
import type { PetsNode, PetsTreeProvider } from './pets/petsTree';
import { buildPetsExplorer } from './pets/petsExplorer';
import { loadWebFinderChunk, webFinderLoaders } from './chunks/loadWebChunk';
import type { WebFinderFeature } from './deprecations/webFinder/webFinderFeature';

/** Set in the browser build only: package.json hides what needs Node behind `!petstore.web`. */
export const WEB_CONTEXT_KEY = 'petstore.web';

/** What activate returns in the browser: handles for tests. */
export interface PetStoreWebApi {
  tree: PetsTreeProvider;
  view: vscode.TreeView<PetsNode>;
  /** The finder, once its bundle has loaded. */
  finder: Promise<WebFinderFeature>;
}

export function activate(context: vscode.ExtensionContext): PetStoreWebApi {
  void vscode.commands.executeCommand('setContext', WEB_CONTEXT_KEY, true);
  const redactor = new SecretRedactor();
  const log = new Log('Pet Store', redactor);
  const environments = new ActiveEnvironment(context.workspaceState);
  const keys = new ApiKeyStore(context.secrets, (key) => redactor.remember(key));
  // The form's validation is bundled in: there are no chunks to load in a web worker.
  const form: PetFormApi = { draftToNewPet, newPetJson, validateCategoryId, validateName };
  const { access, viewMode, tree, view, details, wizard, disposables } = buildPetsExplorer({
    context,
    environments,
    keys,
    connection: new FetchConnection(),
    loadForm: () => form,
    log,
  });

  const { version } = context.extension.packageJSON as { version: string };
  const finder = loadWebFinderChunk(context.extensionUri).then((chunk) =>
    chunk.activateWebFinder(context, log, version, webFinderLoaders(context.extensionUri)),
  );
  finder.catch((error: unknown) => log.error('The finder could not start', error));

  context.subscriptions.push(
    log,
    environments,
    ...disposables,
    ...registerCommands(
      [
        ...explorerCommands({ environments, tree, viewMode, wizard, details, log }),
        ...apiKeyCommands(environments, keys, access),
        ...environmentCommands(environments, keys, access),
        ...webFinderCommands(finder),
      ],
      log,
    ),
  );
  log.info(
    `Pet Store Explorer (browser) activated; environment ${environments.current.label}; requests from ${currentPageOrigin() ?? 'an unknown origin'}`,
  );
  return { tree, view, finder };
}

/** The finder's commands in the browser: each waits for the finder's bundle. */
function webFinderCommands(finder: Promise<WebFinderFeature>): CommandSpec[] {
  return [
    {
      id: 'petstore.scanWorkspaceForDeprecatedCalls',
      run: () =>
        vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t('Pet Store: scanning for deprecated GET /pets/{petId}…'),
          },
          async () => {
            const result = await (await finder).scan();
            void vscode.window.showInformationMessage(
              [
                result.calls
                  ? vscode.l10n.t(
                      'Pet Store: {0} deprecated calls in {1} files.',
                      result.calls,
                      result.files,
                    )
                  : vscode.l10n.t('Pet Store: no calls to the deprecated GET /pets/{petId}.'),
                result.note,
              ]
                .filter(Boolean)
                .join(' '),
            );
            return result;
          },
        ),
    },
    {
      id: 'petstore.exportDeprecationReport',
      // A URI argument (tests, other extensions) skips the save dialog.
      run: async (target?: unknown) =>
        (await finder).exportReport(target instanceof vscode.Uri ? target : undefined),
    },
    { id: 'petstore.deprecatedCalls.groupByOwner', run: async () => (await finder).group('owner') },
    {
      id: 'petstore.deprecatedCalls.groupByFolder',
      run: async () => (await finder).group('folder'),
    },
    { id: 'petstore.showDeprecationHelp', run: async () => (await finder).showHelp() },
    { id: 'petstore.migrateAllDeprecatedCalls', run: async () => (await finder).migrateAll() },
  ];
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
