import * as vscode from 'vscode';
import type * as WebFinderChunkModule from './webFinderChunk';
import type * as WebServerChunkModule from '../../lsp/browser/serverChunk';
import type * as WebClientChunkModule from './webClientChunk';

export type WebFinderChunk = typeof WebFinderChunkModule;
export type WebServerChunk = typeof WebServerChunkModule;
export type WebClientChunk = typeof WebClientChunkModule;

/** The bundles the finder's bundle loads in turn: the language client, and its server. */
export interface WebFinderLoaders {
  client(): Promise<WebClientChunk>;
  server(): Promise<WebServerChunk>;
}

/**
 * Loads a bundle built beside the browser's (dist/web/<name>.js). A web worker extension host has
 * no module loader an extension can call (`require` knows only `vscode`), so the chunk is loaded
 * the way the host loads the extension's own main module: its text read (through the editor's
 * file system, or fetched from where the extension is served) and run as a function of `module`,
 * `exports` and `require`. The chunk's `require` gives it this extension's `vscode`, nothing else.
 */
async function loadWebChunk<T>(extensionUri: vscode.Uri, name: string): Promise<T> {
  const uri = vscode.Uri.joinPath(extensionUri, 'dist', 'web', `${name}.js`);
  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    const response = await fetch(uri.toString(true));
    if (!response.ok) throw new Error(`${uri.toString(true)}: ${response.status}`);
    text = await response.text();
  }
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    throw new Error(`the ${name} chunk asked for "${id}"`);
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(
    'module',
    'exports',
    'require',
    `${text}\n//# sourceURL=${uri.toString(true)}`,
  );
  (run as (...args: unknown[]) => void)(module, module.exports, require);
  return module.exports as T;
}

export const loadWebFinderChunk = (extensionUri: vscode.Uri): Promise<WebFinderChunk> =>
  loadWebChunk<WebFinderChunk>(extensionUri, 'finder');

/**
 * The finder's language client (dist/web/languageClient.js) and its server, run in the extension
 * host (dist/web/server.js: no `vscode`).
 */
export const webFinderLoaders = (extensionUri: vscode.Uri): WebFinderLoaders => ({
  client: () => loadWebChunk<WebClientChunk>(extensionUri, 'languageClient'),
  server: () => loadWebChunk<WebServerChunk>(extensionUri, 'server'),
});
