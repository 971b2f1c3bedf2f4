import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PetRow } from '../../core/explorer/bulk/petRows';
import type { ApiChunk } from '../chunks/loadChunk';
import { abortSignalOf } from '../common/abortSignal';
import { readSettings } from '../common/settings';
import type { Log } from '../common/log';
import type { PetStoreAccess } from '../environments/petStoreAccess';
import { confirmWrite } from '../environments/writeGuard';

/** What a run did, for the caller (tests) and the summary message. */
export interface BulkRunSummary {
  created: number;
  failed: number;
  skipped: number;
  cancelled: boolean;
  resultsFile?: vscode.Uri;
  /** Set when the file had invalid rows: nothing was sent. */
  problems?: string[];
}

/**
 * "Pet Store: Create Pets from File…": every row of a JSON array, NDJSON or CSV file checked first
 * (all problems shown with their rows, nothing sent), then created with a cancellable progress,
 * a bounded number of requests at a time, and a results file next to the input that a later run
 * uses to skip the rows already created.
 */
export class CreatePetsFromFile {
  constructor(
    private readonly access: PetStoreAccess,
    private readonly loadApi: () => ApiChunk,
    private readonly log: Log,
    private readonly onCreated: () => void,
  ) {}

  async run(target?: vscode.Uri): Promise<BulkRunSummary | undefined> {
    const api = this.loadApi();
    const file = target ?? (await this.pickFile());
    if (!file) throw new vscode.CancellationError();
    const format = api.formatOfPath(file.path);
    if (!format)
      throw new Error(
        vscode.l10n.t('{0}: use a .json, .ndjson (.jsonl) or .csv file', basename(file.path)),
      );
    const text = new TextDecoder('utf-8').decode(await readInput(api, file));
    const { rows, problems, problemCount } = api.readPetRows(text, format);
    if (problems.length)
      return this.showProblems(file, problems.map(api.describeProblem), problemCount);
    if (!rows.length) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Pet Store: {0} has no pets.', basename(file.path)),
      );
      return { created: 0, failed: 0, skipped: 0, cancelled: false };
    }
    const environment = this.access.environment;
    const baseUrl = environment.baseUrl?.href;
    if (!baseUrl) throw new Error(vscode.l10n.t('No base URL is set for {0}', environment.label));
    const resultsFile = vscode.Uri.file(api.resultsPathOf(file.fsPath));
    // The command's own file: never read or written through a link (bulkFiles.ts).
    const previous = await api.readBulkResults(resultsFile.fsPath);
    const already = api.rowsAlreadyCreated(
      rows,
      previous === undefined ? undefined : api.parseBulkResults(previous),
      baseUrl,
    );
    const skip = already.size
      ? await this.askToSkip(already.size, rows.length, environment.label)
      : false;
    const skipped = skip ? already : new Map<number, string>();
    const toCreate = rows.filter((row) => !skipped.has(row.row));
    await confirmWrite(environment, vscode.l10n.t('Create {0} pets', toCreate.length));
    const outcome = await this.create(toCreate, rows, skipped, file, resultsFile, baseUrl);
    this.onCreated();
    const failed = outcome.outcomes.filter((each) => 'error' in each).length;
    const summary: BulkRunSummary = {
      created: outcome.outcomes.length - failed,
      failed,
      skipped: skipped.size,
      cancelled: outcome.cancelled,
      resultsFile,
    };
    const message =
      vscode.l10n.t(
        'Pet Store: created {0} of {1} pets in {2}',
        summary.created,
        rows.length,
        environment.label,
      ) +
      (summary.skipped
        ? ` ${vscode.l10n.t('({0} created before, skipped)', summary.skipped)}`
        : '') +
      (failed ? `; ${vscode.l10n.t('{0} failed', failed)}` : '') +
      (outcome.cancelled ? `; ${vscode.l10n.t('cancelled')}` : '') +
      `. ${vscode.l10n.t('Results: {0}', basename(resultsFile.path))}`;
    const open = vscode.l10n.t('Open Results');
    this.log.info(message);
    void (
      failed || outcome.cancelled
        ? vscode.window.showWarningMessage(message, open)
        : vscode.window.showInformationMessage(message, open)
    ).then((choice) => (choice ? vscode.window.showTextDocument(resultsFile) : undefined));
    return summary;
  }

  private async create(
    toCreate: PetRow[],
    rows: PetRow[],
    skipped: ReadonlyMap<number, string>,
    file: vscode.Uri,
    resultsFile: vscode.Uri,
    baseUrl: string,
  ) {
    const api = this.loadApi();
    const settings = readSettings();
    const environment = this.access.environment;
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Creating {0} pets in {1}', toCreate.length, environment.label),
        cancellable: true,
      },
      async (progress, token) => {
        const settled: Parameters<ApiChunk['bulkResultsText']>[4][number][] = [];
        // One write at a time, each the whole file: a crash leaves the last complete one.
        let writing = Promise.resolve();
        const writeResults = () => {
          const text = api.bulkResultsText(basename(file.path), baseUrl, rows, skipped, settled);
          writing = writing.then(() => api.writeBulkResults(resultsFile.fsPath, text));
          return writing;
        };
        const result = await api.createInBulk({
          rows: toCreate,
          create: (newPet) => this.access.createPet(newPet),
          concurrency: settings.bulkConcurrency,
          signal: abortSignalOf(token),
          maxRetryWaitSeconds: settings.maxRetryWaitSeconds,
          environmentLabel: environment.label,
          onSettled: async (outcome) => {
            settled.push(outcome);
            progress.report({
              increment: 100 / toCreate.length,
              message: `${settled.length} of ${toCreate.length}`,
            });
            await writeResults();
          },
        });
        await writeResults();
        return result;
      },
    );
  }

  private async pickFile(): Promise<vscode.Uri | undefined> {
    const [file] =
      (await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Create Pets from File'),
        openLabel: vscode.l10n.t('Check and Create'),
        canSelectMany: false,
        filters: {
          [vscode.l10n.t('Pets (JSON, NDJSON, CSV)')]: ['json', 'ndjson', 'jsonl', 'csv'],
        },
      })) ?? [];
    return file;
  }

  /** A quick pick (not a modal): the safe answer is the first, and Escape cancels the run. */
  private async askToSkip(already: number, total: number, label: string): Promise<boolean> {
    const skip = {
      label: vscode.l10n.t('Skip the {0} pets already created', already),
      detail:
        total > already
          ? vscode.l10n.t(
              'The results file says they were created in {0}; create the other {1}.',
              label,
              total - already,
            )
          : vscode.l10n.t(
              'The results file says every row was created in {0}: nothing more to create.',
              label,
            ),
    };
    const again = {
      label: vscode.l10n.t('Create all {0} again', total),
      detail: vscode.l10n.t('The earlier ones will exist twice.'),
    };
    const choice = await vscode.window.showQuickPick([skip, again], {
      title: vscode.l10n.t('Some rows were created in {0} before', label),
      ignoreFocusOut: true,
    });
    if (!choice) throw new vscode.CancellationError();
    return choice === skip;
  }

  private async showProblems(
    file: vscode.Uri,
    problems: string[],
    count: number,
  ): Promise<BulkRunSummary> {
    const name = basename(file.path);
    const unlisted = count - problems.length;
    const document = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: [
        vscode.l10n.t('{0}: {1} problems; nothing was sent.', name, count),
        vscode.l10n.t('Fix them, then run Pet Store: Create Pets from File… again.'),
        '',
        ...problems,
        ...(unlisted > 0
          ? [vscode.l10n.t('… and {0} more', unlisted.toLocaleString(vscode.env.language))]
          : []),
        '',
      ].join('\n'),
    });
    await vscode.window.showTextDocument(document, { preview: true });
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Pet Store: {0} has {1} invalid rows; nothing was sent.', name, count),
    );
    return { created: 0, failed: 0, skipped: 0, cancelled: false, problems };
  }
}

