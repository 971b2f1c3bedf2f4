import * as vscode from 'vscode';
import type { Pet } from '../../core/api/schemas';
import { petDetailsText } from '../../core/explorer/petDetailsText';
import type { PetStoreAccess } from '../environments/petStoreAccess';
import type { Log } from '../common/log';

export const PET_DETAILS_SCHEME = 'petstore-pet';
/** The language that colours the details with the editor's theme (syntaxes/petstore-pet.tmLanguage.json). */
export const PET_DETAILS_LANGUAGE = 'petstore-pet';

/**
 * Read-only documents of pets, each looked up again when opened, the supported way (GET /pets with
 * its status, never the deprecated GET /pets/{petId}): the response's status, the headers that
 * matter (the API's deprecation headers among them), the time taken, and the pet.
 */
export class PetDetailsProvider implements vscode.TextDocumentContentProvider {
  private readonly documents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly access: PetStoreAccess,
    private readonly log: Log,
  ) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.documents.get(uri.toString()) ??
      vscode.l10n.t('# This pet is no longer in the Pets view; refresh it and open the pet again.')
    );
  }

  /** Looks the pet up and shows the document; resolves with its text (the tests read it). */
  async show(pet: Pet): Promise<string> {
    const environment = this.access.environment;
    const lookup = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Window,
        title: vscode.l10n.t('Pet Store: looking up {0}', pet.name),
      },
      () =>
        this.access.findPet(pet).then(
          (found) => ({ found }),
          (error: unknown) => ({
            failure: this.log.redact(error instanceof Error ? error.message : String(error)),
          }),
        ),
    );
    const text = petDetailsText(
      { listed: pet, environmentLabel: environment.label, lookup, at: new Date() },
      vscode.l10n,
    );
    const safeName = pet.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'pet';
    const uri = vscode.Uri.from({
      scheme: PET_DETAILS_SCHEME,
      path: `/${environment.label}/${safeName}-${pet.id}`,
    });
    this.documents.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, PET_DETAILS_LANGUAGE);
    await vscode.window.showTextDocument(document, { preview: true });
    return text;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
