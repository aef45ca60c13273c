import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENT,
  DomainError,
  INT64_MAX,
  INT64_MIN,
  MICRO,
  PERCENT_100,
  assertMoneyRange,
  divRoundHalfEven,
  formatMoney,
  formatMoneyEditable,
  formatMoneyPlain,
  formatPercent,
  formatPercentPlain,
  moneyFromCents,
  parseDecimal,
  parseMoney,
  parsePercent,
  roundToCents,
} from '../src/index';

function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw new Error(`expected a DomainError, got ${String(e)}`);
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

describe('constants', () => {
  it('have the documented values', () => {
    expect(MICRO).toBe(1_000_000n);
    expect(CENT).toBe(10_000n);
    expect(INT64_MIN).toBe(-9_223_372_036_854_775_808n);
    expect(INT64_MAX).toBe(9_223_372_036_854_775_807n);
    expect(PERCENT_100).toBe(100_000_000n);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1,234.5', 1_234_500_000n],
    [' - 1 2 . 5 ', -12_500_000n],
    ['5.', 5_000_000n],
    ['.5', 500_000n],
    ['-.5', -500_000n],
    ['+3', 3_000_000n],
    ['007', 7_000_000n],
    ['0', 0n],
    ['-0', 0n],
    ['1,2,3,4', 1_234_000_000n],
    ['\t12\n', 12_000_000n],
    ['\u00a012', 12_000_000n],
    ['0.000001', 1n],
    ['0.0000005', 1n],
    ['0.00000049999', 0n],
    ['-0.0000005', -1n],
    ['0.9999995', 1_000_000n],
  ])('%j → %s', (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it.each(['', '  ', '-', '+', '.', '-.', ',', ' , , ', '\t\n'])('%j has no digits', (input) => {
    const e = domainErrorOf(() => parseDecimal(input));
    expect(e.code).toBe('NO_DIGITS');
    expect(e.message).toBe('No digits found in input');
  });

  it.each(['12a3', '12a', 'abc', 'a1', '1.2.3', '..', '--1', '+-1', '1-2', '1+', '1-', '.-5', '1e5', '$5', '1_000', '٣', '１', '5%'])(
    '%j has an invalid character',
    (input) => {
      const e = domainErrorOf(() => parseDecimal(input));
      expect(e.code).toBe('INVALID_CHARACTER');
      expect(e.message).toBe('Invalid character in numeric payload');
    },
  );

  it('honours the scale argument, half-up on the magnitude', () => {
    expect(parseDecimal('2.5', 0)).toBe(3n);
    expect(parseDecimal('-2.5', 0)).toBe(-3n);
    expect(parseDecimal('2.49', 0)).toBe(2n);
    expect(parseDecimal('1.5', 2)).toBe(150n);
    expect(parseDecimal('1.005', 2)).toBe(101n);
    expect(() => parseDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseDecimal('1', 1.5)).toThrow(RangeError);
  });

  it('matches an exact rational reference (half-up of the magnitude)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{0,25}$/),
        fc.stringMatching(/^[0-9]{0,15}$/),
        fc.integer({ min: 0, max: 9 }),
        (negative, int, frac, scale) => {
          fc.pre(int.length + frac.length > 0);
          const text = `${negative ? '-' : ''}${int}.${frac}`;
          const n = BigInt(int + frac || '0');
          const denominator = 10n ** BigInt(frac.length);
          // floor(|x|·10^scale + 1/2), computed on the exact fraction.
          const magnitude = (2n * n * 10n ** BigInt(scale) + denominator) / (2n * denominator);
          expect(parseDecimal(text, scale)).toBe(negative ? -magnitude : magnitude);
        },
      ),
    );
  });

  it('ignores whitespace and commas wherever they are inserted', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', ',', '\t', ', ')), { maxLength: 8 }),
        (micro, inserts) => {
          let text = formatPercentPlain(micro);
          for (const [pos, filler] of inserts) {
            const at = pos % (text.length + 1);
            text = text.slice(0, at) + filler + text.slice(at);
          }
          expect(parseDecimal(text)).toBe(micro);
        },
      ),
    );
  });

  it('never throws anything but a DomainError on arbitrary strings', () => {
    const check = (s: string) => {
      try {
        const v = parseDecimal(s);
        expect(typeof v).toBe('bigint');
      } catch (e) {
        expect(e).toBeInstanceOf(DomainError);
        expect(['NO_DIGITS', 'INVALID_CHARACTER']).toContain((e as DomainError).code);
      }
    };
    fc.assert(fc.property(fc.string({ unit: 'binary' }), check), { numRuns: 1000 });
    const numberish = fc.string({ unit: fc.constantFrom(...'0123456789+-., \tx'.split('')), maxLength: 30 });
    fc.assert(fc.property(numberish, check), { numRuns: 1000 });
  }, 60_000);
});

