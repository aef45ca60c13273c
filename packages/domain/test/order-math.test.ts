import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENT,
  DomainError,
  INT64_MAX,
  PERCENT_100,
  commissionAmount,
  computeLine,
  profitMarginPercent,
  vendorShare,
  isLineComplete,
  isLineEmpty,
  summarizeOrder,
  type LineInput,
} from '../src/index';

const NO_TAX = [0n, 0n, 0n] as const;

describe('computeLine (every rounding to whole cents half-to-even)', () => {
  it('19.99 × 3, 10% off, 7.25% tax', () => {
    expect(
      computeLine({ quantity: 3, price: 19_990_000n, discountPercent: 10_000_000n, taxPercents: [7_250_000n, 0n, 0n] }),
    ).toEqual({
      amount: 59_970_000n, // 59.97
      discount: 6_000_000n, // 5.997 → 6.00
      total: 53_970_000n, // 53.97
      taxes: [3_910_000n, 0n, 0n], // 3.912825 → 3.91
    });
  });

  it('rounds the discount half-to-even at the cent', () => {
    // 0.25 × 10% = 0.025 → 2.5 cents → 2 cents
    expect(computeLine({ quantity: 1, price: 250_000n, discountPercent: 10_000_000n, taxPercents: NO_TAX })).toEqual({
      amount: 250_000n,
      discount: 20_000n,
      total: 230_000n,
      taxes: [0n, 0n, 0n],
    });
    // 0.35 × 10% = 0.035 → 3.5 cents → 4 cents
    expect(computeLine({ quantity: 1, price: 350_000n, discountPercent: 10_000_000n, taxPercents: NO_TAX }).discount).toBe(
      40_000n,
    );
  });

  it('rounds each tax half-to-even on the discounted total', () => {
    // 1.00 × 0.5% = 0.005 → 0 cents; 3.00 × 0.5% = 0.015 → 2 cents; 10.00 × 7.25% = 0.725 → 72 cents
    const line = (price: bigint, tax: bigint): LineInput => ({
      quantity: 1n,
      price,
      discountPercent: 0n,
      taxPercents: [tax, tax, 0n],
    });
    expect(computeLine(line(1_000_000n, 500_000n)).taxes).toEqual([0n, 0n, 0n]);
    expect(computeLine(line(3_000_000n, 500_000n)).taxes).toEqual([20_000n, 20_000n, 0n]);
    expect(computeLine(line(10_000_000n, 7_250_000n)).taxes).toEqual([720_000n, 720_000n, 0n]);
    // Tax is on the total after discount: 10.00 − 50% = 5.00, 10% of that is 0.50.
    expect(
      computeLine({ quantity: 2, price: 5_000_000n, discountPercent: 50_000_000n, taxPercents: [10_000_000n, 0n, 0n] }),
    ).toEqual({ amount: 10_000_000n, discount: 5_000_000n, total: 5_000_000n, taxes: [500_000n, 0n, 0n] });
  });

  it('keeps sub-cent amounts exact; only discount and taxes are rounded', () => {
    expect(
      computeLine({ quantity: 3, price: 333_333n, discountPercent: 0n, taxPercents: [10_000_000n, 0n, 0n] }),
    ).toEqual({ amount: 999_999n, discount: 0n, total: 999_999n, taxes: [100_000n, 0n, 0n] }); // 0.0999999 → 0.10
  });

  it('handles negative prices symmetrically (half-to-even)', () => {
    // −0.25 × 10% = −0.025 → −2 cents
    expect(computeLine({ quantity: 1, price: -250_000n, discountPercent: 10_000_000n, taxPercents: NO_TAX })).toEqual({
      amount: -250_000n,
      discount: -20_000n,
      total: -230_000n,
      taxes: [0n, 0n, 0n],
    });
  });

  it('accepts number and bigint quantities alike and rejects non-integers', () => {
    const base = { price: 1_230_000n, discountPercent: 0n, taxPercents: NO_TAX } as const;
    expect(computeLine({ ...base, quantity: 4 })).toEqual(computeLine({ ...base, quantity: 4n }));
    expect(computeLine({ ...base, quantity: 0 }).total).toBe(0n);
    expect(() => computeLine({ ...base, quantity: 1.5 })).toThrow(RangeError);
    expect(() => computeLine({ ...base, quantity: Number.NaN })).toThrow(RangeError);
  });

  it('throws MONEY_OVERFLOW when the amount leaves int64', () => {
    const run = () => computeLine({ quantity: 2, price: INT64_MAX, discountPercent: 0n, taxPercents: NO_TAX });
    expect(run).toThrow(DomainError);
    expect(run).toThrow('Money value exceeds 64-bit long bounds');
  });

  it('throws MONEY_OVERFLOW when a tax leaves int64', () => {
    const price = 9_000_000_000_000_000_000n;
    expect(computeLine({ quantity: 1, price, discountPercent: 0n, taxPercents: NO_TAX }).total).toBe(price);
    expect(() => computeLine({ quantity: 1, price, discountPercent: 0n, taxPercents: [PERCENT_100 * 2n, 0n, 0n] })).toThrow(
      'Money value exceeds 64-bit long bounds',
    );
  });

  const lineArb = fc.record({
    quantity: fc.integer({ min: 0, max: 10_000 }),
    price: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
    discountPercent: fc.bigInt({ min: 0n, max: PERCENT_100 }),
    taxPercents: fc.tuple(
      fc.bigInt({ min: 0n, max: 30_000_000n }),
      fc.bigInt({ min: 0n, max: 30_000_000n }),
      fc.bigInt({ min: 0n, max: 30_000_000n }),
    ),
  });

  it('discount + total = amount; discount and taxes are whole cents within half a cent of exact', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const a = computeLine(line);
        expect(a.amount).toBe(line.price * BigInt(line.quantity));
        expect(a.discount + a.total).toBe(a.amount);
        const halfCentScaled = (CENT / 2n) * PERCENT_100;
        const close = (rounded: bigint, base: bigint, pct: bigint) => {
          expect(rounded % CENT).toBe(0n);
          const diff = rounded * PERCENT_100 - base * pct;
          expect((diff < 0n ? -diff : diff) <= halfCentScaled).toBe(true);
        };
        close(a.discount, a.amount, line.discountPercent);
        a.taxes.forEach((t, i) => close(t, a.total, line.taxPercents[i] ?? 0n));
      }),
    );
  });

  it('summarizeOrder total equals Σ(line total + taxes)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const s = summarizeOrder(lines);
        const amounts = lines.map(computeLine);
        const sum = (f: (a: (typeof amounts)[number]) => bigint) => amounts.reduce((acc, a) => acc + f(a), 0n);
        expect(s.total).toBe(sum((a) => a.total + a.taxes[0] + a.taxes[1] + a.taxes[2]));
        expect(s.subtotal).toBe(sum((a) => a.amount));
        expect(s.discount).toBe(sum((a) => a.discount));
        expect(s.tax1).toBe(sum((a) => a.taxes[0]));
        expect(s.tax2).toBe(sum((a) => a.taxes[1]));
        expect(s.tax3).toBe(sum((a) => a.taxes[2]));
      }),
    );
  });
});

