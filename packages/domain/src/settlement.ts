/**
 * The money rules of checkout, the vendor ledger and refunds, in integer micro-units.
 * docs/SETTLEMENT.md explains them with a worked example. The server stores exactly
 * what these functions compute, and the payment panel and the refund dialog preview
 * with the same functions, so a screen never shows a figure the server would not keep.
 *
 * Every rounding is to whole cents, half-to-even.
 */

import { CENT, PERCENT_100, assertMoneyRange, divRoundHalfEven, formatMoney } from './money';
import { commissionAmount } from './order-math';

// ---------------------------------------------------------------------------------
// Checkout: what each payment pays, its customer fee, and the change
// ---------------------------------------------------------------------------------

/** What checkout needs to know of a payment method. */
export interface TenderMethod {
  name: string;
  /** A cash method gives change; it charges no fees. */
  isCash: boolean;
  /** Percent micro-units the store pays its card processor; vendors with a proportional card fee share it. */
  vendorFeePercent: bigint;
  /** Percent micro-units of the amount charged to the customer on top. */
  customerFeePercent: bigint;
  /** Money micro-units charged to the customer on top, per payment. */
  customerFeeAmount: bigint;
  /** Smallest amount a non-cash payment may pay. */
  minimumAmount: bigint;
}

export interface TenderInput<M extends TenderMethod = TenderMethod> {
  method: M;
  /** Non-cash: the part of the order total it pays. Cash: what the customer handed over. */
  amount: bigint;
}

export interface PlannedTender<M extends TenderMethod = TenderMethod> {
  method: M;
  /** As given: for cash, the amount tendered. */
  amount: bigint;
  /** The part of the order total this payment pays (cash: tendered less its change). */
  applied: bigint;
  /** Charged to the customer on top of `applied`; zero for cash. */
  customerFee: bigint;
  /** Cash handed back for this payment; zero for non-cash. */
  change: bigint;
}

export type CheckoutProblem =
  | { kind: 'NEGATIVE_TOTAL'; total: bigint }
  | { kind: 'NOT_POSITIVE'; index: number }
  | { kind: 'BELOW_MINIMUM'; index: number; name: string; minimum: bigint }
  | { kind: 'NON_CASH_EXCEEDS_TOTAL'; nonCash: bigint; total: bigint }
  | { kind: 'UNCOVERED'; paid: bigint; total: bigint };

export interface CheckoutPlan<M extends TenderMethod = TenderMethod> {
  total: bigint;
  tenders: PlannedTender<M>[];
  /** Σ amounts of non-cash payments. */
  nonCash: bigint;
  /** Σ amounts tendered in cash. */
  cashTendered: bigint;
  /** Σ customer fees. */
  customerFees: bigint;
  /** What the customer paid in the end: the order total plus the customer fees (when covered). */
  amountPaid: bigint;
  /** Cash handed back: what the cash exceeds of the part of the total left after non-cash payments. */
  changeDue: bigint;
  /** What is still to pay (zero when covered). */
  remaining: bigint;
  /** The first reason the payments cannot complete the order, or null when they can. */
  problem: CheckoutProblem | null;
}

/**
 * The plan of a checkout sent without payments: the total in cash, exactly; a total below
 * zero is handed back in cash (applied and tendered below zero, no change, no fee).
 */
export function planCashInFull<M extends TenderMethod>(total: bigint, tenders: readonly TenderInput<M>[]): CheckoutPlan<M> {
  if (total >= 0n) return planCheckout(total, tenders);
  return {
    ...planCheckout<M>(0n, []),
    total,
    tenders: tenders.map((t) => ({ method: t.method, amount: t.amount, applied: t.amount, customerFee: 0n, change: 0n })),
    cashTendered: total,
    amountPaid: total,
  };
}

/** The card-fee percent a payment passes to vendors: none for cash, whatever the method says. */
export function vendorFeePercentOf(payment: { isCash: boolean; vendorFeePercent: bigint }): bigint {
  return payment.isCash ? 0n : payment.vendorFeePercent;
}

