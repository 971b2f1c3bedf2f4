import assert from 'node:assert/strict';
import { visibleText } from '../../../../src/core/text/visibleText';

describe('visibleText: characters that act instead of showing are shown', () => {
  it('writes ESC, BEL, DEL, C1 controls and the bidi controls as <U+XXXX>', () => {
    assert.equal(
      visibleText('a\u001b[31mb\u0007c\u007fd\u009be\u202ef\u2066g\u200fh\u061ci'),
      'a<U+001B>[31mb<U+0007>c<U+007F>d<U+009B>e<U+202E>f<U+2066>g<U+200F>h<U+061C>i',
    );
  });

  it('keeps tabs, line breaks, ordinary text and other scripts as they are', () => {
    const text = 'name\tΚαλημέρα 你好 שלום ✓\nnext\r\n';
    assert.equal(visibleText(text), text);
  });
});