describe('summarizeOrder', () => {
  it('adds two hand-computed lines', () => {
    const lines: LineInput[] = [
      // 59.97 − 6.00 = 53.97; tax1 3.91; tax3 1% = 0.5397 → 0.54
      { quantity: 3, price: 19_990_000n, discountPercent: 10_000_000n, taxPercents: [7_250_000n, 0n, 1_000_000n] },
      // 10.00; tax1 0.725 → 0.72 (even); tax2 2.5% = 0.25
      { quantity: 2, price: 5_000_000n, discountPercent: 0n, taxPercents: [7_250_000n, 2_500_000n, 0n] },
    ];
    expect(summarizeOrder(lines)).toEqual({
      subtotal: 69_970_000n,
      discount: 6_000_000n,
      tax1: 4_630_000n,
      tax2: 250_000n,
      tax3: 540_000n,
      total: 69_390_000n,
    });
  });

  it('is all zeros for no lines', () => {
    expect(summarizeOrder([])).toEqual({ subtotal: 0n, discount: 0n, tax1: 0n, tax2: 0n, tax3: 0n, total: 0n });
  });

  it('throws MONEY_OVERFLOW when the sum leaves int64', () => {
    const big: LineInput = { quantity: 1, price: INT64_MAX / 2n + 1n, discountPercent: 0n, taxPercents: NO_TAX };
    expect(() => summarizeOrder([big])).not.toThrow();
    expect(() => summarizeOrder([big, big])).toThrow('Money value exceeds 64-bit long bounds');
  });
});

