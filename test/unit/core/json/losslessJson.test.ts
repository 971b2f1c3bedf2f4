import assert from 'node:assert/strict';
import { exactIntegerOf } from '../../../../src/core/json/exactInteger';
import { parseJsonLossless, stringifyJsonLossless } from '../../../../src/core/json/losslessJson';

describe('lossless JSON', () => {
  it('keeps every digit of integers beyond 2^53, where JSON.parse loses them', () => {
    const text = '{"id":9007199254740993,"categoryId":-9223372036854775808}';
    assert.equal((JSON.parse(text) as { id: number }).id, 9007199254740992); // the loss we avoid
    assert.deepEqual(parseJsonLossless(text), {
      id: 9007199254740993n,
      categoryId: -9223372036854775808n,
    });
  });

  it('yields plain numbers for safe integers and fractions', () => {
    assert.deepEqual(
      parseJsonLossless('[1, -2, 0, 1.5, 9007199254740991]'),
      [1, -2, 0, 1.5, 9007199254740991],
    );
  });

  it('round-trips int64 values exactly through stringify', () => {
    const value = { id: 9223372036854775807n, name: 'Rex', categoryId: 12345678901234567890n };
    const text = stringifyJsonLossless(value);
    assert.equal(text, '{"id":9223372036854775807,"name":"Rex","categoryId":12345678901234567890}');
    assert.deepEqual(parseJsonLossless(text), value);
  });

  it('rejects invalid JSON and duplicate keys with a SyntaxError', () => {
    assert.throws(() => parseJsonLossless('{"a":1,}'), SyntaxError);
    assert.throws(() => parseJsonLossless('{"a":1,"a":2}'), /Duplicate key "a"/);
    assert.throws(() => parseJsonLossless(''), SyntaxError);
  });

  it('survives hostile nesting without crashing the process (throws a catchable error)', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    let outcome: unknown;
    try {
      outcome = parseJsonLossless(deep);
    } catch (error) {
      outcome = error;
    }
    assert.ok(outcome instanceof Error || Array.isArray(outcome));
  });
});

describe('exactIntegerOf', () => {
  const cases: [string, bigint | undefined][] = [
    ['0', 0n],
    ['-0', 0n],
    ['42', 42n],
    ['-7', -7n],
    ['1.0', 1n],
    ['1.50e1', 15n],
    ['25e1', 250n],
    ['1200e-2', 12n],
    ['0.000', 0n],
    ['9223372036854775808', 9223372036854775808n],
    ['1.5', undefined],
    ['1e-1', undefined],
    ['1e40', undefined], // bounded: no int64 is that large
    ['1e999999999', undefined],
    ['abc', undefined],
  ];
  for (const [literal, expected] of cases) {
    it(`${literal} -> ${expected}`, () => assert.equal(exactIntegerOf(literal), expected));
  }
});
