import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCorpus } from '../../../bench/corpus';
import type { FileScanSettings } from '../../../src/cli/deprecations/fileScanner';
import { defaultJobs } from '../../../src/cli/deprecations/scanFiles';
import { scanInParallel } from '../../../src/cli/deprecations/scanPool';
import { caseTree, write } from '../../support/caseTree';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

describe('scanning on worker threads gives what one thread gives', function () {
  this.timeout(180_000);
  const trees: string[] = [];
  after(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

  /** The same command on the main thread and on two workers: status, report and notes equal. */
  async function bothWays(tree: string, args: string[]) {
    const one = await runNodeToExit([BIN, ...args, '--jobs', '1'], tree);
    const two = await runNodeToExit([BIN, ...args, '--jobs', '2'], tree);
    assert.equal(two.code, one.code, two.stderr);
    assert.equal(two.stdout, one.stdout);
    // Notes (binary files, links) come in the listing's order, then the summary.
    assert.equal(two.stderr, one.stderr);
    return one;
  }

  it('on every labelled case and a tree of odd names, in every format that differs', async () => {
    const tree = caseTree();
    trees.push(tree);
    const scan = ['scan', '--no-rg', '--confidence', 'possible'];
    const json = await bothWays(tree, [...scan, '--format', 'json']);
    const found = JSON.parse(json.stdout) as unknown[];
    assert.ok(found.length > 300, `${found.length} findings`);
    assert.match(json.stderr, /skipped binary file: .*odd\/binary\.ts/);
    // Fingerprints are computed on the workers for these.
    await bothWays(tree, [...scan, '--format', 'sarif']);
    await bothWays(tree, [...scan, '--format', 'codequality']);
    await bothWays(tree, [...scan, '--format', 'text']);
    // Snippets and fingerprints: the progress report.
    await bothWays(tree, ['report', '--no-rg', '--format', 'markdown']);
  });

  it('on the benchmark corpus: the same baseline file, and the same calls found', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'petstore-parallel-corpus-'));
    trees.push(tree);
    const stats = writeCorpus(join(tree, 'corpus'), 600, 6 * 1024 * 1024);
    execFileSync('git', ['init', '-q'], { cwd: tree });
    const json = await bothWays(tree, ['scan', '--no-rg', '--format', 'json']);
    assert.equal((JSON.parse(json.stdout) as unknown[]).length, stats.uses);
    const baselines = [1, 2].map((jobs) => {
      const file = join(tree, `baseline-${jobs}.json`);
      execFileSync(
        process.execPath,
        [BIN, 'scan', '--no-rg', '--jobs', String(jobs), '--write-baseline', file, tree],
        { stdio: 'pipe' },
      );
      return readFileSync(file, 'utf8');
    });
    assert.equal(baselines[1], baselines[0]);
    assert.ok(baselines[0]!.includes('"fingerprint"'));
  });

  it('notes from files spread over both workers come in the listing’s order', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'petstore-parallel-notes-'));
    trees.push(tree);
    for (let i = 0; i < 120; i++)
      write(
        tree,
        `src/m${i % 7}/f${i}.ts`,
        i % 3 === 0
          ? Buffer.from([0x66, 0x65, 0x74, 0x63, 0x68, 0, 1, 2]) // binary: noted
          : `export const p${i} = (id: string) => fetch(\`/v1/pets/\${id}\`);\n`,
      );
    const result = await bothWays(tree, ['scan', '--no-rg', '--format', 'text']);
    assert.equal(result.stderr.match(/skipped binary file/g)?.length, 40);
  });

  it('by default uses one thread per core, at most 8', () => {
    assert.deepEqual([0, 1, 2, 3, 8, 9, 64].map(defaultJobs), [1, 1, 2, 3, 8, 8, 8]);
  });

  it('refuses --jobs that is not a whole number from 1 to 64', async () => {
    for (const jobs of ['0', '65', '1.5', 'many']) {
      const result = await runNodeToExit([BIN, 'scan', '--jobs', jobs], tmpdir());
      assert.equal(result.code, 2, jobs);
      assert.match(result.stderr, /--jobs must be a whole number from 1 to 64/);
    }
  });
});

describe('the scan pool when a worker fails', function () {
  this.timeout(30_000);
  const settings: FileScanSettings = {
    minimum: 'likely',
    maxFileBytes: 1024 * 1024,
    repository: tmpdir(),
    fingerprints: false,
    snippets: false,
  };
  const files = Array.from({ length: 100 }, (_, index) => ({ path: `/nowhere/${index}.ts` }));
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-bad-worker-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('rejects with the status of a worker that exits, and delivers nothing half-done', async () => {
    const script = join(folder, 'exits.js');
    writeFileSync(script, 'process.exit(3);\n');
    let delivered = 0;
    await assert.rejects(
      scanInParallel(files, settings, 2, script, () => delivered++),
      /a scan worker stopped \(status 3\)/,
    );
    assert.equal(delivered, 0);
  });

  it('rejects with the error a worker throws', async () => {
    const script = join(folder, 'throws.js');
    writeFileSync(
      script,
      "require('node:worker_threads').parentPort.on('message', () => { throw new Error('engine broke'); });\n",
    );
    await assert.rejects(
      scanInParallel(files, settings, 2, script, () => {}),
      /engine broke/,
    );
  });
});
