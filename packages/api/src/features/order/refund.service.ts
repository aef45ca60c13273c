/**
 * Refunds of completed orders (docs/SETTLEMENT.md, Refunds). In one transaction, with the
 * order locked so refunds of one order take turns: the refund's record (numbered after
 * its order), its lines and payments; the ledger's reversals of what its vendor lines
 * posted; stock back for inventory items and scanned items (ACTIVE again); the order REFUNDED once every unit is back; and
 * one ORDER_REFUND audit event. Every amount comes from packages/domain's refund
 * functions, which the refund dialog previews with.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { RefundOrderInput } from '@pos/contracts';
import {
  formatMoney,
  includes,
  planRefundLines,
  refundLinesProblemMessage,
  refundPaymentsProblem,
  refundPaymentsProblemMessage,
  refundableMethods,
  refundableQuantity,
  type Role,
} from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { verifyManagerApproval } from '../auth/auth.service';
import { idempotent, keptAnswer } from '../idempotency/idempotency.service';
import { returnOrderItems } from '../item/item.service';
import { postRefund } from '../ledger/ledger.service';
import { journalRefund } from '../books/books.service';
import { assertDayOpen } from '../reports/day-close.service';
import { ORDER_NOT_FOUND, loadOrder } from './order-read';
import { listPayments, lockOrder } from './order.repository';
import * as repo from './refund.repository';

type Db = Kysely<Database>;

export const REFUND_NEEDS_APPROVAL = "A refund by STORE_STAFF needs a manager's approval";

/** How a line is named in a message: its description, else its item code, else its place on the order. */
function lineLabel(line: repo.RefundableLineRow, index: number): string {
  return line.description || line.itemCode || `line ${index + 1}`;
}

/**
 * Refunds units of a COMPLETED order. STORE_MANAGER and above refund on their own;
 * STORE_STAFF with a manager's credentials (`approval`), checked before anything is
 * written: a wrong one is 403 and counts as a failed sign-in.
 */
export async function refundOrder(ctx: Context & { storeId: number; role: Role; user: { id: bigint } }, input: RefundOrderInput) {
  const actor: Actor = { storeId: ctx.storeId, userId: ctx.user.id, role: ctx.role };
  const call = { storeId: ctx.storeId, procedure: '/order/refund', input };
  // A retry of a refund made answers it without checking an approval again.
  const kept = await keptAnswer<RefundAnswer>(ctx.db, call);
  if (kept) return kept.answer;
  let approver: { id: bigint; username: string } | null = null;
  if (!includes(ctx.role, 'STORE_MANAGER')) {
    if (!input.approval) throw new AppError('FORBIDDEN', REFUND_NEEDS_APPROVAL);
    approver = await verifyManagerApproval(ctx, ctx.storeId, input.approval);
  }
  return idempotent(ctx.db, call, (trx) => refundInTransaction(trx, actor, approver, input));
}

type RefundAnswer = Awaited<ReturnType<typeof refundInTransaction>>;

