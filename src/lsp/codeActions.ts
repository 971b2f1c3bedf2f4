import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { RULE_ID } from '../core/deprecations/rule';
import { exampleLanguageOf } from '../core/deprecations/replacement/replacementExamples';
import type { DiagnosticData } from './diagnostics';

export const SHOW_REPLACEMENT_COMMAND = 'petstore.deprecations.showReplacement';

/**
 * For each of our diagnostics: show the replacement (in the call's language), or insert the
 * suppression comment. Suppressing comes last and is never preferred: it hides the call, it does
 * not migrate it.
 */
export function codeActionsFor(
  document: TextDocument,
  diagnostics: readonly Diagnostic[],
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== RULE_ID) continue;
    // The client sends the diagnostics back: trust nothing in them.
    const data = diagnostic.data as Partial<Record<keyof DiagnosticData, unknown>> | undefined;
    const anchorLine =
      Number.isInteger(data?.anchorLine) && (data?.anchorLine as number) >= 0
        ? (data?.anchorLine as number)
        : diagnostic.range.start.line;
    const lineComment = typeof data?.lineComment === 'string' ? data.lineComment : '//';
    const lineText = document.getText({
      start: { line: anchorLine, character: 0 },
      end: { line: anchorLine + 1, character: 0 },
    });
    const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
    actions.push({
      title: 'Show the replacement (GET /pets with a status filter)',
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      command: {
        title: 'Show the replacement',
        command: SHOW_REPLACEMENT_COMMAND,
        arguments: [exampleLanguageOf(document.languageId, pathOfUri(document.uri))],
      },
    });
    actions.push({
      title: 'Suppress with petstore-ignore-next-line',
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: false,
      edit: {
        changes: {
          [document.uri]: [
            {
              range: {
                start: { line: anchorLine, character: 0 },
                end: { line: anchorLine, character: 0 },
              },
              newText: `${indent}${lineComment} petstore-ignore-next-line\n`,
            },
          ],
        },
      },
    });
  }
  return actions;
}

/** The path of a document's URI (the example's language falls back on its file name). */
function pathOfUri(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
