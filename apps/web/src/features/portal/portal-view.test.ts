import { describe, expect, it } from 'vitest';
import { accountOfOption, linesLabel, netInWords, saleLineWhere, salesAccountOptions, statementAccountOptions } from './portal-view';

describe('the vendor portal screens', () => {
  const accounts = [
    { itemCodeId: null, tag: null },
    { itemCodeId: 7, tag: 'ADA2' },
  ];

  it('offers an account choice only to a vendor with a separate-statement account', () => {
    expect(salesAccountOptions([{ itemCodeId: null, tag: null }])).toEqual([]);
    expect(salesAccountOptions(accounts)).toEqual([
      { value: 'all', label: 'All accounts' },
      { value: '7', label: 'Item code ADA2' },
    ]);
    expect(statementAccountOptions(accounts)[0]).toEqual({ value: 'main', label: 'Main account' });
    expect(accountOfOption('7')).toBe(7);
    expect(accountOfOption('all')).toBeUndefined();
    expect(accountOfOption(null)).toBeUndefined();
  });

  it('says where and when a line was sold, a refund naming the original sale', () => {
    const sale = { day: '2026-11-02', orderNumber: '1001', refundNumber: null, itemNumber: null, itemCode: 'ADA' };
    expect(saleLineWhere(sale)).toBe('Nov 2, 2026 · Order 1001 · Item ADA');
    expect(saleLineWhere({ ...sale, refundNumber: '12', itemCode: null })).toBe('Nov 2, 2026 · Refund 12 of order 1001');
  });

  it('counts lines and says what they did to the balance', () => {
    expect(linesLabel(1)).toBe('1 line');
    expect(linesLabel(1200)).toBe('1,200 lines');
    expect(netInWords({ value: '15420000' })).toBe('These lines added $15.42 to your balance');
    expect(netInWords({ value: '-2000000' })).toBe('These lines took $2.00 from your balance');
    expect(netInWords({ value: '0' })).toBe('These lines did not change your balance');
  });
});
