/** Internal: fixed-point text for scaled integers. Not part of the public API. */

/**
 * `value / 10^scale` as plain decimal text with no grouping. The fraction keeps at
 * least `minFraction` digits and drops trailing zeros beyond that; `-` only when the
 * value is below zero.
 */
export function scaledToText(value: bigint, scale: number, minFraction: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(scale);
  const whole = (abs / unit).toString();
  let frac = scale > 0 ? (abs % unit).toString().padStart(scale, '0') : '';
  let end = frac.length;
  while (end > minFraction && frac[end - 1] === '0') end--;
  frac = frac.slice(0, end);
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** '1234567' → '1,234,567'. Digits only. */
export function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}
