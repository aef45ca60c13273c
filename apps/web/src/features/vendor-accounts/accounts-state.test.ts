import { describe, expect, test } from 'vitest';
import { accountName, accountsInput, adjustValidator, endOfLastMonth, payoutRequest, payoutValidator, rentMonthOptions, runValidator } from './accounts-state';
import { dayLabel, periodLabel, periodPresets, readStatementSearch, statementCsv, statementFilename } from './statement-view';
import Papa from 'papaparse';

const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

const M = (value: string) => ({ type: 'Money' as const, value });

describe('the accounts list', () => {
  test('sends the page, the filters and the trimmed search', () => {
    expect(accountsInput({ page: 2, pageSize: 50 }, { filter: 'OWED', vendorType: 'CONSIGNMENT', search: '  oak ' })).toEqual({
      page: 2,
      pageSize: 50,
      filter: 'OWED',
      vendorType: 'CONSIGNMENT',
      search: 'oak',
    });
  });

  test('names a separate-statement account by its vendor and code', () => {
    expect(accountName({ tradeName: 'Ada', tag: null })).toBe('Ada');
    expect(accountName({ tradeName: 'Ada', tag: 'ADA2' })).toBe('Ada · ADA2');
  });

  test('offers next month, this month and the twelve before, across a year', () => {
    const months = rentMonthOptions('2026-01');
    expect(months.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(months).toHaveLength(14);
    expect(months.at(-1)?.value).toBe('2025-01');
  });

  test('a payout run pays through the end of last month by default', () => {
    expect(endOfLastMonth('2026-03-15')).toBe('2026-02-28');
    expect(endOfLastMonth('2026-01-01')).toBe('2025-12-31');
  });
});

describe('the dialogs check what they send with the server schemas', () => {
  const account = { vendorId: 4, itemCodeId: null };
  test('a payout by check needs its number; the amount is whole cents above zero', () => {
    expect(payoutValidator(account)({ amount: 16_250_000n, method: 'CHECK', reference: ' ' })).toEqual({ reference: 'Check number is required for a payout by check' });
    expect(payoutValidator(account)({ amount: 0n, method: 'CASH', reference: '' })).toEqual({ amount: 'Amount must be more than $0.00' });
    expect(payoutValidator(account)({ amount: 16_250_000n, method: 'CHECK', reference: '1001' })).toEqual({});
    expect(payoutRequest(account, { amount: 16_250_000n, method: 'CHECK', reference: ' 1001 ' })).toEqual({ vendorId: 4, itemCodeId: null, amount: M('16250000'), method: 'CHECK', reference: '1001' });
  });

  test('an adjustment needs an amount other than zero and a memo', () => {
    expect(adjustValidator(account)({ amount: 0n, memo: '' })).toEqual({ amount: 'Amount must not be $0.00', memo: 'Memo is required' });
    expect(adjustValidator(account)({ amount: -5_000_000n, memo: 'Broken vase' })).toEqual({});
  });

  test('a payout run needs a day to pay through', () => {
    expect(runValidator({ through: null, minimum: 0n, method: 'CHECK' })).toEqual({ through: 'Through must be a date such as 2026-11-30' });
    expect(runValidator({ through: '2026-10-31', minimum: -1n, method: 'CHECK' })).toMatchObject({ minimum: expect.any(String) });
  });
});

describe('statements', () => {
  test('reads the search parameters, leaving out what is not a code or a day', () => {
    expect(readStatementSearch({ itemCodeId: '12', from: '2026-11-01', to: '2026-11-30' })).toEqual({ itemCodeId: 12, from: '2026-11-01', to: '2026-11-30' });
    expect(readStatementSearch({ itemCodeId: 'x', from: 'soon', to: 5 })).toEqual({});
  });

  test('says a period in words', () => {
    expect(periodLabel('2026-11-01', '2026-11-30')).toBe('November 2026');
    expect(periodLabel('2026-11-01', '2026-11-23')).toBe('Nov 1, 2026 – Nov 23, 2026');
    expect(dayLabel('2026-02-05')).toBe('Feb 5, 2026');
    expect(periodPresets('2026-03-15')).toEqual([
      { label: 'This month', from: '2026-03-01', to: '2026-03-15' },
      { label: 'Last month', from: '2026-02-01', to: '2026-02-28' },
      { label: 'Last 90 days', from: '2025-12-16', to: '2026-03-15' },
    ]);
  });

  const statement = {
    success: true,
    store: { name: 'Blue Door', address: '1 Main St', timeZone: 'UTC' },
    vendor: { id: 3, tradeName: 'Ada Antiques', vendorType: 'VENDOR' as const, contactName: 'Ada', contactEmail: 'a@x.test', contactPhone: '555', mailingAddress: '', booth: '' },
    account: { itemCodeId: null, tag: null },
    from: '2026-11-01',
    to: '2026-11-30',
    openingBalance: M('0'),
    entries: [
      { id: 1, date: '2026-11-02T10:00:00.000Z', day: '2026-11-02', kind: 'SALE' as const, orderNumber: 'A-7', itemCode: 'ADA1', description: 'Lamp, brass', amount: M('72000000'), memo: '' },
      { id: 2, date: '2026-11-02T10:00:00.000Z', day: '2026-11-02', kind: 'COMMISSION' as const, orderNumber: 'A-7', itemCode: 'ADA1', description: 'Lamp, brass', amount: M('-7200000'), memo: '' },
      { id: 3, date: '2026-11-30T10:00:00.000Z', day: '2026-11-30', kind: 'RENT' as const, orderNumber: null, itemCode: null, description: 'Rent for 2026-11', amount: M('-150000000'), memo: '' },
    ],
    totals: { SALE: M('72000000'), COMMISSION: M('-7200000'), CARD_FEE: M('0'), RENT: M('-150000000'), ADJUSTMENT: M('0'), PAYOUT: M('0') },
    closingBalance: M('-85200000'),
  };

  test('downloads the same figures as the page: entries, opening, totals by kind, closing', () => {
    const rows = parseCsv(statementCsv(statement));
    expect(rows[0]).toEqual(['Date', 'Kind', 'Order', 'Item Code', 'Description', 'Memo', 'Amount']);
    expect(rows[1]).toEqual(['', '', '', '', 'Opening balance', '', '0.00']);
    expect(rows[2]).toEqual(['2026-11-02', 'Sale', 'A-7', 'ADA1', 'Lamp, brass', '', '72.00']);
    expect(rows[4]).toEqual(['2026-11-30', 'Rent', '', '', 'Rent for 2026-11', '', '-150.00']);
    expect(rows.slice(5, 11).map((r) => [r[4], r[6]])).toEqual([
      ['Total sale', '72.00'],
      ['Total commission', '-7.20'],
      ['Total card fee', '0.00'],
      ['Total rent', '-150.00'],
      ['Total adjustment', '0.00'],
      ['Total payout', '0.00'],
    ]);
    expect(rows.at(-1)).toEqual(['', '', '', '', 'Closing balance', '', '-85.20']);
    expect(statementFilename(statement)).toBe('statement-ada-antiques-2026-11-01-2026-11-30.csv');
    expect(statementFilename({ ...statement, account: { itemCodeId: 9, tag: 'ADA2' } })).toBe('statement-ada-antiques-ada2-2026-11-01-2026-11-30.csv');
  });
});
