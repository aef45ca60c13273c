/**
 * The books (docs/BOOKS.md): every event that moves money is one journal of legs
 * (account, signed micro-units, a debit above zero, a credit below), and a journal's
 * legs sum to exactly zero. The legs of each kind of event are computed here, from the
 * figures the vendor ledger's own rules compute (settlement.ts, vendor-accounts.ts,
 * reports.ts), so a vendor's legs are always minus its ledger entries: a vendor credit
 * (money owed to the vendor) is a credit leg on its liability account.
 *
 * Each function returns one leg per account, in the chart's order, zero legs left out,
 * and throws a DomainError rather than return legs that do not balance.
 */

import { DomainError } from './errors';
import { formatMoneyEditable, roundToCents } from './money';
import { overShort } from './reports';
import { lineRefund, netOf, type LinePostings, type RefundableLine } from './settlement';
import type { PayoutMethod } from './vendor-accounts';
import {
  accountKind,
  clearingAccount,
  sortByAccount,
  isAccountKey,
  parseAccountKey,
  salesTaxAccount,
  TAX_SLOT_NUMBERS,
  vendorAccount,
  type AccountKey,
  type AccountKind,
  type VendorAccountRef,
} from './books-accounts';

/** The most business days one export covers (a year, leap day included). */
export const BOOKS_EXPORT_MAX_DAYS = 366;