/** A non-cash payment's fee: amount × customer fee percent, rounded to cents, plus the fixed fee. */
export function customerFee(method: TenderMethod, amount: bigint): bigint {
  if (method.isCash) return 0n;
  const percentPart = divRoundHalfEven(amount * method.customerFeePercent, PERCENT_100 * CENT) * CENT;
  return assertMoneyRange(percentPart + method.customerFeeAmount);
}

/**
 * Applies payments to an order total. Non-cash payments pay their amount; cash pays what
 * is left after them, and what it exceeds that by is change (given back on the last cash
 * payments). The plan always has every figure; `problem` says why it cannot complete.
 */
export function planCheckout<M extends TenderMethod>(total: bigint, payments: readonly TenderInput<M>[]): CheckoutPlan<M> {
  let nonCash = 0n;
  let cashTendered = 0n;
  let problem: CheckoutProblem | null = total < 0n ? { kind: 'NEGATIVE_TOTAL', total } : null;
  payments.forEach((p, index) => {
    if (p.method.isCash) cashTendered += p.amount;
    else nonCash += p.amount;
    if (problem) return;
    if (p.amount <= 0n) problem = { kind: 'NOT_POSITIVE', index };
    else if (!p.method.isCash && p.amount < p.method.minimumAmount) {
      problem = { kind: 'BELOW_MINIMUM', index, name: p.method.name, minimum: p.method.minimumAmount };
    }
  });
  if (!problem && nonCash > total) problem = { kind: 'NON_CASH_EXCEEDS_TOTAL', nonCash, total };

  // Cash pays what the non-cash payments leave, in the order given.
  let cashToApply = total - nonCash > 0n ? total - nonCash : 0n;
  const tenders = payments.map((p): PlannedTender<M> => {
    if (!p.method.isCash) return { method: p.method, amount: p.amount, applied: p.amount, customerFee: customerFee(p.method, p.amount), change: 0n };
    const tendered = p.amount > 0n ? p.amount : 0n;
    const applied = tendered < cashToApply ? tendered : cashToApply;
    cashToApply -= applied;
    return { method: p.method, amount: p.amount, applied, customerFee: 0n, change: tendered - applied };
  });

  const paid = nonCash + cashTendered;
  const remaining = total - paid > 0n ? total - paid : 0n;
  if (!problem && remaining > 0n) problem = { kind: 'UNCOVERED', paid, total };
  const customerFees = tenders.reduce((sum, t) => sum + t.customerFee, 0n);
  const changeDue = tenders.reduce((sum, t) => sum + t.change, 0n);
  return {
    total,
    tenders,
    nonCash,
    cashTendered,
    customerFees: assertMoneyRange(customerFees),
    amountPaid: assertMoneyRange(total + customerFees),
    changeDue,
    remaining,
    problem,
  };
}

/** The sentence a refused checkout answers with. */
export function checkoutProblemMessage(problem: CheckoutProblem): string {
  switch (problem.kind) {
    case 'NEGATIVE_TOTAL':
      return `An order total below zero (${formatMoney(problem.total)}) cannot be paid`;
    case 'NOT_POSITIVE':
      return 'Every payment amount must be more than zero';
    case 'BELOW_MINIMUM':
      return `Minimum amount for ${problem.name} is ${formatMoney(problem.minimum)}`;
    case 'NON_CASH_EXCEEDS_TOTAL':
      return `Payments other than cash (${formatMoney(problem.nonCash)}) exceed the total of ${formatMoney(problem.total)}`;
    case 'UNCOVERED':
      return `Payments cover ${formatMoney(problem.paid)} of ${formatMoney(problem.total)}`;
  }
}

// ---------------------------------------------------------------------------------
// The vendor ledger: what a sold line posts to its vendor's account
// ---------------------------------------------------------------------------------

/** A payment as the card-fee share sees it: the part of the total it paid, and its method's vendor fee. */
export interface AppliedPayment {
  applied: bigint;
  vendorFeePercent: bigint;
}

/**
 * A line's share of the card fees its vendor passes through: for each payment, line
 * total × applied ÷ order total × vendor fee percent, summed exactly and rounded to
 * cents once. Zero for an order total of zero.
 */
