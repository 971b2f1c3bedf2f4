/**
 * What the finder's language client hands its server, on the desktop and in the browser alike:
 * the documents it follows and the files it watches, and the server's pages opened rendered.
 */
import * as vscode from 'vscode';
import type { DocumentSelector, Middleware } from 'vscode-languageclient';
import {
  LANGUAGE_IDS,
  SUPPORTED_EXTENSIONS,
  SUPPORTED_FILE_NAMES,
} from '../../core/deprecations/lexers/languages';
import { isDocsUri, showRendered } from './replacementDocs';

/** Files the server follows (created, changed, deleted). */
export const WATCHED_FILES = `**/{${[
  ...SUPPORTED_EXTENSIONS.map((extension) => `*.${extension}`),
  ...SUPPORTED_FILE_NAMES,
].join(',')}}`;

/**
 * The documents of the finder's languages under the schemes of the workspace's files (`file` on
 * the desktop), and untitled ones. By file name too: .http files (without REST Client) and Kotlin
 * (without its extension) open as plain text.
 */
export function findersDocuments(schemes: readonly string[]): DocumentSelector {
  return [
    ...schemes.map((scheme) => ({ scheme, pattern: WATCHED_FILES })),
    ...Object.keys(LANGUAGE_IDS).flatMap((language) => [
      ...schemes.map((scheme) => ({ scheme, language })),
      { scheme: 'untitled', language },
    ]),
  ];
}

/**
 * The file events the server follows: the finder's files, and deletions of anything (a deleted
 * folder is one event, for a path no file pattern matches, so the findings below it go too;
 * deletions are rare, so this is cheap). Disposed with the extension.
 */
export function watchFindersFiles(context: vscode.ExtensionContext): vscode.FileSystemWatcher[] {
  const watcher = vscode.workspace.createFileSystemWatcher(WATCHED_FILES);
  const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
  context.subscriptions.push(watcher, deletions);
  return [watcher, deletions];
}

/** The server's pages (the replacement, in the call's language) open rendered. */
export const showDocsRendered: Middleware = {
  window: {
    showDocument: async (params, token, next) => {
      const uri = vscode.Uri.parse(params.uri);
      if (!isDocsUri(uri)) return next(params, token);
      await showRendered(uri);
      return { success: true };
    },
  },
};
