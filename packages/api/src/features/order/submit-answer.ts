/**
 * The answer a submit keeps: built from what the submit wrote (no read back), stored with
 * its idempotency key, and answered again, as it was, to a repeat of the same request.
 */
import { deserialize } from 'node:v8';
import superjson from 'superjson';
import { IDEMPOTENCY_KEY_REUSED, type SubmitOrderInput } from '@pos/contracts';
import { AppError } from '../../errors';
import { requestHash, sameRequest } from '../idempotency/idempotency.service';
import type { LoadedOrder } from './order-read';
import type * as repo from './order.repository';

export type SubmitAnswer = { success: boolean; message: string; order: LoadedOrder };

/** A first answer kept with its idempotency key, as it was answered; 409 when it answered another request. */
export function answered({ answer, requestHash: kept }: repo.KeptSubmit, input: SubmitOrderInput): SubmitAnswer {
  if (!sameRequest(kept, requestHash(input))) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_REUSED);
  return answer instanceof Uint8Array ? (deserialize(answer) as SubmitAnswer) : superjson.deserialize<SubmitAnswer>(answer);
}

/**
 * The submitted order as loadOrder will read it once the submit's statements have run:
 * the order as locked with what saveOutcome stores over it (its time is the
 * transaction's, `now`), and the lines and payments as written. A draft has no refunds,
 * so a completed one answers none and each line none refunded.
 */
export function submitted(
  locked: repo.OrderRow & { now: Date },
  totals: repo.OrderTotals,
  outcome: repo.Outcome,
  approvedBy: string | null,
  items: repo.LineRow[],
  payments: repo.PaymentRow[],
): LoadedOrder {
  // A Date of its own per field, as the database answers them (a shared one would send
  // the stored answer to superjson's slow path for its referential equality).
  const now = () => new Date(locked.now.getTime());
  const order = {
    id: locked.id,
    orderNumber: locked.orderNumber,
    customerName: outcome.customerName ?? locked.customerName,
    status: outcome.status,
    subtotal: totals.subtotal,
    discount: totals.discount,
    tax1: totals.tax1,
    tax2: totals.tax2,
    tax3: totals.tax3,
    total: totals.total,
    createdAt: locked.createdAt,
    updatedAt: now(),
    customerFees: outcome.customerFees,
    amountPaid: outcome.amountPaid,
    changeDue: outcome.changeDue,
    approvedBy,
    approvedAt: outcome.approvedBy !== null ? now() : locked.approvedAt,
    completedAt: outcome.status === 'COMPLETED' ? (outcome.completedAt ? new Date(outcome.completedAt.getTime()) : now()) : locked.completedAt,
    cancelledAt: locked.cancelledAt,
    cancelReason: locked.cancelReason,
    items,
    payments: payments.map(({ vendorFeePercent: _fee, ...p }) => p),
  };
  if (order.status !== 'COMPLETED') return order;
  return { ...order, refunds: [], items: items.map((l) => ({ ...l, refundedQuantity: 0n })) };
}
