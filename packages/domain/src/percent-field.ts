/**
 * What percent, money and quantity boxes do with their text when they lose focus.
 * Shared by the client (field behaviour) and the server (validation messages).
 */

import { DomainError, MESSAGES, percentRangeMessage } from './errors';
import { PERCENT_100, parseMoney, parsePercent } from './money';

export interface FieldResult {
  value: bigint;
  error: string | null;
}

/** null when `min ≤ value ≤ max`, else 'Percentage must be between {min}% and {max}%'. */
export function validatePercent(value: bigint, min: bigint = 0n, max: bigint = PERCENT_100): string | null {
  return value < min || value > max ? percentRangeMessage(min, max) : null;
}

/**
 * Percent field on blur: unparsable text or an out-of-range value restores
 * `previous` and reports the message; otherwise the parsed value.
 */
export function parsePercentField(
  text: string,
  previous: bigint,
  min: bigint = 0n,
  max: bigint = PERCENT_100,
): FieldResult {
  let value: bigint;
  try {
    value = parsePercent(text);
  } catch (e) {
    if (e instanceof DomainError) return { value: previous, error: MESSAGES.invalidPercentFormat };
    throw e;
  }
  const error = validatePercent(value, min, max);
  return error === null ? { value, error: null } : { value: previous, error };
}

/**
 * Money field on blur: invalid text (no digits, invalid character, out of 64-bit
 * range) restores `previous` with that error's message.
 */
export function parseMoneyField(text: string, previous: bigint): FieldResult {
  try {
    return { value: parseMoney(text), error: null };
  } catch (e) {
    if (e instanceof DomainError) return { value: previous, error: e.message };
    throw e;
  }
}

/** Largest quantity a line accepts; larger digit strings are capped to it. */
export const QUANTITY_MAX = 1_000_000;

/**
 * Quantity accepts digits only; a non-numeric quantity becomes 0.
 * Surrounding whitespace is trimmed; '', '1.5', '-2', '1 2', 'abc' → 0.
 * Values above QUANTITY_MAX are capped.
 */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return 0;
  const significant = trimmed.replace(/^0+/, '');
  if (significant.length > String(QUANTITY_MAX).length) return QUANTITY_MAX;
  return Math.min(Number(significant === '' ? '0' : significant), QUANTITY_MAX);
}
