/**
 * Refunds (docs/SETTLEMENT.md): what a refund of some units of a completed order gives
 * back, and how it may be paid back. The server stores exactly what these functions
 * compute and the refund dialog previews with them, so a screen never shows a figure
 * the server would not keep.
 *
 * - Each refunded quantity takes its share of its line's total and of each tax
 *   (settlement.ts's lineRefund: rounded to cents, the last unit takes what remains).
 * - The refund's payments add up to exactly what the customer gets back, and no payment
 *   method returns more than it took on the order (for cash: what the drawer kept, the
 *   part of the total it paid) less what it returned by earlier refunds.
 */

import { CENT, assertMoneyRange, divRoundHalfEven, formatMoney } from './money';
import { customerRefundOf, lineRefund, type LineRefund, type LinePostings } from './settlement';

const NO_POSTINGS: LinePostings = { sale: 0n, commission: 0n, cardFee: 0n };

/** A sold line as the refund dialog and the server see it. */
export interface RefundLineSource {
  id: number;
  /** How the line is named in a message: its description, else its item code, else its place. */
  label: string;
  quantity: bigint;
  total: bigint;
  taxes: readonly [bigint, bigint, bigint];
  /** Units given back by earlier refunds. */
  refundedQuantity: bigint;
}

/** Units of a line still to refund. */
export function refundableQuantity(line: Pick<RefundLineSource, 'quantity' | 'refundedQuantity'>): bigint {
  const left = line.quantity - line.refundedQuantity;
  return left > 0n ? left : 0n;
}

export interface PlannedRefundLine {
  line: RefundLineSource;
  quantity: bigint;
  refund: LineRefund;
  /** Its total and taxes: what the customer gets back for it. */
  amount: bigint;
}

export type RefundLinesProblem =
  | { kind: 'UNKNOWN_LINE'; orderLineId: number }
  | { kind: 'DUPLICATE_LINE'; label: string }
  | { kind: 'TOO_MANY'; label: string; left: bigint; quantity: bigint }
  | { kind: 'NOTHING' };

export interface RefundLinesPlan {
  lines: PlannedRefundLine[];
  total: bigint;
  taxes: [bigint, bigint, bigint];
  /** What the customer gets back: total + taxes. */
  amount: bigint;
  problem: RefundLinesProblem | null;
}

/**
 * What refunding `requested` units gives back, line by line (lines asked for 0 units are
 * left out). The plan has every figure of the lines it could price; `problem` says why
 * the request cannot be refunded.
 */
export function planRefundLines(sources: readonly RefundLineSource[], requested: readonly { orderLineId: number; quantity: bigint }[]): RefundLinesPlan {
  const byId = new Map(sources.map((s) => [s.id, s]));
  const seen = new Set<number>();
  const lines: PlannedRefundLine[] = [];
  let problem: RefundLinesProblem | null = null;
  for (const r of requested) {
    const line = byId.get(r.orderLineId);
    if (!line) {
      problem ??= { kind: 'UNKNOWN_LINE', orderLineId: r.orderLineId };
      continue;
    }
    if (seen.has(line.id)) {
      problem ??= { kind: 'DUPLICATE_LINE', label: line.label };
      continue;
    }
    seen.add(line.id);
    if (r.quantity === 0n) continue;
    const left = refundableQuantity(line);
    if (r.quantity < 0n || r.quantity > left) {
      problem ??= { kind: 'TOO_MANY', label: line.label, left, quantity: r.quantity };
      continue;
    }
    const refund = lineRefund({ quantity: line.quantity, total: line.total, taxes: line.taxes, postings: NO_POSTINGS, refundedQuantity: line.refundedQuantity }, r.quantity);
    lines.push({ line, quantity: r.quantity, refund, amount: customerRefundOf(refund) });
  }
  if (!problem && lines.length === 0) problem = { kind: 'NOTHING' };
  const total = lines.reduce((sum, l) => sum + l.refund.total, 0n);
  const taxes: [bigint, bigint, bigint] = [0, 1, 2].map((i) => lines.reduce((sum, l) => sum + l.refund.taxes[i]!, 0n)) as [bigint, bigint, bigint];
  return { lines, total: assertMoneyRange(total), taxes, amount: assertMoneyRange(total + taxes[0] + taxes[1] + taxes[2]), problem };
}

export function refundLinesProblemMessage(problem: RefundLinesProblem): string {
  switch (problem.kind) {
    case 'UNKNOWN_LINE':
      return 'No such order line in this order';
    case 'DUPLICATE_LINE':
      return `${problem.label} is listed twice: give each line once with the units to refund`;
    case 'TOO_MANY':
      return problem.left === 0n
        ? `Every unit of ${problem.label} has been refunded already`
        : `Only ${problem.left} of ${problem.label} can still be refunded`;
    case 'NOTHING':
      return 'Choose at least one unit to refund';
  }
}

// ---------------------------------------------------------------------------------
// Refund payments: what each payment method may still return, and a first split
// ---------------------------------------------------------------------------------

/** A payment of the order as a refund sees it: `applied` is the part of the total it paid (cash: tendered less change). */
export interface PaidByMethod {
  paymentMethodId: number;
  name: string;
  isCash: boolean;
  applied: bigint;
}

export interface RefundableMethod {
  paymentMethodId: number;
  name: string;
  isCash: boolean;
  /** What the method took on the order (its payments' applied amounts). */
  took: bigint;
  /** What earlier refunds returned through it. */
  returned: bigint;
  /** What it may still return. */
  left: bigint;
}

