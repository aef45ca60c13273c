import { describe, expect, it } from 'vitest';
import { ROLES, balanceInWords, mayManagePortalAccess, nextMonth, nextRentMonth, portalLineNet } from '../src';

describe('the vendor portal rules', () => {
  it('says a balance in words: who owes whom, and how much', () => {
    expect(balanceInWords(12_340_000n)).toBe('The store owes you $12.34');
    expect(balanceInWords(-5_000_000n)).toBe('You owe the store $5.00');
    expect(balanceInWords(0n)).toBe('Nothing is owed either way');
  });

  it("posts next the rent of this month until it is posted, then next month's, on the first", () => {
    expect(nextRentMonth('2026-11', false)).toEqual({ month: '2026-11', postsOn: '2026-11-01' });
    expect(nextRentMonth('2026-11', true)).toEqual({ month: '2026-12', postsOn: '2026-12-01' });
    expect(nextMonth('2026-12')).toBe('2027-01');
  });

  it("nets a line: its total less commission and card fee, both posted negative", () => {
    expect(portalLineNet({ lineTotal: 20_000_000n, commission: -4_000_000n, cardFee: -580_000n })).toBe(15_420_000n);
  });

  it('lets an accountant, a manager and an owner manage portal access; nobody else', () => {
    const allowed = ROLES.filter(mayManagePortalAccess);
    expect(allowed).toEqual(['STORE_MANAGER', 'STORE_ACCOUNTANT', 'STORE_OWNER']);
  });
});
