import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DeprecationEngine } from '../../../src/core/deprecations/engine';
import { migrateSelection } from '../../../src/cli/deprecations/migrateFiles';
import { finderSettings, type FinderSettings } from '../../../src/cli/deprecations/scanFiles';
import { scanSelection, type Selection } from '../../../src/cli/deprecations/scanSelection';

const REWRITES = resolve(__dirname, '../../fixtures/rewrites');
const REQUEST = 'export const load = (id: string) => fetch(`${BASE}/pets/${id}`);\n';

/** The selection's engine, counting the texts scanned again through it. */
function countingScans(selection: Selection): { scans: number } {
  const engine = selection.outcome.engine;
  const count = { scans: 0 };
  selection.outcome.engine = Object.assign(Object.create(engine) as DeprecationEngine, {
    scan: (...args: Parameters<DeprecationEngine['scan']>) => {
      count.scans++;
      return engine.scan(...args);
    },
  });
  return count;
}

async function selectionOf(root: string, settings: FinderSettings): Promise<Selection> {
  const usage = (message: string): never => {
    throw new Error(message);
  };
  return scanSelection([root], settings, {}, usage, { scannedTexts: true });
}

describe('the migration reads each file again, and rewrites what it holds now', function () {
  this.timeout(180_000);
  let root: string;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'petstore-migrate-files-')));
    execFileSync('git', ['init', '-q'], { cwd: root });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('takes the scan’s findings for the files unchanged since, with the outcome of scanning them again', async () => {
    cpSync(REWRITES, root, { recursive: true });
    const settings = finderSettings({}) as FinderSettings;
    const selection = await selectionOf(root, settings);
    const counted = countingScans(selection);
    const reused = migrateSelection(selection, settings);
    assert.ok(reused.outcomes.length > 50, `${reused.outcomes.length} files`);
    assert.ok(reused.outcomes.some((file) => file.next));
    // UTF-16 and binary files are left before any scan; every other file was the scan's text.
    assert.equal(counted.scans, 0);
    // Without the scan's records, each file is scanned again: the same outcome.
    selection.outcome.scannedTexts.clear();
    const again = migrateSelection(selection, settings);
    assert.equal(counted.scans, again.outcomes.length);
    assert.deepEqual(reused, again);
  });

  it('scans a file again when it changed after the scan, even to a text of the same length', async () => {
    const settings = finderSettings({}) as FinderSettings;
    writeFileSync(join(root, 'client.ts'), REQUEST);
    writeFileSync(join(root, 'other.ts'), REQUEST);
    const selection = await selectionOf(root, settings);
    assert.equal(selection.outcome.scannedTexts.size, 2);
    // Someone edits one file between the scan and the migration: it no longer sends the request.
    const edited = REQUEST.replace('/pets/', '/user/');
    assert.equal(edited.length, REQUEST.length);
    writeFileSync(join(root, 'client.ts'), edited);
    const counted = countingScans(selection);
    const { outcomes } = migrateSelection(selection, settings);
    assert.equal(counted.scans, 1);
    const [client, other] = outcomes;
    assert.equal(client?.path, join(root, 'client.ts'));
    assert.deepEqual(
      [client?.fixed, client?.manual, client?.diff, client?.next],
      [[], [], '', undefined],
    );
    assert.equal(other?.fixed.length, 1);
    assert.match(other?.next?.toString() ?? '', /fetchPetFromList\(/);
  });
});
