/**
 * The books (docs/BOOKS.md): the chart of accounts with the names and numbers a store
 * exports them under, the trial balance as of a day, and a period's export in one of
 * four formats. Days are the store's own (its time zone), written YYYY-MM-DD.
 */
import { z } from 'zod';
import { ACCOUNT_KINDS, BOOKS_EXPORT_MAX_DAYS, JOURNAL_KINDS, daysFrom, type AccountKind } from '@pos/domain';
import { own } from './messages';
import { zDay } from './settlement';
import { zId, zIdOut, zMoneyOut, zMoneyWireOut, zOptionalText, zString } from './wire';

/** hledger (exact, also read by ledger-cli), QuickBooks Desktop IIF, QuickBooks Online journal-entry CSV, Xero manual-journal CSV. */
export const BOOKS_EXPORT_FORMATS = ['hledger', 'iif', 'qbo-csv', 'xero-csv'] as const;
export type BooksExportFormat = (typeof BOOKS_EXPORT_FORMATS)[number];

export const BOOKS_EXPORT_FORMAT_LABELS: Readonly<Record<BooksExportFormat, string>> = Object.freeze({
  hledger: 'hledger / ledger-cli journal',
  iif: 'QuickBooks Desktop (IIF)',
  'qbo-csv': 'QuickBooks Online (journal entry CSV)',
  'xero-csv': 'Xero (manual journal CSV)',
});

const zAccountKind = z.enum(ACCOUNT_KINDS);

export const ZBooksAccountsInput = z.object({}).optional();

export const ZBooksAccountsOutput = z.object({
  success: z.boolean(),
  /** The day the balances are as of: the store's today. */
  asOf: z.string(),
  accounts: z.array(
    z.object({
      /** The account as journal legs name it (drawer, clearing:3, sales-tax:1, vendor:12, vendor:12:40, ...). */
      key: z.string(),
      kind: zAccountKind,
      /** The default name (the hledger export's). */
      name: z.string(),
      /** What QuickBooks or Xero call it; empty: the default name. */
      exportName: z.string(),
      exportNumber: z.string(),
      /** Σ of its legs: above zero a debit balance, below a credit balance. */
      balance: zMoneyOut,
    }),
  ),
});
export type BooksAccountsOutput = z.output<typeof ZBooksAccountsOutput>;

export const ZSaveBooksAccountInput = z.object({
  account: zString('Account').trim().min(1, own('Account is required')).max(100, own('Account must be at most 100 characters')),
  exportName: zOptionalText('Export name', 100),
  exportNumber: zOptionalText('Export number', 20),
});
export type SaveBooksAccountInput = z.output<typeof ZSaveBooksAccountInput>;

export const ZTrialBalanceInput = z.object({
  /** The last business day counted; the store's today when left out. */
  asOf: zDay('As of').optional(),
});

export const ZTrialBalanceOutput = z.object({
  success: z.boolean(),
  asOf: z.string(),
  accounts: z.array(
    z.object({
      account: z.string(),
      kind: zAccountKind,
      /** The export name, else the default name. */
      name: z.string(),
      number: z.string(),
      /** Already in wire form: a large store's some 100,000 rows are written from the database's text (docs/PERFORMANCE.md, Books). */
      debit: zMoneyWireOut,
      credit: zMoneyWireOut,
    }),
  ),
  totalDebit: zMoneyOut,
  totalCredit: zMoneyOut,
});
export type TrialBalanceOutput = z.output<typeof ZTrialBalanceOutput>;

const ZTrialBalanceHead = ZTrialBalanceOutput.omit({ accounts: true });
const ACCOUNT_KIND_SET: ReadonlySet<unknown> = new Set(ACCOUNT_KINDS);
const ROW_KEYS = ['account', 'kind', 'name', 'number', 'debit', 'credit'] as const;
const MONEY_KEYS = ['type', 'value'] as const;
const MICRO_UNITS = /^-?\d+$/;

