import assert from 'node:assert/strict';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import { tokenEnd } from '../../../../../src/core/deprecations/model/tokens';
import { ALL_CASES } from '../allCases';

/**
 * Tokens keep no end offset: a finding's end is computed from the token's text (tokenEnd), so
 * every token's text must span exactly its source. Shell's command substitutions are the one
 * text that differs from its source: a backtick stands as "(" or ")", one character for one.
 */
describe('lexers: a token spans exactly its text', () => {
  it('holds for every token of every labelled case, in all languages', () => {
    let checked = 0;
    for (const [fileName, source] of ALL_CASES) {
      const language = languageOfPath(fileName);
      if (!language?.lex) continue;
      let previousEnd = 0;
      for (const token of language.lex(source).tokens) {
        const end = tokenEnd(token);
        const spanned = source.slice(token.start, end);
        const substitution = language.family === 'shell' && spanned === '`';
        assert.ok(
          spanned === token.text || (substitution && (token.text === '(' || token.text === ')')),
          `${fileName}: ${JSON.stringify(token.text)} at ${token.start} spans ${JSON.stringify(spanned)}`,
        );
        assert.ok(
          token.start >= previousEnd || language.family === 'shell',
          `${fileName}: overlap`,
        );
        previousEnd = end;
        checked++;
      }
    }
    assert.ok(checked > 10_000, `only ${checked} tokens checked`);
  });

  // The lexers size the token array from the text's length up front (an array grown by push
  // allocates three times its size on the way) and trim it to the tokens made at the end.
  it('gives a token array without holes, as long as its tokens, whatever the estimate was', () => {
    const texts: [string, string][] = [
      ['a.ts', 'f(a,b);'.repeat(2_000)], // more tokens than the estimate (a quarter of the length)
      ['a.ts', `// ${'x'.repeat(10_000)}\nget()`], // far fewer
      ['a.py', 'x=(1,2)\n'.repeat(500)],
      ['a.rb', 'a.b(:c)\n'.repeat(500)],
      ['a.sh', 'echo "$(ls | wc -l)" `date`;\n'.repeat(200)], // substitutions share the array
      ['a.ts', ''],
    ];
    for (const [fileName, source] of texts) {
      const { tokens, strings } = languageOfPath(fileName)!.lex!(source);
      assert.equal(Object.keys(tokens).length, tokens.length, `${fileName}: holes`);
      assert.ok(
        tokens.every((token) => typeof token.start === 'number'),
        fileName,
      );
      const stringIndices = tokens.flatMap((token, index) =>
        token.kind === 'string' ? [index] : [],
      );
      assert.deepEqual(strings, stringIndices, `${fileName}: string indices`);
    }
  });
});
