import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { testKeys } from '../integration/support/explorer';
import { runMochaFiles } from '../integration/support/mochaRunner';

/** Passes its one test but writes a test API key into the workspace: the launcher's scan must fail it. */
export async function run(): Promise<void> {
  const { production: key } = await testKeys();
  const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  writeFileSync(join(folder, 'leaked.txt'), `api key: ${key}`);
  const file = join(tmpdir(), `petstore-leaking-${process.pid}.test.js`);
  writeFileSync(file, `it('passes', () => {});`);
  return runMochaFiles([file]);
}
