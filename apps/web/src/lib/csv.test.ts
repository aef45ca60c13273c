import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  amount: string;
  note: string | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Note', value: (r) => r.note },
];

describe('toCsv', () => {
  it('writes a header line and one CRLF line per row; a missing value is an empty cell', () => {
    expect(toCsv([{ name: 'Visa', amount: '$5.00', note: null }], columns)).toBe('Name,Amount,Note\r\nVisa,$5.00,');
  });

  it('quotes commas, quotes and line breaks, and reads back to the same cells', () => {
    const rows = [{ name: 'Smith, "Bo"', amount: '$1,234.50', note: 'Minimum amount: $10.00 → $5.00\nName: Visa → Visa Credit' }];
    const text = toCsv(rows, columns);
    expect(text).toContain('"Smith, ""Bo"""');
    expect(Papa.parse<string[]>(text).data).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Smith, "Bo"', '$1,234.50', 'Minimum amount: $10.00 → $5.00\nName: Visa → Visa Credit'],
    ]);
  });

  it('makes text of a cell a spreadsheet would run as a formula, but keeps negative numbers and amounts', () => {
    const cells = ['=HYPERLINK("http://x")', '+1 555 0100', '@SUM(A1)', '-1+2', '-5', '-$1,234.50', '-2.5%', 'Ann-Marie'];
    const text = toCsv(cells.map((name) => ({ name, amount: '', note: '' })), columns);
    const read = Papa.parse<string[]>(text).data.slice(1).map((r) => r[0]);
    expect(read).toEqual(["'=HYPERLINK(\"http://x\")", "'+1 555 0100", "'@SUM(A1)", "'-1+2", '-5', '-$1,234.50', '-2.5%', 'Ann-Marie']);
  });

  it('writes only the header line for no rows', () => {
    expect(toCsv([], columns)).toBe('Name,Amount,Note\r\n');
  });
});
