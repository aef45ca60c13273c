/**
 * The reports' table as text, and its CSV: every grouping's columns, the totals row,
 * the tax grouping's refunded tax summed over its rows, and a CSV that reads back as the
 * very cells the table shows.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SalesReport } from '@pos/contracts';
import { REPORT_GROUPINGS } from '@pos/contracts';
import { salesTable, tableCsv, tableFilename, type ReportTable } from './report-table';

const headers = (t: ReportTable) => t.columns.map((c) => c.header);

const M = (dollars: string) => ({ type: 'Money' as const, value: String(Math.round(Number(dollars) * 100) * 10_000) });
const ZERO = { orders: 0, gross: M('0'), discounts: M('0'), net: M('0'), tax1: M('0'), tax2: M('0'), tax3: M('0'), customerFees: M('0'), refunds: M('0'), commission: M('0'), cardFees: M('0'), ownSales: M('0'), applied: M('0'), tendered: M('0'), change: M('0') };

function report(groupBy: SalesReport['groupBy'], rows: SalesReport['rows'], totals: Partial<SalesReport['totals']>): SalesReport {
  return { success: true, from: '2026-03-01', to: '2026-03-31', today: '2026-03-31', timeZone: 'UTC', groupBy, taxes: [{ n: 1, name: 'GST' }], rows, totals: { ...ZERO, ...totals }, next: null, others: null };
}

describe('salesTable', () => {
  it('shows a day grouping with every figure and the totals row, and names its file', () => {
    const r = report('day', [{ key: '2026-03-10', label: '2026-03-10', ...ZERO, orders: 1, gross: M('108'), discounts: M('8'), net: M('100'), tax1: M('5'), customerFees: M('1.45'), commission: M('15.95'), cardFees: M('1.23'), ownSales: M('3') }], {
      orders: 1,
      gross: M('108'),
      discounts: M('8'),
      net: M('100'),
      tax1: M('5'),
      customerFees: M('1.45'),
      commission: M('15.95'),
      cardFees: M('1.23'),
      ownSales: M('3'),
    });
    const t = salesTable(r);
    expect(headers(t)).toEqual(['Day', 'Orders', 'Gross', 'Discounts', 'Net sales', 'GST', 'Customer fees', 'Refunds', 'Commission', 'Card fees recovered', 'Own sales']);
    expect(t.totals).toEqual(['Total', '1', '$108.00', '$8.00', '$100.00', '$5.00', '$1.45', '$0.00', '$15.95', '$1.23', '$3.00']);
    expect(tableFilename(t)).toBe('sales-by-day-2026-03-01-to-2026-03-31.csv');
  });

  it('sums the tax grouping’s refunded tax over its rows (the period’s refunds include what was refunded before tax)', () => {
    const r = report('tax', [{ key: '1', label: 'GST', ...ZERO, orders: 1, net: M('100'), tax1: M('5'), refunds: M('1.25') }], { orders: 1, net: M('100'), tax1: M('5'), refunds: M('26.25') });
    const t = salesTable(r);
    expect(headers(t)).toEqual(['Tax', 'Orders', 'Taxable sales', 'Tax', 'Tax refunded']);
    expect(t.rows[0]!.cells).toEqual(['GST', '1', '$100.00', '$5.00', '$1.25']);
    expect(t.totals).toEqual(['Total', '1', '$100.00', '$5.00', '$1.25']);
  });

  it('gives every grouping’s columns ids of their own, though the tax grouping has two headings called Tax (the ids key the cells)', () => {
    for (const groupBy of REPORT_GROUPINGS) {
      const ids = salesTable(report(groupBy, [], {})).columns.map((c) => c.id);
      expect(new Set(ids).size, groupBy).toBe(ids.length);
    }
    expect(headers(salesTable(report('tax', [], {}))).filter((h) => h === 'Tax')).toHaveLength(2);
  });

  it('writes a CSV that reads back as the table’s cells, a name with a comma and a negative amount included', () => {
    const r = report('vendor', [{ key: '7', label: 'Smith, Jones & Co', ...ZERO, orders: 2, net: M('10'), commission: M('-8.75'), refunds: M('26.25') }], { orders: 2, net: M('10'), commission: M('-8.75'), refunds: M('26.25') });
    const t = salesTable(r);
    const read = Papa.parse<string[]>(tableCsv(t), { skipEmptyLines: true }).data;
    expect(read).toEqual([headers(t), ...t.rows.map((row) => row.cells), t.totals]);
    expect(read[1]![0]).toBe('Smith, Jones & Co');
    expect(read[1]).toContain('-$8.75');
  });

  it('adds a page’s row of other pages, without an order count, before the totals, and writes it to the CSV', () => {
    const { orders: _orders, ...others } = { ...ZERO, net: M('90'), commission: M('9') };
    const r = { ...report('vendor', [{ key: '7', label: 'Ada', ...ZERO, orders: 1, net: M('10'), commission: M('1') }], { orders: 3, net: M('100'), commission: M('10') }), next: '7', others };
    const t = salesTable(r);
    expect(t.rows.map((row) => row.cells.slice(0, 5))).toEqual([
      ['Ada', '1', '$0.00', '$0.00', '$10.00'],
      ['Other vendors (other pages)', '', '$0.00', '$0.00', '$90.00'],
    ]);
    expect(t.totals!.slice(0, 5)).toEqual(['Total', '3', '$0.00', '$0.00', '$100.00']);
    expect(Papa.parse<string[]>(tableCsv(t), { skipEmptyLines: true }).data[2]![0]).toBe('Other vendors (other pages)');
  });
});
