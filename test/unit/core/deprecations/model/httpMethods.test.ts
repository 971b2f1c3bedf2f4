import assert from 'node:assert/strict';
import { methodOfName } from '../../../../../src/core/deprecations/model/httpMethods';

describe('methodOfName: the HTTP method a name stands for', () => {
  const cases: [string, string | undefined][] = [
    ['delete', 'DELETE'],
    ['PostAsync', 'POST'],
    ['getForObject', 'GET'],
    ['HttpDelete', 'DELETE'],
    ['MethodDelete', 'DELETE'],
    ['simulate_get', 'GET'],
    ['DeleteMapping', 'DELETE'],
    ['@Get', 'GET'],
    ['$put', 'PUT'],
    ['HEAD', 'HEAD'],
    ['optionsWithHttpInfoAsync', 'OPTIONS'],
    // Holding a method's word is not enough.
    ['getter', undefined],
    ['deleteAll', undefined],
    ['forget', undefined],
    // No method word at all: ruled out by the first test.
    ['fetch', undefined],
    ['toLowerCase', undefined],
    ['', undefined],
    // Not ASCII: the long way, which upper-cases as JavaScript does (ſ is s, ı is i).
    ['po\u017Ft', 'POST'],
    ['opt\u0131ons', 'OPTIONS'],
    ['g\u00E9t', undefined],
  ];
  for (const [name, method] of cases)
    it(`${JSON.stringify(name)} → ${method ?? 'none'}`, () =>
      assert.equal(methodOfName(name), method));
});
