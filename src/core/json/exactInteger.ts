/**
 * The exact integer value of a JSON number literal, or undefined when the literal is not an
 * integer (or is so large that no int64 could hold it, which keeps the work bounded).
 * `12`, `-7`, `1.0` and `25e1` are integers; `1.5` and `1e-1` are not.
 */
export function exactIntegerOf(literal: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  let digits = (whole + fraction).replace(/^0+(?=\d)/, '');
  let scale = exponent - fraction.length;
  // Trailing zeros only move the decimal point.
  const trailingZeros = /0*$/.exec(digits)?.[0].length ?? 0;
  if (trailingZeros < digits.length) {
    digits = digits.slice(0, digits.length - trailingZeros);
    scale += trailingZeros;
  } else {
    return 0n; // every digit is zero
  }
  if (scale < 0) return undefined; // a fraction remains
  if (digits.length + scale > MAX_INTEGER_DIGITS) return undefined;
  const magnitude = BigInt(digits) * 10n ** BigInt(scale);
  return sign === '-' ? -magnitude : magnitude;
}

/** Enough digits for any int64 with room to spare; larger literals are out of range anyway. */
const MAX_INTEGER_DIGITS = 40;
