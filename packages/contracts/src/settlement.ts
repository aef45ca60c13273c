/**
 * Vendors' accounts (docs/SETTLEMENT.md): the balances list, posting a month's rent,
 * adjustments, payouts one by one or in a run, and an account's statement. An account
 * is a vendor's main account (itemCodeId null) or one of its item codes that receives a
 * separate statement. Days are the store's own (its time zone), written YYYY-MM-DD.
 */
import { z } from 'zod';
import { LEDGER_KINDS, PAYOUT_METHODS, RENT_LIMIT, isRentMonth, isWholeCents, formatMoney } from '@pos/domain';
import { zIdempotencyKey } from './idempotency';
import { own } from './messages';
import { zVendorType } from './vendor';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, zDateOut, zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPaging, zString, zText } from './wire';

export { LEDGER_KINDS, PAYOUT_METHODS };

/** A day of the store, YYYY-MM-DD. */
export function zDay(label: string) {
  const format = own(`${label} must be a date such as 2026-11-30`);
  return zString(label)
    .trim()
    .pipe(z.iso.date({ error: format }))
    .refine((d) => Number(d.slice(0, 4)) >= DATE_YEAR_MIN && Number(d.slice(0, 4)) <= DATE_YEAR_MAX, {
      message: own(`${label} must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`),
    });
}

/** A month YYYY-MM, within the years a date may fall in. */
const zMonth = zString('Month')
  .trim()
  .refine(isRentMonth, own('Month must be a month such as 2026-11'))
  .refine((m) => Number(m.slice(0, 4)) >= DATE_YEAR_MIN && Number(m.slice(0, 4)) <= DATE_YEAR_MAX, {
    message: own(`Month must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`),
  });

/** The separate-statement code whose account is meant; null or absent: the vendor's main account. */
const zAccountCode = zId.nullable().default(null);

/** Money moved by hand: whole cents, within the rent limit either way. */
function zLedgerAmount(label: string) {
  return zMoney
    .refine((v) => v >= -RENT_LIMIT && v <= RENT_LIMIT, own(`${label} must be between -${formatMoney(RENT_LIMIT)} and ${formatMoney(RENT_LIMIT)}`))
    .refine(isWholeCents, own(`${label} must be in whole cents`));
}

const zPayoutMethod = z.enum(PAYOUT_METHODS, { error: own(`Method must be one of ${PAYOUT_METHODS.join(', ')}`) });

// ---- the balances list --------------------------------------------------------------

export const ACCOUNT_FILTERS = ['ALL', 'OWED', 'OWING'] as const;
export type AccountFilter = (typeof ACCOUNT_FILTERS)[number];

/**
 * ALL: every live vendor's main account and its live separate-statement codes, by trade
 * name, paged by vendor (a vendor's accounts come together; `total` counts vendors).
 * OWED (balance above zero, the largest first) and OWING (below zero, the most owed to
 * the store first): every account with money on it, live or archived, paged by account.
 */
export const ZAccountsInput = z.object({
  ...zPaging(100, 20),
  filter: z.enum(ACCOUNT_FILTERS, { error: own(`filter must be one of ${ACCOUNT_FILTERS.join(', ')}`) }).default('ALL'),
  vendorType: zVendorType.nullable().default(null),
  search: zOptionalText('Search', 100).default(''),
});
export type AccountsInput = z.output<typeof ZAccountsInput>;

export const ZVendorAccount = z.object({
  vendorId: zIdOut,
  itemCodeId: zIdOut.nullable(),
  tag: z.string().nullable(),
  tradeName: z.string(),
  vendorType: zVendorType,
  balance: zMoneyOut,
  archived: z.boolean(),
});
export type VendorAccount = z.output<typeof ZVendorAccount>;

export const ZAccountsOutput = z.object({
  success: z.boolean(),
  accounts: z.array(ZVendorAccount),
  total: zIdOut,
  /** Σ of balances above zero (what the store owes) and below zero (what vendors owe), and how many of each. */
  summary: z.object({ owed: zMoneyOut, owing: zMoneyOut, accountsOwed: zIdOut, accountsOwing: zIdOut }),
  /** Today and this month in the store's time zone: where the screen's pickers start. */
  today: z.string(),
  month: z.string(),
});

// ---- rent -----------------------------------------------------------------------------

