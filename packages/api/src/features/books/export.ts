/**
 * The books leave the product in four formats (docs/BOOKS.md, Export). Pure functions of
 * a period's journals and the store's accounts with their export names and numbers: no
 * database, no clock, so the same period gives the same bytes every time.
 *
 * - hledger (also read by ledger-cli): one transaction per journal, dated its business
 *   day, amounts exact to the micro-unit with at least two decimals.
 * - QuickBooks Desktop IIF, QuickBooks Online journal-entry CSV, Xero manual-journal
 *   CSV: one entry per business day, the day's journals summed by account in whole
 *   cents, with a rounding line when the cents leave a difference (domain's dailyEntries).
 *
 * The CSV and IIF text is written by papaparse's unparse.
 */
import Papa from 'papaparse';
import { BOOKS_EXPORT_FORMATS, type BooksExportFormat } from '@pos/contracts';
import {
  FIXED_ACCOUNTS,
  JOURNAL_KIND_LABELS,
  accountKind,
  balancedLegs,
  compareAccountKeys,
  dailyEntries,
  fixedAccountName,
  formatMoneyEditable,
  formatMoneyPlain,
  type AccountKey,
  type AccountKind,
  type DayEntry,
  type FixedAccount,
  type JournalKind,
  type JournalLeg,
} from '@pos/domain';

export { BOOKS_EXPORT_FORMATS, type BooksExportFormat };

/** An account of the store's chart with its mapping to the store's QuickBooks or Xero accounts. */
export interface ExportAccount {
  key: AccountKey;
  /** The default name (chartOfAccounts'), which the hledger export writes. */
  name: string;
  /** The QuickBooks / Xero account name it is exported as; the default name when not set. */
  exportName?: string | null;
  /** The QuickBooks / Xero account number (Xero's account code); Xero falls back to the name when not set. */
  exportNumber?: string | null;
}

/** A journal as the exports see it. */
export interface ExportJournal {
  id: bigint;
  kind: JournalKind;
  /** Its business day, YYYY-MM-DD in the store's time zone. */
  day: string;
  /** The order, refund or payout number (or the rent month, the closed day) it comes from. */
  reference: string;
  memo?: string | null;
  legs: readonly JournalLeg[];
}

export interface BooksExportInput {
  storeName: string;
  /** The period's first and last business days. */
  from: string;
  to: string;
  /** The store's chart with its mapping; a fixed account it leaves out goes by its default name. */
  accounts: readonly ExportAccount[];
  /** The period's journals (every one dated from..to), in the order they were posted. */
  journals: readonly ExportJournal[];
  /** The hledger export only: each account's balance at the end of the day before `from`, written as the period's opening transaction. */
  opening?: readonly JournalLeg[];
  /** The Xero export only: the tax rate every line carries (Xero requires one); 'Tax Exempt' when not given. */
  xeroTaxRate?: string;
}

export interface BooksExportFile {
  filename: string;
  contentType: string;
  content: string;
}

/** The accounts by key, and a lookup that refuses an account the chart does not have. */
function accountBook(accounts: readonly ExportAccount[]) {
  const byKey = new Map(accounts.map((a) => [a.key, a]));
  return (key: AccountKey): ExportAccount => {
    const account = byKey.get(key);
    if (account) return account;
    if ((FIXED_ACCOUNTS as readonly string[]).includes(key)) return { key, name: fixedAccountName(key as FixedAccount) };
    throw new Error(`the export has no name for the account ${key}`);
  };
}

function checkPeriod(input: BooksExportInput): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.from) || !/^\d{4}-\d{2}-\d{2}$/.test(input.to) || input.from > input.to) {
    throw new RangeError(`not a period of days: ${input.from} to ${input.to}`);
  }
  const outside = input.journals.find((j) => j.day < input.from || j.day > input.to);
  if (outside) throw new RangeError(`journal ${outside.id} of ${outside.day} is outside ${input.from} to ${input.to}`);
}

