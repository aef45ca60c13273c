/**
 * A statement as the page shows, prints and downloads it: its period in words, the CSV
 * with the same figures as the page (every entry, then opening, totals by kind and
 * closing), the file's name.
 */
import { fromWire, type Statement } from '@pos/contracts';
import { LEDGER_KINDS, LEDGER_KIND_LABELS, addDays, formatMoneyPlain, monthStart, VENDOR_TYPE_LABELS } from '@pos/domain';
import { toCsv, type CsvColumn } from '../../lib/csv';
import { accountName, monthLabel } from './accounts-state';

export { readStatementSearch, type StatementSearch } from './statement-search';

const DAY_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 2, 2026' for '2026-11-02'. */
export function dayLabel(day: string): string {
  return `${DAY_NAMES[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
}

/** 'November 2026' for a whole month, else 'Nov 1, 2026 – Nov 23, 2026'. */
export function periodLabel(from: string, to: string): string {
  if (from === monthStart(from) && addDays(to, 1) === monthStart(addDays(to, 1)) && from.slice(0, 7) === to.slice(0, 7)) return monthLabel(from.slice(0, 7));
  return `${dayLabel(from)} – ${dayLabel(to)}`;
}

/** The period presets of the picker, from the store's today. */
export function periodPresets(today: string) {
  const thisMonth = monthStart(today);
  const lastMonthEnd = addDays(thisMonth, -1);
  return [
    { label: 'This month', from: thisMonth, to: today },
    { label: 'Last month', from: monthStart(lastMonthEnd), to: lastMonthEnd },
    { label: 'Last 90 days', from: addDays(today, -89), to: today },
  ];
}

interface CsvLine {
  day?: string;
  kind?: string;
  orderNumber?: string | null;
  itemCode?: string | null;
  description: string;
  memo?: string;
  amount: { value: string };
}

const STATEMENT_COLUMNS: readonly CsvColumn<CsvLine>[] = [
  { header: 'Date', value: (l) => l.day },
  { header: 'Kind', value: (l) => l.kind },
  { header: 'Order', value: (l) => l.orderNumber },
  { header: 'Item Code', value: (l) => l.itemCode },
  { header: 'Description', value: (l) => l.description },
  { header: 'Memo', value: (l) => l.memo },
  { header: 'Amount', value: (l) => formatMoneyPlain(fromWire(l.amount)) },
];

/** The statement's CSV: the opening balance, its entries, each kind's total and the closing balance, amounts as plain decimals. */
export function statementCsv(s: Statement): string {
  return toCsv<CsvLine>(
    [
      { description: 'Opening balance', amount: s.openingBalance },
      ...s.entries.map((e) => ({ ...e, kind: LEDGER_KIND_LABELS[e.kind] })),
      ...LEDGER_KINDS.map((k) => ({ description: `Total ${LEDGER_KIND_LABELS[k].toLowerCase()}`, amount: s.totals[k] })),
      { description: 'Closing balance', amount: s.closingBalance },
    ],
    STATEMENT_COLUMNS,
  );
}

/** 'statement-ada-antiques-ada2-2026-11-01-2026-11-30.csv' */
export function statementFilename(s: Statement): string {
  const name = accountName({ tradeName: s.vendor.tradeName, tag: s.account.tag })
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `statement-${name || 'vendor'}-${s.from}-${s.to}.csv`;
}

/** The vendor's type in words. */
export function vendorTypeLabel(s: Statement): string {
  return VENDOR_TYPE_LABELS[s.vendor.vendorType];
}