/**
 * The input's bytes. On disk, a regular file within the size limit (bulkFiles.ts: a FIFO or a link
 * to /dev/zero is refused, where the editor's stat says 0 bytes and its read never ends); elsewhere
 * (another file system) through the editor's, refused by size before it is read.
 */
async function readInput(api: ApiChunk, file: vscode.Uri): Promise<Uint8Array> {
  const tooLarge = (cause?: unknown) =>
    new Error(
      vscode.l10n.t(
        '{0} is larger than {1} MB: split it into smaller files',
        basename(file.path),
        api.MAX_BULK_FILE_BYTES / 1024 / 1024,
      ),
      { cause },
    );
  if (file.scheme === 'file') {
    try {
      return await api.readBulkInput(file.fsPath);
    } catch (error) {
      const refused = error as { reason?: string; detail?: string };
      if (refused.reason === 'tooLarge') throw tooLarge(error);
      throw new Error(`${basename(file.path)}: ${refused.detail ?? (error as Error).message}`, {
        cause: error,
      });
    }
  }
  // Refused before it is read: a file of gigabytes would stall the extension host.
  const { size } = await vscode.workspace.fs.stat(file);
  if (size > api.MAX_BULK_FILE_BYTES) throw tooLarge();
  return vscode.workspace.fs.readFile(file);
}
