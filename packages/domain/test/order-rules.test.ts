import { describe, expect, it } from 'vitest';
import { isOrderEditable, movesMoneyOut, presetLineTaxes, taxOn, type StoreTax } from '../src/index';

describe('isOrderEditable', () => {
  it('lets only a DRAFT be edited', () => {
    expect(isOrderEditable('DRAFT')).toBe(true);
  });

  it('freezes a PENDING order awaiting approval, and every order that is history', () => {
    for (const status of ['PENDING', 'COMPLETED', 'CANCELLED', 'REFUNDED', 'draft', '']) expect(isOrderEditable(status)).toBe(false);
  });
});

describe('new line taxes', () => {
  const tax = (over: Partial<StoreTax>): StoreTax => ({ shortName: 'GST', percent: 5_000_000n, enabled: true, applyByDefault: true, ...over });

  it("turns a tax on with the store's current percent and short name", () => {
    expect(taxOn(tax({ shortName: 'PST', percent: 7_250_000n }))).toEqual({ enabled: true, percent: 7_250_000n, description: 'PST' });
  });

  it('presets each enabled tax that applies by default, and leaves the others off with no percent or name', () => {
    const off = { enabled: false, percent: 0n, description: '' };
    expect(
      presetLineTaxes([
        tax({ shortName: 'GST', percent: 5_000_000n }),
        tax({ shortName: 'PST', percent: 7_250_000n, applyByDefault: false }),
        tax({ shortName: 'ECO', percent: 2_500_000n, enabled: false }),
      ]),
    ).toEqual([{ enabled: true, percent: 5_000_000n, description: 'GST' }, off, off]);
  });
});

describe('movesMoneyOut', () => {
  const line = (price: bigint, quantity = 1n) => ({ price, amount: price * quantity });

  it('is false for an order of lines at or above zero', () => {
    expect(movesMoneyOut([line(5_000_000n), line(0n)], 5_000_000n)).toBe(false);
    expect(movesMoneyOut([], 0n)).toBe(false);
  });

  it('is true for a total below zero (cash handed back from the drawer)', () => {
    expect(movesMoneyOut([line(-500_000_000n)], -500_000_000n)).toBe(true);
  });

  it('is true for a negative line even when the total is zero or above (a vendor credited for goods nobody paid for)', () => {
    expect(movesMoneyOut([line(1_000_000_000n), line(-1_000_000_000n)], 0n)).toBe(true);
    expect(movesMoneyOut([line(20_000_000n), line(-1_000_000n)], 19_000_000n)).toBe(true);
  });

  it('counts a negative price even on a line of no units', () => {
    expect(movesMoneyOut([line(-1_000_000n, 0n)], 0n)).toBe(true);
  });
});
