import assert from 'node:assert/strict';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomically } from '../../../../../src/core/deprecations/migration/writeAtomically';

describe('writeFileAtomically: reports, baselines and SARIF written whole, links kept', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-write-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes through a symlink: the target is replaced, the link stays a link', () => {
    mkdirSync(join(folder, 'shared'));
    writeFileSync(join(folder, 'shared', 'baseline.json'), 'old');
    symlinkSync(join('shared', 'baseline.json'), join(folder, 'baseline.json'));
    writeFileAtomically(join(folder, 'baseline.json'), 'new');
    assert.ok(lstatSync(join(folder, 'baseline.json')).isSymbolicLink());
    assert.equal(readFileSync(join(folder, 'shared', 'baseline.json'), 'utf8'), 'new');
    assert.deepEqual(readdirSync(join(folder, 'shared')), ['baseline.json'], 'no temporary left');
  });

  it('creates the target of a dangling link, through a chain of links', () => {
    symlinkSync('second', join(folder, 'first'));
    symlinkSync('report.html', join(folder, 'second'));
    writeFileAtomically(join(folder, 'first'), '<p>');
    assert.ok(lstatSync(join(folder, 'first')).isSymbolicLink());
    assert.ok(lstatSync(join(folder, 'second')).isSymbolicLink());
    assert.equal(readFileSync(join(folder, 'report.html'), 'utf8'), '<p>');
  });

  it('refuses a device, a folder and a link loop, replacing nothing', () => {
    symlinkSync('/dev/null', join(folder, 'to-device'));
    assert.throws(() => writeFileAtomically(join(folder, 'to-device'), 'x'), /not a regular file/);
    assert.ok(lstatSync(join(folder, 'to-device')).isSymbolicLink());
    mkdirSync(join(folder, 'out.sarif'));
    assert.throws(() => writeFileAtomically(join(folder, 'out.sarif'), 'x'), /not a regular file/);
    symlinkSync('loop-b', join(folder, 'loop-a'));
    symlinkSync('loop-a', join(folder, 'loop-b'));
    assert.throws(() => writeFileAtomically(join(folder, 'loop-a'), 'x'), /chain of more than/);
    assert.deepEqual(readdirSync(folder).sort(), ['loop-a', 'loop-b', 'out.sarif', 'to-device']);
  });
});
