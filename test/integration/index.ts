import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runMochaFiles } from './support/mochaRunner';

/** Entry point the extension host calls (extensionTestsPath), as with @vscode/test-electron. */
export function run(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => join(__dirname, name));
  return runMochaFiles(files);
}
