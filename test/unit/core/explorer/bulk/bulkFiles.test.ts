import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  readBulkInput,
  readBulkResults,
  writeBulkResults,
} from '../../../../../src/core/explorer/bulk/bulkFiles';
import { resultsPathOf } from '../../../../../src/core/explorer/bulk/bulkResults';
import { MAX_BULK_FILE_BYTES } from '../../../../../src/core/explorer/bulk/petRows';

/**
 * "Create Pets from File" in a folder someone else made: the input may be a FIFO or a link to
 * /dev/zero (the editor's stat says 0 bytes, then its read never ends), and the results file
 * beside it may be a link to a file of the user's, which the command would overwrite.
 */
describe('Create Pets from File: the input and the results file on disk (hostile folder)', function () {
  this.timeout(20_000);
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-bulk-files-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the input as a regular file within 16 MB: a link to /dev/zero, a FIFO and a larger file are refused', async () => {
    symlinkSync('/dev/zero', join(folder, 'zero.json'));
    execFileSync('mkfifo', [join(folder, 'pipe.csv')]);
    writeFileSync(join(folder, 'big.ndjson'), '');
    truncateSync(join(folder, 'big.ndjson'), MAX_BULK_FILE_BYTES + 1);
    for (const name of ['zero.json', 'pipe.csv'])
      await assert.rejects(readBulkInput(join(folder, name)), /not a regular file/, name);
    await assert.rejects(readBulkInput(join(folder, 'big.ndjson')), /larger than/);
    writeFileSync(join(folder, 'pets.json'), '[{"name":"Rex","categoryId":1}]');
    assert.equal(
      (await readBulkInput(join(folder, 'pets.json'))).toString('utf8'),
      '[{"name":"Rex","categoryId":1}]',
    );
  });

  it('never reads or writes the results file through a link: the link is replaced, its target untouched', async () => {
    const victim = join(folder, 'victim');
    writeFileSync(victim, 'keep');
    const results = resultsPathOf(join(folder, 'pets.csv'));
    symlinkSync(victim, results);
    assert.equal(await readBulkResults(results), undefined, 'a link is not read');
    writeBulkResults(results, '{"rows":[]}');
    assert.equal(readFileSync(victim, 'utf8'), 'keep');
    assert.ok(lstatSync(results).isFile());
    assert.equal(await readBulkResults(results), '{"rows":[]}');
    rmSync(results);
    symlinkSync('/dev/zero', results);
    assert.equal(await readBulkResults(results), undefined);
    assert.deepEqual(readdirSync(folder).sort(), ['pets.csv.results.json', 'victim']);
  });

  it('is what the desktop command reads its input and its results file with, and writes them with (the editor’s file system follows links)', () => {
    const command = readFileSync(
      resolve(__dirname, '../../../../../src/extension/pets/createPetsFromFile.ts'),
      'utf8',
    );
    assert.doesNotMatch(command, /workspace\.fs\.writeFile\(/);
    for (const name of ['readBulkInput', 'readBulkResults', 'writeBulkResults'])
      assert.match(command, new RegExp(`\\b${name}\\(`), name);
  });
});
