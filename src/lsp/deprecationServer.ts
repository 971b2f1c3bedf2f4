import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type Disposable,
  type InitializeResult,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
// node:path is its POSIX half in the browser build (scripts/webBuild.mjs): paths there are a URI's.
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { DeprecationEngine, type Finding } from '../core/deprecations/engine';
import {
  LANGUAGE_IDS,
  languageOfFamily,
  languageOfPath,
  type LanguageSupport,
} from '../core/deprecations/lexers/languages';
import { REPLACEMENT, REMOVAL_DATE_TEXT } from '../core/deprecations/rule';
import { TOOL_VERSION } from '../core/deprecations/toolVersion';
import { scanSafely } from '../core/deprecations/scanSafely';
import { DEFAULT_OPERATION_NAMES } from '../core/deprecations/recognisers/operationCalls';
import type { OpenApiNames } from '../core/deprecations/workspace/openApiNames';
import { listWorkspace } from '../core/deprecations/pipeline/workspaceListing';
import type { WorkspaceListing, WorkspacePort } from '../core/deprecations/pipeline/workspacePort';
import type { SkipNote } from '../core/deprecations/workspace/workspaceWalker';
import { isInside } from '../core/deprecations/workspace/pathInside';
import { SHOW_REPLACEMENT_COMMAND, codeActionsFor } from './codeActions';
import { isExampleLanguage } from '../core/deprecations/replacement/replacementExamples';
import { LANGUAGE_QUERY } from '../core/deprecations/replacement/replacementPage';
import { nameOfUri } from './documentNames';
import { HandlerGuard } from './guard';
import { toDiagnostic } from './diagnostics';
import { DEFAULT_SETTINGS, normalizeSettings, type DeprecationSettings } from './settings';
import {
  FORECAST_REQUEST,
  MIGRATION_EDIT_REQUEST,
  SCAN_BUDGET_NOTIFICATION,
  SCAN_WORKSPACE_REQUEST,
} from './protocol';
import {
  migrationEdit,
  type MigrationEditResult,
  type MigrationInput,
  type WorkspaceText,
} from './migrationEdit';
import type { WorkspaceForecast } from './workspaceForecast';
import type { Baseline, HostWorkspace, ServerHost } from './serverHost';
import { scanListedFiles, type WorkspaceScanResult } from './workspaceScan';
import { WrapperTracker } from './wrapperTracker';
import type { SourceText } from '../core/deprecations/crossFile/callSites';

export interface ServerOptions {
  /** Where diagnostics link for the explanation when the client does not say (initializationOptions.explanationUri). */
  defaultExplanationUri: string;
  /** Quiet time after a keystroke before a document is diagnosed again. */
  debounceMs?: number;
  /**
   * Where the server runs: how URIs name files and how the workspace's files are read (Node's
   * disk: nodeServerHost.ts; the editor's files in a browser: browser/browserServerHost.ts).
   */
  host: ServerHost;
}

/**
 * The language server of the deprecated getPet finder: diagnoses open documents as they change,
 * scans the workspace with progress, follows file events, and offers quick fixes. It reads files
 * only through its host, so the same server runs in Node and in a browser.
 */
