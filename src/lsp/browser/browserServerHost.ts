/**
 * The language server's host in a browser: no disk, so the workspace's files are the editor's,
 * asked of the client (clientFiles.ts) and read by the browser's port with its budget (5,000
 * files, 50 MB: EditorWorkspacePort). What needs a disk by path or git is not there: the baseline
 * (a file named by path), CODEOWNERS (a migration's preview groups by top folder instead), the
 * history, the modules a rewrite would read beside a file.
 */
import type { Connection } from 'vscode-languageserver';
import { relative } from 'node:path';
import { ownerOfPath } from '../../core/deprecations/migration/progress';
import {
  DEFAULT_EDITOR_LIMITS,
  EditorWorkspacePort,
  type EditorScanLimits,
} from '../../core/deprecations/pipeline/editorWorkspacePort';
import { isInside } from '../../core/deprecations/workspace/pathInside';
import type { HostWorkspace, ServerHost } from '../serverHost';
import { ClientFiles } from './clientFiles';
import { UriPaths } from './uriPaths';

export function browserServerHost(
  connection: Connection,
  limits: EditorScanLimits = DEFAULT_EDITOR_LIMITS,
): ServerHost {
  return {
    paths: new UriPaths(),
    workspace: (folders): HostWorkspace => {
      const unlisted = () => new EditorWorkspacePort(new ClientFiles(connection, []), limits);
      return {
        port: (options) =>
          new EditorWorkspacePort(new ClientFiles(connection, options.excludes), limits),
        // Each read is a request to the client: the wrappers' search reuses what the scan read.
        keepsScannedTexts: true,
        // The editor's file system: its links are its own to follow.
        staysWithin: () => true,
        readSource: (path) => unlisted().readSource(path),
        exists: async (path) => {
          try {
            return (await new ClientFiles(connection, []).stat(path)) !== undefined;
          } catch {
            return false;
          }
        },
        groupOf: (path) => {
          const folder = folders.find((candidate) => isInside(path, [candidate]));
          return ownerOfPath(folder ? relative(folder, path) : path, undefined);
        },
        loadBaseline: () => {
          throw new Error('a baseline is a file read by path, which the browser cannot do');
        },
        budgetOf: (port) => (port instanceof EditorWorkspacePort ? port.budget : undefined),
        forecast: () =>
          Promise.resolve({
            unavailable: "no history in the browser: git's objects are not read there",
          }),
      };
    },
  };
}
