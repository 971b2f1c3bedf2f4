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

/** The last segment of a URI's path, decoded where possible: enough to know its language. */
export function nameOfUri(uri: string): string {
  const file = fileOfUri(uri);
  if (file) return file;
  let end = uri.length;
  for (const stop of ['?', '#']) {
    const at = uri.indexOf(stop);
    if (at !== -1 && at < end) end = at;
  }
  const path = uri.slice(0, end);
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
