/**
 * The language server's host in Node (main.ts, the tests): files by path on this machine, read
 * within the folders' real boundary; the editor's rg or the walker lists them; the baseline,
 * CODEOWNERS and git's history are read from disk.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BaselineMatcher } from '../core/deprecations/migration/baselineMatcher';
import { CodeOwners } from '../core/deprecations/migration/codeOwners';
import { ownerOfPath } from '../core/deprecations/migration/progress';
import {
  NodeWorkspacePort,
  type NodeWorkspaceOptions,
} from '../core/deprecations/pipeline/nodeWorkspacePort';
import type { WorkspacePort } from '../core/deprecations/pipeline/workspacePort';
import { relativeModules } from '../core/deprecations/workspace/moduleText';
import { isInside } from '../core/deprecations/workspace/pathInside';
import { repositoryPath, repositoryRoot } from '../core/deprecations/workspace/repositoryRoot';
import { readSourceFile } from '../core/deprecations/workspace/sourceFile';
import { DEFAULT_MAX_FILE_BYTES } from '../core/deprecations/workspace/workspaceWalker';
import { realBoundary, staysWithin } from '../core/files/boundary';
import { fileOfUri } from './documentUris';
import type { HostWorkspace, ServerHost } from './serverHost';
import { WorkspaceForecasts } from './workspaceForecast';

/** Makes the port onto a workspace's files (a test may record its calls). */
export type NodePortFactory = (
  folders: readonly string[],
  options: NodeWorkspaceOptions,
) => WorkspacePort;

export function nodeServerHost(
  makePort: NodePortFactory = (roots, options) => new NodeWorkspacePort(roots, options),
): ServerHost {
  // Kept across workspaces: the history is counted once per HEAD commit.
  const forecasts = new WorkspaceForecasts();
  return {
    paths: {
      setFolders: () => undefined,
      fileOf: fileOfUri,
      uriOf: (path) => pathToFileURL(path).href,
    },
    workspace: (folders): HostWorkspace => {
      // The folders' real paths: a file reached through a link that leaves them is never read.
      const boundary = realBoundary(folders);
      return {
        port: (options) =>
          makePort(folders, { ripgrep: options.ripgrep, excludes: options.excludes }),
        staysWithin: (path) => staysWithin(path, boundary),
        readSource: (path) => readSourceFile(path, DEFAULT_MAX_FILE_BYTES),
        exists: (path) => Promise.resolve(existsSync(path)),
        modules: (path) => relativeModules(path, boundary),
        groupOf: (path) => {
          const root = repositoryRoot(
            folders.find((folder) => isInside(path, [folder])) ?? dirname(path),
          );
          return ownerOfPath(repositoryPath(root, path), CodeOwners.find(root)?.owners);
        },
        loadBaseline: (path) => BaselineMatcher.load(path),
        forecast: (finder) => forecasts.forecast(folders[0], finder),
      };
    },
  };
}
