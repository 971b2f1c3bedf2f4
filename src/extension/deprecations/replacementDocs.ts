import * as vscode from 'vscode';
import { EXPLANATION_URI, RULE_HELP_MARKDOWN } from '../../core/deprecations/rule';
import {
  languageOfPageQuery,
  replacementPage,
} from '../../core/deprecations/replacement/replacementPage';

export const DOCS_SCHEME = vscode.Uri.parse(EXPLANATION_URI).scheme;

/**
 * Serves petstore-docs:/deprecated-get-pet.md: with `?language=…` the replacement page with the
 * example in that language, else the rule's explanation (read-only Markdown documents).
 */
export const docsProvider: vscode.TextDocumentContentProvider = {
  provideTextDocumentContent: (uri) =>
    uri.query ? replacementPage(languageOfPageQuery(uri.query)) : RULE_HELP_MARKDOWN,
};

export function isDocsUri(uri: vscode.Uri): boolean {
  return uri.scheme === DOCS_SCHEME;
}

/** Opens one of the pages rendered, as Markdown is read: the preview, not its source. */
export async function showRendered(uri: vscode.Uri): Promise<void> {
  await vscode.commands.executeCommand('markdown.showPreview', uri);
}
