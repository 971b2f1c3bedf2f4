import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runMochaFiles } from './support/mochaRunner';

/** Entry point the extension host calls (extensionTestsPath), as with @vscode/test-electron. */
export function run(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => join(__dirname, name));
  return runMochaFiles(files);
}

/**
 * Suites that must run before the others, in this order; the rest by name. `activation` measures a
 * cold start (which bundles load). `walkthrough` needs its context keys still unset: VS Code ignores
 * a step's context-key completion when the key is already true as the walkthrough service starts.
 */
const FIRST = ['activation.test.js', 'walkthrough.test.js'];

function rank(name: string): number {
  const index = FIRST.indexOf(name);
  return index >= 0 ? index : FIRST.length;
}
