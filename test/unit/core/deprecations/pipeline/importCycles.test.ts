import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../../..');
/** The workspace pipeline and its front ends: none imports itself back, types included. */
const FOLDERS = ['src/core/deprecations/pipeline', 'src/cli/deprecations', 'src/lsp'];

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The files a source imports or re-exports from, relative specifiers only (types too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\b[^;]*?from\s+'(\.[^']+)'/gms)) {
    const target = resolve(dirname(file), match[1]!);
    const source = [`${target}.ts`, join(target, 'index.ts')].find((path) => existsSync(path));
    if (source) found.push(source);
  }
  return found;
}

/** The import cycles through `starts`, each as the files around it. */
function cyclesFrom(starts: readonly string[]): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of importsOf(file)) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of starts) if (!state.has(file)) visit(file);
  const inFolders = (file: string) =>
    FOLDERS.some((folder) => !relative(resolve(ROOT, folder), file).startsWith('..'));
  return cycles.filter((cycle) => cycle.some(inFolders));
}

describe('the workspace pipeline and its front ends import in one direction', () => {
  it('has no import cycle (the CLI scan and its wrappers once imported each other)', () => {
    const starts = FOLDERS.flatMap((folder) => sourcesUnder(resolve(ROOT, folder)));
    const cycles = cyclesFrom(starts).map((cycle) =>
      cycle.map((file) => relative(ROOT, file)).join(' → '),
    );
    assert.deepEqual(cycles, []);
  });
});