/** Each method the order was paid by, in the order of its first payment, with what it may still return. */
export function refundableMethods(payments: readonly PaidByMethod[], earlierRefunds: readonly { paymentMethodId: number; amount: bigint }[]): RefundableMethod[] {
  const methods = new Map<number, RefundableMethod>();
  for (const p of payments) {
    const m = methods.get(p.paymentMethodId) ?? { paymentMethodId: p.paymentMethodId, name: p.name, isCash: p.isCash, took: 0n, returned: 0n, left: 0n };
    m.took += p.applied;
    methods.set(p.paymentMethodId, m);
  }
  for (const r of earlierRefunds) {
    const m = methods.get(r.paymentMethodId);
    if (m) m.returned += r.amount;
  }
  return [...methods.values()].map((m) => ({ ...m, left: m.took - m.returned > 0n ? m.took - m.returned : 0n }));
}

/**
 * A first split of `amount` over the methods, for the dialog to pre-fill: in proportion
 * to what each may still return, in cents, the remainder going to the methods in turn,
 * never more than a method may return. Methods that would return nothing are left out.
 * When the methods cannot return the whole amount, each returns all it may.
 */
export function suggestRefundPayments(amount: bigint, methods: readonly RefundableMethod[]): { paymentMethodId: number; amount: bigint }[] {
  const open = methods.filter((m) => m.left > 0n);
  const room = open.reduce((sum, m) => sum + m.left, 0n);
  if (amount <= 0n || room === 0n) return [];
  if (amount >= room) return open.map((m) => ({ paymentMethodId: m.paymentMethodId, amount: m.left }));
  const cents = amount / CENT;
  const shares = open.map((m) => {
    const share = divRoundHalfEven(cents * m.left, room);
    const cap = m.left / CENT;
    return share < cap ? share : cap;
  });
  let rest = cents - shares.reduce((sum, s) => sum + s, 0n);
  // Rounding left cents over (or took too many): settle them on the methods in turn.
  for (let i = 0; rest !== 0n && i < open.length * 2; i++) {
    const k = i % open.length;
    const cap = open[k]!.left / CENT;
    if (rest > 0n) {
      const add = cap - shares[k]! < rest ? cap - shares[k]! : rest;
      shares[k]! += add;
      rest -= add;
    } else {
      const take = shares[k]! < -rest ? shares[k]! : -rest;
      shares[k]! -= take;
      rest += take;
    }
  }
  // Whatever is not whole cents (never so for amounts of stored lines) goes with the first share.
  const split = shares.map((s) => s * CENT);
  const odd = amount - cents * CENT;
  if (odd !== 0n) split[0]! += odd;
  return open.map((m, i) => ({ paymentMethodId: m.paymentMethodId, amount: split[i]! })).filter((p) => p.amount > 0n);
}

export type RefundPaymentsProblem =
  | { kind: 'NEGATIVE'; amount: bigint }
  | { kind: 'NOT_POSITIVE' }
  | { kind: 'NOT_PAID_BY'; paymentMethodId: number }
  | { kind: 'MORE_THAN_LEFT'; name: string; took: bigint; left: bigint }
  | { kind: 'SUM'; paid: bigint; amount: bigint };

/** Why these refund payments cannot pay back `amount`, or null when they can. Several payments of one method count together. */
export function refundPaymentsProblem(amount: bigint, payments: readonly { paymentMethodId: number; amount: bigint }[], methods: readonly RefundableMethod[]): RefundPaymentsProblem | null {
  if (amount < 0n) return { kind: 'NEGATIVE', amount };
  const byId = new Map(methods.map((m) => [m.paymentMethodId, m]));
  const asked = new Map<number, bigint>();
  for (const p of payments) {
    if (p.amount <= 0n) return { kind: 'NOT_POSITIVE' };
    if (!byId.has(p.paymentMethodId)) return { kind: 'NOT_PAID_BY', paymentMethodId: p.paymentMethodId };
    asked.set(p.paymentMethodId, (asked.get(p.paymentMethodId) ?? 0n) + p.amount);
  }
  for (const [id, sum] of asked) {
    const m = byId.get(id)!;
    if (sum > m.left) return { kind: 'MORE_THAN_LEFT', name: m.name, took: m.took, left: m.left };
  }
  const paid = payments.reduce((sum, p) => sum + p.amount, 0n);
  if (paid !== amount) return { kind: 'SUM', paid, amount };
  return null;
}

export function refundPaymentsProblemMessage(problem: RefundPaymentsProblem): string {
  switch (problem.kind) {
    case 'NEGATIVE':
      return `A refund gives money back: these units come to ${formatMoney(problem.amount)}`;
    case 'NOT_POSITIVE':
      return 'Every refund payment must be more than $0.00';
    case 'NOT_PAID_BY':
      return 'A refund goes back only to a payment method this order was paid by';
    case 'MORE_THAN_LEFT':
      return problem.left === problem.took
        ? `${problem.name} took ${formatMoney(problem.took)} on this order and cannot return more`
        : `${problem.name} took ${formatMoney(problem.took)} on this order and can return at most ${formatMoney(problem.left)} more`;
    case 'SUM':
      return `Refund payments add up to ${formatMoney(problem.paid)}, not the ${formatMoney(problem.amount)} the customer gets back`;
  }
}
