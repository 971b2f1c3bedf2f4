import { parse, stringify } from 'lossless-json';
import { exactIntegerOf } from './exactInteger';

/**
 * JSON.parse loses digits of integers beyond 2^53. Here integers in the safe range become numbers,
 * larger integers become bigints (exact), and other numbers stay numbers.
 */
function parseNumber(literal: string): number | bigint {
  const integer = exactIntegerOf(literal);
  if (integer === undefined) return Number(literal);
  const asNumber = Number(integer);
  return Number.isSafeInteger(asNumber) ? asNumber : integer;
}

/** Parses JSON text without losing integer digits. Throws SyntaxError on invalid JSON. */
export function parseJsonLossless(text: string): unknown {
  return parse(text, null, {
    parseNumber,
    onDuplicateKey: ({ key }) => {
      throw new SyntaxError(`Duplicate key "${key}" in JSON object`);
    },
  });
}

/** Serializes to JSON; bigints are written as plain JSON integers with every digit. */
export function stringifyJsonLossless(value: unknown, indent?: number): string {
  const text = stringify(value, null, indent);
  if (text === undefined) throw new TypeError('Value cannot be represented as JSON');
  return text;
}
