import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finderSettings, scanFiles } from '../../../src/cli/deprecations/scanFiles';
import { listFiles } from '../../../src/core/deprecations/workspace/workspaceWalker';
import { write } from '../../support/caseTree';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

/** A call to the deprecated operation in each language, one line. */
const CALLS: Record<string, string> = {
  go: 'var r, _ = http.Get(base + "/pets/" + id)\n',
  py: 'requests.get(f"{BASE}/pets/{pet_id}")\n',
  ts: 'export const p = (id: string) => fetch(`/v1/pets/${id}`);\n',
  rb: 'Net::HTTP.get(URI("#{base}/pets/#{id}"))\n',
};
const BINARY = Buffer.from([0x70, 0x65, 0x74, 0x73, 0x2f, 0, 1, 2]);

/**
 * Files are scanned languages interleaved (scanOrder), but findings and notes come in listing
 * order: a tree of one folder per language, binary files (noted) among the calls.
 */
describe('a scan in interleaved order reports in listing order', function () {
  this.timeout(60_000);
  /** Six files per language, every third one from the second binary when asked. */
  const treeOf = (withBinaries: boolean) => {
    const tree = mkdtempSync(join(tmpdir(), 'petstore-scan-order-'));
    trees.push(tree);
    for (const [extension, call] of Object.entries(CALLS))
      for (let i = 0; i < 6; i++)
        write(tree, `${extension}/f${i}.${extension}`, withBinaries && i % 3 === 1 ? BINARY : call);
    return tree;
  };
  const trees: string[] = [];
  after(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));
  const listed = (tree: string) => listFiles([tree], () => undefined).map(({ path }) => path);

  it('gives the files with findings in listing order (what the agent tools show)', async () => {
    const settings = finderSettings({ 'no-rg': true, jobs: '1' });
    if (typeof settings === 'string') throw new Error(settings);
    const tree = treeOf(false);
    const outcome = await scanFiles([tree], settings, tree);
    assert.equal(outcome.results.length, 24);
    assert.deepEqual(
      outcome.results.map(({ path }) => path),
      listed(tree),
    );
  });

  for (const jobs of ['1', '2'])
    it(`notes the binary files in listing order (--jobs ${jobs})`, async () => {
      const tree = treeOf(true);
      const result = await runNodeToExit(
        [BIN, 'scan', '--no-rg', '--jobs', jobs, '--format', 'json', tree],
        tree,
      );
      assert.equal(result.code, 1, result.stderr);
      assert.equal((JSON.parse(result.stdout) as unknown[]).length, 16);
      const noted = [...result.stderr.matchAll(/skipped binary file: (.*)/g)].map((m) => m[1]);
      assert.deepEqual(
        noted,
        listed(tree).filter((path) => /f[14]\./.test(path)),
      );
    });
});
