/**
 * Reading an order as every order procedure answers it (its lines, payments and, once
 * completed, its refunds), who calls an order procedure, and the figures its audit
 * events keep.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { Role } from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import type { Actor } from '../audit/audit.service';
import * as repo from './order.repository';
import * as refundRepo from './refund.repository';

type Db = Kysely<Database>;

/** Who calls a checkout procedure: the call's context, the (store, role) it acts in and its user. */
export type Caller = Context & { storeId: number; role: Role; user: { id: bigint; username: string } };

export function actorOfCaller(c: Caller): Actor {
  return { storeId: c.storeId, userId: c.user.id, role: c.role };
}

export const ORDER_NOT_FOUND = 'No such order in this store';
export const LINE_NOT_FOUND = 'No such order line in this store';

/** An order with its lines, its payments and, once completed, its refunds. */
export async function loadOrder(db: Db, storeId: number, orderId: bigint | number) {
  const order = await repo.findOrder(db, storeId, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [items, payments] = await Promise.all([repo.listLines(db, storeId, orderId), repo.listPayments(db, storeId, orderId)]);
  return withRefunds(db, storeId, { ...order, items, payments: payments.map(({ vendorFeePercent: _fee, ...p }) => p) });
}

/**
 * A completed (or refunded) order with its refunds and each line's units refunded; an
 * order that was never completed has neither, its lines as update-line answers them.
 */
async function withRefunds<O extends { id: bigint; status: string; items: { id: bigint }[] }>(
  db: Db,
  storeId: number,
  order: O,
): Promise<Omit<O, 'items'> & { items: (O['items'][number] & { refundedQuantity?: bigint })[]; refunds?: refundRepo.RefundRow[] }> {
  if (order.status !== 'COMPLETED' && order.status !== 'REFUNDED') return order;
  const [refunds, refunded] = await Promise.all([refundRepo.listRefunds(db, storeId, order.id), refundRepo.refundedQuantities(db, storeId, order.id)]);
  return { ...order, refunds, items: order.items.map((l) => ({ ...l, refundedQuantity: refunded.get(String(l.id)) ?? 0n })) };
}

export async function fetchOrder(db: Db, storeId: number, orderId: number) {
  return { success: true, order: await loadOrder(db, storeId, orderId) };
}

export type LoadedOrder = Awaited<ReturnType<typeof loadOrder>>;

/** The figures an order's audit event keeps. */
export function auditedCheckout(order: LoadedOrder) {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    total: order.total,
    customerFees: order.customerFees,
    amountPaid: order.amountPaid,
    changeDue: order.changeDue,
    approvedBy: order.approvedBy,
    payments: order.payments.map((p) => ({ name: p.name, amount: p.amount, applied: p.applied, customerFee: p.customerFee, change: p.change })),
  };
}
