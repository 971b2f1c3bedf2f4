import { join } from 'node:path';
import type * as ApiChunkModule from './apiChunk';
import type * as LanguageClientChunkModule from './languageClientChunk';

export type ApiChunk = typeof ApiChunkModule;
export type LanguageClientChunk = typeof LanguageClientChunkModule;

/**
 * Loads a chunk: a bundle built next to the extension's (dist/extension/<name>.js) and required on
 * first use, so activation loads only what it needs. Node's module cache makes later calls free.
 */
function loadChunk<T>(name: string): T {
  // A computed path: esbuild leaves this require alone instead of bundling the chunk in.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(__dirname, `${name}.js`)) as T;
}

export const loadApiChunk = (): ApiChunk => loadChunk<ApiChunk>('api');
export const loadLanguageClientChunk = (): LanguageClientChunk =>
  loadChunk<LanguageClientChunk>('languageClient');
