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

  it('never follows a link out of the folder it names: a report name planted as a link to a file elsewhere', () => {
    // A checkout holding `petstore-deprecations.sarif -> ../victim` (the Action's default name).
    const checkout = join(folder, 'checkout');
    mkdirSync(checkout);
    writeFileSync(join(folder, 'victim'), 'keep');
    symlinkSync('../victim', join(checkout, 'petstore-deprecations.sarif'));
    assert.throws(
      () => writeFileAtomically(join(checkout, 'petstore-deprecations.sarif'), 'report'),
      /outside .*checkout.*not written/,
    );
    assert.equal(readFileSync(join(folder, 'victim'), 'utf8'), 'keep');
    // Nor through a chain that leaves, nor to a file the link would create elsewhere, nor through
    // a folder link on the way.
    symlinkSync('hop', join(checkout, 'chain.json'));
    symlinkSync(join(folder, 'victim'), join(checkout, 'hop'));
    assert.throws(() => writeFileAtomically(join(checkout, 'chain.json'), 'x'), /outside/);
    symlinkSync('../created.html', join(checkout, 'dangling.html'));
    assert.throws(() => writeFileAtomically(join(checkout, 'dangling.html'), 'x'), /outside/);
    symlinkSync('..', join(checkout, 'up'));
    symlinkSync('up/victim', join(checkout, 'through-folder.json'));
    assert.throws(() => writeFileAtomically(join(checkout, 'through-folder.json'), 'x'), /outside/);
    assert.equal(readFileSync(join(folder, 'victim'), 'utf8'), 'keep');
    assert.deepEqual(readdirSync(folder).sort(), ['checkout', 'victim'], 'nothing created');
    assert.ok(lstatSync(join(checkout, 'petstore-deprecations.sarif')).isSymbolicLink());
  });

  it('refuses a device, a folder and a link loop, replacing nothing', () => {
    symlinkSync('/dev/null', join(folder, 'to-device'));
    assert.throws(
      () => writeFileAtomically(join(folder, 'to-device'), 'x'),
      /not a regular file|outside/,
    );
    assert.ok(lstatSync(join(folder, 'to-device')).isSymbolicLink());
    mkdirSync(join(folder, 'out.sarif'));
    assert.throws(() => writeFileAtomically(join(folder, 'out.sarif'), 'x'), /not a regular file/);
    symlinkSync('loop-b', join(folder, 'loop-a'));
    symlinkSync('loop-a', join(folder, 'loop-b'));
    assert.throws(() => writeFileAtomically(join(folder, 'loop-a'), 'x'), /chain of more than/);
    assert.deepEqual(readdirSync(folder).sort(), ['loop-a', 'loop-b', 'out.sarif', 'to-device']);
  });
});