export function cardFeeShare(lineTotal: bigint, orderTotal: bigint, payments: readonly AppliedPayment[]): bigint {
  if (orderTotal === 0n) return 0n;
  let weighted = 0n;
  for (const p of payments) weighted += p.applied * p.vendorFeePercent;
  return assertMoneyRange(divRoundHalfEven(lineTotal * weighted, orderTotal * PERCENT_100 * CENT) * CENT);
}

export interface LineToPost {
  /** After discount, before tax. */
  total: bigint;
  /** The line's commission percent, stored on it at sale time. */
  commissionPercent: bigint;
  /** Its item code passes card fees to the vendor. */
  proportionalCcFee: boolean;
}

/** The signed amounts a vendor's sold line posts: SALE +, COMMISSION −, CARD_FEE − (zero when the store absorbs it). */
export interface LinePostings {
  sale: bigint;
  commission: bigint;
  cardFee: bigint;
}

export function linePostings(line: LineToPost, orderTotal: bigint, payments: readonly AppliedPayment[]): LinePostings {
  return {
    sale: line.total,
    commission: -commissionAmount(line.total, line.commissionPercent),
    cardFee: line.proportionalCcFee ? -cardFeeShare(line.total, orderTotal, payments) : 0n,
  };
}

/** What the vendor nets from its postings. */
export function netOf(p: LinePostings): bigint {
  return p.sale + p.commission + p.cardFee;
}

// ---------------------------------------------------------------------------------
// Refunds: each refunded quantity's share, the last unit taking what remains
// ---------------------------------------------------------------------------------

/**
 * The part of `full` (a line's total, a tax, a posting) that `quantity` more units take
 * back when `refundedBefore` of the line's `lineQuantity` units were refunded already:
 * the share of all units refunded so far, rounded to cents, less the share taken before.
 * So shares are rounded to cents, never sum past `full`, and the refund of the last unit
 * takes whatever remains: a fully refunded line nets to exactly zero.
 */
export function refundShare(full: bigint, lineQuantity: bigint, refundedBefore: bigint, quantity: bigint): bigint {
  if (lineQuantity <= 0n) throw new RangeError('a refunded line has at least one unit');
  if (quantity < 0n || refundedBefore < 0n || refundedBefore + quantity > lineQuantity) {
    throw new RangeError(`cannot refund ${quantity} of ${lineQuantity} units with ${refundedBefore} refunded before`);
  }
  const upTo = (units: bigint) => (units === lineQuantity ? full : divRoundHalfEven(full * units, lineQuantity * CENT) * CENT);
  return upTo(refundedBefore + quantity) - upTo(refundedBefore);
}

/** A sold line as a refund sees it. */
export interface RefundableLine {
  quantity: bigint;
  total: bigint;
  taxes: readonly [bigint, bigint, bigint];
  /** What the sale posted for it (zero for an own sale); signs as posted. */
  postings: LinePostings;
  /** Units refunded by earlier refunds. */
  refundedQuantity: bigint;
}

export interface LineRefund {
  /** What the customer gets back for the line before tax. */
  total: bigint;
  taxes: [bigint, bigint, bigint];
  /** The reversal entries, signs as posted: SALE −, COMMISSION +, CARD_FEE +. */
  reversal: LinePostings;
}

/** The amounts `quantity` units of a line give back and reverse. */
export function lineRefund(line: RefundableLine, quantity: bigint): LineRefund {
  const share = (full: bigint) => refundShare(full, line.quantity, line.refundedQuantity, quantity);
  return {
    total: share(line.total),
    taxes: [share(line.taxes[0]), share(line.taxes[1]), share(line.taxes[2])],
    reversal: { sale: -share(line.postings.sale), commission: -share(line.postings.commission), cardFee: -share(line.postings.cardFee) },
  };
}

/** What the customer gets back for a line: its share of the total and of each tax. */
export function customerRefundOf(refund: LineRefund): bigint {
  return refund.total + refund.taxes[0] + refund.taxes[1] + refund.taxes[2];
}
