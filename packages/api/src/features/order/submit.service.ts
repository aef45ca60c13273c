/**
 * Checkout (docs/SETTLEMENT.md, Checkout). In one transaction: the lines saved
 * (submit-lines.ts), the totals recomputed, the payments applied by the domain's
 * planCheckout (refused with 400 and nothing stored when they cannot pay the order),
 * then, by the domain's submitOutcome, either completed (payments, stock, ledger,
 * journal, the order's figures: completion.ts) or PENDING with its payments stored while
 * a method waits for a manager; one ORDER_SUBMIT audit event either way. A submit
 * repeated with the same idempotency key for the same order answers what the first
 * answered (submit-answer.ts).
 */
import { serialize } from 'node:v8';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SubmitOrderInput } from '@pos/contracts';
import {
  checkoutProblemMessage,
  isOrderEditable,
  MONEY_OUT_NEEDS_APPROVAL,
  offlineMethodRefusal,
  offlineTender,
  moneyOutNeedsApprover,
  moneyOutRefused,
  movesMoneyOut,
  planCashInFull,
  planCheckout,
  submitOutcome,
  type CheckoutPlan,
  type TenderMethod,
} from '@pos/domain';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { verifyManagerApproval } from '../auth/auth.service';
import { requestHash } from '../idempotency/idempotency.service';
import { assertDayOpen } from '../reports/day-close.service';
import { findCashMethod, findPaymentMethods } from '../store/store.repository';
import { PAYMENT_METHOD_NOT_FOUND } from '../store/store.service';
import { refusingOverflow } from '../ledger/ledger.repository';
import { saleWrites, takeStock } from './completion';
import { assertEditable } from './order-lines';
import { actorOfCaller, auditedCheckout, ORDER_NOT_FOUND, type Caller } from './order-read';
import * as repo from './order.repository';
import { answered, submitted } from './submit-answer';
import { saveLines, submitMovesMoneyOut } from './submit-lines';

type Db = Kysely<Database>;

/** A payment method as checkout applies it. */
type Tender = TenderMethod & { id: bigint; requiresManagerApproval: boolean };

/**
 * How completing an offline sale differs from a checkout at the till (docs/ARCHITECTURE.md,
 * The offline till); a checkout passes none.
 */
export interface SubmitOptions {
  /**
   * The time of sale (default: now): when the order completed and its payments, ledger
   * entries and journal are dated, so they count on that business day, which must still
   * be open.
   */
  at?: Date;
  /** Only Cash and the methods that may be taken offline (a replayed offline sale). */
  offlineOnly?: boolean;
  /** A method archived since the sale is still taken (a manager completing an offline sale anyway). */
  archivedAllowed?: boolean;
}

/**
 * The methods the payments name, each a live method of this store (another store's is
 * unknown here); without payments, the order total in full by the store's Cash method
 * (nothing for a total of zero; a total below zero is handed back in cash).
 */
async function tendersFor(db: Db, storeId: number, payments: SubmitOrderInput['payments'], total: bigint, options: SubmitOptions) {
  if (payments === undefined) {
    const cash = await findCashMethod(db, storeId);
    if (!cash) throw new Error(`store ${storeId} has no Cash method`);
    return total !== 0n ? [{ method: cash as Tender, amount: total }] : [];
  }
  const found = new Map((await findPaymentMethods(db, storeId, [...new Set(payments.map((p) => BigInt(p.paymentMethodId)))])).map((m) => [m.id, m]));
  return payments.map((p) => {
    const method = found.get(BigInt(p.paymentMethodId));
    if (!method) throw new AppError('BAD_REQUEST', `${PAYMENT_METHOD_NOT_FOUND}: ${p.paymentMethodId}`);
    if (method.archived && !options.archivedAllowed) throw new AppError('BAD_REQUEST', `${method.name} is no longer a payment method of this store`);
    if (options.offlineOnly && !offlineTender(method)) throw new AppError('BAD_REQUEST', offlineMethodRefusal(method.name));
    return { method, amount: p.amount };
  });
}

/**
 * Whether a submit's payments need a manager's approval, read before its transaction, so
 * an approval is checked (a password hash, counted under the sign-in limits) outside it.
 */
async function needsApproval(db: Db, storeId: number, input: SubmitOrderInput): Promise<boolean> {
  if (!input.payments) return false;
  const methods = await findPaymentMethods(
    db,
    storeId,
    input.payments.map((p) => BigInt(p.paymentMethodId)),
  );
  return methods.some((m) => m.requiresManagerApproval && !m.archived);
}

