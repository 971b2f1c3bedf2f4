import assert from 'node:assert/strict';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';

/** The punctuation tokens of a TypeScript text, in order. */
function puncts(source: string): string[] {
  return languageOfPath('a.ts')!.lex!(source)
    .tokens.filter((token) => token.kind === 'punct')
    .map((token) => token.text);
}

describe('lexers: operators', () => {
  const operators = [
    '...',
    '..',
    '.=',
    '::',
    ':=',
    '->',
    '=>',
    '==',
    '?.',
    '+=',
    '!=',
    '>=',
    '<=',
    '<<',
    '&&',
    '||',
  ];

  it('reads every operator the judges compare as one token, inside a text and at its very end', () => {
    for (const operator of operators) {
      assert.deepEqual(puncts(`a ${operator} b`), [operator], `inside: ${operator}`);
      assert.deepEqual(puncts(`a ${operator}`), [operator], `at the end: ${operator}`);
    }
  });

  it('reads a mark that only starts an operator as one character, also as the last one', () => {
    for (const mark of ['.', ':', '-', '=', '?', '+', '!', '>', '<', '&', '|', '(', ';'])
      assert.deepEqual(puncts(`a ${mark}`), [mark], mark);
    assert.deepEqual(puncts('a.'), ['.']);
    assert.deepEqual(puncts('f(a)?.b'), ['(', ')', '?.']);
    assert.deepEqual(puncts('x =  = y'), ['=', '=']);
  });
});
