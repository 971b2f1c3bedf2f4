import * as vscode from 'vscode';
import { PetStoreError } from '../../core/api/errors';
import type { Pet } from '../../core/api/schemas';
import { PET_STATUSES, type PetStatusName } from '../../core/api/vocabulary';
import { EMPTY_DRAFT, type NewPetDraft } from '../../core/explorer/newPetDraft';
import type { ApiChunk } from '../chunks/loadChunk';

/** What the wizard needs of the API chunk: the form's validation (the browser build bundles it). */
export type PetFormApi = Pick<
  ApiChunk,
  'draftToNewPet' | 'newPetJson' | 'validateCategoryId' | 'validateName'
>;
import { BACK, showInputStep, showPickStep } from '../common/multiStepInput';
import type { PetStoreAccess } from '../environments/petStoreAccess';
import { confirmWrite } from '../environments/writeGuard';

interface StatusItem extends vscode.QuickPickItem {
  status: PetStatusName | 'serverDefault';
}

/** Built when shown, so its words follow the display language (vscode.l10n). */
const statusItems = (): StatusItem[] => [
  ...PET_STATUSES.map((status) => ({ label: status, status })),
  {
    label: vscode.l10n.t('Let the server decide'),
    description: vscode.l10n.t('status is omitted from the request'),
    status: 'serverDefault' as const,
  },
];

const TOTAL_STEPS = 4;

/**
 * "Pet Store: Create Pet": name, category id, status, then a confirmation with the environment and
 * the exact JSON. A 400 from the server reopens the wizard with everything typed and the server's
 * message; another failure keeps the draft for the next time the wizard opens.
 */
export class CreatePetWizard {
  private draft: NewPetDraft = EMPTY_DRAFT;

  constructor(
    private readonly access: PetStoreAccess,
    /** The form's validation uses the client's schemas: it comes with the API chunk. */
    private readonly loadApi: () => PetFormApi,
    private readonly onCreated: (pet: Pet) => Promise<void>,
  ) {}

  async run(): Promise<Pet> {
    let draft = { ...this.draft };
    let serverMessage: string | undefined;
    const { draftToNewPet } = this.loadApi();
    for (;;) {
      draft = await this.collect(draft, serverMessage);
      const built = draftToNewPet(draft);
      if ('error' in built) throw new Error(built.error); // the steps validate, so this is a bug guard
      try {
        await confirmWrite(this.access.environment, vscode.l10n.t('Create pet "{0}"', draft.name));
        const pet = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Creating ${draft.name}…` },
          () => this.access.createPet(built.newPet),
        );
        this.draft = EMPTY_DRAFT;
        await this.onCreated(pet);
        return pet;
      } catch (error) {
        if (error instanceof PetStoreError && error.kind === 'validation') {
          serverMessage = error.message;
          void vscode.window.showErrorMessage(
            vscode.l10n.t('Pet Store rejected the pet: {0}', error.message),
          );
          continue;
        }
        this.draft = draft;
        throw error;
      }
    }
  }

  /** Walks the steps, Back moving to the previous one, and returns the finished draft. */
  private async collect(
    initial: NewPetDraft,
    serverMessage: string | undefined,
  ): Promise<NewPetDraft> {
    const environment = this.access.environment;
    const { draftToNewPet, newPetJson, validateCategoryId, validateName } = this.loadApi();
    const title = vscode.l10n.t('Create Pet in {0}', environment.label);
    const draft = { ...initial };
    let step = 1;
    while (step <= TOTAL_STEPS) {
      const frame = { title, step, totalSteps: TOTAL_STEPS };
      let result: unknown;
      if (step === 1) {
        result = await showInputStep({
          ...frame,
          value: draft.name,
          prompt: serverMessage
            ? vscode.l10n.t('The server rejected the pet: {0}', serverMessage)
            : vscode.l10n.t('Name of the pet (1 to 200 characters)'),
          placeholder: 'e.g. Biscuit',
          validate: validateName,
        });
        if (result !== BACK) draft.name = result as string;
      } else if (step === 2) {
        result = await showInputStep({
          ...frame,
          value: draft.categoryId,
          prompt: vscode.l10n.t('Category id (a whole number, int64)'),
          placeholder: 'e.g. 1',
          validate: validateCategoryId,
        });
        if (result !== BACK) draft.categoryId = (result as string).trim();
      } else if (step === 3) {
        const statuses = statusItems();
        result = await showPickStep({
          ...frame,
          items: statuses,
          active: statuses.find((item) => item.status === draft.status),
          placeholder: vscode.l10n.t('Status of the pet'),
        });
        if (result !== BACK) draft.status = (result as StatusItem).status;
      } else {
        const built = draftToNewPet(draft);
        const body = 'newPet' in built ? newPetJson(built.newPet) : built.error;
        const confirm = {
          label: `$(check) ${vscode.l10n.t('Create pet')}`,
          description: `POST ${environment.baseUrl?.href ?? ''}/pets`,
          detail: body,
        };
        result = await showPickStep({
          ...frame,
          items: [confirm],
          placeholder: vscode.l10n.t('Send to {0}: {1}', environment.label, body),
        });
      }
      step += result === BACK ? -1 : 1;
      step = Math.max(step, 1);
    }
    return draft;
  }
}
