import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { runNodeToExit } from '../support/runToExit';

const ROOT = resolve(__dirname, '../..');

/** Runs the real-editor launcher on one of the deliberately broken suites. */
function runLauncher(suite: string, timeoutSeconds: number) {
  return runNodeToExit(
    [
      '--import',
      'tsx',
      'test/host/runIntegration.ts',
      '--suite',
      `out/test/host-selftest/${suite}.js`,
      '--label',
      `selftest-${suite}`,
      '--timeout',
      String(timeoutSeconds),
    ],
    ROOT,
  );
}

describe('real-editor launcher: broken suites make it fail', () => {
  it('fails when a test fails, and says how many', async () => {
    const { code, output } = await runLauncher('failingSuite', 120);
    assert.equal(code, 1, output);
    assert.match(output, /deliberate failure/);
    assert.match(output, /^selftest-failingSuite: 0 passed, 1 failed$/m);
  });

  it('fails when the suite throws before running tests', async () => {
    const { code, output } = await runLauncher('throwingSuite', 120);
    assert.equal(code, 1, output);
    assert.match(output, /wrote no results/);
  });

  it('fails when the suite hangs, at its timeout', async () => {
    const { code, output } = await runLauncher('hangingSuite', 15);
    assert.equal(code, 1, output);
    assert.match(output, /did not finish within 15 s/);
  });

  it('fails when an API key was written to a file, though every test passed', async () => {
    const { code, output } = await runLauncher('leakingSuite', 120);
    assert.equal(code, 1, output);
    assert.match(output, /^selftest-leakingSuite: 1 passed, 0 failed$/m);
    assert.match(output, /an API key was written to: .*leaked\.txt/);
  });

  it('fails when the extension host exits (which the workbench reports as success)', async () => {
    const { code, output } = await runLauncher('exitingSuite', 60);
    assert.equal(code, 1, output);
    assert.match(output, /wrote no results|did not finish/);
  });
});
