/**
 * The workspace's files as a server without a disk reads them: asked of the language client, which
 * answers from the editor (`workspace.findFiles`, `workspace.fs`), so the server runs the same in
 * the extension host and in a Worker of its own.
 */
import type { Connection } from 'vscode-languageserver';
import type { EditorFiles } from '../../core/deprecations/pipeline/editorWorkspacePort';
import { LIST_FILES_REQUEST, READ_FILE_REQUEST, STAT_FILE_REQUEST } from '../protocol';

export class ClientFiles implements EditorFiles {
  constructor(
    private readonly connection: Connection,
    /** Glob patterns the listing leaves out (the finder's and the editor's excludes). */
    private readonly exclude: readonly string[],
  ) {}

  list(): Promise<string[]> {
    return this.connection.sendRequest<string[]>(LIST_FILES_REQUEST, { exclude: this.exclude });
  }

  async stat(path: string): Promise<{ size: number } | undefined> {
    const info = await this.connection.sendRequest<{ size: number } | null>(STAT_FILE_REQUEST, {
      path,
    });
    return info ?? undefined;
  }

  /** The bytes come as a Uint8Array where messages are cloned (postMessage), as numbers over JSON. */
  async read(path: string): Promise<Uint8Array> {
    const bytes = await this.connection.sendRequest<Uint8Array | number[]>(READ_FILE_REQUEST, {
      path,
    });
    return bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes);
  }
}
