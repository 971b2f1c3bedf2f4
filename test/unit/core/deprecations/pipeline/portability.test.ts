import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../../..');
const PIPELINE = resolve(ROOT, 'src/core/deprecations/pipeline');
/** Node's adapters of the port: the only pipeline files that may reach the disk or a process. */
const NODE_ADAPTERS = new Set(['nodeWorkspacePort.ts']);
const NODE_ONLY = /^(node:)?(fs|fs\/promises|child_process|worker_threads)$/;

/**
 * The Node-only modules a source reaches through its value imports (a type import is erased),
 * each with the chain of files that leads to it.
 */
function nodeOnlyImports(start: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
      if (match[1]) continue;
      const specifier = match[2]!;
      if (NODE_ONLY.test(specifier)) found.push([...chain, specifier].join(' → '));
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      const source = [`${target}.ts`, join(target, 'index.ts')].find((path) => existsSync(path));
      if (source) visit(source, [...chain, relative(ROOT, source)]);
    }
  };
  visit(start, [relative(ROOT, start)]);
  return found;
}

describe('the workspace pipeline runs where there is no file system (the browser)', () => {
  it('reaches node:fs, node:child_process and worker threads only through its Node adapters', () => {
    const modules = readdirSync(PIPELINE).filter(
      (name) => name.endsWith('.ts') && !NODE_ADAPTERS.has(name),
    );
    assert.ok(modules.includes('workspacePipeline.ts'));
    assert.deepEqual(
      modules.flatMap((name) => nodeOnlyImports(join(PIPELINE, name))),
      [],
    );
  });
});
