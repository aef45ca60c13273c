import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PERCENT_100,
  QUANTITY_MAX,
  formatMoneyPlain,
  formatPercentPlain,
  parseMoneyField,
  parsePercentField,
  parseQuantity,
  validatePercent,
} from '../src/index';

describe('validatePercent', () => {
  it('accepts the default bounds inclusively', () => {
    expect(validatePercent(0n)).toBeNull();
    expect(validatePercent(PERCENT_100)).toBeNull();
    expect(validatePercent(7_250_000n)).toBeNull();
  });

  it("rejects outside the default bounds with the product's message", () => {
    expect(validatePercent(-1n)).toBe('Percentage must be between 0% and 100%');
    expect(validatePercent(PERCENT_100 + 1n)).toBe('Percentage must be between 0% and 100%');
  });

  it('uses custom bounds in the message', () => {
    expect(validatePercent(1_000_000n, 2_500_000n, 50_000_000n)).toBe('Percentage must be between 2.5% and 50%');
    expect(validatePercent(2_500_000n, 2_500_000n, 50_000_000n)).toBeNull();
  });
});

describe('parsePercentField (on blur)', () => {
  it('returns the parsed value', () => {
    expect(parsePercentField(' 7.25 ', 1n)).toEqual({ value: 7_250_000n, error: null });
    expect(parsePercentField('100', 1n)).toEqual({ value: PERCENT_100, error: null });
  });

  it.each(['', 'abc', '1.2.3', '--5', '5%'])('%j restores the previous value with the format message', (text) => {
    expect(parsePercentField(text, 3_000_000n)).toEqual({ value: 3_000_000n, error: 'Invalid percentage format' });
  });

  it('restores the previous value when out of range', () => {
    expect(parsePercentField('100.0000001', 3_000_000n)).toEqual({ value: PERCENT_100, error: null }); // rounds to 100
    expect(parsePercentField('100.000001', 3_000_000n)).toEqual({
      value: 3_000_000n,
      error: 'Percentage must be between 0% and 100%',
    });
    expect(parsePercentField('-1', 3_000_000n)).toEqual({
      value: 3_000_000n,
      error: 'Percentage must be between 0% and 100%',
    });
    expect(parsePercentField('60', 3_000_000n, 0n, 50_000_000n)).toEqual({
      value: 3_000_000n,
      error: 'Percentage must be between 0% and 50%',
    });
  });

  it('accepts every in-range value it formats', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: PERCENT_100 }), fc.bigInt(), (p, previous) => {
        expect(parsePercentField(formatPercentPlain(p), previous)).toEqual({ value: p, error: null });
      }),
    );
  });
});

describe('parseMoneyField (on blur)', () => {
  it('returns the parsed value', () => {
    expect(parseMoneyField('1,234.50', 0n)).toEqual({ value: 1_234_500_000n, error: null });
  });

  it.each([
    ['', 'No digits found in input'],
    ['12a', 'Invalid character in numeric payload'],
    ['9223372036854.775808', 'Money value exceeds 64-bit long bounds'],
  ])('%j restores the previous value with %j', (text, message) => {
    expect(parseMoneyField(text, 42n)).toEqual({ value: 42n, error: message });
  });

  it('round-trips cent values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (cents) => {
        const micro = cents * 10_000n;
        expect(parseMoneyField(formatMoneyPlain(micro), 1n)).toEqual({ value: micro, error: null });
      }),
    );
  });
});

describe('parseQuantity', () => {
  it.each([
    ['1', 1],
    ['0', 0],
    ['42', 42],
    [' 7 ', 7],
    ['007', 7],
    ['1000000', 1_000_000],
    ['1000001', 1_000_000],
    ['99999999999999999999999', 1_000_000],
    ['', 0],
    ['   ', 0],
    ['1.5', 0],
    ['-2', 0],
    ['+2', 0],
    ['abc', 0],
    ['1 2', 0],
    ['1,000', 0],
    ['1e3', 0],
    ['٣', 0],
  ])('%j → %s', (text, n) => {
    expect(parseQuantity(text)).toBe(n);
  });

  it('reads every integer up to the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: QUANTITY_MAX }), (n) => {
        expect(parseQuantity(String(n))).toBe(n);
      }),
    );
  });

  it('returns 0 for anything containing a non-digit inside', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string().filter((s) => /[^0-9]/.test(s.trim()) && s.trim() !== ''), (a, b, bad) => {
        const text = `${a.replace(/\D/g, '')}${bad.trim()}${b.replace(/\D/g, '')}`;
        expect(parseQuantity(text)).toBe(0);
      }),
    );
  });
});
