import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BASELINE_VERSION,
  BaselineError,
  baselineOf,
  compareWithBaseline,
  parseBaseline,
  readBaselineFile,
  serializeBaseline,
  writeBaselineFile,
} from '../../../../../src/core/deprecations/migration/baseline';
import { fingerprintFindings } from '../../../../../src/core/deprecations/migration/fingerprint';
import { RULE_ID } from '../../../../../src/core/deprecations/rule';
import { findingsIn } from '../support';

function scanned(file: string, code: string) {
  return { file, found: fingerprintFindings(file, code, findingsIn(file, code)) };
}

describe('migration: the baseline file', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-baseline-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const files = [
    scanned('src/b.py', 'requests.get(f"{BASE}/pets/{pid}")\n'),
    scanned('src/a.ts', 'fetch(`/pets/${id}`);\nfetch(`/pets/${id}`);\n'),
  ];

  it('round-trips: written sorted by file then fingerprint, read back equal', () => {
    const baseline = baselineOf(files);
    assert.deepEqual(
      baseline.entries.map((entry) => entry.file),
      ['src/a.ts', 'src/a.ts', 'src/b.py'],
    );
    const path = join(folder, 'baseline.json');
    writeBaselineFile(path, baseline);
    assert.deepEqual(readBaselineFile(path), baseline);
    // Stable: the same findings in another order write the same bytes.
    writeBaselineFile(join(folder, 'again.json'), baselineOf([...files].reverse()));
    assert.equal(readFileSync(join(folder, 'again.json'), 'utf8'), readFileSync(path, 'utf8'));
    assert.deepEqual(
      readdirSync(folder).sort(),
      ['again.json', 'baseline.json'],
      'no temporary file left',
    );
  });

  it('writes one entry per line, so a removed call is a one-line diff', () => {
    const text = serializeBaseline(baselineOf(files));
    assert.equal(text.split('\n').filter((line) => line.includes('"fingerprint"')).length, 3);
    assert.ok(text.endsWith('}\n'));
  });

  it('refuses unreadable, corrupt, future-version and other-rule baselines (never treated as empty)', () => {
    const cases: [string, RegExp][] = [
      ['{ "version": 1, "rule": ', /not valid JSON/],
      ['[]', /not a baseline/],
      ['{ "rule": "x", "entries": [] }', /no valid "version"/],
      [`{ "version": ${BASELINE_VERSION + 1}, "rule": "${RULE_ID}", "entries": [] }`, /newer than/],
      ['{ "version": 1, "rule": "other/rule", "entries": [] }', /for the rule "other\/rule"/],
      [`{ "version": 1, "rule": "${RULE_ID}" }`, /no "entries" list/],
      [
        `{ "version": 1, "rule": "${RULE_ID}", "entries": [{ "file": "a.ts" }] }`,
        /malformed entry at index 0/,
      ],
    ];
    for (const [text, message] of cases)
      assert.throws(
        () => parseBaseline(text, 'b.json'),
        (error: Error) => error instanceof BaselineError && message.test(error.message),
        text,
      );
    assert.throws(() => readBaselineFile(join(folder, 'missing.json')), /cannot read the baseline/);
    assert.throws(
      () => writeBaselineFile(join(folder, 'no/such/dir/b.json'), baselineOf(files)),
      /no folder/,
    );
  });

  it('reads a baseline saved with a byte-order mark, and counts a repeated entry once', () => {
    const entry = { file: 'a.ts', fingerprint: 'a'.repeat(32), call: 'fetch(x)' };
    const text = JSON.stringify({ version: 1, rule: RULE_ID, entries: [entry, entry, entry] });
    const read = parseBaseline(`\uFEFF${text}`, 'b.json');
    assert.deepEqual(read.entries, [entry]);
    assert.equal(read.duplicates, 2);
    assert.equal(
      parseBaseline(text.replace(/\[.*\]/, `[${JSON.stringify(entry)}]`), 'b.json').duplicates,
      undefined,
    );
  });

  it('reads only a regular file: a device or a folder is refused, never read forever', () => {
    assert.throws(() => readBaselineFile('/dev/zero'), /is not a regular file/);
    assert.throws(() => readBaselineFile(folder), /is not a regular file/);
  });

  it('compares: new findings, baselined ones, and baselined calls gone from the scanned files', () => {
    const baseline = baselineOf(files);
    const now = [scanned('src/a.ts', 'fetch(`/pets/${id}`);\nfetch(`/v1/pets/${other}`);\n')];
    const all = now.flatMap(({ found }) => found);
    const everything = compareWithBaseline(all, baseline, () => true);
    assert.deepEqual(
      everything.fresh.map((item) => item.call),
      ['fetch(`/v1/pets/${other}`);'],
    );
    assert.equal(everything.baselined, 1);
    // One of two identical calls removed: exactly one gone; and src/b.py's call too.
    assert.deepEqual(
      everything.gone.map((entry) => entry.file),
      ['src/a.ts', 'src/b.py'],
    );
    // A scan of src/a.ts alone says nothing about src/b.py.
    const partial = compareWithBaseline(all, baseline, (file) => file === 'src/a.ts');
    assert.deepEqual(
      partial.gone.map((entry) => entry.file),
      ['src/a.ts'],
    );
  });
});
