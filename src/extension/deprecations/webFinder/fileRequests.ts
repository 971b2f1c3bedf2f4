import type * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { LIST_FILES_REQUEST, READ_FILE_REQUEST, STAT_FILE_REQUEST } from '../../../lsp/protocol';
import { WorkspaceFiles } from './workspaceFiles';

/**
 * Answers the browser's server, which has no disk, from the editor's files (lsp/browser/
 * clientFiles.ts asks): the listing by `workspace.findFiles`, sizes and bytes by `workspace.fs`,
 * each file named by its URI's path. The latest listing names the files that are read.
 */
export function answerFileRequests(client: BaseLanguageClient): vscode.Disposable[] {
  let files = new WorkspaceFiles([]);
  return [
    client.onRequest(LIST_FILES_REQUEST, (params: { exclude?: unknown } | null) => {
      const exclude = Array.isArray(params?.exclude)
        ? params.exclude.filter((pattern): pattern is string => typeof pattern === 'string')
        : [];
      files = new WorkspaceFiles(exclude);
      return files.list();
    }),
    client.onRequest(
      STAT_FILE_REQUEST,
      async (params: { path?: unknown } | null) => (await files.stat(pathOf(params))) ?? null,
    ),
    client.onRequest(READ_FILE_REQUEST, (params: { path?: unknown } | null) =>
      files.read(pathOf(params)),
    ),
  ];
}

function pathOf(params: { path?: unknown } | null): string {
  if (typeof params?.path !== 'string') throw new Error('no path');
  return params.path;
}
