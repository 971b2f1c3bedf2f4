import * as vscode from 'vscode';
import { findingDiagnostic } from '../../../core/deprecations/findingDiagnostic';
import {
  DEFAULT_EDITOR_LIMITS,
  EditorWorkspacePort,
  type EditorScanLimits,
  type ScanBudget,
} from '../../../core/deprecations/pipeline/editorWorkspacePort';
import { scanWorkspace } from '../../../core/deprecations/pipeline/workspacePipeline';
import { EXPLANATION_URI, RULE_ID } from '../../../core/deprecations/rule';
import type { Log } from '../../common/log';
import { DIAGNOSTIC_SOURCE } from '../deprecatedCalls';
import { readDeprecationSettings } from '../deprecationSettings';
import { WorkspaceFiles } from './workspaceFiles';

/** A save, a created or deleted file, a changed setting: scanned again once they stop for this long. */
const RESCAN_DELAY_MS = 500;

export interface WebScanResult {
  files: number;
  calls: number;
  budget: ScanBudget;
  /** What the bounds left out, as the view and the log say it (undefined: everything was read). */
  note: string | undefined;
}

const SEVERITIES = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/**
 * The finder in the browser: the workspace pipeline (the CLI's and the language server's) run in
 * the extension host over the editor's files, its findings published as diagnostics with the
 * language server's messages, severities and related places. Scans when started, then again after
 * saves (debounced), never on keystrokes. A workspace larger than the bounds is scanned in part,
 * and the note says so.
 */
export class WebFinder implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE);
  private readonly scanned = new vscode.EventEmitter<WebScanResult>();
  /** Fires after each scan, its diagnostics published. */
  readonly onDidScan = this.scanned.event;
  private readonly subscriptions: vscode.Disposable[];
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastNote: string | undefined;
  private disposed = false;

  constructor(
    private readonly log: Log,
    private readonly limits: EditorScanLimits = DEFAULT_EDITOR_LIMITS,
  ) {
    const later = () => this.scanLater();
    this.subscriptions = [
      vscode.workspace.onDidSaveTextDocument(later),
      vscode.workspace.onDidCreateFiles(later),
      vscode.workspace.onDidDeleteFiles(later),
      vscode.workspace.onDidRenameFiles(later),
      vscode.workspace.onDidChangeWorkspaceFolders(later),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('petstore.deprecations')) later();
      }),
    ];
  }

  /** Scans once the changes stop coming (saves, files, settings). */
  scanLater(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.scan().catch((error: unknown) => this.log.error('Deprecated calls scan', error));
    }, RESCAN_DELAY_MS);
  }

  /** Scans the workspace now (after a scan under way), publishing its diagnostics. */
  scan(): Promise<WebScanResult> {
    const next = this.queue.then(
      () => this.scanOnce(),
      () => this.scanOnce(),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async scanOnce(): Promise<WebScanResult> {
    const settings = readDeprecationSettings();
    const files = new WorkspaceFiles(settings.exclude);
    const port = new EditorWorkspacePort(files, this.limits);
    if (!settings.enable || !vscode.workspace.workspaceFolders?.length) {
      this.diagnostics.clear();
      return this.done({ files: 0, calls: 0, budget: port.budget, note: undefined });
    }
    const started = Date.now();
    const { outcome } = await scanWorkspace(
      port,
      {
        minimum: 'possible',
        names: settings.operationNames,
        maxFileBytes: this.limits.maxFileBytes,
        wrappers: true,
        openApi: true,
        countRoutes: settings.countRoutes,
      },
      '/',
      {},
      {
        skipped: ({ path, reason, detail }) =>
          this.log.info(
            `Deprecated calls: skipped ${path} (${reason}${detail ? `: ${detail}` : ''})`,
          ),
        documentsRead: ({ documents, problems }) => {
          for (const { path, names } of documents)
            this.log.info(
              `Deprecated calls: GET /pets/{petId} is named ${names.join(', ')} in ${path}`,
            );
          for (const { path, problem } of problems)
            this.log.info(`Deprecated calls: skipped OpenAPI document ${path} (${problem})`);
        },
        searchFailed: () => undefined,
        wrapperNote: (text) => this.log.info(`Deprecated calls: ${text}`),
      },
    );
    if (this.disposed) return { files: 0, calls: 0, budget: port.budget, note: undefined };
    const severity = SEVERITIES[settings.severity];
    const explanation = vscode.Uri.parse(EXPLANATION_URI);
    const display = (path: string) => {
      const uri = files.uriOf(path);
      return uri ? vscode.workspace.asRelativePath(uri, false) : path;
    };
    const published: [vscode.Uri, vscode.Diagnostic[]][] = [];
    let calls = 0;
    for (const { path, findings } of outcome.results) {
      const uri = files.uriOf(path);
      const language = port.languageOf(path);
      if (!uri || !language) continue;
      const diagnostics = findings.map((finding) => {
        const shown = findingDiagnostic(finding, language, false, display);
        const { start, end } = shown.range;
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(start.line, start.character, end.line, end.character),
          shown.message,
          shown.hint ? vscode.DiagnosticSeverity.Hint : severity,
        );
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = { value: RULE_ID, target: explanation };
        diagnostic.tags = [vscode.DiagnosticTag.Deprecated];
        if (shown.related)
          diagnostic.relatedInformation = shown.related.flatMap((place) => {
            const at = files.uriOf(place.path);
            const position = new vscode.Position(place.line, place.character);
            return at
              ? [
                  new vscode.DiagnosticRelatedInformation(
                    new vscode.Location(at, position),
                    place.message,
                  ),
                ]
              : [];
          });
        if (!shown.hint) calls++;
        return diagnostic;
      });
      published.push([uri, diagnostics]);
    }
    this.diagnostics.clear();
    this.diagnostics.set(published);
    const budget = port.budget;
    const note = budgetNote(budget, this.limits);
    if (note !== this.lastNote && note) this.log.warn(`Deprecated calls: ${note}`);
    this.lastNote = note;
    this.log.info(
      `Deprecated calls: ${calls} in ${published.length} files, ${budget.listed} files scanned in ${Date.now() - started} ms (browser)`,
    );
    return this.done({ files: published.length, calls, budget, note });
  }

  private done(result: WebScanResult): WebScanResult {
    this.scanned.fire(result);
    return result;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.diagnostics.dispose();
    this.scanned.dispose();
  }
}

/** "Scanned 5,000 of 200,000 files: …", or undefined when the scan read every file. */
export function budgetNote(budget: ScanBudget, limits: EditorScanLimits): string | undefined {
  if (!budget.partial) return undefined;
  const count = (value: number) => value.toLocaleString('en-US');
  const read = budget.listed - budget.overBytes;
  return budget.overBytes > 0
    ? vscode.l10n.t(
        'Scanned {0} of {1} files: a scan in the browser reads at most {2} MB. The desktop editor or the command line scans them all.',
        count(read),
        count(budget.candidates),
        count(Math.round(limits.maxTotalBytes / (1024 * 1024))),
      )
    : vscode.l10n.t(
        'Scanned {0} of {1} files: a scan in the browser reads at most {2} files, the first by path. The desktop editor or the command line scans them all.',
        count(read),
        count(budget.candidates),
        count(limits.maxFiles),
      );
}
