import assert from 'node:assert/strict';
import {
  escapedFileName,
  utf8FileName,
} from '../../../../../src/core/deprecations/workspace/fileNames';

describe('file names that are not valid UTF-8', () => {
  const cases: [string, number[], string, boolean][] = [
    ['ASCII', [0x61, 0x2e, 0x74, 0x73], 'a.ts', true],
    [
      'two-, three- and four-byte characters',
      [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x90, 0xb6],
      'é€🐶',
      true,
    ],
    ['a Latin-1 byte', [0x63, 0x61, 0x66, 0xe9], 'caf\\xE9', false],
    ['a cut-off sequence', [0x61, 0xe2, 0x82], 'a\\xE2\\x82', false],
    ['an overlong encoding of /', [0xc0, 0xaf], '\\xC0\\xAF', false],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80], '\\xED\\xA0\\x80', false],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], '\\xF4\\x90\\x80\\x80', false],
    ['a real U+FFFD', [0xef, 0xbf, 0xbd], '\uFFFD', true],
  ];
  for (const [what, bytes, shown, valid] of cases) {
    it(`${what}: shown as ${shown}`, () => {
      assert.equal(escapedFileName(Buffer.from(bytes)), shown);
      assert.equal(utf8FileName(Buffer.from(bytes)) !== undefined, valid);
    });
  }
});
