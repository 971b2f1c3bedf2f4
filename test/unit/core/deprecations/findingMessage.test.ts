import assert from 'node:assert/strict';
import { findingMessage } from '../../../../src/core/deprecations/rule';

/** A Problems panel line is cut at its right edge: what to do must come first, the date after. */
describe('findingMessage', () => {
  const before = new Date(Date.UTC(2030, 10, 5));
  const after = new Date(Date.UTC(2031, 0, 1));

  it('leads a call with the replacement, then names the call, then the date', () => {
    const message = findingMessage('GET /pets/1 HTTP/1.1', 'url', before);
    assert.match(message, /^Use GET \/pets with a status filter instead of `\/pets\/1`/);
    assert.ok(
      message.indexOf('5 December 2030') > message.indexOf('`/pets/1`'),
      'the date comes after the call',
    );
    assert.match(message, /removed on 5 December 2030 \(30 days left\)/);
  });

  it('names an operation call, and a wrapper with the way it reaches the request', () => {
    assert.match(
      findingMessage('getPet', 'operation', before),
      /^Use GET \/pets with a status filter instead of `getPet\(\)`/,
    );
    const wrapper = findingMessage('loadPet', 'wrapper', before, 'loadPet (src/a.ts:3)');
    assert.match(
      wrapper,
      /^Use GET \/pets with a status filter instead of `loadPet\(\)`, which reaches GET \/pets\/\{petId\} through loadPet \(src\/a\.ts:3\)/,
    );
  });

  it('leads a route with what to serve instead, and says when the operation was removed', () => {
    const route = findingMessage('/pets/:id', 'serves', after);
    assert.match(route, /^Serve GET \/pets with a status filter too/);
    assert.match(route, /was removed on 5 December 2030/);
    assert.doesNotMatch(route, /days left/);
  });
});
