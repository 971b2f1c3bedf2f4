/**
 * The text of a module a source file imports by a relative specifier (`./api`, `../lib/http.js`),
 * as Node and the TypeScript compiler resolve it (extensions and index files tried), for rewrites
 * that need to know what an imported name is (an axios instance created in another file). Only a
 * regular file within the size cap and inside the boundary is read.
 */
import { dirname, join } from 'node:path';
import { staysWithin } from '../../files/boundary';
import { readRegularText } from '../../files/regularFile';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const MAX_MODULE_BYTES = 1024 * 1024;

export type ModuleText = (specifier: string) => string | undefined;

export function relativeModules(fromPath: string, boundary: readonly string[]): ModuleText {
  const cache = new Map<string, string | undefined>();
  return (specifier) => {
    if (!/^\.\.?\//.test(specifier)) return undefined;
    if (cache.has(specifier)) return cache.get(specifier);
    const base = join(dirname(fromPath), specifier);
    // `./api.js` in TypeScript's ESM style names `./api.ts`.
    const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
    const candidates = [
      base,
      ...EXTENSIONS.map((extension) => stem + extension),
      ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
    ];
    let text: string | undefined;
    for (const candidate of candidates) {
      if (!staysWithin(candidate, boundary)) continue;
      try {
        text = readRegularText(candidate, { maxBytes: MAX_MODULE_BYTES });
        break;
      } catch {
        // the next candidate
      }
    }
    cache.set(specifier, text);
    return text;
  };
}
