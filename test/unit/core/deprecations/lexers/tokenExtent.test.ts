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
});
