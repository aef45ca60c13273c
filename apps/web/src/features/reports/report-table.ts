/**
 * What the reports' tables show, as text, built once from an answer: the table renders
 * these cells and the CSV download writes the very same cells (with csv.ts), so the file
 * holds exactly what the table shows, totals row included.
 */
import { fromWire, type SalesReport } from '@pos/contracts';
import { REPORT_GROUPING_LABELS, formatMoney, otherGroupsLabel, type ReportGrouping } from '@pos/domain';
import { toCsv, type CsvColumn } from '../../lib/csv';

/**
 * A column: its id (unique in its table, the React key of its cells, so two columns with
 * the same heading, as a tax grouping's "Tax" and "Tax", never swap places), its heading,
 * and whether it holds numbers (right-aligned).
 */
export interface TableColumn {
  id: string;
  header: string;
  numeric: boolean;
}

export interface ReportTable {
  /** The table's name (its caption, and the CSV's file name). */
  title: string;
  columns: TableColumn[];
  rows: { key: string; cells: string[] }[];
  /** The totals row; null for a table without one. */
  totals: string[] | null;
}

/** A row's figures; the row of other pages has no order count (an order may have lines on several pages). */
type Figures = Omit<SalesReport['totals'], 'orders'> & { orders?: number };
type Row = SalesReport['rows'][number];
type MoneyKey = Exclude<keyof Figures, 'orders'>;

interface SalesColumn {
  /** Unique among the columns of a grouping: the figure it shows. */
  id: string;
  header: string;
  cell: (f: Figures) => string;
  /** The totals row's cell, when it is not the period's figure (a sum over the rows). */
  total?: (report: SalesReport) => string;
}

const money = (wire: { value: string }) => formatMoney(fromWire(wire));
const moneyColumn = (header: string, key: MoneyKey): SalesColumn => ({ id: key, header, cell: (f) => money(f[key]) });
const ordersColumn: SalesColumn = { id: 'orders', header: 'Orders', cell: (f) => (f.orders === undefined ? '' : String(f.orders)) };

function taxColumns(report: SalesReport): SalesColumn[] {
  return report.taxes.map((t) => moneyColumn(t.name, `tax${t.n}` as MoneyKey));
}

/** The columns each grouping shows: those whose figures split over its groups. */
export function salesColumns(report: SalesReport): SalesColumn[] {
  const sales = [ordersColumn, moneyColumn('Gross', 'gross'), moneyColumn('Discounts', 'discounts'), moneyColumn('Net sales', 'net'), ...taxColumns(report)];
  const ledger = [moneyColumn('Refunds', 'refunds'), moneyColumn('Commission', 'commission'), moneyColumn('Card fees recovered', 'cardFees'), moneyColumn('Own sales', 'ownSales')];
  switch (report.groupBy) {
    case 'vendor':
    case 'itemCode':
      return [...sales, ...ledger];
    case 'paymentMethod':
      return [
        ordersColumn,
        moneyColumn('Applied to totals', 'applied'),
        moneyColumn('Customer fees', 'customerFees'),
        moneyColumn('Cash tendered', 'tendered'),
        moneyColumn('Change', 'change'),
        moneyColumn('Refunds', 'refunds'),
      ];
    case 'tax':
      return [
        ordersColumn,
        moneyColumn('Taxable sales', 'net'),
        {
          id: 'taxTotal',
          header: 'Tax',
          cell: (f) => formatMoney(fromWire(f.tax1) + fromWire(f.tax2) + fromWire(f.tax3)),
        },
        {
          id: 'taxRefunded',
          header: 'Tax refunded',
          cell: (f) => money(f.refunds),
          // The period's refunds include what refunds gave back before tax: the column's total is its rows'.
          total: (r) => formatMoney(r.rows.reduce((s, row) => s + fromWire(row.refunds), 0n)),
        },
      ];
    default:
      return [...sales, moneyColumn('Customer fees', 'customerFees'), ...ledger];
  }
}

/** The key of the row of other pages (no group's key starts with a NUL). */
export const OTHERS_KEY = '\u0000others';

/** The sales table of an answer: a first column naming the group, then the grouping's columns, and the totals row. */
export function salesTable(report: SalesReport): ReportTable {
  const columns = salesColumns(report);
  return {
    title: `Sales by ${REPORT_GROUPING_LABELS[report.groupBy].toLowerCase()}, ${report.from} to ${report.to}`,
    columns: [{ id: 'group', header: REPORT_GROUPING_LABELS[report.groupBy], numeric: false }, ...columns.map((c) => ({ id: c.id, header: c.header, numeric: true }))],
    rows: [
      ...report.rows.map((row: Row) => ({ key: row.key, cells: [row.label, ...columns.map((c) => c.cell(row))] })),
      // A paged grouping: what the other pages hold, so the rows add up to the totals.
      ...(report.others ? [{ key: OTHERS_KEY, cells: [otherGroupsLabel(report.groupBy), ...columns.map((c) => c.cell(report.others!))] }] : []),
    ],
    totals: ['Total', ...columns.map((c) => (c.total ? c.total(report) : c.cell(report.totals)))],
  };
}

/** The table as CSV: its header, its rows and its totals row, cell for cell. */
export function tableCsv(table: ReportTable): string {
  const columns: CsvColumn<string[]>[] = table.columns.map(({ header }, i) => ({ header, value: (cells) => cells[i] }));
  return toCsv([...table.rows.map((r) => r.cells), ...(table.totals ? [table.totals] : [])], columns);
}

/** A file name for a table: its title in lower case, words joined by dashes. */
export function tableFilename(table: ReportTable): string {
  return `${table.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.csv`;
}

/** The chart's figure for a group: net sales, or what a payment method applied. Currency units, for drawing only. */
export function chartValue(groupBy: ReportGrouping, f: Figures): number {
  const micro = groupBy === 'paymentMethod' ? fromWire(f.applied) : groupBy === 'tax' ? fromWire(f.tax1) + fromWire(f.tax2) + fromWire(f.tax3) : fromWire(f.net);
  return Number(micro) / 1_000_000;
}

export function chartSeriesName(groupBy: ReportGrouping): string {
  return groupBy === 'paymentMethod' ? 'Applied to totals' : groupBy === 'tax' ? 'Tax' : 'Net sales';
}