describe('line state', () => {
  const empty = { itemCode: '', description: '', quantity: 1, price: 0n };

  it('isLineEmpty: no code, no description, zero price', () => {
    expect(isLineEmpty(empty)).toBe(true);
    expect(isLineEmpty({ ...empty, itemCode: '  ', description: '\t' })).toBe(true);
    expect(isLineEmpty({ ...empty, itemCode: 'A1' })).toBe(false);
    expect(isLineEmpty({ ...empty, description: 'Lamp' })).toBe(false);
    expect(isLineEmpty({ ...empty, price: 1n })).toBe(false);
  });

  it('isLineComplete: code, description, quantity and price all present', () => {
    const full = { itemCode: 'A1', description: 'Lamp', quantity: 1, price: 5_000_000n };
    expect(isLineComplete(full)).toBe(true);
    expect(isLineComplete({ ...full, quantity: 2n })).toBe(true);
    expect(isLineComplete({ ...full, price: -5_000_000n })).toBe(true);
    expect(isLineComplete({ ...full, itemCode: ' ' })).toBe(false);
    expect(isLineComplete({ ...full, description: '' })).toBe(false);
    expect(isLineComplete({ ...full, quantity: 0 })).toBe(false);
    expect(isLineComplete({ ...full, quantity: 0n })).toBe(false);
    expect(isLineComplete({ ...full, price: 0n })).toBe(false);
    expect(isLineComplete(empty)).toBe(false);
  });
});

describe('vendor share and profit margin', () => {
  it('takes the commission off the line total, rounded to cents half-to-even', () => {
    // 53.97 at 15%: commission 8.0955 -> 8.10, vendor 45.87
    expect(commissionAmount(53_970_000n, 15_000_000n)).toBe(8_100_000n);
    expect(vendorShare(53_970_000n, 15_000_000n)).toBe(45_870_000n);
    // 0.25 at 10%: 0.025 is an exact half-cent -> 0.02 (even)
    expect(commissionAmount(250_000n, 10_000_000n)).toBe(20_000n);
    // 0.35 at 10%: 0.035 -> 0.04 (even)
    expect(commissionAmount(350_000n, 10_000_000n)).toBe(40_000n);
    expect(vendorShare(10_000_000n, 0n)).toBe(10_000_000n);
    expect(vendorShare(10_000_000n, 100_000_000n)).toBe(0n);
  });

  it('gives the profit margin as a percent, zero without revenue', () => {
    expect(profitMarginPercent(0n, 0n)).toBe(0n);
    expect(profitMarginPercent(100_000_000n, 75_000_000n)).toBe(25_000_000n);
    expect(profitMarginPercent(3_000_000n, 2_000_000n)).toBe(33_333_333n);
    expect(profitMarginPercent(100_000_000n, 150_000_000n)).toBe(-50_000_000n);
  });

  it('splits every line into commission plus vendor share exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 100_000_000n }), (total, pct) => {
        expect(commissionAmount(total, pct) + vendorShare(total, pct)).toBe(total);
        expect(commissionAmount(total, pct) % 10_000n).toBe(0n);
      }),
    );
  });
});
