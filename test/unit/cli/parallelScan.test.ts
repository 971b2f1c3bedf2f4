import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCorpus } from '../../../bench/corpus';
import type { FileScanSettings } from '../../../src/core/deprecations/pipeline/candidateScanner';
import { defaultJobs, startsThreads } from '../../../src/cli/deprecations/scanFiles';
import { scanInParallel, type FileResult } from '../../../src/cli/deprecations/scanPool';
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
    // The migration takes the findings the workers kept with each text they scanned.
    const fix = await bothWays(tree, ['fix', '--no-rg', '--format', 'json']);
    assert.ok((JSON.parse(fix.stdout) as { files: unknown[] }).files.length > 100);
    await bothWays(tree, ['fix', '--no-rg', '--dry-run']);
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

  it('notes from files spread over both threads come in the listing’s order', async () => {
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

  it('starts threads once a tree proves dense, with two only on a large one; --jobs N at once', () => {
    const at = (change: Partial<Parameters<typeof startsThreads>[0]>) =>
      startsThreads({
        jobs: 4,
        explicitJobs: false,
        candidates: 256,
        candidateBytes: 0,
        remainingFiles: 100,
        ...change,
      });
    assert.equal(at({}), true);
    assert.equal(at({ candidates: 255 }), false);
    assert.equal(at({ candidates: 3, candidateBytes: 4 * 1024 * 1024 }), true);
    assert.equal(at({ jobs: 2 }), false, 'two threads, a small tree: one is faster');
    assert.equal(at({ jobs: 2, remainingFiles: 16_383 }), false);
    assert.equal(at({ jobs: 2, remainingFiles: 16_384 }), true);
    assert.equal(at({ jobs: 1, explicitJobs: true, candidates: 1 }), false);
    assert.equal(at({ jobs: 2, explicitJobs: true, candidates: 1 }), true);
    assert.equal(at({ remainingFiles: 0 }), false, 'nothing left to share');
  });

  it('refuses --jobs that is not a whole number from 1 to 64', async () => {
    for (const jobs of ['0', '65', '1.5', 'many']) {
      const result = await runNodeToExit([BIN, 'scan', '--jobs', jobs], tmpdir());
      assert.equal(result.code, 2, jobs);
      assert.match(result.stderr, /--jobs must be a whole number from 1 to 64/);
    }
  });
});

describe('the scan pool', function () {
  this.timeout(30_000);
  const settings: FileScanSettings = {
    minimum: 'likely',
    maxFileBytes: 1024 * 1024,
    repository: tmpdir(),
    fingerprints: false,
    snippets: false,
    countRoutes: false,
  };
  const files = Array.from({ length: 100 }, (_, index) => ({ path: `/nowhere/${index}.ts` }));
  /** This thread's share: a result with no findings, as for a file that is gone. */
  const nothingHere = (_file: unknown, index: number): FileResult => ({ index, notes: [] });
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-bad-worker-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('shares the files between this thread and the workers, and hands results on in order', async () => {
    // A worker that answers each batch after a pause, so this thread runs ahead and must wait.
    const script = join(folder, 'slow.js');
    writeFileSync(
      script,
      "const { parentPort } = require('node:worker_threads');\n" +
        "parentPort.on('message', (batch) => setTimeout(() => parentPort.postMessage(batch.map(({ index }) => ({ index, notes: [{ reason: 'unreadable', path: 'worker' }] }))), 20));\n",
    );
    const many = Array.from({ length: 3000 }, (_, index) => ({ path: `/nowhere/${index}.ts` }));
    const order: number[] = [];
    const byWorker = new Set<number>();
    let aheadMost = 0;
    await scanInParallel(
      many,
      settings,
      2,
      script,
      (_file, index) => {
        aheadMost = Math.max(aheadMost, index - order.length);
        return { index, notes: [] };
      },
      (result) => {
        order.push(result.index);
        if (result.notes.length) byWorker.add(result.index);
      },
    );
    assert.deepEqual(
      order,
      many.map((_, index) => index),
    );
    assert.ok(byWorker.size > 0 && byWorker.size < many.length, `${byWorker.size} by the worker`);
    // This thread stops taking files while a worker holds an early batch: memory stays bounded.
    assert.ok(aheadMost <= 64 * 16, `ran ${aheadMost} files ahead`);
  });

  it("rejects with what this thread's scan throws", async () => {
    const script = join(folder, 'idle.js');
    writeFileSync(script, "require('node:worker_threads').parentPort.on('message', () => {});\n");
    await assert.rejects(
      scanInParallel(
        files,
        settings,
        2,
        script,
        () => {
          throw new Error('reader broke');
        },
        () => {},
      ),
      /reader broke/,
    );
  });

  it('rejects with the status of a worker that exits, and delivers nothing half-done', async () => {
    const script = join(folder, 'exits.js');
    writeFileSync(script, 'process.exit(3);\n');
    let delivered = 0;
    await assert.rejects(
      scanInParallel(files, settings, 2, script, nothingHere, () => delivered++),
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
      scanInParallel(files, settings, 2, script, nothingHere, () => {}),
      /engine broke/,
    );
  });
});