/** Whether `value` is an object whose own keys are exactly `keys`, in that order (what zod's parse of an object answers). */
function hasExactly(value: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in value) if (key !== keys[i++]) return false;
  return i === keys.length;
}

/** The money's wire form as zMoneyWireOut answers it, or undefined when zMoneyWireOut refuses it. */
function moneyWire(value: unknown): { type: 'Money'; value: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const money = value as { type?: unknown; value?: unknown };
  if (money.type !== 'Money' || typeof money.value !== 'string' || !MICRO_UNITS.test(money.value)) return undefined;
  return hasExactly(money, MONEY_KEYS) ? (money as { type: 'Money'; value: string }) : { type: 'Money', value: money.value };
}

/**
 * The trial balance's answer check: exactly what `ZTrialBalanceOutput.parse` answers
 * (the rows' unknown keys left out, keys in the schema's order), with the rows checked in
 * one loop; a row that is already exactly what the schema answers is answered as it is,
 * not copied. A large store's answer has some 100,000 rows, and zod's check of each, or a
 * copy of each, cost more than the rest of the call (docs/PERFORMANCE.md, Books).
 * Anything the loop does not accept goes to zod's parse, so a bad answer fails with
 * zod's own error.
 */
export function parseTrialBalanceOutput(value: unknown): TrialBalanceOutput {
  const rows = (value as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(rows)) return ZTrialBalanceOutput.parse(value);
  const accounts = new Array<TrialBalanceOutput['accounts'][number]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || typeof r.account !== 'string' || !ACCOUNT_KIND_SET.has(r.kind) || typeof r.name !== 'string' || typeof r.number !== 'string') {
      return ZTrialBalanceOutput.parse(value);
    }
    const debit = moneyWire(r.debit);
    const credit = moneyWire(r.credit);
    if (debit === undefined || credit === undefined) return ZTrialBalanceOutput.parse(value);
    accounts[i] =
      debit === r.debit && credit === r.credit && hasExactly(r, ROW_KEYS)
        ? (r as TrialBalanceOutput['accounts'][number])
        : { account: r.account, kind: r.kind as TrialBalanceOutput['accounts'][number]['kind'], name: r.name, number: r.number, debit, credit };
  }
  const head = ZTrialBalanceHead.parse(value);
  return { success: head.success, asOf: head.asOf, accounts, totalDebit: head.totalDebit, totalCredit: head.totalCredit };
}

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a surrogate (a lone one is escaped; a pair is left to JSON.stringify too). */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON.stringify escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Adds a string as JSON.stringify writes it to `parts`: between quotes as it is when nothing in it needs escaping. */
function pushJsonString(parts: string[], value: string): void {
  if (value === '') parts.push('""');
  else if (NEEDS_ESCAPE.test(value)) parts.push(JSON.stringify(value));
  else parts.push('"', value, '"');
}

/** Rows joined into one piece of text at a time. */
const CHUNK_ROWS = 256;

/**
 * The trial balance's answer written as JSON text a row at a time, with no object per
 * row (a large store's has some 100,000 rows; docs/PERFORMANCE.md, Books): the text is
 * exactly `JSON.stringify(ZTrialBalanceOutput.parse(answer))` of the answer with these
 * rows and totals (proved by packages/contracts/test/books-output.test.ts), so it needs
 * no check of its own. A row's money is its micro-units in decimal, as `String` of the
 * bigint writes them (or the database's text of an int8, which is the same). The pieces
 * are joined once at the end: text added piece by piece makes a tree of some million
 * partial strings, which cost the garbage collector more than the old rows did.
 */
export class TrialBalanceTextWriter {
  private parts: string[] = [];
  private readonly chunks: string[] = [];
  private rows = 0;

  constructor(
    readonly success: boolean,
    readonly asOf: string,
  ) {
    this.parts.push(`{"success":${success},"asOf":`);
    pushJsonString(this.parts, asOf);
    this.parts.push(',"accounts":[');
  }

