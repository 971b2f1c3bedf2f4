import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { RULE_ID } from '../core/deprecations/rule';
import { exampleLanguageOf } from '../core/deprecations/replacement/replacementExamples';
import type { DiagnosticData } from './diagnostics';

export const SHOW_REPLACEMENT_COMMAND = 'petstore.deprecations.showReplacement';

/** Where a request to migrate is: its file and the start of its URL (or operation name). */
export interface FixPointAt {
  path: string;
  line: number;
  character: number;
}

export const MIGRATE_TITLE = 'Migrate to GET /pets with a status filter…';

/**
 * For each of our diagnostics: migrate the request it reaches (the preferred fix, when a rewrite
 * knows its shape), show the replacement, or insert the suppression comment.
 */
export async function codeActionsFor(
  document: TextDocument,
  path: string | undefined,
  diagnostics: readonly Diagnostic[],
  migrate: (at: FixPointAt) => Promise<WorkspaceEdit | undefined>,
): Promise<CodeAction[]> {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== RULE_ID) continue;
    // The client sends the diagnostics back: trust nothing in them.
    const data = diagnostic.data as Partial<Record<keyof DiagnosticData, unknown>> | undefined;
    const at =
      fixPointOf(data?.requestAt) ??
      (path === undefined ? undefined : { path, ...diagnostic.range.start });
    const edit = at && (await migrate(at));
    if (edit)
      actions.push({
        title: MIGRATE_TITLE,
        kind: CodeActionKind.QuickFix,
        isPreferred: true,
        diagnostics: [diagnostic],
        edit,
      });
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

/** A request's place sent back by the client: used only when it has the right shape. */
function fixPointOf(value: unknown): FixPointAt | undefined {
  const at = value as Partial<Record<keyof FixPointAt, unknown>> | undefined;
  return typeof at?.path === 'string' &&
    Number.isInteger(at.line) &&
    Number.isInteger(at.character) &&
    (at.line as number) >= 0 &&
    (at.character as number) >= 0
    ? { path: at.path, line: at.line as number, character: at.character as number }
    : undefined;
}

/** The path of a document's URI (the example's language falls back on its file name). */
function pathOfUri(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
