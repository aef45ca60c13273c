/**
 * Refunds' SQL (docs/SETTLEMENT.md): the order and its lines as a refund sees them, the
 * refund and its lines and payments (append-only tables), and an order's refunds as the
 * order answers them. Always within the caller's store.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

/** An order line as a refund sees it: its units, amounts, and units refunded so far. */
export interface RefundableLineRow {
  id: bigint;
  itemCode: string;
  description: string;
  quantity: bigint;
  total: bigint;
  tax1: bigint;
  tax2: bigint;
  tax3: bigint;
  refundedQuantity: bigint;
}

export async function refundableLines(db: Db, storeId: number, orderId: bigint): Promise<RefundableLineRow[]> {
  const { rows } = await sql<Omit<RefundableLineRow, 'refundedQuantity'> & { refundedQuantity: string }>`
    select l.id, l.item_code as "itemCode", l.description, l.quantity, l.total,
           l.tax1_amount as tax1, l.tax2_amount as tax2, l.tax3_amount as tax3,
           coalesce((select sum(rl.quantity) from refund_lines rl where ${inStore(storeId, 'rl')} and rl.order_line_id = l.id), 0)::text as "refundedQuantity"
    from order_lines l
    where ${inStore(storeId, 'l')} and l.order_id = ${orderId}
    order by l.id`.execute(db);
  return rows.map((r) => ({ ...r, refundedQuantity: BigInt(r.refundedQuantity) }));
}

/** Units refunded so far of each line of the order that has any. */
export async function refundedQuantities(db: Db, storeId: number, orderId: bigint | number): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ lineId: bigint; quantity: string }>`
    select rl.order_line_id as "lineId", sum(rl.quantity)::text as quantity
    from refund_lines rl join refunds r on r.id = rl.refund_id
    where ${inStore(storeId, 'r')} and r.order_id = ${BigInt(orderId)}
    group by rl.order_line_id`.execute(db);
  return new Map(rows.map((r) => [String(r.lineId), BigInt(r.quantity)]));
}

/** What each payment method returned by the order's refunds so far. */
export async function earlierRefundPayments(db: Db, storeId: number, orderId: bigint): Promise<{ paymentMethodId: bigint; amount: bigint }[]> {
  const { rows } = await sql<{ paymentMethodId: bigint; amount: string }>`
    select p.payment_method_id as "paymentMethodId", sum(p.amount)::text as amount
    from refund_payments p join refunds r on r.id = p.refund_id
    where ${inStore(storeId, 'r')} and r.order_id = ${orderId}
    group by p.payment_method_id`.execute(db);
  return rows.map((r) => ({ paymentMethodId: r.paymentMethodId, amount: BigInt(r.amount) }));
}

/** How many refunds the order has. */
export async function countRefunds(db: Db, storeId: number, orderId: bigint): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(inStore(storeId))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewRefund {
  orderId: bigint;
  sequence: number;
  number: string;
  reason: string;
  total: bigint;
  taxes: readonly [bigint, bigint, bigint];
  amount: bigint;
  createdBy: bigint | null;
  approvedBy: bigint | null;
  lines: readonly { orderLineId: bigint; quantity: bigint; total: bigint; taxes: readonly [bigint, bigint, bigint] }[];
  payments: readonly { paymentMethodId: bigint; name: string; isCash: boolean; amount: bigint }[];
}

