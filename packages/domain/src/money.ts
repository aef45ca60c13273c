/**
 * Money and percent as bigint micro-units.
 *
 * - Money: millionths of a currency unit, within signed 64-bit range.
 * - Percent: millionths of one percent (7.25% = 7_250_000n).
 *
 * No floating point anywhere on this path.
 */

import { groupThousands, scaledToText } from './decimal-text';
import { DomainError, MESSAGES } from './errors';

export const MICRO = 1_000_000n;
/** Micro-units per cent. */
export const CENT = 10_000n;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
/** 100% in percent micro-units. */
export const PERCENT_100 = 100_000_000n;

interface DecimalParts {
  negative: boolean;
  /** Integer digits as typed (may be empty, may have leading zeros). */
  int: string;
  /** Fraction digits as typed (may be empty). */
  frac: string;
}

function isWhitespace(ch: string): boolean {
  return /\s/u.test(ch);
}

/**
 * The lexical rules of typed numbers (see parseDecimal). Scans left to right and reports the first offending
 * character; "no digits" is only reported when every character was acceptable.
 */
function splitDecimal(input: string): DecimalParts {
  let negative = false;
  let signSeen = false;
  let dotSeen = false;
  let digitSeen = false;
  let int = '';
  let frac = '';
  for (const ch of input) {
    if (ch >= '0' && ch <= '9') {
      digitSeen = true;
      if (dotSeen) frac += ch;
      else int += ch;
    } else if (ch === ',' || isWhitespace(ch)) {
      continue;
    } else if (ch === '+' || ch === '-') {
      // One sign, and only before the number proper (before any digit or '.').
      if (signSeen || digitSeen || dotSeen) throw invalidCharacter();
      signSeen = true;
      negative = ch === '-';
    } else if (ch === '.') {
      if (dotSeen) throw invalidCharacter();
      dotSeen = true;
    } else {
      throw invalidCharacter();
    }
  }
  if (!digitSeen) throw new DomainError('NO_DIGITS', MESSAGES.noDigits);
  return { negative, int, frac };
}

function invalidCharacter(): DomainError {
  return new DomainError('INVALID_CHARACTER', MESSAGES.invalidCharacter);
}

function partsToScaled({ negative, int, frac }: DecimalParts, scale: number): bigint {
  const kept = frac.length >= scale ? frac.slice(0, scale) : frac.padEnd(scale, '0');
  // Half-up on the magnitude: the first dropped digit decides.
  const dropped = frac.charAt(scale);
  const roundUp = dropped !== '' && dropped >= '5';
  const digits = int + kept;
  const magnitude = (digits === '' ? 0n : BigInt(digits)) + (roundUp ? 1n : 0n);
  return negative ? -magnitude : magnitude;
}

/**
 * Parses human decimal text into `value × 10^scale`:
 * whitespace anywhere and ',' are ignored; one optional leading sign; at most one '.';
 * digits beyond `scale` decimals are rounded half-up on the magnitude.
 *
 * @throws DomainError NO_DIGITS when no digit is present,
 *   INVALID_CHARACTER for any other character, a second or misplaced sign, or a second '.'.
 */
export function parseDecimal(input: string, scale = 6): bigint {
  if (!Number.isSafeInteger(scale) || scale < 0) {
    throw new RangeError(`scale must be a non-negative integer, got ${scale}`);
  }
  return partsToScaled(splitDecimal(input), scale);
}

/** INT64_MAX has 13 integer digits at 6 decimals (9223372036854.775807). */
const MONEY_MAX_INT_DIGITS = 13;

/** Money text → micro-units, within signed 64-bit range. */
export function parseMoney(input: string): bigint {
  const parts = splitDecimal(input);
  // Cheap early exit for absurdly long input, before building a huge bigint.
  if (parts.int.replace(/^0+/, '').length > MONEY_MAX_INT_DIGITS) {
    throw new DomainError('MONEY_OVERFLOW', MESSAGES.moneyOverflow);
  }
  return assertMoneyRange(partsToScaled(parts, 6));
}

/** Percent text ('7.25', '7.25 ' …) → percent micro-units; the 7th decimal rounds half-up. No range check. */
export function parsePercent(input: string): bigint {
  return parseDecimal(input, 6);
}

/** @throws DomainError MONEY_OVERFLOW outside [INT64_MIN, INT64_MAX]. */
export function assertMoneyRange(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) {
    throw new DomainError('MONEY_OVERFLOW', MESSAGES.moneyOverflow);
  }
  return v;
}

/** n / d rounded to the nearest integer, ties to even. Exact for any signs. */
export function divRoundHalfEven(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  // Floor division: q·d + r = n with 0 ≤ r < d.
  let q = n / d;
  let r = n % d;
  if (r < 0n) {
    q -= 1n;
    r += d;
  }
  const twice = 2n * r;
  if (twice > d || (twice === d && (q & 1n) === 1n)) q += 1n;
  return q;
}

/** Micro-units rounded to whole cents, half-to-even; the result is still in micro-units. */
export function roundToCents(micro: bigint): bigint {
  return divRoundHalfEven(micro, CENT) * CENT;
}

/** Whole cents → micro-units (range-checked). */
export function moneyFromCents(cents: bigint): bigint {
  return assertMoneyRange(cents * CENT);
}

function centsParts(micro: bigint): { sign: string; whole: string; cents: string } {
  const totalCents = divRoundHalfEven(micro, CENT);
  const negative = totalCents < 0n;
  const abs = negative ? -totalCents : totalCents;
  return {
    sign: negative ? '-' : '',
    whole: (abs / 100n).toString(),
    cents: (abs % 100n).toString().padStart(2, '0'),
  };
}

/** Display money: cents with banker's rounding and grouping, e.g. '$1,234.56', '-$5.00'. */
export function formatMoney(micro: bigint): string {
  const { sign, whole, cents } = centsParts(micro);
  return `${sign}$${groupThousands(whole)}.${cents}`;
}

/** Money for an input box: '1234.56', '-5.00' (no symbol, no grouping). */
export function formatMoneyPlain(micro: bigint): string {
  const { sign, whole, cents } = centsParts(micro);
  return `${sign}${whole}.${cents}`;
}

/** Display percent: '7.25%', '0%', up to 6 decimals, no trailing zeros. */
export function formatPercent(micro: bigint): string {
  return `${scaledToText(micro, 6, 0)}%`;
}

/** Percent for an input box: '7.25'. */
export function formatPercentPlain(micro: bigint): string {
  return scaledToText(micro, 6, 0);
}

/**
 * Money for an input box that must not lose what was stored: whole cents as '12.50',
 * finer amounts with every significant micro-unit ('12.505'), so blurring an untouched
 * box never changes the value.
 */
export function formatMoneyEditable(micro: bigint): string {
  return micro % CENT === 0n ? formatMoneyPlain(micro) : scaledToText(micro, 6, 2);
}