/** Text on one line: no tabs or line breaks, runs of spaces made one. */
function oneLine(text: string): string {
  return text.replace(/[\t\r\n\v\f]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The journals in day order, posting order within a day (a stable sort). */
function byDay(journals: readonly ExportJournal[]): ExportJournal[] {
  return [...journals].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

// ---------------------------------------------------------------------------------
// hledger
// ---------------------------------------------------------------------------------

const HLEDGER_TYPES: Readonly<Record<AccountKind, string>> = { ASSET: 'A', LIABILITY: 'L', EQUITY: 'E', INCOME: 'R', EXPENSE: 'X' };

/** hledger's account type: the drawer and the bank are cash (C), other assets A, and so on. */
function hledgerType(key: AccountKey): string {
  return key === 'drawer' || key === 'bank' ? 'C' : HLEDGER_TYPES[accountKind(key)];
}

/** A description hledger reads whole: on one line, no `;` (which would start a comment). */
function hledgerText(text: string): string {
  return oneLine(text).replace(/;/g, ',');
}

/**
 * A plain-text journal for hledger or ledger-cli: the accounts declared with their types,
 * then the opening balances (when given) and one transaction per journal, by day, each
 * with its kind and reference as the description and its id as a tag. Amounts keep every
 * micro-unit, with at least two decimals, and carry no currency symbol.
 */
export function hledgerJournal(input: BooksExportInput): string {
  checkPeriod(input);
  const account = accountBook(input.accounts);
  const journals = byDay(input.journals);
  const opening = input.opening ? balancedLegs(input.opening) : [];
  const used = new Set<AccountKey>([...input.accounts.map((a) => a.key), ...opening.map((l) => l.account), ...journals.flatMap((j) => j.legs.map((l) => l.account))]);
  const declared = [...used].sort(compareAccountKeys).map(account);
  const names = new Map<string, AccountKey>();
  for (const a of declared) {
    const other = names.get(a.name);
    if (other !== undefined) throw new Error(`accounts ${other} and ${a.key} have the same name ${a.name}`);
    names.set(a.name, a.key);
  }
  const width = Math.max(0, ...declared.map((a) => a.name.length)) + 2;

  const lines = [`; The books of ${hledgerText(input.storeName)}, ${input.from} to ${input.to}: one transaction per journal, amounts exact.`, ''];
  for (const a of declared) lines.push(`account ${a.name}  ; type: ${hledgerType(a.key)}`);
  const transaction = (date: string, description: string, tags: string, legs: readonly JournalLeg[]) => {
    lines.push('', `${date} ${hledgerText(description)}  ; ${tags}`);
    const amounts = legs.map((l) => formatMoneyEditable(l.amount));
    const amountWidth = Math.max(...amounts.map((a) => a.length));
    legs.forEach((l, i) => lines.push(`    ${account(l.account).name.padEnd(width)}${amounts[i]!.padStart(amountWidth)}`));
  };
  if (opening.length > 0) transaction(input.from, 'Opening balances', 'opening:', opening);
  for (const j of journals) {
    const legs = balancedLegs(j.legs);
    if (legs.length === 0) continue;
    const memo = j.memo ? ` (${j.memo})` : '';
    transaction(j.day, `${JOURNAL_KIND_LABELS[j.kind]} ${j.reference}${memo}`, `journal:${j.id}, kind:${j.kind.toLowerCase()}`, legs);
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------
// One entry a day, in cents: IIF, QuickBooks Online CSV, Xero CSV
// ---------------------------------------------------------------------------------

interface EntryLine {
  /** The name (QuickBooks) and code (Xero) it is exported under. */
  name: string;
  code: string;
  amount: bigint;
  /** Which of the books' accounts it holds, by default name. */
  memo: string;
}

/**
 * The day's entry as lines of the store's export accounts: accounts mapped to the same
 * export account are one line (whole cents added up stay whole and balanced), lines
 * that come to zero are left out.
 */
function entryLines(entry: DayEntry, account: (key: AccountKey) => ExportAccount): EntryLine[] {
  const lines = new Map<string, EntryLine & { held: string[] }>();
  for (const leg of entry.legs) {
    const a = account(leg.account);
    const name = oneLine(a.exportName?.trim() || a.name);
    const code = oneLine(a.exportNumber?.trim() || name);
    const target = `${name}\u0000${code}`;
    const line = lines.get(target) ?? { name, code, amount: 0n, memo: '', held: [] };
    line.amount += leg.amount;
    line.held.push(a.name);
    lines.set(target, line);
  }
  return [...lines.values()]
    .filter((l) => l.amount !== 0n)
    .map(({ held, ...l }) => ({ ...l, memo: held.length === 1 ? held[0]! : `${held[0]!} and ${held.length - 1} more` }));
}

function entries(input: BooksExportInput): { day: string; lines: EntryLine[] }[] {
  checkPeriod(input);
  const account = accountBook(input.accounts);
  return dailyEntries(byDay(input.journals))
    .map((e) => ({ day: e.day, lines: entryLines(e, account) }))
    .filter((e) => e.lines.length > 0);
}

/** 'YYYY-MM-DD' → its year, month and day. */
const partsOf = (day: string) => ({ y: day.slice(0, 4), m: day.slice(5, 7), d: day.slice(8, 10) });
/** MM/DD/YYYY, as QuickBooks reads dates. */
const usDate = (day: string) => {
  const { y, m, d } = partsOf(day);
  return `${m}/${d}/${y}`;
};
/** DD/MM/YYYY, as Xero's import reads dates. */
const xeroDate = (day: string) => {
  const { y, m, d } = partsOf(day);
  return `${d}/${m}/${y}`;
};
const dayNumber = (day: string) => day.replace(/-/g, '');
const narration = (input: BooksExportInput, day: string) => oneLine(`${day} books of ${input.storeName}`);

/** IIF fields hold no tab, line break or double quote, so no field is ever quoted. */
const iifText = (text: string) => oneLine(text).replace(/"/g, "'");

/**
 * QuickBooks Desktop IIF: a GENERAL JOURNAL transaction per day (TRNS for its first line,
 * SPL for the others, ENDTRNS), tab-separated, dated MM/DD/YYYY, the day as its number.
 */
export function quickBooksIif(input: BooksExportInput): string {
  const header = ['TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'DOCNUM', 'MEMO'];
  const rows: string[][] = [['!TRNS', ...header], ['!SPL', ...header], ['!ENDTRNS']];
  for (const e of entries(input)) {
    e.lines.forEach((l, i) => rows.push([i === 0 ? 'TRNS' : 'SPL', 'GENERAL JOURNAL', usDate(e.day), iifText(l.name), formatMoneyPlain(l.amount), dayNumber(e.day), iifText(`${narration(input, e.day)}: ${l.memo}`)]));
    rows.push(['ENDTRNS']);
  }
  return `${Papa.unparse(rows, { delimiter: '\t', newline: '\r\n', quotes: false })}\r\n`;
}

const BOM = '\uFEFF';

/**
 * QuickBooks Online's journal-entry import: a row per line with its journal number (the
 * day), date (MM/DD/YYYY), account name, debit or credit, and a description.
 */
export function quickBooksOnlineCsv(input: BooksExportInput): string {
  const fields = ['Journal No', 'Journal Date', 'Account Name', 'Debits', 'Credits', 'Description'];
  const data = entries(input).flatMap((e) =>
    e.lines.map((l) => [dayNumber(e.day), usDate(e.day), l.name, l.amount > 0n ? formatMoneyPlain(l.amount) : '', l.amount < 0n ? formatMoneyPlain(-l.amount) : '', `${narration(input, e.day)}: ${l.memo}`]),
  );
  return `${BOM}${Papa.unparse({ fields, data }, { newline: '\r\n' })}\r\n`;
}

/**
 * Xero's manual-journal import: a row per line with the day's narration (which, with the
 * date, groups the lines into one journal), the date (DD/MM/YYYY), a description, the
 * account code, the tax rate and the amount (a debit above zero, a credit below).
 */
export function xeroManualJournalCsv(input: BooksExportInput): string {
  const fields = ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', 'TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2'];
  const taxRate = input.xeroTaxRate ?? 'Tax Exempt';
  const data = entries(input).flatMap((e) =>
    e.lines.map((l) => [narration(input, e.day), xeroDate(e.day), l.memo, l.code, taxRate, formatMoneyPlain(l.amount), '', '', '', '']),
  );
  return `${BOM}${Papa.unparse({ fields, data }, { newline: '\r\n' })}\r\n`;
}

const WRITERS: Readonly<Record<BooksExportFormat, { write: (input: BooksExportInput) => string; suffix: string; contentType: string }>> = {
  hledger: { write: hledgerJournal, suffix: '.journal', contentType: 'text/plain; charset=utf-8' },
  iif: { write: quickBooksIif, suffix: '-quickbooks-desktop.iif', contentType: 'text/plain; charset=utf-8' },
  'qbo-csv': { write: quickBooksOnlineCsv, suffix: '-quickbooks-online.csv', contentType: 'text/csv; charset=utf-8' },
  'xero-csv': { write: xeroManualJournalCsv, suffix: '-xero.csv', contentType: 'text/csv; charset=utf-8' },
};

/** A period's books in one format, as a file to download. */
export function exportBooks(format: BooksExportFormat, input: BooksExportInput): BooksExportFile {
  const writer = WRITERS[format];
  return { filename: `books-${input.from}-to-${input.to}${writer.suffix}`, contentType: writer.contentType, content: writer.write(input) };
}
