import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileInside, replaceFileIfUnchanged } from '../../../../src/core/files/replaceFile';

describe('replacing a rewritten file: whole, only if unchanged, never outside the workspace', () => {
  let root: string;
  let workspace: string;
  let outside: string;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'petstore-replace-')));
    workspace = join(root, 'workspace');
    outside = join(root, 'outside');
    mkdirSync(workspace);
    mkdirSync(outside);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the new bytes over the file, keeping its permissions, and leaves no temporary file', () => {
    const file = join(workspace, 'fetch-pet.sh');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o755);
    const result = replaceFileIfUnchanged(file, Buffer.from('old\n'), Buffer.from('new\n'), [
      workspace,
    ]);
    assert.deepEqual(result, { written: true });
    assert.equal(readFileSync(file, 'utf8'), 'new\n');
    assert.equal(statSync(file).mode & 0o777, 0o755);
    assert.deepEqual(readdirSync(workspace), ['fetch-pet.sh']);
  });

  it('skips a file changed since it was read, and says so', () => {
    const file = join(workspace, 'a.ts');
    writeFileSync(file, 'edited meanwhile\n');
    const result = replaceFileIfUnchanged(file, Buffer.from('as read\n'), Buffer.from('new\n'), [
      workspace,
    ]);
    assert.equal(result.written, false);
    assert.match((result as { reason: string }).reason, /changed since it was read/);
    assert.equal(readFileSync(file, 'utf8'), 'edited meanwhile\n');
  });

  it('never writes through a link to a file outside the workspace', () => {
    const target = join(outside, 'secret.ts');
    writeFileSync(target, 'old\n');
    const link = join(workspace, 'linked.ts');
    symlinkSync(target, link);
    const result = replaceFileIfUnchanged(link, Buffer.from('old\n'), Buffer.from('new\n'), [
      workspace,
    ]);
    assert.equal(result.written, false);
    assert.match((result as { reason: string }).reason, /outside the workspace/);
    assert.equal(readFileSync(target, 'utf8'), 'old\n');
  });

  it('refuses what is no longer a regular file (a FIFO)', () => {
    const fifo = join(workspace, 'pipe.ts');
    execFileSync('mkfifo', [fifo]);
    const result = replaceFileIfUnchanged(fifo, Buffer.from('old\n'), Buffer.from('new\n'), [
      workspace,
    ]);
    assert.equal(result.written, false);
    assert.match((result as { reason: string }).reason, /no longer a regular file/);
  });

  it('creates a helper file only where none is, in a folder inside the workspace', () => {
    const helper = join(workspace, 'pet_from_list.go');
    assert.deepEqual(createFileInside(helper, Buffer.from('package pets\n'), [workspace]), {
      written: true,
    });
    const again = createFileInside(helper, Buffer.from('other\n'), [workspace]);
    assert.equal(again.written, false);
    assert.equal(readFileSync(helper, 'utf8'), 'package pets\n');
    symlinkSync(outside, join(workspace, 'away'));
    const away = createFileInside(join(workspace, 'away', 'h.go'), Buffer.from('x'), [workspace]);
    assert.equal(away.written, false);
    assert.deepEqual(readdirSync(outside), []);
  });
});
