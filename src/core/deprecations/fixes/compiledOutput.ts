/**
 * A JavaScript file the TypeScript compiler wrote beside its source (`pet.service.js` next to
 * `pet.service.ts`, committed with it): its requests are the source's, compiled. Rewriting it
 * would be undone by the next build, so it is left with the source to change instead.
 */
import { basename } from 'node:path';
import { isCompilerOutput } from '../model/compiledOutput';

/**
 * The name of the TypeScript source `text` (at `path`) was compiled from, when it is a compiled
 * file and the source is beside it (`moduleText` reads a module by a relative specifier).
 */
export function compiledFrom(
  path: string,
  text: string,
  moduleText: ((specifier: string) => string | undefined) | undefined,
): string | undefined {
  const stem = /^(.*)\.(?:js|jsx|mjs|cjs)$/.exec(basename(path))?.[1];
  if (stem === undefined || !moduleText || !isCompilerOutput(text)) return undefined;
  for (const extension of ['.ts', '.tsx', '.mts', '.cts']) {
    const source = `${stem}${extension}`;
    if (moduleText(`./${source}`) !== undefined) return source;
  }
  return undefined;
}
