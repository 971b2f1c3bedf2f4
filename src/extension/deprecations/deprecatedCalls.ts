import * as vscode from 'vscode';
import type { CodeOwners } from '../../core/deprecations/migration/codeOwners';
import { snippetOf, type CallToReport } from '../../core/deprecations/migration/progress';
import { BASELINED_NOTE, POSSIBLE_NOTE } from '../../core/deprecations/rule';

/** The source of the finder's diagnostics (the language server's and the browser's finder's). */
export const DIAGNOSTIC_SOURCE = 'petstore';

/** A deprecated call the editor shows: where it is, and what the report needs. */
export interface EditorCall extends CallToReport {
  uri: vscode.Uri;
  range: vscode.Range;
  /** What was found, as the diagnostic says it (`{…}/pets/{…}`, `getPet()`). */
  detail: string;
  /** A call of a wrapper: the request it reaches (the last step of the diagnostic's way). */
  reaches?: { uri: vscode.Uri; file: string; line: number; column: number };
}

/**
 * How the calls' files are named and owned: from the repository root and its CODEOWNERS on the
 * desktop (repositoryCallPlaces.ts), from the workspace folder in the browser (no files by path).
 */
export interface CallPlaces {
  /** A name for the file a call is in (the report's and the view's). */
  nameOf(uri: vscode.Uri): string;
  /** The CODEOWNERS of the first workspace folder's repository, if there is one to read. */
  codeOwners(): { file: string; owners: CodeOwners } | undefined;
}

/** The browser's places: files named from their workspace folder, no CODEOWNERS. */
export const workspaceCallPlaces: CallPlaces = {
  nameOf: (uri) => vscode.workspace.asRelativePath(uri, false),
  codeOwners: () => undefined,
};

/**
 * The deprecated calls the finder reported (the language server, or the browser's finder), read
 * from the diagnostics themselves (so the view, the status bar and the Problems panel agree).
 * Possible ones are left out, as the CLI leaves them out by default; baselined ones are in, marked.
 */
export function deprecatedCallsInEditor(places: CallPlaces): EditorCall[] {
  const nameOf = (uri: vscode.Uri) => places.nameOf(uri);
  const calls: EditorCall[] = [];
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    const ours = diagnostics.filter(
      (diagnostic) =>
        diagnostic.source === DIAGNOSTIC_SOURCE && !diagnostic.message.endsWith(POSSIBLE_NOTE),
    );
    if (!ours.length) continue;
    const file = nameOf(uri);
    for (const diagnostic of ours) {
      const call: EditorCall = {
        uri,
        range: diagnostic.range,
        file,
        line: diagnostic.range.start.line + 1,
        column: diagnostic.range.start.character + 1,
        detail: /`([^`]*)`/.exec(diagnostic.message)?.[1] ?? 'GET /pets/{petId}',
        snippet: '',
        baselined: diagnostic.message.endsWith(BASELINED_NOTE),
      };
      // A wrapper's call: its way to the request is the related information, the request last.
      const way = diagnostic.relatedInformation ?? [];
      const request = way[way.length - 1];
      if (way.length >= 2 && request) {
        call.through = /^calls (.*)$/.exec(way[0]!.message)?.[1] ?? call.detail;
        call.reaches = {
          uri: request.location.uri,
          file: nameOf(request.location.uri),
          line: request.location.range.start.line + 1,
          column: request.location.range.start.character + 1,
        };
      }
      calls.push(call);
    }
  }
  return calls;
}

/** Each call's line, from the open document or the file on disk (one read per file). */
export async function withSnippets(calls: readonly EditorCall[]): Promise<EditorCall[]> {
  const lines = new Map<string, string[]>();
  for (const call of calls) {
    const key = call.uri.toString();
    if (lines.has(key)) continue;
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
    let text = open?.getText();
    if (text === undefined) {
      try {
        text = new TextDecoder().decode(await vscode.workspace.fs.readFile(call.uri));
      } catch {
        text = '';
      }
    }
    lines.set(key, text.split(/\r\n|\r|\n/));
  }
  return calls.map((call) => ({
    ...call,
    snippet: snippetOf(lines.get(call.uri.toString())?.[call.line - 1] ?? call.detail, call.column),
  }));
}
