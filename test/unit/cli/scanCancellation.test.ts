import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finderSettings, scanFiles } from '../../../src/cli/deprecations/scanFiles';
import { write } from '../../support/caseTree';

/** An agent's findDeprecatedCalls may be cancelled mid-scan: the scan stops, rejecting. */
describe('a scan with a cancellation signal', function () {
  this.timeout(60_000);
  let tree: string;
  before(() => {
    tree = mkdtempSync(join(tmpdir(), 'petstore-scan-cancel-'));
    for (let i = 0; i < 600; i++)
      write(tree, `src/f${i}.ts`, 'export const p = (id: string) => fetch(`/pets/${id}`);\n');
  });
  after(() => rmSync(tree, { recursive: true, force: true }));
  const settings = () => {
    const parsed = finderSettings({ 'no-rg': true });
    if (typeof parsed === 'string') throw new Error(parsed);
    return parsed;
  };

  it('scans everything when it is never aborted', async () => {
    const outcome = await scanFiles([tree], settings(), tree, {
      signal: new AbortController().signal,
    });
    assert.equal(outcome.results.length, 600);
  });

  it('stops when aborted while it runs, and when aborted before it starts', async () => {
    const during = new AbortController();
    // Runs at the scan's first look at the event loop, mid-listing.
    setImmediate(() => during.abort());
    await assert.rejects(scanFiles([tree], settings(), tree, { signal: during.signal }), {
      name: 'AbortError',
    });
    const before = new AbortController();
    before.abort();
    await assert.rejects(scanFiles([tree], settings(), tree, { signal: before.signal }), {
      name: 'AbortError',
    });
  });
});
