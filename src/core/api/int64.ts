import { z } from 'zod';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/**
 * An int64 field (`id`, `categoryId`). Accepts what the lossless parser yields (a safe-range
 * number or a bigint) and always yields a bigint, so no digit is lost beyond 2^53.
 */
export const Int64 = z
  .union([z.bigint(), z.number()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be an integer'),
  })
  .transform((value, context) => {
    if (typeof value === 'number' && !Number.isInteger(value)) {
      context.addIssue({ code: 'custom', message: 'must be an integer' });
      return z.NEVER;
    }
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      // Only integers beyond int64 (or inexact doubles from code) arrive here as unsafe numbers.
      context.addIssue({ code: 'custom', message: int64RangeMessage });
      return z.NEVER;
    }
    const integer = BigInt(value);
    if (integer < INT64_MIN || integer > INT64_MAX) {
      context.addIssue({ code: 'custom', message: int64RangeMessage });
      return z.NEVER;
    }
    return integer;
  });

const int64Range = `an integer between ${INT64_MIN} and ${INT64_MAX}`;
const int64RangeMessage = `must be ${int64Range}`;

/**
 * Reads an int64 typed by a person (the wizard's categoryId): optional sign and decimal digits only.
 * Returns the value or a message saying what is wrong.
 */
export function parseInt64Text(text: string): { value: bigint } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter a whole number' };
  if (!/^[+-]?\d+$/.test(trimmed)) return { error: 'Must be a whole number (digits only)' };
  const value = BigInt(trimmed);
  if (value < INT64_MIN || value > INT64_MAX) return { error: `Must be ${int64Range}` };
  return { value };
}
