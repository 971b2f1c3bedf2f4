import assert from 'node:assert/strict';
import { posix } from 'node:path';
import * as browserPath from '../../../../src/core/browser/posixPath';

const PATHS = [
  '/',
  '/a',
  '/a/b.ts',
  '/a/b/',
  '/a//b/./c/../d.test.js',
  '/a/.hidden',
  '/a/b.c/d',
  '/a/../..',
  'a/b',
  '../a',
  '',
];

describe("the browser's node:path (its POSIX half)", () => {
  it('names files as path.posix does', () => {
    for (const path of PATHS) {
      for (const name of ['normalize', 'dirname', 'basename', 'extname', 'isAbsolute'] as const)
        assert.deepEqual(browserPath[name](path), posix[name](path), `${name}(${path})`);
      assert.equal(browserPath.basename(path, '.ts'), posix.basename(path, '.ts'), path);
    }
  });

  it('joins, resolves and relates absolute paths as path.posix does', () => {
    const absolute = PATHS.filter((path) => path.startsWith('/'));
    for (const from of absolute)
      for (const to of [...PATHS, './x', '../y/z']) {
        assert.equal(browserPath.join(from, to), posix.join(from, to), `join(${from}, ${to})`);
        assert.equal(
          browserPath.resolve(from, to),
          posix.resolve(from, to),
          `resolve(${from}, ${to})`,
        );
        if (to.startsWith('/'))
          assert.equal(
            browserPath.relative(from, to),
            posix.relative(from, to),
            `relative(${from}, ${to})`,
          );
      }
  });
});