async function refundInTransaction(trx: Db, actor: Actor, approver: { id: bigint; username: string } | null, input: RefundOrderInput) {
  const { storeId } = actor;
  // Locked until the transaction ends: refunds of one order take turns.
  const order = await lockOrder(trx, storeId, input.orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  // A REFUNDED order has no unit left: the lines' check below says so.
  if (order.status !== 'COMPLETED' && order.status !== 'REFUNDED') {
    throw new AppError('BAD_REQUEST', `Only a completed order can be refunded: order ${order.orderNumber} is ${order.status}`);
  }
  await assertDayOpen(trx, storeId);

  const rows = await repo.refundableLines(trx, storeId, order.id);
  const sources = rows.map((row, i) => ({
    id: Number(row.id),
    label: lineLabel(row, i),
    quantity: row.quantity,
    total: row.total,
    taxes: [row.tax1, row.tax2, row.tax3] as const,
    refundedQuantity: row.refundedQuantity,
  }));
  const plan = planRefundLines(
    sources,
    input.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: BigInt(l.quantity) })),
  );
  if (plan.problem) throw new AppError('BAD_REQUEST', refundLinesProblemMessage(plan.problem));

  const paid = await listPayments(trx, storeId, order.id);
  const earlier = await repo.earlierRefundPayments(trx, storeId, order.id);
  const methods = refundableMethods(
    paid.map((p) => ({ paymentMethodId: Number(p.paymentMethodId), name: p.name, isCash: p.isCash, applied: p.applied })),
    earlier.map((p) => ({ paymentMethodId: Number(p.paymentMethodId), amount: p.amount })),
  );
  const payments = input.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, amount: p.amount }));
  const problem = refundPaymentsProblem(plan.amount, payments, methods);
  if (problem) throw new AppError('BAD_REQUEST', refundPaymentsProblemMessage(problem));

  const sequence = (await repo.countRefunds(trx, storeId, order.id)) + 1;
  const number = `${order.orderNumber}-R${sequence}`;
  const byMethod = new Map(methods.map((m) => [m.paymentMethodId, m]));
  const refundId = await repo.insertRefund(trx, storeId, {
    orderId: order.id,
    sequence,
    number,
    reason: input.reason,
    total: plan.total,
    taxes: plan.taxes,
    amount: plan.amount,
    createdBy: actor.userId,
    approvedBy: approver?.id ?? null,
    lines: plan.lines.map((l) => ({ orderLineId: BigInt(l.line.id), quantity: l.quantity, total: l.refund.total, taxes: l.refund.taxes })),
    payments: payments.map((p) => {
      const method = byMethod.get(p.paymentMethodId)!;
      return { paymentMethodId: BigInt(p.paymentMethodId), name: method.name, isCash: method.isCash, amount: p.amount };
    }),
  });

  await postRefund(
    trx,
    storeId,
    { id: refundId, orderId: order.id },
    plan.lines.map((l) => ({ lineId: BigInt(l.line.id), lineQuantity: l.line.quantity, refundedBefore: l.line.refundedQuantity, quantity: l.quantity })),
    actor.userId,
  );
  await journalRefund(trx, storeId, { id: refundId, orderId: order.id, number }, actor.userId);
  const returned = plan.lines.map((l) => ({ orderLineId: BigInt(l.line.id), quantity: l.quantity }));
  await repo.returnStock(trx, storeId, order.id, returned, `Returned on refund ${number}`, actor.userId);
  await returnOrderItems(trx, storeId, order.id, returned, `Refund ${number}`, actor.userId);

  const refundedNow = new Map(plan.lines.map((l) => [l.line.id, l.quantity]));
  const everyUnitBack = sources.every((s) => refundableQuantity({ quantity: s.quantity, refundedQuantity: s.refundedQuantity + (refundedNow.get(s.id) ?? 0n) }) === 0n);
  if (everyUnitBack) await repo.markOrderRefunded(trx, storeId, order.id);

  await recordAudit(trx, actor, {
    action: 'ORDER_REFUND',
    targetType: 'order',
    targetId: order.id,
    after: {
      orderNumber: order.orderNumber,
      refund: number,
      status: everyUnitBack ? 'REFUNDED' : 'COMPLETED',
      reason: input.reason,
      lines: plan.lines.map((l) => `${l.quantity} × ${l.line.label}`),
      payments: payments.map((p) => `${byMethod.get(p.paymentMethodId)!.name} ${formatMoney(p.amount)}`),
      total: plan.total,
      taxes: plan.taxes[0] + plan.taxes[1] + plan.taxes[2],
      amount: plan.amount,
      approvedBy: approver?.username ?? null,
    },
  });

  const answer = await loadOrder(trx, storeId, order.id);
  // A refunded order is completed or refunded: it answers its refunds.
  const refund = answer.refunds!.find((r) => r.id === refundId)!;
  return { success: true, message: `Refund ${number}: ${formatMoney(plan.amount)} back to the customer`, refund, order: answer };
}
