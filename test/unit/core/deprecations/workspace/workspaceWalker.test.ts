import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { readSourceFile } from '../../../../../src/core/deprecations/workspace/sourceFile';
import {
  CandidateReader,
  listFiles,
  type SkipNote,
} from '../../../../../src/core/deprecations/workspace/workspaceWalker';

const CODE = 'const a = 1;\nconst pet = await fetch(`/pets/${id}`);\n';
const engine = new DeprecationEngine();

function utf16be(text: string): Buffer {
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return bytes.swap16();
}

describe('workspace walk: files as the editor reads them', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-walk-'));
  });
  // Node's own recursive rm overflows its stack on the 2,000-level tree; rm(1) does not.
  afterEach(() => execFileSync('rm', ['-rf', folder]));

  /** The findings' places in each file of the folder, read by the walker and its reader. */
  function scanFolder(notes: SkipNote[] = []): Record<string, [number, number][]> {
    const reader = new CandidateReader(
      (bytes) => engine.mightContainBytes(bytes),
      (note) => notes.push(note),
    );
    const found: Record<string, [number, number][]> = {};
    for (const listed of listFiles([folder], (note) => notes.push(note))) {
      const file = reader.read(listed);
      if (!file) continue;
      found[file.path.slice(folder.length + 1)] = engine
        .scan(file.text, file.language)
        .map((finding) => [finding.start.line, finding.start.character]);
    }
    return found;
  }

  it('drops a UTF-8 BOM (the editor does not count it as a column)', () => {
    writeFileSync(join(folder, 'plain.ts'), CODE);
    writeFileSync(join(folder, 'bom.ts'), `\uFEFFfetch(\`/pets/\${id}\`);\n${CODE}`);
    assert.deepEqual(scanFolder(), {
      'bom.ts': [
        [0, 6],
        [2, 24],
      ],
      'plain.ts': [[1, 24]],
    });
  });

  it('decodes UTF-16 LE and BE files with a BOM instead of skipping them as binary', () => {
    writeFileSync(join(folder, 'le.ts'), Buffer.from(`\uFEFF${CODE}`, 'utf16le'));
    writeFileSync(join(folder, 'be.ts'), utf16be(CODE));
    const notes: SkipNote[] = [];
    assert.deepEqual(scanFolder(notes), { 'be.ts': [[1, 24]], 'le.ts': [[1, 24]] });
    assert.deepEqual(notes, []);
  });

  it('reads files whose names are not valid UTF-8 by their bytes, and shows the names escaped', () => {
    const folderBytes = Buffer.concat([Buffer.from(folder), Buffer.from('/caf\xe9 ', 'latin1')]);
    mkdirSync(folderBytes);
    const fileBytes = Buffer.concat([folderBytes, Buffer.from('/bad-\xff\xfe-name.ts', 'latin1')]);
    writeFileSync(fileBytes, CODE);
    writeFileSync(join(folder, 'ok-é.ts'), CODE);
    const notes: SkipNote[] = [];
    assert.deepEqual(scanFolder(notes), {
      'caf\\xE9 /bad-\\xFF\\xFE-name.ts': [[1, 24]],
      'ok-é.ts': [[1, 24]],
    });
    assert.deepEqual(notes, []);
  });

  it('still skips binary files (NUL bytes without a UTF-16 BOM)', () => {
    writeFileSync(join(folder, 'blob.ts'), Buffer.from(`${CODE}\0\0\0`));
    const notes: SkipNote[] = [];
    assert.deepEqual(scanFolder(notes), {});
    assert.deepEqual(
      notes.map((note) => note.reason),
      ['binary'],
    );
  });

  it('passes over a FIFO given as a path, with a note, instead of blocking on it', () => {
    const fifo = join(folder, 'pipe.ts');
    execFileSync('mkfifo', [fifo]);
    writeFileSync(join(folder, 'a.ts'), CODE);
    const notes: SkipNote[] = [];
    const listed = listFiles([fifo, join(folder, 'a.ts')], (note) => notes.push(note));
    assert.deepEqual(
      listed.map((file) => file.path),
      [join(folder, 'a.ts')],
    );
    assert.deepEqual(notes, [{ path: fifo, reason: 'notRegularFile' }]);
    // Listed by an older walk, then replaced by a FIFO: the reader must not block either.
    const reader = new CandidateReader(
      () => true,
      (note) => notes.push(note),
    );
    assert.equal(reader.read({ path: fifo }), undefined);
    assert.equal(notes[1]?.reason, 'notRegularFile');
  });

  it('reads first and asks what a file is only when the read cannot tell', () => {
    const notes: SkipNote[] = [];
    const reader = new CandidateReader(
      () => true,
      (note) => notes.push(note),
      2 * 1024 * 1024,
    );
    const bigger = `${CODE}${'// filler line of a file larger than the read buffer\n'.repeat(30_000)}`;
    writeFileSync(join(folder, 'big.ts'), bigger);
    writeFileSync(join(folder, 'empty.ts'), '');
    writeFileSync(join(folder, 'huge.ts'), `${bigger}${bigger}`);
    symlinkSync('/dev/zero', join(folder, 'zero.ts'));
    mkdirSync(join(folder, 'folder.ts'));
    assert.equal(reader.read({ path: join(folder, 'big.ts') })?.text, bigger, 'over 1 MB, whole');
    assert.equal(reader.read({ path: join(folder, 'empty.ts') })?.text, '');
    for (const name of ['huge.ts', 'zero.ts', 'folder.ts'])
      assert.equal(reader.read({ path: join(folder, name) }), undefined, name);
    const small = new CandidateReader(
      () => true,
      (note) => notes.push(note),
      10,
    );
    writeFileSync(join(folder, 'small.ts'), CODE);
    assert.equal(small.read({ path: join(folder, 'small.ts') }), undefined, 'over a 10-byte limit');
    assert.equal(small.read({ path: join(folder, 'big.ts') }), undefined, 'over the buffer too');
    assert.equal(small.read({ path: join(folder, 'empty.ts') })?.text, '');
    assert.deepEqual(
      notes.map(({ path, reason, detail }) => [basename(path), reason, detail]),
      [
        ['huge.ts', 'tooLarge', `${2 * Buffer.byteLength(bigger)} bytes`],
        ['zero.ts', 'notRegularFile', undefined],
        ['folder.ts', 'notRegularFile', undefined],
        ['small.ts', 'tooLarge', `${Buffer.byteLength(CODE)} bytes`],
        ['big.ts', 'tooLarge', `${Buffer.byteLength(bigger)} bytes`],
      ],
    );
  });

  it('walks a tree 2,000 folders deep (once took minutes: the walk cost grew with depth cubed)', () => {
    let deepest = folder;
    for (let level = 0; level < 2000; level++) deepest = join(deepest, 'd');
    mkdirSync(deepest, { recursive: true });
    writeFileSync(join(deepest, 'a.ts'), CODE);
    const found = scanFolder();
    assert.deepEqual(Object.values(found), [[[1, 24]]]);
  });

  it('keeps the order of a recursive walk: a folder’s files, then each subfolder in turn', () => {
    for (const path of ['b/z.ts', 'b/a/y.ts', 'a/x.ts', 'c.ts']) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), CODE);
    }
    const order = listFiles([folder], () => undefined).map((file) =>
      file.path.slice(folder.length + 1),
    );
    // Folders a and b may come in either order (that is the file system's); nothing else may vary.
    const aFirst = ['c.ts', 'a/x.ts', 'b/z.ts', 'b/a/y.ts'];
    const bFirst = ['c.ts', 'b/z.ts', 'b/a/y.ts', 'a/x.ts'];
    assert.deepEqual(order, order[1] === 'a/x.ts' ? aFirst : bFirst);
  });
});

describe('language server reads from disk: readSourceFile', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-read-'));
  });
  afterEach(() => execFileSync('rm', ['-rf', folder]));

  it('drops a UTF-8 BOM and decodes UTF-16 like the walker', async () => {
    writeFileSync(join(folder, 'bom.ts'), `\uFEFF${CODE}`);
    writeFileSync(join(folder, 'be.ts'), utf16be(CODE));
    assert.equal(await readSourceFile(join(folder, 'bom.ts'), 1e6), CODE);
    assert.equal(await readSourceFile(join(folder, 'be.ts'), 1e6), CODE);
  });

  it('answers undefined for a FIFO, a folder, a missing or an oversized file, never blocking', async () => {
    execFileSync('mkfifo', [join(folder, 'pipe.ts')]);
    writeFileSync(join(folder, 'big.ts'), CODE);
    for (const path of ['pipe.ts', '.', 'missing.ts'])
      assert.equal(await readSourceFile(join(folder, path), 1e6), undefined, path);
    assert.equal(await readSourceFile(join(folder, 'big.ts'), 10), undefined);
  });
});
