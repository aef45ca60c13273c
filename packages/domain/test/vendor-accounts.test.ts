import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  daysFrom,
  defaultCommissionFor,
  deductsRent,
  isRentMonth,
  monthStart,
  parseMoney,
  parsePercent,
  payoutProblem,
  payoutRunAmount,
  rentEntryAmount,
  totalsByKind,
} from '../src/index';

const $ = parseMoney;

describe('defaultCommissionFor', () => {
  const defaults = {
    defaultVendorCommissionPercent: parsePercent('10'),
    defaultVendorConsignmentCommissionPercent: parsePercent('20'),
    defaultConsignmentCommissionPercent: parsePercent('35'),
  };
  it.each([
    ['VENDOR', '10'],
    ['VENDOR_CONSIGNMENT', '20'],
    ['CONSIGNMENT', '35'],
    [null, '10'],
  ] as const)('starts a code of a %s at %s%%', (type, percent) => {
    expect(defaultCommissionFor(type, defaults)).toBe(parsePercent(percent));
  });
});

describe('rent', () => {
  it.each([
    [true, null, true],
    [false, null, false],
    [true, 'USE_VENDOR_DEFAULT', true],
    [false, 'USE_VENDOR_DEFAULT', false],
    [false, 'DEDUCT', true],
    [true, 'DO_NOT_DEDUCT', false],
  ] as const)('a vendor deducting %s with override %s pays rent: %s', (vendor, override, pays) => {
    expect(deductsRent(vendor, override)).toBe(pays);
  });

  it('posts minus the rent, and nothing for no rent or no deduction', () => {
    expect(rentEntryAmount($('150'), true)).toBe($('-150'));
    expect(rentEntryAmount(0n, true)).toBeNull();
    expect(rentEntryAmount($('150'), false)).toBeNull();
  });

  it('knows a month', () => {
    expect(['2026-11', '1999-01', '2026-12'].every(isRentMonth)).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', ''].some(isRentMonth)).toBe(false);
  });
});

describe('payouts', () => {
  it('refuses more than the balance, nothing, and fractions of a cent', () => {
    expect(payoutProblem($('16.25'), $('16.25'))).toBeNull();
    expect(payoutProblem($('16.26'), $('16.25'))).toBe("A payout of $16.26 is more than the account's balance of $16.25");
    expect(payoutProblem($('10'), $('-86.43'))).toBe("A payout of $10.00 is more than the account's balance of -$86.43");
    expect(payoutProblem(0n, $('5'))).toBe('A payout must be more than $0.00');
    expect(payoutProblem(1n, $('5'))).toBe('A payout must be in whole cents');
  });

  it('pays through a day what was earned through it less what was paid, from the minimum up, never past the balance', () => {
    // Earned 120 through the day, 7 after: pays 120.
    expect(payoutRunAmount({ balance: $('127'), earnedAfterThrough: $('7') }, $('25'))).toBe($('120'));
    // Below the minimum, or nothing due.
    expect(payoutRunAmount({ balance: $('24.99'), earnedAfterThrough: 0n }, $('25'))).toBe(0n);
    expect(payoutRunAmount({ balance: $('500'), earnedAfterThrough: $('500') }, 0n)).toBe(0n);
    // Rent after the day took most of it: the balance caps the payout.
    expect(payoutRunAmount({ balance: $('20'), earnedAfterThrough: $('-480') }, 0n)).toBe($('20'));
    expect(payoutRunAmount({ balance: $('-5'), earnedAfterThrough: $('-30') }, 0n)).toBe(0n);
  });

  it('pays only what is due from the minimum up, never past the balance, and a second run through the same day pays nothing', () => {
    const amount = fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n });
    fc.assert(
      fc.property(amount, amount, fc.bigInt({ min: 0n, max: 1_000_000_000n }), (balance, earnedAfterThrough, minimum) => {
        const paid = payoutRunAmount({ balance, earnedAfterThrough }, minimum);
        const due = balance - earnedAfterThrough;
        expect(paid >= 0n && (paid === 0n || (paid <= balance && due >= minimum))).toBe(true);
        expect(payoutRunAmount({ balance: balance - paid, earnedAfterThrough }, 0n) === 0n || paid === 0n).toBe(true);
      }),
    );
  });
});

describe('statements', () => {
  it('totals entries by kind, every kind present', () => {
    expect(
      totalsByKind([
        { kind: 'SALE', amount: $('72') },
        { kind: 'COMMISSION', amount: $('-7.20') },
        { kind: 'CARD_FEE', amount: $('-1.23') },
        { kind: 'RENT', amount: $('-150') },
        { kind: 'SALE', amount: $('3') },
      ]),
    ).toEqual({ SALE: $('75'), COMMISSION: $('-7.20'), CARD_FEE: $('-1.23'), RENT: $('-150'), ADJUSTMENT: 0n, PAYOUT: 0n });
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysFrom('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysFrom('2024-03-10', '2024-03-10')).toBe(0);
    expect(monthStart('2026-11-23')).toBe('2026-11-01');
  });
});