/** Writes the refund, its lines and its payments; answers its id. */
export async function insertRefund(db: Db, storeId: number, r: NewRefund): Promise<bigint> {
  const store = BigInt(storeId);
  const { id } = await db
    .insertInto('refunds')
    .values({
      store_id: store,
      order_id: r.orderId,
      sequence: r.sequence,
      number: r.number,
      reason: r.reason,
      total: r.total,
      tax1: r.taxes[0],
      tax2: r.taxes[1],
      tax3: r.taxes[2],
      amount: r.amount,
      created_by: r.createdBy,
      approved_by: r.approvedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('refund_lines')
    .values(r.lines.map((l) => ({ store_id: store, refund_id: id, order_line_id: l.orderLineId, quantity: l.quantity, total: l.total, tax1: l.taxes[0], tax2: l.taxes[1], tax3: l.taxes[2] })))
    .execute();
  if (r.payments.length > 0) {
    await db
      .insertInto('refund_payments')
      .values(r.payments.map((p) => ({ store_id: store, refund_id: id, payment_method_id: p.paymentMethodId, method_name: p.name, is_cash: p.isCash, amount: p.amount })))
      .execute();
  }
  return id;
}

export async function markOrderRefunded(db: Db, storeId: number, orderId: bigint): Promise<void> {
  await db.updateTable('orders').set({ status: 'REFUNDED', updated_at: sql`now()` }).where('id', '=', orderId).where(inStore(storeId)).execute();
}

/** An order's refunds, oldest first, each with its lines and payments and the usernames of who made and approved it. */
export async function listRefunds(db: Db, storeId: number, orderId: bigint | number) {
  const refunds = await db
    .selectFrom('refunds as r')
    .leftJoin('users as c', 'c.id', 'r.created_by')
    .leftJoin('users as a', 'a.id', 'r.approved_by')
    .select([
      'r.id',
      'r.number',
      'r.reason',
      'r.total',
      'r.tax1',
      'r.tax2',
      'r.tax3',
      'r.amount',
      'r.created_at as createdAt',
      'c.username as createdBy',
      'a.username as approvedBy',
    ])
    .where(inStore(storeId, 'r'))
    .where('r.order_id', '=', BigInt(orderId))
    .orderBy('r.sequence')
    .execute();
  if (refunds.length === 0) return [];
  const ids = refunds.map((r) => r.id);
  const [lines, payments] = await Promise.all([
    db
      .selectFrom('refund_lines')
      .select(['refund_id as refundId', 'order_line_id as orderLineId', 'quantity', 'total', 'tax1', 'tax2', 'tax3'])
      .where(inStore(storeId))
      .where('refund_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refund_payments')
      .select(['refund_id as refundId', 'payment_method_id as paymentMethodId', 'method_name as name', 'is_cash as isCash', 'amount'])
      .where(inStore(storeId))
      .where('refund_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  return refunds.map((r) => ({
    ...r,
    lines: lines.filter((l) => l.refundId === r.id).map(({ refundId: _r, ...l }) => l),
    payments: payments.filter((p) => p.refundId === r.id).map(({ refundId: _r, ...p }) => p),
  }));
}
export type RefundRow = Awaited<ReturnType<typeof listRefunds>>[number];

/**
 * Puts refunded units back in stock, as a completed sale took them: a line whose item
 * code is the SKU of a stock item (an item's alias, not withdrawn; case-insensitive;
 * lines of one SKU together; lines bound to a scanned item are returned by their item)
 * gives its units back to that item, ACTIVE again, each change a REFUND movement with
 * the refund as its note. Items are locked in id order, as a sale locks them.
 */
export async function returnStock(db: Db, storeId: number, orderId: bigint, lines: readonly { orderLineId: bigint; quantity: bigint }[], reason: string, userId: bigint | null): Promise<void> {
  if (lines.length === 0) return;
  const back = sql`(select lower(l.item_code) as code, sum(r.quantity)::int8 as quantity
                    from order_lines l join unnest(${lines.map((l) => l.orderLineId)}::int8[], ${lines.map((l) => l.quantity)}::int8[]) as r(line_id, quantity) on r.line_id = l.id
                    where ${inStore(storeId, 'l')} and l.order_id = ${orderId} and l.item_code <> '' and l.item_id is null group by 1)`;
  const { rows: locked } = await sql<{ id: bigint }>`
    select i.id from items i
    where ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN' and lower(i.alias) in (select code from ${back} s)
    order by i.id for update`.execute(db);
  if (locked.length === 0) return;
  await sql`
    with given as (
      update items i set quantity = i.quantity + s.quantity, status = 'ACTIVE', updated_at = now()
      from ${back} s
      where ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN' and lower(i.alias) = s.code
      returning i.id, s.quantity, i.quantity as after
    )
    insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, order_id, note, created_by)
    select ${BigInt(storeId)}, id, 'REFUND', quantity, after, ${orderId}, ${reason}, ${userId} from given order by id`.execute(db);
}
