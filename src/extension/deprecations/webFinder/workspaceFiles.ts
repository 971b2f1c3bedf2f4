import * as vscode from 'vscode';
import type { EditorFiles } from '../../../core/deprecations/pipeline/editorWorkspacePort';

/** A read or stat that has not answered by then is given up (the file is skipped, with a note). */
const READ_TIMEOUT_MS = 15_000;

/**
 * The workspace's files as the browser's finder sees them: listed by `workspace.findFiles` (the
 * excludes the finder is given, every folder), read by `workspace.fs`. A file is named by its URI's
 * path (POSIX, as the finder's core wants); the URI is kept to read it and to show its findings.
 */
export class WorkspaceFiles implements EditorFiles {
  private readonly uris = new Map<string, vscode.Uri>();

  constructor(private readonly exclude: readonly string[]) {}

  async list(): Promise<string[]> {
    const excluded = this.exclude.length ? `{${this.exclude.join(',')}}` : undefined;
    const uris = await vscode.workspace.findFiles('**/*', excluded);
    this.uris.clear();
    for (const uri of uris) this.uris.set(uri.path, uri);
    return [...this.uris.keys()];
  }

  /** The URI of a path the listing gave, or of a path inside a workspace folder (a router's module). */
  uriOf(path: string): vscode.Uri | undefined {
    const listed = this.uris.get(path);
    if (listed) return listed;
    const folder = vscode.workspace.workspaceFolders?.find(({ uri }) =>
      path.startsWith(uri.path.endsWith('/') ? uri.path : `${uri.path}/`),
    );
    return folder?.uri.with({ path });
  }

  async stat(path: string): Promise<{ size: number } | undefined> {
    const info = await answered(vscode.workspace.fs.stat(this.known(path)), path);
    return info.type & vscode.FileType.File ? { size: info.size } : undefined;
  }

  read(path: string): Promise<Uint8Array> {
    return answered(vscode.workspace.fs.readFile(this.known(path)), path);
  }

  private known(path: string): vscode.Uri {
    const uri = this.uriOf(path);
    if (!uri) throw new Error('outside the workspace');
    return uri;
  }
}

/** The editor's answer, or a failure once it has not come within READ_TIMEOUT_MS. */
function answered<T>(pending: Thenable<T>, path: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer for ${path}`)), READ_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve(pending), timeout]).finally(() => clearTimeout(timer));
}
