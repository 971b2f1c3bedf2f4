import * as vscode from 'vscode';
import {
  API_KEY_VARIABLE,
  SNIPPET_FORMATS,
  requestSnippet,
  type RequestDescription,
} from '../../core/explorer/requestSnippets';
import type { Pet } from '../../core/api/schemas';
import type { PetsViewMode } from '../../core/explorer/petTreeModel';
import { findPetRequest as findPetIn } from '../../core/explorer/findPetRequest';
import type { Environment } from '../../core/explorer/environments';

/** The list request the view makes: its status filter (one status shown) and its limit. */
export function listRequest(
  environment: Environment,
  mode: PetsViewMode,
  limit: number,
): RequestDescription {
  const url = new URL(`${baseOf(environment)}/pets`);
  if (mode.kind === 'status') url.searchParams.set('status', mode.status);
  url.searchParams.set('limit', String(limit));
  return { method: 'GET', url: url.href };
}

/** The supported request that finds a pet in the environment (core/explorer/findPetRequest). */
export function findPetRequest(environment: Environment, pet: Pet): RequestDescription {
  return findPetIn(baseOf(environment), pet);
}

function baseOf(environment: Environment): string {
  if (!environment.baseUrl)
    throw new Error(vscode.l10n.t('No base URL is set for {0}', environment.label));
  return environment.baseUrl.href.replace(/\/$/, '');
}

/**
 * Copies the request in a format the user picks (or `format`, for tests and keybindings), and
 * says where the key comes from: never from the snippet.
 */
export async function copyRequestAs(
  request: RequestDescription,
  format?: unknown,
  /** What to do with the answer, said when the request is copied. */
  then?: string,
): Promise<string | undefined> {
  let chosen = SNIPPET_FORMATS.find((item) => item.format === format)?.format;
  if (!chosen) {
    const picked = await vscode.window.showQuickPick(
      SNIPPET_FORMATS.map((item) => ({ label: item.label, format: item.format })),
      {
        title: `Copy ${request.method} ${new URL(request.url).pathname} as…`,
        placeHolder: vscode.l10n.t('Format'),
      },
    );
    if (!picked) return undefined;
    chosen = picked.format;
  }
  const snippet = requestSnippet(request, chosen);
  await vscode.env.clipboard.writeText(snippet);
  const copied = vscode.l10n.t(
    'Pet Store: request copied. It reads the API key from the environment variable {0}.',
    API_KEY_VARIABLE,
  );
  void vscode.window.showInformationMessage(then ? `${copied} ${then}` : copied);
  return snippet;
}