export const JOURNAL_KINDS = ['SALE', 'REFUND', 'RENT', 'ADJUSTMENT', 'PAYOUT', 'DAY_CLOSE'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const JOURNAL_KIND_LABELS: Readonly<Record<JournalKind, string>> = Object.freeze({
  SALE: 'Sale',
  REFUND: 'Refund',
  RENT: 'Rent',
  ADJUSTMENT: 'Adjustment',
  PAYOUT: 'Payout',
  DAY_CLOSE: 'Day closed',
});

/** One side of a journal: an account and a signed amount in micro-units, a debit above zero. */
export interface JournalLeg {
  account: AccountKey;
  amount: bigint;
}

function sumOf(legs: Iterable<{ amount: bigint }>): bigint {
  let sum = 0n;
  for (const leg of legs) sum += leg.amount;
  return sum;
}

/** Legs summed per account, accounts in the chart's order. */
function perAccount(legs: Iterable<JournalLeg>): JournalLeg[] {
  const byAccount = new Map<AccountKey, bigint>();
  for (const leg of legs) {
    if (!isAccountKey(leg.account)) throw new DomainError('INVALID_POSTING', `${String(leg.account)} is no account of the books`);
    byAccount.set(leg.account, (byAccount.get(leg.account) ?? 0n) + leg.amount);
  }
  return sortByAccount(
    [...byAccount].map(([account, amount]) => ({ account, amount })),
    (leg) => leg.account,
  );
}

/**
 * A journal's legs as they are kept: one per account (legs of one account added up), in
 * the chart's order, zero legs left out.
 *
 * @throws DomainError UNBALANCED_JOURNAL when they do not sum to zero;
 *   INVALID_POSTING when a leg names no account of the books.
 */
export function balancedLegs(legs: Iterable<JournalLeg>): JournalLeg[] {
  const merged = perAccount(legs);
  const sum = sumOf(merged);
  if (sum !== 0n) {
    const [more, less] = sum > 0n ? ['debits', 'credits'] : ['credits', 'debits'];
    throw new DomainError('UNBALANCED_JOURNAL', `A journal's debits and credits must be equal: its ${more} exceed its ${less} by ${formatMoneyEditable(sum > 0n ? sum : -sum)}`);
  }
  return merged.filter((leg) => leg.amount !== 0n);
}

function refuse(message: string): never {
  throw new DomainError('INVALID_POSTING', message);
}

/** The drawer for cash, else the payment method's clearing account. */
function tenderAccount(payment: { paymentMethodId: bigint; isCash: boolean }): AccountKey {
  return payment.isCash ? 'drawer' : clearingAccount(payment.paymentMethodId);
}

/** The legs of what a vendor line posted to its account (or a refund reversed): the vendor's, the commission's and the card fee's. */
function vendorPostingLegs(account: VendorAccountRef, postings: LinePostings): JournalLeg[] {
  return [
    // The vendor's liability moves by minus the entries' net: a SALE (+) is a credit.
    { account: vendorAccount(account), amount: -netOf(postings) },
    // What the vendor gave up is the store's income: a COMMISSION entry (−) is a credit to commission.
    { account: 'commission', amount: postings.commission },
    { account: 'card-fee-recovery', amount: postings.cardFee },
  ];
}

// ---------------------------------------------------------------------------------
// Sale completed
// ---------------------------------------------------------------------------------

/** A completed order's line, as its posting sees it. */
export interface SaleLineForBooks {
  /** The vendor account the line posted to; null for the store's own line. */
  vendorAccount: VendorAccountRef | null;
  /** After discount, before tax. */
  total: bigint;
  taxes: readonly [bigint, bigint, bigint];
  /** What the line posted to its vendor's account (settlement's linePostings); absent for an own line. */
  postings?: LinePostings | null;
}

/** A completed order's payment. */
export interface SalePaymentForBooks {
  paymentMethodId: bigint;
  isCash: boolean;
  /** The part of the order total it paid (for cash: tendered less change, what the drawer kept). */
  applied: bigint;
  /** Charged on top of `applied` (zero for cash). */
  customerFee: bigint;
}

/**
 * A completed sale: Dr the drawer (cash kept) and each method's clearing account
 * (applied + customer fee); Cr each vendor account (its net), commission, card-fee
 * recovery, own sales (own lines' totals), each tax and customer fees.
 *
 * @throws DomainError INVALID_POSTING for a vendor line without postings or whose SALE is
 *   not its total, or an own line with postings; UNBALANCED_JOURNAL when the payments do
 *   not pay the lines' totals and taxes.
 */
export function saleJournal(sale: { lines: readonly SaleLineForBooks[]; payments: readonly SalePaymentForBooks[] }): JournalLeg[] {
  const legs: JournalLeg[] = [];
  for (const p of sale.payments) {
    legs.push({ account: tenderAccount(p), amount: p.applied + p.customerFee });
    legs.push({ account: 'customer-fees', amount: -p.customerFee });
  }
  for (const line of sale.lines) {
    if (line.vendorAccount) {
      if (!line.postings) refuse('A vendor line posts to its account: its postings are missing');
      if (line.postings.sale !== line.total) refuse(`A vendor line posts its total as SALE: ${formatMoneyEditable(line.postings.sale)} is not ${formatMoneyEditable(line.total)}`);
      legs.push(...vendorPostingLegs(line.vendorAccount, line.postings));
    } else {
      if (line.postings) refuse("The store's own line posts nothing to a vendor");
      legs.push({ account: 'own-sales', amount: -line.total });
    }
    TAX_SLOT_NUMBERS.forEach((slot, i) => legs.push({ account: salesTaxAccount(slot), amount: -line.taxes[i]! }));
  }
  return balancedLegs(legs);
}

// ---------------------------------------------------------------------------------
// Refund
// ---------------------------------------------------------------------------------

/** A refunded line: who it posted to, the line as a refund sees it, and the units refunded now. */
export interface RefundLineForBooks {
  /** The vendor account its sale posted to; null for the store's own line. */
  vendorAccount: VendorAccountRef | null;
  /** Its units, total, taxes, what its sale posted (zeros for an own line) and the units refunded before. */
  line: RefundableLine;
  quantity: bigint;
}

/** A refund's payment: what a method hands back. */
export interface RefundPaymentForBooks {
  paymentMethodId: bigint;
  isCash: boolean;
  amount: bigint;
}

/**
 * A refund, the reverse of its shares (settlement's lineRefund: each share rounded to
 * cents, the last unit taking what remains): Dr each vendor account (its net reversed),
 * commission, card-fee recovery, own sales and each tax; Cr the drawer and the clearing
 * accounts by the refund's payments. Customer fees are not given back.
 *
 * @throws DomainError INVALID_POSTING for an own line with postings or a vendor line
 *   whose SALE is not its total; UNBALANCED_JOURNAL when the payments do not add up to
 *   what the customer gets back. RangeError (refundShare's) for units not left to refund.
 */
export function refundJournal(refund: { lines: readonly RefundLineForBooks[]; payments: readonly RefundPaymentForBooks[] }): JournalLeg[] {
  const legs: JournalLeg[] = [];
  for (const { vendorAccount: account, line, quantity } of refund.lines) {
    const back = lineRefund(line, quantity);
    if (account) {
      if (line.postings.sale !== line.total) refuse(`A vendor line posted its total as SALE: ${formatMoneyEditable(line.postings.sale)} is not ${formatMoneyEditable(line.total)}`);
      legs.push(...vendorPostingLegs(account, back.reversal));
    } else {
      const { sale, commission, cardFee } = line.postings;
      if (sale !== 0n || commission !== 0n || cardFee !== 0n) refuse("The store's own line posted nothing to a vendor");
      legs.push({ account: 'own-sales', amount: back.total });
    }
    TAX_SLOT_NUMBERS.forEach((slot, i) => legs.push({ account: salesTaxAccount(slot), amount: back.taxes[i]! }));
  }
  for (const p of refund.payments) legs.push({ account: tenderAccount(p), amount: -p.amount });
  return balancedLegs(legs);
}

// ---------------------------------------------------------------------------------
// Rent, adjustments, payouts, the day's close
// ---------------------------------------------------------------------------------

/** A vendor ledger entry as the books see it: its account and signed amount. */
export interface LedgerEntryForBooks extends VendorAccountRef {
  amount: bigint;
}

/**
 * A month's rent posting: Dr each account charged (its RENT entry is below zero), Cr rent.
 *
 * @throws DomainError INVALID_POSTING for an entry not below zero (rent takes money from an account).
 */
export function rentJournal(entries: readonly LedgerEntryForBooks[]): JournalLeg[] {
  const legs: JournalLeg[] = [];
  for (const e of entries) {
    if (e.amount >= 0n) refuse(`A rent entry takes money from an account: ${formatMoneyEditable(e.amount)} does not`);
    legs.push({ account: vendorAccount(e), amount: -e.amount }, { account: 'rent', amount: e.amount });
  }
  return balancedLegs(legs);
}

/** An adjustment (its ADJUSTMENT entry, either sign): a credit to the vendor is the store's expense, a debit the reverse. */
export function adjustmentJournal(entry: LedgerEntryForBooks): JournalLeg[] {
  return balancedLegs([
    { account: vendorAccount(entry), amount: -entry.amount },
    { account: 'vendor-adjustments', amount: entry.amount },
  ]);
}

/** Where a payout's money leaves from. */
export function payoutAccount(method: PayoutMethod): AccountKey {
  switch (method) {
    case 'CASH':
      return 'drawer';
    case 'CHECK':
    case 'ACH':
      return 'bank';
    case 'STORE_CREDIT':
      return 'store-credit';
  }
}

/**
 * A payout, or a payout run's payouts (all by one method): Dr each account paid, Cr the
 * drawer (cash), the bank (check, ACH) or store credit. `amount` is what the store paid;
 * the account's PAYOUT entry is minus it.
 *
 * @throws DomainError INVALID_POSTING for an amount not above zero.
 */
export function payoutJournal(method: PayoutMethod, payouts: readonly (VendorAccountRef & { amount: bigint })[]): JournalLeg[] {
  const legs: JournalLeg[] = [];
  for (const p of payouts) {
    if (p.amount <= 0n) refuse(`A payout pays an amount above zero, not ${formatMoneyEditable(p.amount)}`);
    legs.push({ account: vendorAccount(p), amount: p.amount }, { account: payoutAccount(method), amount: -p.amount });
  }
  return balancedLegs(legs);
}

/** A closed day: the drawer moves by counted − expected (reports' overShort), against cash over/short (a shortage is an expense). */
export function dayCloseJournal(cash: { countedCash: bigint; expectedCash: bigint }): JournalLeg[] {
  const over = overShort(cash.countedCash, cash.expectedCash);
  return balancedLegs([
    { account: 'drawer', amount: over },
    { account: 'cash-over-short', amount: -over },
  ]);
}

// ---------------------------------------------------------------------------------
// The ledger and the books agree
// ---------------------------------------------------------------------------------

/**
 * Checks that for every vendor account, a journal's legs are minus the ledger entries
 * its event posted (a vendor credit is a credit leg), and that no other vendor account
 * has a leg.
 *
 * @throws DomainError INVALID_POSTING naming the first account that differs.
 */
export function assertVendorLegsMatchLedger(legs: readonly JournalLeg[], entries: readonly LedgerEntryForBooks[]): void {
  const want = new Map<AccountKey, bigint>();
  for (const e of entries) want.set(vendorAccount(e), (want.get(vendorAccount(e)) ?? 0n) - e.amount);
  const got = new Map<AccountKey, bigint>();
  for (const leg of legs) if (parseAccountKey(leg.account)?.type === 'vendor') got.set(leg.account, (got.get(leg.account) ?? 0n) + leg.amount);
  for (const account of new Set([...want.keys(), ...got.keys()])) {
    const expected = want.get(account) ?? 0n;
    const actual = got.get(account) ?? 0n;
    if (expected !== actual) {
      refuse(`The books move ${account} by ${formatMoneyEditable(actual)}, the ledger by ${formatMoneyEditable(-expected)}: a vendor's leg must be minus its entries`);
    }
  }
}

// ---------------------------------------------------------------------------------
// Trial balance
// ---------------------------------------------------------------------------------

export interface TrialBalanceRow {
  account: AccountKey;
  kind: AccountKind;
  /** Σ of its legs: above zero a debit balance, below a credit balance. */
  balance: bigint;
  debit: bigint;
  credit: bigint;
}

export interface TrialBalance {
  /** Accounts whose balance is not zero, in the chart's order. */
  accounts: TrialBalanceRow[];
  totalDebit: bigint;
  totalCredit: bigint;
}

/**
 * Each account's debit or credit balance from legs (or from balances already summed per
 * account, which have the same shape), and the totals of both sides.
 *
 * @throws DomainError UNBALANCED_JOURNAL when the debits and credits differ (legs of
 *   journals that do not balance).
 */
export function trialBalance(legs: Iterable<JournalLeg>): TrialBalance {
  const accounts: TrialBalanceRow[] = [];
  const totals = eachTrialBalanceRow(
    perAccount(legs).filter((leg) => leg.amount !== 0n),
    (leg) => leg.amount,
    ({ account, amount }, debit, credit) => {
      accounts.push({ account, kind: accountKind(account), balance: amount, debit, credit });
    },
  );
  return { accounts, ...totals };
}

/**
 * The trial balance's rule, one account at a time, for balances already summed per
 * account (one each, none zero) in the order they are listed: a balance above zero is a
 * debit balance, one below a credit balance of its size; `visit` is given each balance's
 * debit and credit (the other side zero), and both totals are answered. `trialBalance`
 * uses it on legs; the trial balance's answer uses it on the database's balances, already
 * in the chart's order, to write its JSON text with no row object each (100,000 accounts;
 * docs/PERFORMANCE.md, Books).
 *
 * @throws RangeError for a zero balance; DomainError UNBALANCED_JOURNAL when the debits
 *   and credits differ.
 */
export function eachTrialBalanceRow<T>(
  balances: readonly T[],
  amountOf: (balance: T) => bigint,
  visit: (balance: T, debit: bigint, credit: bigint) => void,
): { totalDebit: bigint; totalCredit: bigint } {
  let totalDebit = 0n;
  let totalCredit = 0n;
  for (let i = 0; i < balances.length; i++) {
    const balance = balances[i]!;
    const amount = amountOf(balance);
    if (amount === 0n) throw new RangeError('a trial balance lists no account whose balance is zero');
    const debit = amount > 0n ? amount : 0n;
    const credit = amount < 0n ? -amount : 0n;
    totalDebit += debit;
    totalCredit += credit;
    visit(balance, debit, credit);
  }
  if (totalDebit !== totalCredit) {
    throw new DomainError('UNBALANCED_JOURNAL', `Debits (${formatMoneyEditable(totalDebit)}) and credits (${formatMoneyEditable(totalCredit)}) must be equal`);
  }
  return { totalDebit, totalCredit };
}

// ---------------------------------------------------------------------------------
// A day's entry in cents, for the exports to QuickBooks and Xero
// ---------------------------------------------------------------------------------

/** A journal and the business day it belongs to (YYYY-MM-DD, in the store's time zone). */
export interface DatedJournal {
  day: string;
  legs: readonly JournalLeg[];
}

export interface DayEntry {
  day: string;
  /** One leg per account, each rounded to whole cents (still micro-units), `rounding` among them when needed; they sum to zero. */
  legs: JournalLeg[];
  /** The rounding leg's amount (zero when the cents balanced by themselves). */
  rounding: bigint;
}

/**
 * One entry per business day (in day order): the day's journals summed by account,
 * each account's sum rounded to whole cents (half-to-even), and what that rounding
 * leaves (a few micro-units) on `rounding`, so every entry balances. A day whose
 * accounts all sum to zero has no entry.
 *
 * @throws DomainError UNBALANCED_JOURNAL when a day's journals do not balance exactly
 *   (rounding never hides a journal that does not balance).
 */
export function dailyEntries(journals: readonly DatedJournal[]): DayEntry[] {
  const days = new Map<string, JournalLeg[]>();
  for (const j of journals) {
    if (sumOf(j.legs) !== 0n) balancedLegs(j.legs); // throws, naming the difference
    const legs = days.get(j.day) ?? [];
    legs.push(...j.legs);
    days.set(j.day, legs);
  }
  const entries: DayEntry[] = [];
  for (const day of [...days.keys()].sort()) {
    const exact = balancedLegs(days.get(day)!);
    const rounded = exact.map((leg) => ({ account: leg.account, amount: roundToCents(leg.amount) }));
    const rounding = -sumOf(rounded);
    const legs = balancedLegs([...rounded, { account: 'rounding', amount: rounding }]);
    if (legs.length > 0) entries.push({ day, legs, rounding });
  }
  return entries;
}
