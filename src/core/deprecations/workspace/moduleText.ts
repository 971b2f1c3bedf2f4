/**
 * The text of a module a source file imports by a relative specifier (`./api`, `../lib/http.js`),
 * as Node and the TypeScript compiler resolve it (extensions and index files tried), for rewrites
 * that need to know what an imported name is (an axios instance created in another file). Only a
 * regular file within the size cap and inside the boundary is read.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { staysWithin } from '../../files/boundary';
import { readRegularText } from '../../files/regularFile';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const MAX_MODULE_BYTES = 1024 * 1024;

export type ModuleText = (specifier: string) => string | undefined;

/**
 * Where a specifier points: relative (`./api`, `.`, `..`), or the `@/` and `~/` aliases most
 * projects map to their `src` folder (Vite, Vue, Next): the nearest `src` above the file.
 */
function resolved(
  fromPath: string,
  specifier: string,
  boundary: readonly string[],
): string | undefined {
  if (specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier))
    return join(dirname(fromPath), specifier);
  const alias = /^[@~]\/(.+)$/.exec(specifier);
  if (!alias) return undefined;
  for (let folder = dirname(fromPath); staysWithin(folder, boundary); folder = dirname(folder)) {
    if (basename(folder) === 'src') return join(folder, alias[1]!);
    if (existsSync(join(folder, 'src'))) return join(folder, 'src', alias[1]!);
    if (dirname(folder) === folder) break;
  }
  return undefined;
}

export function relativeModules(fromPath: string, boundary: readonly string[]): ModuleText {
  const cache = new Map<string, string | undefined>();
  return (specifier) => {
    if (cache.has(specifier)) return cache.get(specifier);
    const base = resolved(fromPath, specifier, boundary);
    if (base === undefined) return undefined;
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
