import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runMochaFiles } from '../integration/support/mochaRunner';

/** Entry point of the Restricted Mode suite (runIntegration --vsix --restricted: an untrusted folder). */
export function run(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => join(__dirname, name));
  return runMochaFiles(files);
}