describe('parseMoney', () => {
  it('accepts the 64-bit bounds exactly', () => {
    expect(parseMoney('9223372036854.775807')).toBe(INT64_MAX);
    expect(parseMoney('9,223,372,036,854.775807')).toBe(INT64_MAX);
    expect(parseMoney('-9223372036854.775808')).toBe(INT64_MIN);
    expect(parseMoney('0000000000009223372036854.775807')).toBe(INT64_MAX);
    expect(parseMoney('9223372036854.7758074')).toBe(INT64_MAX);
  });

  it.each(['9223372036854.775808', '-9223372036854.775809', '9223372036854.7758075', '1' + '0'.repeat(30), '99999999999999'])(
    '%s overflows',
    (input) => {
      const e = domainErrorOf(() => parseMoney(input));
      expect(e.code).toBe('MONEY_OVERFLOW');
      expect(e.message).toBe('Money value exceeds 64-bit long bounds');
    },
  );

  it('rejects a huge digit string as out of range (how fast is for the bench, not a timed test)', () => {
    expect(() => parseMoney('9'.repeat(1 << 20))).toThrow('Money value exceeds 64-bit long bounds');
  });

  it('reports lexical errors before range', () => {
    expect(domainErrorOf(() => parseMoney('')).code).toBe('NO_DIGITS');
    expect(domainErrorOf(() => parseMoney('1' + '0'.repeat(30) + 'x')).code).toBe('INVALID_CHARACTER');
  });

  it('keeps 6 decimals', () => {
    expect(parseMoney('19.99')).toBe(19_990_000n);
    expect(parseMoney('0.123456')).toBe(123_456n);
    expect(parseMoney('0.1234565')).toBe(123_457n);
  });

  it('round-trips formatMoneyPlain and formatMoney at cent values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN / CENT, max: INT64_MAX / CENT }), (cents) => {
        const micro = cents * CENT;
        expect(parseMoney(formatMoneyPlain(micro))).toBe(micro);
        expect(parseMoney(formatMoney(micro).replace('$', ''))).toBe(micro);
      }),
    );
  });
});

describe('parsePercent', () => {
  it.each([
    ['7.25', 7_250_000n],
    ['1.0000005', 1_000_001n],
    ['1.00000049', 1_000_000n],
    ['-1.0000005', -1_000_001n],
    ['100', PERCENT_100],
    ['0.000001', 1n],
  ])('%j → %s', (input, expected) => {
    expect(parsePercent(input)).toBe(expected);
  });

  it('round-trips formatPercentPlain and formatPercent at 6 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (micro) => {
        expect(parsePercent(formatPercentPlain(micro))).toBe(micro);
        expect(parsePercent(formatPercent(micro).replace('%', ''))).toBe(micro);
      }),
    );
  });
});

describe('assertMoneyRange', () => {
  it('returns values inside the range and throws outside', () => {
    expect(assertMoneyRange(0n)).toBe(0n);
    expect(assertMoneyRange(INT64_MAX)).toBe(INT64_MAX);
    expect(assertMoneyRange(INT64_MIN)).toBe(INT64_MIN);
    expect(domainErrorOf(() => assertMoneyRange(INT64_MAX + 1n)).code).toBe('MONEY_OVERFLOW');
    expect(domainErrorOf(() => assertMoneyRange(INT64_MIN - 1n)).code).toBe('MONEY_OVERFLOW');
  });
});

describe('divRoundHalfEven', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [5n, -2n, -2n],
    [-5n, -2n, 2n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [-1n, 3n, 0n],
    [0n, 7n, 0n],
    [6n, 3n, 2n],
    [-6n, 3n, -2n],
  ])('%s / %s → %s', (n, d, q) => {
    expect(divRoundHalfEven(n, d)).toBe(q);
  });

  it('throws on division by zero', () => {
    expect(() => divRoundHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('is the nearest integer, ties to even', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), nonZero, (n, d) => {
        const q = divRoundHalfEven(n, d);
        const ad = d < 0n ? -d : d;
        let err = n - q * d; // n/d − q = err/d
        if (err < 0n) err = -err;
        expect(2n * err <= ad).toBe(true);
        if (2n * err === ad) expect(q % 2n).toBe(0n);
      }),
    );
  });
});