  row(account: string, kind: AccountKind, name: string, number: string, debit: string, credit: string): void {
    const parts = this.parts;
    parts.push(this.rows === 0 ? '{"account":' : ',{"account":');
    pushJsonString(parts, account);
    parts.push(',"kind":"', kind, '","name":');
    pushJsonString(parts, name);
    parts.push(',"number":');
    pushJsonString(parts, number);
    parts.push(',"debit":{"type":"Money","value":"', debit, '"},"credit":{"type":"Money","value":"', credit, '"}}');
    if (++this.rows % CHUNK_ROWS === 0) {
      this.chunks.push(parts.join(''));
      this.parts = [];
    }
  }

  /** The whole answer's text, with its totals. */
  end(totalDebit: bigint, totalCredit: bigint): string {
    this.parts.push(`],"totalDebit":{"type":"Money","value":"${totalDebit}"},"totalCredit":{"type":"Money","value":"${totalCredit}"}}`);
    this.chunks.push(this.parts.join(''));
    return this.chunks.join('');
  }
}

/** A period of business days from..to, at most BOOKS_EXPORT_MAX_DAYS long. */
function checkPeriod(what: string) {
  return (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: own('To must not be before From') });
    else if (daysFrom(v.from, v.to) + 1 > BOOKS_EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: own(`${what} covers at most ${BOOKS_EXPORT_MAX_DAYS} days`) });
  };
}

export const ZBooksExportInput = z
  .object({
    from: zDay('From'),
    to: zDay('To'),
    format: z.enum(BOOKS_EXPORT_FORMATS, { error: own(`Format must be one of ${BOOKS_EXPORT_FORMATS.join(', ')}`) }),
  })
  .superRefine(checkPeriod('An export'));
export type BooksExportRequest = z.output<typeof ZBooksExportInput>;

export const ZBooksExportOutput = z.object({
  success: z.boolean(),
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});

/** Journals a page of /books/journals answers at most. */
export const BOOKS_JOURNALS_PAGE = 100;

export const ZBooksJournalsInput = z
  .object({
    from: zDay('From'),
    to: zDay('To'),
    /** Only the journals with a leg on this account (its key, as the trial balance names it); every journal when left out. */
    account: zString('Account').trim().max(100, own('Account must be at most 100 characters')).optional(),
    /** The next page: the last journal of the page before, its business day and id. */
    after: z.object({ day: zDay('After day'), id: zId }).optional(),
  })
  .superRefine(checkPeriod('A journal list'));
export type BooksJournalsRequest = z.output<typeof ZBooksJournalsInput>;

export const ZBooksJournalsOutput = z.object({
  success: z.boolean(),
  from: z.string(),
  to: z.string(),
  /** The account drilled into, with its balance before `from` (above zero a debit); null for every journal. */
  account: z.object({ key: z.string(), name: z.string(), opening: zMoneyOut }).nullable(),
  journals: z.array(
    z.object({
      id: zIdOut,
      kind: z.enum(JOURNAL_KINDS),
      day: z.string(),
      /** The order, refund or payout number (or the rent month, the adjustment's memo, the Z report's day). */
      reference: z.string(),
      /** The order a sale or a refund belongs to, with its number. */
      orderId: zIdOut.nullable(),
      orderNumber: z.string().nullable(),
      refundId: zIdOut.nullable(),
      payoutId: zIdOut.nullable(),
      /** Debits first: each account with its name (the export name, else the default) and signed amount. */
      legs: z.array(z.object({ account: z.string(), name: z.string(), amount: zMoneyOut })),
    }),
  ),
  /** The cursor of the next page (`after`), or null on the last. */
  next: z.object({ day: z.string(), id: zIdOut }).nullable(),
});
export type BooksJournalsOutput = z.output<typeof ZBooksJournalsOutput>;
