import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PetRow } from '../../core/explorer/bulk/petRows';
import type { ApiChunk } from '../chunks/loadChunk';
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
      throw new Error(`${basename(file.path)}: use a .json, .ndjson (.jsonl) or .csv file`);
    const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(file));
    const { rows, problems } = api.readPetRows(text, format);
    if (problems.length) return this.showProblems(file, problems.map(api.describeProblem));
    if (!rows.length) {
      void vscode.window.showInformationMessage(`Pet Store: ${basename(file.path)} has no pets.`);
      return { created: 0, failed: 0, skipped: 0, cancelled: false };
    }
    const environment = this.access.environment;
    const baseUrl = environment.baseUrl?.href;
    if (!baseUrl) throw new Error(`No base URL is set for ${environment.label}`);
    const resultsFile = vscode.Uri.file(api.resultsPathOf(file.fsPath));
    const previous = await readOptional(resultsFile);
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
    await confirmWrite(environment, `Create ${toCreate.length} pets`);
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
      `Pet Store: created ${summary.created} of ${rows.length} pets in ${environment.label}` +
      (summary.skipped ? ` (${summary.skipped} created before, skipped)` : '') +
      (failed ? `; ${failed} failed` : '') +
      (outcome.cancelled ? '; cancelled' : '') +
      `. Results: ${basename(resultsFile.path)}`;
    this.log.info(message);
    void (
      failed || outcome.cancelled
        ? vscode.window.showWarningMessage(message, 'Open Results')
        : vscode.window.showInformationMessage(message, 'Open Results')
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
        title: `Creating ${toCreate.length} pets in ${environment.label}`,
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const settled: Parameters<ApiChunk['bulkResultsText']>[4][number][] = [];
        // One write at a time, each the whole file: a crash leaves the last complete one.
        let writing = Promise.resolve();
        const writeResults = () => {
          const text = api.bulkResultsText(basename(file.path), baseUrl, rows, skipped, settled);
          writing = writing.then(() =>
            vscode.workspace.fs.writeFile(resultsFile, new TextEncoder().encode(text)),
          );
          return writing;
        };
        const result = await api.createInBulk({
          rows: toCreate,
          create: (newPet) => this.access.createPet(newPet),
          concurrency: settings.bulkConcurrency,
          signal: controller.signal,
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
        title: 'Create Pets from File',
        openLabel: 'Check and Create',
        canSelectMany: false,
        filters: { 'Pets (JSON, NDJSON, CSV)': ['json', 'ndjson', 'jsonl', 'csv'] },
      })) ?? [];
    return file;
  }

  /** A quick pick (not a modal): the safe answer is the first, and Escape cancels the run. */
  private async askToSkip(already: number, total: number, label: string): Promise<boolean> {
    const skip = {
      label: `Skip the ${already} pets already created`,
      detail:
        total > already
          ? `The results file says they were created in ${label}; create the other ${total - already}.`
          : `The results file says every row was created in ${label}: nothing more to create.`,
    };
    const again = {
      label: `Create all ${total} again`,
      detail: 'The earlier ones will exist twice.',
    };
    const choice = await vscode.window.showQuickPick([skip, again], {
      title: `Some rows were created in ${label} before`,
      ignoreFocusOut: true,
    });
    if (!choice) throw new vscode.CancellationError();
    return choice === skip;
  }

  private async showProblems(file: vscode.Uri, problems: string[]): Promise<BulkRunSummary> {
    const name = basename(file.path);
    const document = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: [
        `${name}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was sent.`,
        'Fix them, then run Pet Store: Create Pets from File… again.',
        '',
        ...problems,
        '',
      ].join('\n'),
    });
    await vscode.window.showTextDocument(document, { preview: true });
    void vscode.window.showErrorMessage(
      `Pet Store: ${name} has ${problems.length} invalid row${problems.length === 1 ? '' : 's'}; nothing was sent.`,
    );
    return { created: 0, failed: 0, skipped: 0, cancelled: false, problems };
  }
}

async function readOptional(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
