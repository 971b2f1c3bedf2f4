import * as vscode from 'vscode';
import type { Pet } from '../../core/api/schemas';
import { petJson } from '../../core/explorer/petPresentation';

export const PET_DETAILS_SCHEME = 'petstore-pet';

/**
 * Read-only JSON documents of pets, built from the list data the tree already has (never from the
 * deprecated GET /pets/{petId}).
 */
export class PetDetailsProvider implements vscode.TextDocumentContentProvider {
  private readonly documents = new Map<string, string>();

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.documents.get(uri.toString()) ??
      '// This pet is no longer in the Pets view; refresh and open it again.'
    );
  }

  async show(pet: Pet, environmentLabel: string): Promise<void> {
    const safeName = pet.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'pet';
    const uri = vscode.Uri.from({
      scheme: PET_DETAILS_SCHEME,
      path: `/${environmentLabel}/${safeName}-${pet.id}.json`,
    });
    this.documents.set(uri.toString(), `${petJson(pet)}\n`);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: true });
  }
}