describe('roundToCents', () => {
  it.each([
    [5_000n, 0n], // 0.5 cent → 0
    [15_000n, 20_000n], // 1.5 cents → 2
    [25_000n, 20_000n], // 2.5 cents → 2
    [25_001n, 30_000n],
    [-5_000n, 0n],
    [-15_000n, -20_000n],
    [-25_000n, -20_000n],
    [-25_001n, -30_000n],
    [1_234_565_000n, 1_234_560_000n],
    [1_234_575_000n, 1_234_580_000n],
  ])('%s → %s', (micro, expected) => {
    expect(roundToCents(micro)).toBe(expected);
  });

  it('is idempotent, lands on a cent and moves at most half a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (micro) => {
        const r = roundToCents(micro);
        expect(roundToCents(r)).toBe(r);
        expect(r % CENT).toBe(0n);
        const diff = r > micro ? r - micro : micro - r;
        expect(diff <= CENT / 2n).toBe(true);
        if (diff === CENT / 2n) expect((r / CENT) % 2n).toBe(0n);
      }),
    );
  });
});

describe('moneyFromCents', () => {
  it('converts and range-checks', () => {
    expect(moneyFromCents(199n)).toBe(1_990_000n);
    expect(moneyFromCents(-1n)).toBe(-10_000n);
    expect(domainErrorOf(() => moneyFromCents(INT64_MAX)).code).toBe('MONEY_OVERFLOW');
  });
});

describe('formatMoney', () => {
  it.each([
    [1_234_565_000n, '$1,234.56'],
    [1_234_575_000n, '$1,234.58'],
    [-5_000_000n, '-$5.00'],
    [0n, '$0.00'],
    [5_000n, '$0.00'],
    [15_000n, '$0.02'],
    [25_000n, '$0.02'],
    [-5_000n, '$0.00'],
    [-1n, '$0.00'],
    [-15_000n, '-$0.02'],
    [999_995_000n, '$1,000.00'],
    [999_985_000n, '$999.98'],
    [100_000_000n, '$100.00'],
    [1_000_000_000_000n, '$1,000,000.00'],
    [123_456_789_000_000n, '$123,456,789.00'],
    [INT64_MAX, '$9,223,372,036,854.78'],
    [INT64_MIN, '-$9,223,372,036,854.78'],
  ])('%s → %s', (micro, text) => {
    expect(formatMoney(micro)).toBe(text);
  });

  it('formatMoneyPlain has no symbol and no grouping', () => {
    expect(formatMoneyPlain(1_234_565_000n)).toBe('1234.56');
    expect(formatMoneyPlain(-5_000_000n)).toBe('-5.00');
    expect(formatMoneyPlain(0n)).toBe('0.00');
    expect(formatMoneyPlain(1_000_000_000_000n)).toBe('1000000.00');
  });
});

describe('formatPercent', () => {
  it.each([
    [7_250_000n, '7.25%', '7.25'],
    [0n, '0%', '0'],
    [PERCENT_100, '100%', '100'],
    [1n, '0.000001%', '0.000001'],
    [2_500_000n, '2.5%', '2.5'],
    [-7_250_000n, '-7.25%', '-7.25'],
    [123_456_789n, '123.456789%', '123.456789'],
  ])('%s → %s', (micro, text, plain) => {
    expect(formatPercent(micro)).toBe(text);
    expect(formatPercentPlain(micro)).toBe(plain);
  });
});

describe('formatMoneyEditable', () => {
  it('shows whole cents with two decimals and finer amounts in full', () => {
    expect(formatMoneyEditable(12_500_000n)).toBe('12.50');
    expect(formatMoneyEditable(12_505_000n)).toBe('12.505');
    expect(formatMoneyEditable(-1n)).toBe('-0.000001');
    expect(formatMoneyEditable(0n)).toBe('0.00');
  });

  it('parses back to exactly the stored value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (micro) => {
        expect(parseMoney(formatMoneyEditable(micro))).toBe(micro);
      }),
    );
  });
});
