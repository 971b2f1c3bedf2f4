import { fileURLToPath } from 'node:url';

/**
 * The file on this machine that a document URI names, or undefined when there is none to read:
 * other schemes (untitled:, vscode-notebook-cell:, …), a file: URI with a host (a UNC share), or
 * percent-encoded separators. Such documents are analysed from the text the client sent.
 */
export function fileOfUri(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
