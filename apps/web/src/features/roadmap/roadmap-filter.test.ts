import { describe, expect, test } from 'vitest';
import { filterEntries } from './roadmap-filter';

const rows = [
  { id: 1, title: 'Barcode Scanner support', description: 'Scan item codes at the counter' },
  { id: 2, title: 'Vendor statements', description: 'Monthly PDF for each BARCODE vendor' },
  { id: 3, title: 'Gift cards', description: 'Sell and redeem' },
];
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('filterEntries', () => {
  test('matches title or description, ignoring case', () => {
    expect(ids(filterEntries(rows, 'barcode'))).toEqual([1, 2]);
    expect(ids(filterEntries(rows, 'GIFT'))).toEqual([3]);
    expect(ids(filterEntries(rows, 'redeem'))).toEqual([3]);
  });

  test('empty or blank text keeps every entry', () => {
    expect(ids(filterEntries(rows, ''))).toEqual([1, 2, 3]);
    expect(ids(filterEntries(rows, '   '))).toEqual([1, 2, 3]);
  });

  test('surrounding spaces are ignored, inner ones count', () => {
    expect(ids(filterEntries(rows, '  gift cards '))).toEqual([3]);
    expect(ids(filterEntries(rows, 'cards gift'))).toEqual([]);
  });

  test('no match gives no rows', () => {
    expect(filterEntries(rows, 'zzz')).toEqual([]);
  });
});
