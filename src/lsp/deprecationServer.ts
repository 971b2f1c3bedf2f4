import { fileURLToPath } from 'node:url';
import {
  CodeActionKind,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DeprecationEngine } from '../core/deprecations/engine';
import {
  LANGUAGE_IDS,
  languageOfFamily,
  languageOfPath,
  type LanguageSupport,
} from '../core/deprecations/lexers/languages';
import { REPLACEMENT, REMOVAL_DATE_TEXT } from '../core/deprecations/rule';
import { readSourceFile } from '../core/deprecations/workspace/sourceFile';
import { DEFAULT_MAX_FILE_BYTES } from '../core/deprecations/workspace/workspaceWalker';
import { SHOW_REPLACEMENT_COMMAND, codeActionsFor } from './codeActions';
import { toDiagnostic } from './diagnostics';
import { DEFAULT_SETTINGS, normalizeSettings, type DeprecationSettings } from './settings';
import { SCAN_WORKSPACE_REQUEST } from './protocol';
import { scanFolders } from './workspaceScan';

export interface ServerOptions {
  /** Where diagnostics link for the explanation when the client does not say (initializationOptions.explanationUri). */
  defaultExplanationUri: string;
  /** Quiet time after a keystroke before a document is diagnosed again. */
  debounceMs?: number;
}

/**
 * The language server of the deprecated getPet finder: diagnoses open documents as they change,
 * scans the workspace from disk with progress, follows file events, and offers quick fixes.
 */
