import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { writeParts } from '../../../src/cli/deprecations/cliOutput';

/** A stream that keeps every chunk written to it (as the bytes it was given, copied). */
function collector(): { out: Writable; chunks: Buffer[] } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { out, chunks };
}

describe('writeParts: a report written in pieces of about a megabyte', () => {
  it('writes exactly the UTF-8 of the parts joined, multi-byte characters and all', () => {
    const parts = Array.from(
      { length: 30_000 },
      (_, index) => `${index}: ü €  "odd" ${'x'.repeat(index % 97)}\n`,
    );
    const { out, chunks } = collector();
    writeParts(parts, out);
    assert.equal(Buffer.concat(chunks).toString('utf8'), parts.join(''));
    assert.ok(chunks.length > 1, `${chunks.length} chunks`);
    assert.ok(
      chunks.every((chunk) => chunk.length <= 1 << 20),
      'a piece over a megabyte',
    );
  });

  it('a part larger than a piece goes whole into a piece of its own size, after what came before', () => {
    const large = `${'ä'.repeat(600_000)}\n`;
    const parts = ['first\n', large, 'last\n'];
    const { out, chunks } = collector();
    writeParts(parts, out);
    assert.deepEqual(
      chunks.map((chunk) => chunk.toString('utf8')),
      ['first\n', `${large}last\n`],
    );
  });

  it('writes nothing for no parts or empty parts', () => {
    const { out, chunks } = collector();
    writeParts(['', ''], out);
    writeParts([], out);
    assert.equal(chunks.length, 0);
  });
});
