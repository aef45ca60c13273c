/**
 * The rules of vendors' accounts besides a sale's postings (settlement.ts): vendor types
 * and the default commission each starts its codes at, which accounts pay monthly rent,
 * what a payout may take and what a payout run pays, and a statement's totals.
 * docs/SETTLEMENT.md explains them; the server applies exactly these functions and the
 * screens preview with them.
 */

import { CENT, formatMoney } from './money';
import { PRICE_LIMIT } from './order-math';

// ---------------------------------------------------------------------------------
// Vendor types and the commission a new item code starts at
// ---------------------------------------------------------------------------------

/** A booth vendor; a booth vendor who also consigns in the store's space; a consignor without a booth. */
export const VENDOR_TYPES = ['VENDOR', 'VENDOR_CONSIGNMENT', 'CONSIGNMENT'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];

export const VENDOR_TYPE_LABELS: Readonly<Record<VendorType, string>> = Object.freeze({
  VENDOR: 'Vendor',
  VENDOR_CONSIGNMENT: 'Vendor Consignment',
  CONSIGNMENT: 'Consignment',
});

/** A line of help for each vendor type, in the words of the store floor. */
export const VENDOR_TYPE_HELP: Readonly<Record<VendorType, string>> = Object.freeze({
  VENDOR: 'Rents a booth and sells its own goods there; pays rent and a commission on each sale.',
  VENDOR_CONSIGNMENT: 'Rents a booth and also leaves goods on consignment in the store’s own space.',
  CONSIGNMENT: 'Has no booth: leaves goods for the store to sell on its own floor.',
});

/** What an item code's commission is. */
export const COMMISSION_HELP = "The store's share of each sale of this code's goods; the rest is the vendor's.";

/** The store's three default commissions (percent micro-units), as its settings hold them. */
export interface DefaultCommissions {
  defaultVendorCommissionPercent: bigint;
  defaultVendorConsignmentCommissionPercent: bigint;
  defaultConsignmentCommissionPercent: bigint;
}

/**
 * The commission a new item code starts at: the store's default for its vendor's type,
 * or the default vendor commission for a code of no vendor.
 */
export function defaultCommissionFor(vendorType: VendorType | null, defaults: DefaultCommissions): bigint {
  switch (vendorType) {
    case 'VENDOR_CONSIGNMENT':
      return defaults.defaultVendorConsignmentCommissionPercent;
    case 'CONSIGNMENT':
      return defaults.defaultConsignmentCommissionPercent;
    default:
      return defaults.defaultVendorCommissionPercent;
  }
}

// ---------------------------------------------------------------------------------
// Rent
// ---------------------------------------------------------------------------------

export const RENT_OVERRIDES = ['USE_VENDOR_DEFAULT', 'DEDUCT', 'DO_NOT_DEDUCT'] as const;
export type RentOverride = (typeof RENT_OVERRIDES)[number];

/** The highest monthly rent a vendor or an item code may carry (the price limit of a sale). */
export const RENT_LIMIT = PRICE_LIMIT;
export const RENT_LIMIT_MESSAGE = `Monthly Rent must be between $0.00 and ${formatMoney(RENT_LIMIT)}`;

/**
 * Whether an account pays its monthly rent: a vendor's main account when the vendor's
 * Deduct Monthly Rent is on; a separate-statement code's account by its override, where
 * Use Vendor Default follows the vendor.
 */
export function deductsRent(vendorDeducts: boolean, codeOverride: RentOverride | null): boolean {
  if (codeOverride === null || codeOverride === 'USE_VENDOR_DEFAULT') return vendorDeducts;
  return codeOverride === 'DEDUCT';
}

/** The RENT entry of a month for an account: minus its monthly rent, or nothing (null) when it pays none. */
export function rentEntryAmount(monthlyRent: bigint, deducts: boolean): bigint | null {
  return deducts && monthlyRent > 0n ? -monthlyRent : null;
}

/** 'YYYY-MM' of a month, e.g. '2026-11'. */
export function isRentMonth(text: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

// ---------------------------------------------------------------------------------
// Payouts
// ---------------------------------------------------------------------------------

export const PAYOUT_METHODS = ['CHECK', 'CASH', 'ACH', 'STORE_CREDIT'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Readonly<Record<PayoutMethod, string>> = Object.freeze({
  CHECK: 'Check',
  CASH: 'Cash',
  ACH: 'ACH transfer',
  STORE_CREDIT: 'Store credit',
});

/** Money the ledger moves by hand (rent, adjustments, payouts) is in whole cents, as a check or a bill is. */
export function isWholeCents(amount: bigint): boolean {
  return amount % CENT === 0n;
}

/** Why a payout of `amount` from an account holding `balance` cannot be made, or null when it can. */
export function payoutProblem(amount: bigint, balance: bigint): string | null {
  if (amount <= 0n) return 'A payout must be more than $0.00';
  if (!isWholeCents(amount)) return 'A payout must be in whole cents';
  if (amount > balance) return `A payout of ${formatMoney(amount)} is more than the account's balance of ${formatMoney(balance)}`;
  return null;
}

/**
 * What a payout run through a day pays an account: what it earned through that day less
 * everything paid out so far, which is its balance now less what it earned after the
 * day (every entry after it but payouts); nothing when that is below the minimum or not
 * above zero; never more than the balance now. So a second run through the same day
 * pays nothing more.
 */
export function payoutRunAmount(account: { balance: bigint; earnedAfterThrough: bigint }, minimum: bigint): bigint {
  const due = account.balance - account.earnedAfterThrough;
  if (due <= 0n || due < minimum) return 0n;
  const capped = due > account.balance ? account.balance : due;
  return capped > 0n ? capped : 0n;
}

// ---------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------

export const LEDGER_KINDS = ['SALE', 'COMMISSION', 'CARD_FEE', 'RENT', 'ADJUSTMENT', 'PAYOUT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Readonly<Record<LedgerKind, string>> = Object.freeze({
  SALE: 'Sale',
  COMMISSION: 'Commission',
  CARD_FEE: 'Card fee',
  RENT: 'Rent',
  ADJUSTMENT: 'Adjustment',
  PAYOUT: 'Payout',
});

/** Σ of a statement's entries by kind (every kind present, zero when none). */
export function totalsByKind(entries: readonly { kind: LedgerKind; amount: bigint }[]): Record<LedgerKind, bigint> {
  const totals = Object.fromEntries(LEDGER_KINDS.map((k) => [k, 0n])) as Record<LedgerKind, bigint>;
  for (const e of entries) totals[e.kind] += e.amount;
  return totals;
}

/** The longest statement period, in days. */
export const STATEMENT_MAX_DAYS = 366;

// ---------------------------------------------------------------------------------
// The store's days (YYYY-MM-DD, already in its time zone)
// ---------------------------------------------------------------------------------

function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The day `n` days after `day` (before it when n is negative). */
export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * 86_400_000).toISOString().slice(0, 10);
}

/** How many days from `from` to `to` (0 for the same day). */
export function daysFrom(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the month `day` falls in. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
