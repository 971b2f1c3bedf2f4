import assert from 'node:assert/strict';
import type { Token } from '../../../../../src/core/deprecations/model/tokens';
import { enclosingOpener } from '../../../../../src/core/deprecations/model/tokenWalk';

/** Brackets and words as tokens, one character each: `a(b]c{` and so on. */
function tokensOf(code: string): Token[] {
  return [...code].map((text, start) => ({
    kind: '([{}])'.includes(text) ? 'punct' : 'ident',
    start,
    text,
  }));
}

/** The definition: walk back from `index`, counting closers, to the first opener at depth 0. */
function walkBack(tokens: readonly Token[], index: number, limit: number): number {
  let depth = 0;
  for (let i = index - 1; i >= Math.max(0, index - limit); i--) {
    const text = tokens[i]!.text;
    if (')]}'.includes(text)) depth++;
    else if ('([{'.includes(text)) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

describe('enclosingOpener: the bracket around a token', () => {
  it('finds the innermost open bracket, whatever pairs or fails to pair before it', () => {
    const tokens = tokensOf('f(a[b]c{d}e');
    assert.equal(enclosingOpener(tokens, 1), -1); // the ( itself is not inside anything
    assert.equal(enclosingOpener(tokens, 2), 1); // a
    assert.equal(enclosingOpener(tokens, 4), 3); // b, inside [
    assert.equal(enclosingOpener(tokens, 6), 1); // c, after [b]
    assert.equal(enclosingOpener(tokens, 10), 1); // e, after {d}
    assert.equal(enclosingOpener(tokens, tokens.length), 1); // past the end: still open
    // Closers with nothing open are passed over; a closer closes the innermost opener of any kind.
    assert.equal(enclosingOpener(tokensOf('))(x'), 3), 2);
    assert.equal(enclosingOpener(tokensOf('({]x'), 3), 0);
  });

  it('answers -1 when the opener is further back than the limit', () => {
    const tokens = tokensOf(`(${'x'.repeat(50)}`);
    assert.equal(enclosingOpener(tokens, 50, 50), 0);
    assert.equal(enclosingOpener(tokens, 51, 50), -1);
  });

  it('agrees with walking back on 2,000 random bracket sequences, at every token and limit', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 2000; round++) {
      let code = '';
      const length = 1 + Math.floor(random() * 40);
      for (let i = 0; i < length; i++) code += '([{}])xx'[Math.floor(random() * 8)];
      const tokens = tokensOf(code);
      for (let index = 0; index <= tokens.length; index++)
        for (const limit of [1, 3, 10, 400])
          assert.equal(
            enclosingOpener(tokens, index, limit),
            walkBack(tokens, index, limit),
            `${code} at ${index}, limit ${limit}`,
          );
    }
  });
});