export function startDeprecationServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const debounceMs = options.debounceMs ?? 150;
  const { paths } = options.host;
  const fileOfUri = (uri: unknown) => paths.fileOf(uri);
  const uriOf = (path: string) => paths.uriOf(path);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Files whose diagnostics came from disk (not from an open document). */
  const fromDisk = new Set<string>();
  let settings: DeprecationSettings = DEFAULT_SETTINGS;
  let engine = new DeprecationEngine();
  let folders: string[] = [];
  /** The folders' files as the host reads them (their links that leave them are never followed). */
  let workspace: HostWorkspace = options.host.workspace([]);
  const readable = (path: string) => isInside(path, folders) && workspace.staysWithin(path);
  let explanationUri = options.defaultExplanationUri;
  let progressSupported = false;
  /** The editor's own rg (initializationOptions.ripgrepPath), which lists the workspace's candidates. */
  let ripgrepPath: string | undefined;
  let watchRegistrationSupported = false;
  /** The baseline in force (settings.baseline), its absolute path, and the watch on it. */
  let baseline: Baseline | undefined;
  let baselinePath: string | undefined;
  let baselineWatch: Promise<Disposable> | undefined;
  let scanGeneration = 0;
  const guard = new HandlerGuard((message) => connection.console.error(message));
  const publish = (params: PublishDiagnosticsParams) =>
    guard.detach('publishing diagnostics', connection.sendDiagnostics(params));

  /** The workspace's files as the pipeline's port lists and reads them (the editor's rg, or the walker). */
  const workspacePort = () => workspace.port({ ripgrep: ripgrepPath, excludes: settings.exclude });
  /**
   * The last workspace scan's listing, which the wrappers' rebuilds search (ripgrep) or read (a
   * walk): the workspace is not listed again at each rebuild. A walk is listed again once a file
   * was created since; without a workspace scan, it is made at the first rebuild.
   */
  let listing: WorkspaceListing | undefined;
  let listingMissesCreated = false;
  /** The last scan's port, while nothing changed since, where the host's ports keep their texts. */
  let scannedPort: WorkspacePort | undefined;
  const listingForWrappers = async (): Promise<WorkspaceListing> => {
    if (!listing || (listingMissesCreated && listing.listedBy === 'walk')) {
      listingMissesCreated = false;
      scannedPort = undefined;
      listing = await workspacePort().list({ words: engine.prefilterNeedles(), documents: false });
    }
    return listing;
  };
  /** The workspace's files that mention one of the names, open documents as edited. */
  const mentioning = async function* (names: readonly string[]): AsyncIterable<SourceText> {
    const seen = new Set<string>();
    const listed = await listingForWrappers();
    for await (const file of (scannedPort ?? workspacePort()).mentioning(names, listed)) {
      const uri = uriOf(file.path);
      seen.add(uri);
      const open = documents.get(uri);
      yield open ? { ...file, text: open.getText() } : file;
    }
    // Open documents whose edits mention a name that their saved text does not.
    for (const document of documents.all()) {
      const path = fileOfUri(document.uri);
      const text = document.getText();
      if (!path || seen.has(document.uri) || !isInside(path, folders)) continue;
      if (!names.some((name) => text.includes(name))) continue;
      const language = languageOfDocument(document);
      if (language) yield { path, text, language };
    }
  };
  /** A workspace file's text: open, else saved within the size limit. */
  const readText = (path: string): Promise<string | undefined> => {
    if (!isInside(path, folders)) return Promise.resolve(undefined);
    const open = documents.get(uriOf(path));
    if (!open && !workspace.staysWithin(path)) return Promise.resolve(undefined);
    return open ? Promise.resolve(open.getText()) : workspace.readSource(path);
  };
  const wrappers = new WrapperTracker(mentioning, readText, () => settings.countRoutes);
  /** A rebuild of the wrappers' calls is running, and whether another was asked for meanwhile. */
  let rebuilding: Promise<void> | undefined;
  let rebuildAgain = false;
  let rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  const loggedNotes = new Set<string>();

  /** Follows the wrappers again and publishes the files whose calls changed (or all, `every`). */
  const rebuildWrappers = async (every: boolean) => {
    if (rebuilding) {
      rebuildAgain = true;
      return rebuilding;
    }
    rebuilding = (async () => {
      const before = new Set(wrappers.filesWithCalls());
      const changed = await wrappers.rebuild();
      // Said once, not at every edit.
      for (const text of wrappers.notes)
        if (!loggedNotes.has(text)) {
          loggedNotes.add(text);
          connection.console.info(`petstore: ${text}`);
        }
      const republish = every ? new Set([...before, ...wrappers.filesWithCalls()]) : changed;
      for (const path of republish) {
        const uri = uriOf(path);
        const document = documents.get(uri);
        if (document) diagnoseDocument(document, false);
        else await diagnoseFileOnDisk(uri, false);
      }
    })();
    try {
      await rebuilding;
    } finally {
      rebuilding = undefined;
    }
    if (rebuildAgain) {
      rebuildAgain = false;
      await rebuildWrappers(false);
    }
  };

  /** After an edit: a rebuild soon, once the edits pause. */
  const scheduleRebuild = () => {
    if (!settings.enable) return;
    clearTimeout(rebuildTimer);
    rebuildTimer = setTimeout(
      () => guard.detach('following wrappers', rebuildWrappers(false)),
      debounceMs,
    );
  };

  /** A path as a wrapper call's message names it: relative to its workspace folder. */
  const display = (path: string) => {
    const folder = folders.find((candidate) => isInside(path, [candidate]));
    return folder ? relative(folder, path).split(sep).join('/') : path;
  };

  /** The operation's names in the workspace's OpenAPI documents, found at each workspace scan. */
  let openApiNames: string[] = [];
  let engineNames: string[] | undefined;
  const makeEngine = () => {
    const configured = settings.operationNames?.length
      ? settings.operationNames
      : DEFAULT_OPERATION_NAMES;
    engineNames = openApiNames.length
      ? [...new Set([...configured, ...openApiNames])]
      : settings.operationNames;
    engine = new DeprecationEngine({
      operationNames: engineNames,
      countRoutes: settings.countRoutes,
    });
  };
  /** The names the OpenAPI documents listed with the workspace give; a new name makes a new engine. */
  const takeOperationNames = (found: OpenApiNames) => {
    for (const { path, problem } of found.problems)
      connection.console.info(`petstore: skipped OpenAPI document ${path} (${problem})`);
    if (found.names.join('\n') === openApiNames.join('\n')) return;
    openApiNames = found.names;
    for (const { path, names } of found.documents)
      connection.console.info(
        `petstore: GET /pets/{petId} is named ${names.join(', ')} in ${path}`,
      );
    makeEngine();
  };

  const apply = (raw: unknown) => {
    settings = normalizeSettings(raw);
    makeEngine();
  };

  /** Diagnostics of a file's findings: the ones the baseline accepts become hints, or go. */
  const diagnosticsFor = (
    findings: readonly Finding[],
    language: LanguageSupport,
    path: string | undefined,
    text: string,
  ): Diagnostic[] => {
    const baselined =
      baseline && path !== undefined ? baseline.baselined(path, text, findings) : undefined;
    return findings
      .filter((finding) => settings.baselinedFindings !== 'hide' || !baselined?.has(finding))
      .map((finding) =>
        toDiagnostic(
          finding,
          language,
          settings,
          explanationUri,
          uriOf,
          baselined?.has(finding),
          display,
        ),
      );
  };

  /**
   * Diagnostics of a text: its requests, and the calls of wrappers the last rebuild found in it.
   * With `follow`, a change that may move wrappers' calls asks for a rebuild.
   */
  const diagnosticsOf = (
    text: string,
    language: LanguageSupport,
    path: string | undefined,
    follow = true,
  ): Diagnostic[] => {
    if (!settings.enable) return [];
    const scan = scanSafely(engine, text, language);
    // Its old diagnostics go: they may no longer be true, and the log says why there are none.
    if (scan.failure !== undefined)
      connection.console.error(`petstore: could not scan ${path ?? 'a document'}: ${scan.failure}`);
    if (path === undefined) return diagnosticsFor(scan.findings, language, path, text);
    if (wrappers.update(path, language.family, scan.findings, text) && follow) scheduleRebuild();
    const requests = wrappers.decided(scan.findings, language.family, path);
    return diagnosticsFor([...requests, ...wrappers.callsIn(path)], language, path, text);
  };

  /** Reads the baseline the settings name (relative to the first folder); a bad one is said, not used. */
  const loadBaseline = () => {
    const named = settings.baseline;
    const path = !named
      ? undefined
      : isAbsolute(named)
        ? named
        : folders[0] !== undefined
          ? resolve(folders[0], named)
          : undefined;
    baseline = undefined;
    if (path !== baselinePath) {
      const previous = baselineWatch;
      baselineWatch = undefined;
      previous?.then(
        (registration) => registration.dispose(),
        () => undefined,
      );
      baselinePath = path;
      // Written again by --write-baseline, the baseline is read again: the client watches it for us.
      if (path && watchRegistrationSupported) {
        baselineWatch = connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [
            {
              globPattern: { baseUri: uriOf(dirname(path)), pattern: basename(path) },
            },
          ],
        });
        baselineWatch.catch((error: unknown) =>
          connection.console.error(`petstore: cannot watch the baseline: ${String(error)}`),
        );
      }
    }
    if (!path) return;
    try {
      baseline = workspace.loadBaseline(path);
      connection.console.info(`petstore: baseline ${path}: ${baseline.size} calls accepted`);
    } catch (error) {
      const message = `Pet Store: the baseline ${named} cannot be used (${(error as Error).message}); its calls are shown as new.`;
      connection.console.error(message);
      void connection.window.showWarningMessage(message);
    }
  };

  const diagnoseEverything = () => {
    for (const document of documents.all()) diagnoseDocument(document);
    guard.detach('scanning the workspace', scanWorkspace());
  };

  const languageOfDocument = (document: TextDocument): LanguageSupport | undefined => {
    const family = LANGUAGE_IDS[document.languageId];
    return family
      ? languageOfFamily(family)
      : languageOfPath(
          nameOfUri(document.uri, fileOfUri(document.uri)),
          document.getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }),
        );
  };

  const diagnoseDocument = (document: TextDocument, follow = true) => {
    const text: unknown = document.getText();
    // A client may send anything: only a document with a URI and a text can be diagnosed.
    if (typeof document.uri !== 'string' || typeof text !== 'string') return;
    const language = languageOfDocument(document);
    fromDisk.delete(document.uri);
    publish({
      uri: document.uri,
      version: Number.isInteger(document.version) ? document.version : undefined,
      diagnostics: language ? diagnosticsOf(text, language, fileOfUri(document.uri), follow) : [],
    });
  };

  // The latest read of each file on disk: a deletion or a later read makes an earlier one stale.
  const diskReads = new Map<string, number>();
  const supersedeDiskReads = (uri: string) => diskReads.set(uri, (diskReads.get(uri) ?? 0) + 1);

  const diagnoseFileOnDisk = async (uri: string, follow = true) => {
    const path = fileOfUri(uri);
    const language = path === undefined ? undefined : languageOfPath(path);
    if (!path || !language || documents.get(uri)) return;
    supersedeDiskReads(uri);
    const ticket = diskReads.get(uri);
    const text = (await workspace.readSource(path)) ?? '';
    // While reading, the file may have been deleted, read again or opened in an editor.
    if (diskReads.get(uri) !== ticket || documents.get(uri)) return;
    diskReads.delete(uri); // the latest read is done: nothing in flight to tell apart
    const diagnostics = diagnosticsOf(text, language, path, follow);
    if (diagnostics.length) fromDisk.add(uri);
    else fromDisk.delete(uri);
    publish({ uri, diagnostics });
  };

  const scanWorkspace = async (): Promise<WorkspaceScanResult> => {
    const generation = ++scanGeneration;
    const stale = new Set(fromDisk);
    if (!settings.enable || !settings.scanWorkspace || folders.length === 0) {
      for (const uri of stale) publish({ uri, diagnostics: [] });
      fromDisk.clear();
      listing = undefined; // the wrappers' rebuilds list the workspace as it is now
      scannedPort = undefined;
      return { files: 0, findings: 0, listedBy: 'walker' };
    }
    const reporter = progressSupported
      ? await connection.window.createWorkDoneProgress()
      : undefined;
    reporter?.begin(
      'Pet Store: scanning for deprecated GET /pets/{petId}',
      undefined,
      'starting',
      false,
    );
    try {
      const port = workspacePort();
      let ripgrepProblem: string | undefined;
      const logSkipped = (note: SkipNote) =>
        connection.console.info(
          `petstore: skipped ${note.path} (${note.reason}${note.detail ? `: ${note.detail}` : ''})`,
        );
      const listed = await listWorkspace(
        port,
        {
          names: settings.operationNames?.length ? settings.operationNames : undefined,
          openApi: true,
        },
        (operationNames) => new DeprecationEngine({ operationNames }).prefilterNeedles(),
        {
          skipped: logSkipped,
          documentsRead: takeOperationNames,
          searchFailed: (problem) => (ripgrepProblem ??= problem),
        },
      );
      listing = listed.listing;
      listingMissesCreated = false;
      scannedPort = workspace.keepsScannedTexts ? port : undefined;
      const scanned = await scanListedFiles(
        port,
        listed.listing,
        engine,
        uriOf,
        (uri) => documents.get(uri) !== undefined,
        (chunk) => {
          for (const file of chunk) {
            stale.delete(file.uri);
            wrappers.update(file.path, file.language.family, file.findings, file.text);
            const findings = [...file.findings, ...wrappers.callsIn(file.path)];
            const diagnostics = diagnosticsFor(findings, file.language, file.path, file.text);
            if (diagnostics.length) fromDisk.add(file.uri);
            else fromDisk.delete(file.uri);
            publish({ uri: file.uri, diagnostics });
          }
        },
        {
          report: (message) => reporter?.report(message),
          cancelled: () => generation !== scanGeneration,
        },
        logSkipped,
      );
      const budget = workspace.budgetOf?.(port);
      if (budget) await connection.sendNotification(SCAN_BUDGET_NOTIFICATION, budget);
      const scannedWithin = budget ? { ...scanned, budget } : scanned;
      const result: WorkspaceScanResult =
        listed.listing.listedBy === 'search'
          ? { ...scannedWithin, listedBy: 'ripgrep', ripgrep: ripgrepPath }
          : {
              ...scannedWithin,
              listedBy: 'walker',
              ...(ripgrepProblem !== undefined ? { ripgrepProblem } : {}),
            };
      connection.console.info(
        `petstore: workspace scanned: ${result.files} files with candidates, ${result.findings} calls; files listed by ${
          result.listedBy === 'ripgrep'
            ? `ripgrep (${ripgrepPath})`
            : `the built-in walker${result.ripgrepProblem ? ` (ripgrep not used: ${result.ripgrepProblem})` : ''}`
        }`,
      );
      if (generation === scanGeneration) {
        // Files with only calls of wrappers are not among the scan's candidates: the rebuild below
        // publishes them again.
        const withCalls = new Set(wrappers.filesWithCalls().map(uriOf));
        for (const uri of stale) {
          if (withCalls.has(uri)) continue;
          fromDisk.delete(uri);
          publish({ uri, diagnostics: [] });
        }
        await rebuildWrappers(true);
      }
      return result;
    } finally {
      reporter?.done();
    }
  };

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as {
      explanationUri?: unknown;
      ripgrepPath?: unknown;
    };
    apply(params.initializationOptions);
    if (typeof init.explanationUri === 'string') explanationUri = init.explanationUri;
    if (typeof init.ripgrepPath === 'string' && isAbsolute(init.ripgrepPath))
      ripgrepPath = init.ripgrepPath;
    const folderUris = Array.isArray(params.workspaceFolders)
      ? params.workspaceFolders.map((folder: { uri?: unknown } | null) => folder?.uri)
      : [];
    paths.setFolders(folderUris.length ? folderUris : [params.rootUri]);
    folders = filesOf(folderUris, fileOfUri);
    if (folders.length === 0) folders = filesOf([params.rootUri], fileOfUri);
    workspace = options.host.workspace(folders);
    progressSupported = params.capabilities?.window?.workDoneProgress === true;
    watchRegistrationSupported =
      params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [SHOW_REPLACEMENT_COMMAND] },
      },
      serverInfo: { name: 'petstore-deprecations', version: TOOL_VERSION },
    };
  });

  connection.onInitialized(() => {
    guard.run('reading the baseline', undefined, loadBaseline);
    guard.detach('scanning the workspace', scanWorkspace());
  });

  connection.onDidChangeConfiguration((change) =>
    guard.run('applying the configuration', undefined, () => {
      const settingsSent: unknown = (change as { settings?: unknown } | null)?.settings;
      const raw: unknown =
        (settingsSent as { petstore?: { deprecations?: unknown } } | null | undefined)?.petstore
          ?.deprecations ?? settingsSent;
      apply(raw);
      loadBaseline();
      diagnoseEverything();
    }),
  );

  documents.onDidChangeContent(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(
        () =>
          guard.run('diagnosing a document', undefined, () => {
            timers.delete(document.uri);
            const current = documents.get(document.uri);
            if (current) diagnoseDocument(current);
          }),
        debounceMs,
      ),
    );
  });

  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    if (typeof document.uri !== 'string') return;
    // Closed, the file on disk counts again (it may have been saved, or never existed).
    guard.detach(
      'reading a closed document from disk',
      diagnoseFileOnDisk(document.uri).then(() => {
        if (!fromDisk.has(document.uri)) publish({ uri: document.uri, diagnostics: [] });
      }),
    );
  });

  connection.onDidChangeWatchedFiles((params) => {
    const changes: unknown = (params as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) return;
    // A file changed on disk: the scan's texts are no longer the workspace's.
    scannedPort = undefined;
    for (const change of changes as ({ uri?: unknown; type?: unknown } | null)[]) {
      const uri = change?.uri;
      if (typeof uri !== 'string') continue;
      if (baselinePath !== undefined && fileOfUri(uri) === baselinePath) {
        // The baseline was written again (or removed): every file's verdict may change.
        loadBaseline();
        diagnoseEverything();
        continue;
      }
      if (change?.type === 3) {
        // Deleted: no findings, even if VS Code still holds the document (it keeps closed
        // documents for a while); an edit of a still-open one diagnoses it again. A deleted
        // folder comes as one event: everything below it goes too.
        const below = uri.endsWith('/') ? uri : `${uri}/`;
        const gone = [...fromDisk, ...documents.keys()].filter((known) => known.startsWith(below));
        for (const deleted of new Set([uri, ...gone])) {
          supersedeDiskReads(deleted);
          fromDisk.delete(deleted);
          publish({ uri: deleted, diagnostics: [] });
          const path = fileOfUri(deleted);
          if (path !== undefined && wrappers.remove(path)) scheduleRebuild();
        }
        continue;
      }
      // A created file is not in a walk's listing: the wrappers' next rebuild lists again.
      if (change?.type === 1) listingMissesCreated = true;
      const path = fileOfUri(uri);
      if (settings.scanWorkspace && path && readable(path))
        guard.detach('reading a changed file', diagnoseFileOnDisk(uri));
    }
  });

  /** A workspace file's text to migrate: the open document (and its version), else the saved one. */
  const textToMigrate = async (path: string): Promise<WorkspaceText | undefined> => {
    if (!isInside(path, folders)) return undefined;
    const document = documents.get(uriOf(path));
    if (document) {
      const language = languageOfDocument(document);
      return language && { text: document.getText(), language, version: document.version };
    }
    if (!workspace.staysWithin(path)) return undefined;
    const text = await workspace.readSource(path);
    const language = text === undefined ? undefined : languageOfPath(path, text.split('\n', 1)[0]);
    return text === undefined || !language ? undefined : { text, language };
  };
  const migrate = (files: MigrationInput['files']) =>
    migrationEdit({
      files,
      read: textToMigrate,
      engine,
      uriOf,
      // The preview groups a migration by owner (CODEOWNERS), else by top folder.
      groupOf: (path) => workspace.groupOf(path),
      exists: (path) => workspace.exists(path),
      ...(workspace.modules ? { modules: (path: string) => workspace.modules!(path) } : {}),
      decided: (findings, family, path) => wrappers.decided(findings, family, path),
    });

  connection.onCodeAction((params) =>
    guard.run('computing code actions', [], async () => {
      const sent = params as Partial<typeof params> | null;
      const uri: unknown = sent?.textDocument?.uri;
      const document = typeof uri === 'string' ? documents.get(uri) : undefined;
      const diagnostics: unknown = sent?.context?.diagnostics;
      if (!document || !Array.isArray(diagnostics)) return [];
      return codeActionsFor(
        document,
        fileOfUri(document.uri),
        diagnostics.filter(isDiagnosticShaped),
        async (at) => {
          const migration = await migrate([
            { path: at.path, at: [{ line: at.line, character: at.character }] },
          ]);
          return migration.fixed ? migration.edit : undefined;
        },
      );
    }),
  );

  // Every request the workspace holds, in one edit the editor previews before applying.
  connection.onRequest(MIGRATION_EDIT_REQUEST, () =>
    guard.run<MigrationEditResult | null>('migrating the workspace', null, () =>
      migrate(wrappers.requestFiles().map((path) => ({ path }))),
    ),
  );

  const runCommand = async (command: unknown, args: unknown) => {
    if (command !== SHOW_REPLACEMENT_COMMAND) return;
    const [language] = Array.isArray(args) ? (args as unknown[]) : [];
    const shown = await connection.window
      .showDocument({ uri: replacementUri(explanationUri, language) })
      .then(
        (result) => result.success,
        () => false,
      );
    if (!shown) {
      void connection.window.showInformationMessage(
        `GET /pets/{petId} is removed on ${REMOVAL_DATE_TEXT}. Use ${REPLACEMENT} instead.`,
      );
    }
  };

  connection.onExecuteCommand((params) =>
    guard.run('running a command', undefined, () => {
      const sent = params as { command?: unknown; arguments?: unknown } | null;
      return runCommand(sent?.command, sent?.arguments);
    }),
  );

  connection.onRequest(SCAN_WORKSPACE_REQUEST, () =>
    guard.run(
      'scanning the workspace',
      { files: 0, findings: 0, listedBy: 'walker' } as WorkspaceScanResult,
      scanWorkspace,
    ),
  );

  connection.onRequest(FORECAST_REQUEST, () =>
    guard.run(
      'forecasting from the git history',
      { unavailable: 'the forecast failed (see the log)' } as WorkspaceForecast,
      () =>
        workspace.forecast({
          engine,
          names: engineNames,
          countRoutes: settings.countRoutes,
        }),
    ),
  );

  documents.listen(connection);
  connection.listen();
}

/** The explanation's address naming the example's language, when the client sent a known one. */
function replacementUri(explanationUri: string, language: unknown): string {
  if (!isExampleLanguage(language)) return explanationUri;
  return `${explanationUri}${explanationUri.includes('?') ? '&' : '?'}${LANGUAGE_QUERY}=${language}`;
}

/** The folders the host can read among client-sent URIs (anything else is left out). */
function filesOf(uris: readonly unknown[], fileOf: (uri: unknown) => string | undefined): string[] {
  return uris.map(fileOf).filter((path): path is string => path !== undefined);
}

/** A diagnostic as code actions read it: a range with a numeric start line. */
function isDiagnosticShaped(value: unknown): value is Diagnostic {
  const line: unknown = (value as { range?: { start?: { line?: unknown } } } | null)?.range?.start
    ?.line;
  return typeof line === 'number' && Number.isInteger(line) && line >= 0;
}