export function startDeprecationServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const debounceMs = options.debounceMs ?? 150;
  const timers = new Map<string, NodeJS.Timeout>();
  /** Files whose diagnostics came from disk (not from an open document). */
  const fromDisk = new Set<string>();
  let settings: DeprecationSettings = DEFAULT_SETTINGS;
  let engine = new DeprecationEngine();
  let folders: string[] = [];
  let explanationUri = options.defaultExplanationUri;
  let progressSupported = false;
  let scanGeneration = 0;

  const apply = (raw: unknown) => {
    settings = normalizeSettings(raw);
    engine = new DeprecationEngine({ operationNames: settings.operationNames });
  };

  const diagnosticsOf = (text: string, language: LanguageSupport): Diagnostic[] =>
    settings.enable
      ? engine
          .scan(text, language)
          .map((finding) => toDiagnostic(finding, language, settings, explanationUri))
      : [];

  const languageOfDocument = (document: TextDocument): LanguageSupport | undefined => {
    const family = LANGUAGE_IDS[document.languageId];
    return family
      ? languageOfFamily(family)
      : languageOfPath(
          uriPath(document.uri),
          document.getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }),
        );
  };

  const diagnoseDocument = (document: TextDocument) => {
    const language = languageOfDocument(document);
    fromDisk.delete(document.uri);
    void connection.sendDiagnostics({
      uri: document.uri,
      version: document.version,
      diagnostics: language ? diagnosticsOf(document.getText(), language) : [],
    });
  };

  // The latest read of each file on disk: a deletion or a later read makes an earlier one stale.
  const diskReads = new Map<string, number>();
  const supersedeDiskReads = (uri: string) => diskReads.set(uri, (diskReads.get(uri) ?? 0) + 1);

  const diagnoseFileOnDisk = async (uri: string) => {
    const path = uriPath(uri);
    const language = languageOfPath(path);
    if (!language || documents.get(uri)) return;
    supersedeDiskReads(uri);
    const ticket = diskReads.get(uri);
    const text = (await readSourceFile(path, DEFAULT_MAX_FILE_BYTES)) ?? '';
    // While reading, the file may have been deleted, read again or opened in an editor.
    if (diskReads.get(uri) !== ticket || documents.get(uri)) return;
    diskReads.delete(uri); // the latest read is done: nothing in flight to tell apart
    const diagnostics = diagnosticsOf(text, language);
    if (diagnostics.length) fromDisk.add(uri);
    else fromDisk.delete(uri);
    void connection.sendDiagnostics({ uri, diagnostics });
  };

  const scanWorkspace = async (): Promise<{ files: number; findings: number }> => {
    const generation = ++scanGeneration;
    const stale = new Set(fromDisk);
    if (!settings.enable || !settings.scanWorkspace || folders.length === 0) {
      for (const uri of stale) void connection.sendDiagnostics({ uri, diagnostics: [] });
      fromDisk.clear();
      return { files: 0, findings: 0 };
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
      const result = await scanFolders(
        folders,
        engine,
        settings.exclude,
        (uri) => documents.get(uri) !== undefined,
        (chunk) => {
          for (const file of chunk) {
            stale.delete(file.uri);
            const diagnostics = file.findings.map((finding) =>
              toDiagnostic(finding, file.language, settings, explanationUri),
            );
            if (diagnostics.length) fromDisk.add(file.uri);
            else fromDisk.delete(file.uri);
            void connection.sendDiagnostics({ uri: file.uri, diagnostics });
          }
        },
        {
          report: (message) => reporter?.report(message),
          cancelled: () => generation !== scanGeneration,
        },
        (note) =>
          connection.console.info(
            `petstore: skipped ${note.path} (${note.reason}${note.detail ? `: ${note.detail}` : ''})`,
          ),
      );
      if (generation === scanGeneration) {
        for (const uri of stale) {
          fromDisk.delete(uri);
          void connection.sendDiagnostics({ uri, diagnostics: [] });
        }
      }
      return result;
    } finally {
      reporter?.done();
    }
  };

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { explanationUri?: unknown };
    apply(params.initializationOptions);
    if (typeof init.explanationUri === 'string') explanationUri = init.explanationUri;
    folders = (params.workspaceFolders ?? []).map((folder) => uriPath(folder.uri));
    if (folders.length === 0 && params.rootUri) folders = [uriPath(params.rootUri)];
    progressSupported = params.capabilities.window?.workDoneProgress === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [SHOW_REPLACEMENT_COMMAND] },
      },
      serverInfo: { name: 'petstore-deprecations', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    void scanWorkspace();
  });

  connection.onDidChangeConfiguration((change) => {
    const settingsSent: unknown = change.settings;
    const raw: unknown =
      (settingsSent as { petstore?: { deprecations?: unknown } } | undefined)?.petstore
        ?.deprecations ?? settingsSent;
    apply(raw);
    for (const document of documents.all()) diagnoseDocument(document);
    void scanWorkspace();
  });

  documents.onDidChangeContent(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        timers.delete(document.uri);
        const current = documents.get(document.uri);
        if (current) diagnoseDocument(current);
      }, debounceMs),
    );
  });

  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    // Closed, the file on disk counts again (it may have been saved, or never existed).
    void diagnoseFileOnDisk(document.uri).then(() => {
      if (!fromDisk.has(document.uri))
        void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const change of changes) {
      if (change.type === 3) {
        // Deleted: no findings, even if VS Code still holds the document (it keeps closed
        // documents for a while); an edit of a still-open one diagnoses it again.
        supersedeDiskReads(change.uri);
        fromDisk.delete(change.uri);
        void connection.sendDiagnostics({ uri: change.uri, diagnostics: [] });
      } else if (settings.scanWorkspace && isInFolders(uriPath(change.uri), folders))
        void diagnoseFileOnDisk(change.uri);
    }
  });

  connection.onCodeAction((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? codeActionsFor(document, params.context.diagnostics) : [];
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command !== SHOW_REPLACEMENT_COMMAND) return;
    const shown = await connection.window.showDocument({ uri: explanationUri }).then(
      (result) => result.success,
      () => false,
    );
    if (!shown) {
      void connection.window.showInformationMessage(
        `GET /pets/{petId} is removed on ${REMOVAL_DATE_TEXT}. Use ${REPLACEMENT} instead.`,
      );
    }
  });

  connection.onRequest(SCAN_WORKSPACE_REQUEST, () => scanWorkspace());

  documents.listen(connection);
  connection.listen();
}

function uriPath(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}

function isInFolders(path: string, folders: readonly string[]): boolean {
  return folders.some(
    (folder) => path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`),
  );
}
