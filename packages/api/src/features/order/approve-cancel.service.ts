/**
 * A manager's answer to an order that waits (docs/SETTLEMENT.md, Checkout): approving
 * a PENDING order completes it with the payments it was submitted with; cancelling
 * ends a DRAFT or a PENDING order with a reason (who may: the domain's cancelRefusal).
 * Both are idempotent by key and audited.
 */
import { approveRefusal, cancelRefusal, type OrderRefusal } from '@pos/domain';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { idempotent } from '../idempotency/idempotency.service';
import { assertDayOpen } from '../reports/day-close.service';
import { complete } from './completion';
import { actorOfCaller, auditedCheckout, loadOrder, ORDER_NOT_FOUND, type Caller } from './order-read';
import * as repo from './order.repository';

function refuse(refusal: OrderRefusal | null) {
  if (refusal) throw new AppError(refusal.reason, refusal.message);
}

/** A manager completes a PENDING order with the payments it was submitted with. */
export async function approveOrder(caller: Caller, input: { orderId: number; idempotencyKey?: string | undefined }) {
  const { storeId } = caller;
  const { orderId } = input;
  return idempotent(caller.db, { storeId, procedure: '/order/approve', input }, async (trx) => {
    const order = await repo.lockOrder(trx, storeId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    refuse(approveRefusal(order.status));
    await assertDayOpen(trx, storeId);
    const payments = await repo.listPayments(trx, storeId, orderId);
    await complete(trx, storeId, order, payments, caller.user.id);
    await repo.approveOrder(trx, storeId, orderId, caller.user.id);
    const saved = await loadOrder(trx, storeId, orderId);
    await recordAudit(trx, actorOfCaller(caller), {
      action: 'ORDER_APPROVE',
      targetType: 'order',
      targetId: order.id,
      before: { status: 'PENDING' },
      after: auditedCheckout(saved),
    });
    return { success: true, message: 'Order approved', order: saved };
  });
}

/** Cancels a DRAFT (STORE_STAFF and above) or a PENDING order (STORE_MANAGER and above), with the reason. */
export async function cancelOrder(caller: Caller, input: { orderId: number; reason: string; idempotencyKey?: string | undefined; customerName?: string | undefined }) {
  const { storeId } = caller;
  const { orderId, reason, customerName } = input;
  return idempotent(caller.db, { storeId, procedure: '/order/cancel', input }, async (trx) => {
    const order = await repo.lockOrder(trx, storeId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    refuse(cancelRefusal(order.status, caller.role));
    // A draft's name as the cashier left it is kept with it; a PENDING order keeps the name it was submitted with.
    await repo.cancelOrder(trx, storeId, orderId, caller.user.id, reason, order.status === 'DRAFT' ? customerName : undefined);
    const saved = await loadOrder(trx, storeId, orderId);
    await recordAudit(trx, actorOfCaller(caller), {
      action: 'ORDER_CANCEL',
      targetType: 'order',
      targetId: order.id,
      before: { status: order.status },
      after: { ...auditedCheckout(saved), reason },
    });
    return { success: true, message: 'Order cancelled', order: saved };
  });
}