/** Submits a draft: completes it, leaves it PENDING, or refuses it with nothing stored (see above). */
export async function submitOrder(caller: Caller, input: SubmitOrderInput) {
  const { db, storeId } = caller;
  // STORE_STAFF move money out (a total below zero, a negative line) only with a manager's approval.
  const staff = moneyOutNeedsApprover(caller.role);
  let approver: { id: bigint; username: string } | null = null;
  if (input.approval) {
    // Checked before the transaction: a refused approval leaves nothing but its count.
    if (input.idempotencyKey !== undefined) {
      const first = await repo.findSubmitAnswer(db, storeId, input.orderId, input.idempotencyKey);
      if (first !== undefined) return answered(first, input);
    }
    if ((await needsApproval(db, storeId, input)) || (staff && (await submitMovesMoneyOut(db, storeId, input)))) {
      approver = await verifyManagerApproval(caller, storeId, input.approval);
    }
  }
  return db.transaction().execute((trx) => submitInTransaction(trx, caller, input, approver));
}

/**
 * A submit inside the caller's transaction, with the manager who approved its payments
 * (if any); an offline sale's replay passes its options (see SubmitOptions).
 */
export async function submitInTransaction(trx: Db, caller: Caller, input: SubmitOrderInput, approver: { id: bigint; username: string } | null, options: SubmitOptions = {}) {
  const { storeId } = caller;
  const order = await repo.lockOrderForSubmit(trx, storeId, input.orderId, input.idempotencyKey ?? null);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (order.answer !== null) return answered(order.answer, input);
  if (input.idempotencyKey !== undefined && !isOrderEditable(order.status)) {
    // The lock waited for a submit that committed since this statement's snapshot,
    // which cannot see that submit's key: read it again (only a submit leaves a draft).
    const first = await repo.findSubmitAnswer(trx, storeId, input.orderId, input.idempotencyKey);
    if (first !== undefined) return answered(first, input);
  }
  assertEditable(order.status);
  await assertDayOpen(trx, storeId, options.at ?? null);
  const lines = await saveLines(trx, storeId, input, order);
  const moneyOut = movesMoneyOut(lines.items, lines.totals.total);
  if (moneyOutRefused(caller.role, moneyOut, approver !== null)) throw new AppError('FORBIDDEN', MONEY_OUT_NEEDS_APPROVAL);
  const tenders = await tendersFor(trx, storeId, input.payments, lines.totals.total, options);
  const plan: CheckoutPlan<Tender> = input.payments === undefined ? planCashInFull(lines.totals.total, tenders) : planCheckout(lines.totals.total, tenders);
  if (plan.problem) throw new AppError('BAD_REQUEST', checkoutProblemMessage(plan.problem));
  const decided = submitOutcome({ movesMoneyOut: moneyOut, methodNeedsApproval: plan.tenders.some((t) => t.method.requiresManagerApproval), approved: approver !== null });
  const waits = decided.status === 'PENDING';
  const approvedBy = decided.keepsApprover ? approver : null;
  const payments = plan.tenders.map((t) => ({
    paymentMethodId: t.method.id,
    name: t.method.name,
    isCash: t.method.isCash,
    vendorFeePercent: t.method.vendorFeePercent,
    amount: t.amount,
    applied: t.applied,
    customerFee: t.customerFee,
    change: t.change,
  }));
  const paid = await repo.insertPayments(trx, storeId, order.id, payments, options.at ?? null);
  if (!waits) await takeStock(trx, storeId, order, caller.user.id);
  const outcome: repo.Outcome = {
    status: decided.status,
    customerFees: plan.customerFees,
    changeDue: plan.changeDue,
    amountPaid: waits ? 0n : plan.amountPaid,
    ...(input.customerName !== undefined ? { customerName: input.customerName } : {}),
    approvedBy: approvedBy?.id ?? null,
    ...(options.at && !waits ? { completedAt: options.at } : {}),
  };
  const saved = submitted(order, lines.totals, outcome, approvedBy ? approvedBy.username : order.approvedBy, lines.items, paid);
  await recordAudit(trx, actorOfCaller(caller), { action: 'ORDER_SUBMIT', targetType: 'order', targetId: order.id, after: auditedCheckout(saved) });
  const answer = { success: true, message: waits ? 'Order waits for a manager to approve its payments' : 'Order submitted', order: saved };
  if (input.idempotencyKey !== undefined) await repo.insertSubmitAnswer(trx, storeId, order.id, input.idempotencyKey, serialize(answer), requestHash(input));
  // Last and in one statement with the outcome, so the rows every sale of the store
  // updates (its counters, report days, ledger totals, the books' sums and the vendor's
  // balance) stay locked from that statement to commit only.
  if (waits) await repo.saveOutcome(trx, storeId, order.id, lines.totals, outcome);
  else {
    const writes = await saleWrites(trx, storeId, { id: order.id, orderNumber: order.orderNumber, total: plan.total, completedAt: options.at }, payments, caller.user.id, lines.vendorLines);
    await refusingOverflow(repo.saveOutcome(trx, storeId, order.id, lines.totals, outcome, writes));
  }
  return answer;
}
