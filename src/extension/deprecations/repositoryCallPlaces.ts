import * as vscode from 'vscode';
import { CodeOwners } from '../../core/deprecations/migration/codeOwners';
import { repositoryPath, repositoryRoot } from '../../core/deprecations/workspace/repositoryRoot';
import type { CallPlaces } from './deprecatedCalls';

/**
 * The desktop's places of calls: files on disk named from their repository's root (as the CLI
 * names them), owners from the first workspace folder's CODEOWNERS. Reads files by path: Node only.
 */
export function repositoryCallPlaces(): CallPlaces {
  const roots = new Map<string, string>();
  return {
    nameOf: (uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (uri.scheme !== 'file' || !folder) return vscode.workspace.asRelativePath(uri, false);
      const key = folder.uri.toString();
      let root = roots.get(key);
      if (root === undefined) roots.set(key, (root = repositoryRoot(folder.uri.fsPath)));
      return repositoryPath(root, uri.fsPath);
    },
    codeOwners: () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      return folder?.uri.scheme === 'file'
        ? CodeOwners.find(repositoryRoot(folder.uri.fsPath))
        : undefined;
    },
  };
}
