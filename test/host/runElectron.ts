/**
 * The same integration suite in desktop VS Code, downloaded by @vscode/test-electron. For machines
 * that can reach the VS Code download servers; CI here uses the code-server host
 * (test/host/runIntegration.ts). Screenshots and workbench DOM checks need that host and are
 * skipped here.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

const ROOT = resolve(__dirname, '../..');

async function main(): Promise<number> {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-electron-'));
  const workspace = join(scratch, 'workspace');
  cpSync(join(ROOT, 'test/fixtures/workspace'), workspace, { recursive: true });
  const resultsFile = join(scratch, 'results.json');
  try {
    await runTests({
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: join(ROOT, 'out/test/integration/index.js'),
      launchArgs: [workspace, '--disable-extensions', '--skip-welcome'],
      extensionTestsEnv: { PETSTORE_TEST_RESULTS: resultsFile, PETSTORE_REPO_ROOT: ROOT },
    });
  } catch (error) {
    process.stderr.write(`${String(error)}\n`);
  }
  if (!existsSync(resultsFile)) return 1;
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
    passes: number;
    failures: number;
  };
  process.stdout.write(`\nelectron: ${results.passes} passed, ${results.failures} failed\n`);
  rmSync(scratch, { recursive: true, force: true });
  return results.failures === 0 && results.passes > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