export const ZPostRentInput = z.object({ month: zMonth, idempotencyKey: zIdempotencyKey });

const zPosted = z.object({
  vendorId: zIdOut,
  itemCodeId: zIdOut.nullable(),
  tag: z.string().nullable(),
  tradeName: z.string(),
  amount: zMoneyOut,
});

export const ZPostRentOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  month: z.string(),
  /** The RENT entries this call posted (none when the month was posted already). */
  posted: z.array(zPosted),
  count: zIdOut,
  total: zMoneyOut,
});

// ---- adjustments and payouts --------------------------------------------------------------

export const ZAdjustInput = z.object({
  vendorId: zId,
  itemCodeId: zAccountCode,
  amount: zLedgerAmount('Amount').refine((v) => v !== 0n, own('Amount must not be $0.00')),
  memo: zText('Memo', 500),
  idempotencyKey: zIdempotencyKey,
});

export const ZAdjustOutput = z.object({ success: z.boolean(), message: z.string(), balance: zMoneyOut });

export const ZPayoutInput = z
  .object({
    vendorId: zId,
    itemCodeId: zAccountCode,
    amount: zLedgerAmount('Amount').refine((v) => v > 0n, own('Amount must be more than $0.00')),
    method: zPayoutMethod.default('CHECK'),
    reference: zOptionalText('Reference', 100).default(''),
    idempotencyKey: zIdempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.method === 'CHECK' && v.reference === '') ctx.addIssue({ code: 'custom', path: ['reference'], message: own('Check number is required for a payout by check') });
  });

export const ZPayout = z.object({
  id: zIdOut,
  vendorId: zIdOut,
  itemCodeId: zIdOut.nullable(),
  amount: zMoneyOut,
  method: zPayoutMethod,
  reference: z.string(),
  createdAt: zDateOut,
});

export const ZPayoutOutput = z.object({ success: z.boolean(), message: z.string(), payout: ZPayout, balance: zMoneyOut });

/** A payout run through a day: with `preview`, what it would pay, posting nothing. */
export const ZPayoutRunInput = z.object({
  through: zDay('Through'),
  minimum: zLedgerAmount('Minimum').refine((v) => v >= 0n, own('Minimum must not be negative')).default(0n),
  method: zPayoutMethod.default('CHECK'),
  preview: z.boolean().default(false),
  /** A preview keeps no key. */
  idempotencyKey: zIdempotencyKey,
});

export const ZPayoutRunOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  preview: z.boolean(),
  /** The run recorded; null for a preview. */
  runId: zIdOut.nullable(),
  through: z.string(),
  minimum: zMoneyOut,
  payouts: z.array(zPosted.extend({ balance: zMoneyOut })),
  count: zIdOut,
  total: zMoneyOut,
});

// ---- statements -----------------------------------------------------------------------------

/** Absent days: this month so far, in the store's time zone. */
export const ZStatementInput = z
  .object({
    vendorId: zId,
    itemCodeId: zAccountCode,
    from: zDay('From').optional(),
    to: zDay('To').optional(),
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { path: ['to'], message: own('To must not be before From') });

export const ZStatementEntry = z.object({
  id: zIdOut,
  /** When it was posted, and that day in the store's time zone. */
  date: zDateOut,
  day: z.string(),
  kind: z.enum(LEDGER_KINDS),
  orderNumber: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  amount: zMoneyOut,
  memo: z.string(),
});
export type StatementEntry = z.output<typeof ZStatementEntry>;

export const ZStatementOutput = z.object({
  success: z.boolean(),
  store: z.object({ name: z.string(), address: z.string(), timeZone: z.string() }),
  vendor: z.object({
    id: zIdOut,
    tradeName: z.string(),
    vendorType: zVendorType,
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    /** The vendor's mailing address and booth(s), '' when not known. */
    mailingAddress: z.string(),
    booth: z.string(),
  }),
  account: z.object({ itemCodeId: zIdOut.nullable(), tag: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  openingBalance: zMoneyOut,
  entries: z.array(ZStatementEntry),
  totals: z.object(Object.fromEntries(LEDGER_KINDS.map((k) => [k, zMoneyOut])) as Record<(typeof LEDGER_KINDS)[number], typeof zMoneyOut>),
  closingBalance: zMoneyOut,
});
export type Statement = z.output<typeof ZStatementOutput>;
