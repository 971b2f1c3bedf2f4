import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Forecast } from '../../core/deprecations/history/forecast';
import type { HistoryReport } from '../../core/deprecations/history/historyReport';
import type { WorkspaceForecast } from '../../lsp/workspaceForecast';
import type { Log } from '../common/log';

/**
 * The migration's forecast from the workspace's git history, computed by the language server (in
 * its process, with the CLI's blob cache): asked for when the Deprecated Calls view is first
 * shown and after a workspace scan, never at activation; once answered, again whenever HEAD's
 * reflog changes (a commit, a checkout, a pull).
 */
export class DeprecationForecast implements vscode.Disposable {
  private answer: WorkspaceForecast | undefined;
  private asking: Promise<void> | undefined;
  private askAgain = false;
  private readonly changed = new vscode.EventEmitter<void>();
  private commits: { gitDir: string; watcher: vscode.FileSystemWatcher } | undefined;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly request: () => Promise<WorkspaceForecast>,
    private readonly log: Log,
  ) {}

  /** The last year's history when there is one (the export adds the burn-down from it). */
  get history(): HistoryReport | undefined {
    return this.answer && 'history' in this.answer ? this.answer.history : undefined;
  }

  /** Why there is no history ("no history: the workspace is not in a git repository"), when so. */
  get noHistory(): string | undefined {
    return this.answer &&
      'unavailable' in this.answer &&
      /^no history\b/.test(this.answer.unavailable)
      ? this.answer.unavailable
      : undefined;
  }

  /** Whether anyone asked for the forecast yet (the view shown, a scan): until then no work. */
  get asked(): boolean {
    return this.answer !== undefined || this.asking !== undefined;
  }

  /** Asks again (one request at a time; a refresh asked meanwhile runs once after it). */
  refresh(): Promise<void> {
    if (!enabled()) {
      if (this.answer) {
        this.answer = undefined;
        this.changed.fire();
      }
      return Promise.resolve();
    }
    if (this.asking) {
      this.askAgain = true;
      return this.asking;
    }
    this.asking = this.ask().finally(() => {
      this.asking = undefined;
      if (this.askAgain) {
        this.askAgain = false;
        void this.refresh();
      }
    });
    return this.asking;
  }

  private async ask(): Promise<void> {
    try {
      this.answer = await this.request();
      if ('unavailable' in this.answer)
        this.log.info(`No migration forecast: ${this.answer.unavailable}`);
      else {
        this.watchCommits(this.answer.gitDir);
        this.log.info(
          `Migration forecast from ${this.answer.history.points.length} monthly points: ${this.answer.history.forecast.total.summary}`,
        );
      }
    } catch (error) {
      this.answer = undefined;
      this.log.warn(`No migration forecast: ${(error as Error).message}`);
    }
    this.changed.fire();
  }

  /**
   * A flat watch on the repository's logs/HEAD, from the git folder the server found (a worktree's,
   * or above the workspace): a flat watch is not subject to files.watcherExclude, and only made
   * once the folder is known to exist.
   */
  private watchCommits(gitDir: string): void {
    if (this.commits?.gitDir === gitDir) return;
    this.commits?.watcher.dispose();
    const watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.file(join(gitDir, 'logs')), 'HEAD'),
    );
    const committed = () => void this.refresh();
    watcher.onDidChange(committed);
    watcher.onDidCreate(committed);
    this.commits = { gitDir, watcher };
  }

  dispose(): void {
    this.commits?.watcher.dispose();
    this.changed.dispose();
  }
}

function enabled(): boolean {
  return vscode.workspace.getConfiguration('petstore.deprecations').get<boolean>('forecast', true);
}

/** The verdict as the Deprecated Calls view shows it: a few words, and a sentence above the tree. */
export interface VerdictWords {
  short: string;
  sentence: string;
}

/** The verdict of a history, or why there is none; undefined when there is nothing to say (done). */
export function verdictInWords(
  history: HistoryReport | undefined,
  noHistory: string | undefined,
): VerdictWords | undefined {
  if (!history)
    return noHistory === undefined
      ? undefined
      : {
          short: vscode.l10n.t('no history'),
          sentence: vscode.l10n.t(
            'No history to forecast from: {0}.',
            noHistory.replace(/^no history: /, ''),
          ),
        };
  const forecast = history.forecast.total;
  if (forecast.verdict === 'no history')
    return {
      short: vscode.l10n.t('no history'),
      sentence: vscode.l10n.t(
        'No history for {0} calls: they are in files git does not track. Commit them to follow their burn-down.',
        history.untracked?.calls ?? '?',
      ),
    };
  const short = shortVerdict(forecast);
  if (short === undefined) return undefined;
  return {
    short,
    sentence: vscode.l10n.t(
      'Forecast from the git history: {0}. The exported report has the burn-down chart.',
      short,
    ),
  };
}

function shortVerdict(forecast: Forecast): string | undefined {
  switch (forecast.verdict) {
    case 'on track':
      return vscode.l10n.t('on track: zero by {0}', forecast.zeroDate?.slice(0, 7) ?? '?');
    case 'late':
      return forecast.monthsLate === 1
        ? vscode.l10n.t('late by 1 month')
        : vscode.l10n.t('late by {0} months', forecast.monthsLate ?? '?');
    case 'no progress':
      return vscode.l10n.t('no progress');
    case 'not enough history':
      return vscode.l10n.t('too little history to forecast');
    case 'no history':
    case 'done':
      return undefined;
  }
}
