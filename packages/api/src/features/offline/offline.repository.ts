/**
 * The offline till's SQL (docs/ARCHITECTURE.md, The offline till): devices, their
 * blocks of order numbers, and the offline sales received. Always within the caller's store.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore, isStoreRow } from '../../db-helpers';

type Db = Kysely<Database>;

/** Registers the device in the store, or renames it when it was registered before. */
export async function upsertDevice(db: Db, storeId: number, deviceId: string, name: string, userId: bigint) {
  return db
    .insertInto('devices')
    .values({ store_id: BigInt(storeId), device_id: deviceId, name, registered_by: userId })
    .onConflict((oc) => oc.columns(['store_id', 'device_id']).doUpdateSet({ name, updated_at: sql`now()` }))
    .returning(['id', 'device_id as deviceId', 'name'])
    .executeTakeFirstOrThrow();
}

/** The store's device of this id; undefined when it was never registered in this store. */
export async function findDevice(db: Db, storeId: number, deviceId: string) {
  return db.selectFrom('devices').select(['id', 'name']).where(inStore(storeId)).where('device_id', '=', deviceId).executeTakeFirst();
}

/**
 * A block of `count` order numbers for the device, in one statement: taken from the
 * store's counter (the row lock on the store serialises it with every other taker, so
 * no number is handed out twice) and recorded as the device's. A number an order
 * already has (the counter was set back) is left out. Answers them in order.
 */
export async function reserveNumbers(db: Db, storeId: number, deviceRowId: bigint, count: number): Promise<string[]> {
  const { rows } = await sql<{ orderNumber: string }>`
    with c as (
      update stores set next_order_number = next_order_number + ${count}
      where ${isStoreRow(storeId)}
      returning order_prefix, next_order_number - ${count}::int8 as first
    ), n as (
      select c.order_prefix || (c.first + g)::text as order_number, g from c, generate_series(0, ${count - 1}) g
    )
    insert into device_numbers (store_id, order_number, device_id)
    select ${BigInt(storeId)}, n.order_number, ${deviceRowId} from n
    where not exists (select 1 from orders o where o.store_id = ${BigInt(storeId)} and o.order_number = n.order_number)
    order by n.g
    on conflict do nothing
    returning order_number as "orderNumber"`.execute(db);
  return rows.map((r) => r.orderNumber);
}

/** The device's number, locked for the transaction, with its status; undefined when it is not the device's. */
export async function lockDeviceNumber(db: Db, storeId: number, deviceRowId: bigint, orderNumber: string) {
  return db
    .selectFrom('device_numbers')
    .select(['status'])
    .where(inStore(storeId))
    .where('order_number', '=', orderNumber)
    .where('device_id', '=', deviceRowId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markNumberUsed(db: Db, storeId: number, deviceRowId: bigint, orderNumber: string): Promise<void> {
  await db
    .updateTable('device_numbers')
    .set({ status: 'USED', used_at: sql`now()` })
    .where(inStore(storeId))
    .where('order_number', '=', orderNumber)
    .where('device_id', '=', deviceRowId)
    .where('status', '=', 'RESERVED')
    .execute();
}

/** Numbers of the device's blocks it reports it will never use: skipped, never handed out again. */
export async function markNumbersSkipped(db: Db, storeId: number, deviceRowId: bigint, numbers: readonly string[]): Promise<void> {
  if (numbers.length === 0) return;
  await db
    .updateTable('device_numbers')
    .set({ status: 'SKIPPED' })
    .where(inStore(storeId))
    .where('device_id', '=', deviceRowId)
    .where('status', '=', 'RESERVED')
    .where('order_number', 'in', [...new Set(numbers)])
    .execute();
}

/** What the device reports waiting in its outbox. */
export async function saveReport(db: Db, storeId: number, deviceRowId: bigint, pending: number, oldestPendingAt: Date | null): Promise<void> {
  await db
    .updateTable('devices')
    .set({ pending, oldest_pending_at: pending > 0 ? oldestPendingAt : null, reported_at: sql`now()` })
    .where(inStore(storeId))
    .where('id', '=', deviceRowId)
    .execute();
}

/** Devices whose last report had sales not yet sent, the longest waiting first. */
export async function devicesWaiting(db: Db, storeId: number) {
  const { rows } = await sql<{ deviceName: string; pending: number; oldestPendingAt: Date | null; reportedAt: Date }>`
    select name as "deviceName", pending, oldest_pending_at as "oldestPendingAt", reported_at as "reportedAt"
    from devices where ${inStore(storeId)} and pending > 0 and reported_at is not null
    order by oldest_pending_at nulls last, id`.execute(db);
  return rows;
}

// ---- the snapshot ---------------------------------------------------------------------

export async function storeName(db: Db, storeId: number): Promise<string> {
  const row = await db.selectFrom('stores').select('name').where(isStoreRow(storeId)).executeTakeFirstOrThrow();
  return row.name;
}

/** The store's live item codes with their vendors (none for the store's own codes). */
export async function snapshotItemCodes(db: Db, storeId: number) {
  const { rows } = await sql<{ code: string; vendorId: bigint | null; vendorName: string; booth: string }>`
    select c.tag as code, v.id as "vendorId", coalesce(v.trade_name, '') as "vendorName", coalesce(v.booth, '') as booth
    from item_codes c left join vendors v on v.id = c.vendor_id
    where ${inStore(storeId, 'c')} and c.archived_at is null
    order by lower(c.tag)`.execute(db);
  return rows;
}

/** The store's items a scan may sell: ACTIVE with units left. */
export async function snapshotItems(db: Db, storeId: number) {
  const { rows } = await sql<{ itemNumber: string; alias: string | null; itemCode: string; description: string; price: bigint }>`
    select i.item_number as "itemNumber", i.alias, coalesce(c.tag, '') as "itemCode", i.description, i.price
    from items i left join item_codes c on c.id = i.item_code_id
    where ${inStore(storeId, 'i')} and i.status = 'ACTIVE' and i.quantity > 0
    order by i.id`.execute(db);
  return rows;
}

// ---- offline sales ----------------------------------------------------------------------

export interface NewOfflineSale {
  deviceRowId: bigint;
  clientId: string;
  orderNumber: string;
  soldAt: Date;
  cashierId: bigint;
  status: 'OPEN' | 'COMPLETED';
  reason: string;
  sale: string;
  total: bigint;
  requestHash: string;
}

/**
 * Keeps the sale under its client id; undefined when the store already has a sale of
 * that client id (a concurrent send waits here for the first to commit or roll back).
 */
export async function insertOfflineSale(db: Db, storeId: number, s: NewOfflineSale): Promise<bigint | undefined> {
  const row = await db
    .insertInto('offline_sales')
    .values({
      store_id: BigInt(storeId),
      device_id: s.deviceRowId,
      client_id: s.clientId,
      order_number: s.orderNumber,
      sold_at: s.soldAt,
      cashier_id: s.cashierId,
      status: s.status,
      reason: s.reason,
      sale: s.sale,
      total: s.total,
      request_hash: s.requestHash,
    })
    .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The sale kept under this client id: what its first answer was built from. */
export async function findByClientId(db: Db, storeId: number, clientId: string) {
  return db
    .selectFrom('offline_sales')
    .select(['id', 'reason', 'answer', 'request_hash as requestHash'])
    .where(inStore(storeId))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** A sale completed on replay: the order it became and the answer a resend gets. */
export async function saveCompleted(db: Db, storeId: number, id: bigint, orderId: bigint, answer: Buffer): Promise<void> {
  await db.updateTable('offline_sales').set({ order_id: orderId, answer }).where(inStore(storeId)).where('id', '=', id).execute();
}

const SALE_COLUMNS = sql`
  f.id, d.name as "deviceName", f.order_number as "orderNumber", f.sold_at as "soldAt",
  coalesce(u.username, '') as "cashierName", f.cashier_id as "cashierId", f.total, f.reason, f.status,
  r.username as "resolvedBy", f.resolved_at as "resolvedAt", f.resolution, f.order_id as "orderId", f.sale, f.device_id as "deviceRowId"`;
const SALE_FROM = sql`
  offline_sales f join devices d on d.id = f.device_id
  left join users u on u.id = f.cashier_id left join users r on r.id = f.resolved_by`;

export interface OfflineSaleRow {
  id: bigint;
  deviceName: string;
  orderNumber: string;
  soldAt: Date;
  cashierName: string;
  cashierId: bigint | null;
  total: bigint;
  reason: string;
  status: 'OPEN' | 'COMPLETED' | 'VOIDED';
  resolvedBy: string | null;
  resolvedAt: Date | null;
  resolution: string | null;
  orderId: bigint | null;
  sale: unknown;
  deviceRowId: bigint;
}

/** The sales that needed a manager's attention: open ones first (oldest sale first), then the latest resolved. */
export async function attentionSales(db: Db, storeId: number, resolvedLimit: number): Promise<OfflineSaleRow[]> {
  const { rows } = await sql<OfflineSaleRow>`
    (select ${SALE_COLUMNS}, 0 as k from ${SALE_FROM} where ${inStore(storeId, 'f')} and f.reason <> '' and f.status = 'OPEN' order by f.sold_at, f.id)
    union all
    (select ${SALE_COLUMNS}, 1 as k from ${SALE_FROM} where ${inStore(storeId, 'f')} and f.reason <> '' and f.status <> 'OPEN' order by f.resolved_at desc, f.id desc limit ${resolvedLimit})
    order by k`.execute(db);
  return rows;
}

/** One sale that needed attention, locked for the transaction; undefined when it is not this store's. */
export async function lockAttentionSale(db: Db, storeId: number, id: number): Promise<OfflineSaleRow | undefined> {
  const { rows } = await sql<OfflineSaleRow>`
    select ${SALE_COLUMNS} from ${SALE_FROM} where f.id = ${BigInt(id)} and ${inStore(storeId, 'f')} and f.reason <> '' for update of f`.execute(db);
  return rows[0];
}

export async function readAttentionSale(db: Db, storeId: number, id: bigint): Promise<OfflineSaleRow> {
  const { rows } = await sql<OfflineSaleRow>`select ${SALE_COLUMNS} from ${SALE_FROM} where f.id = ${id} and ${inStore(storeId, 'f')}`.execute(db);
  return rows[0]!;
}

export async function resolveSale(db: Db, storeId: number, id: bigint, r: { status: 'COMPLETED' | 'VOIDED'; by: bigint; resolution: string; orderId: bigint | null }): Promise<void> {
  await db
    .updateTable('offline_sales')
    .set({ status: r.status, resolved_by: r.by, resolved_at: sql`now()`, resolution: r.resolution, order_id: r.orderId })
    .where(inStore(storeId))
    .where('id', '=', id)
    .execute();
}

/**
 * What the device had sold offline before this sale, within the hours limit: how many
 * sales and their totals (the server's check of the limits on replay).
 */
export async function deviceOfflineWindow(db: Db, storeId: number, deviceRowId: bigint, soldAt: Date, hours: number) {
  const { rows } = await sql<{ pending: number; pendingTotal: bigint; offlineSince: Date | null }>`
    select count(*)::int as pending, coalesce(sum(total), 0)::int8 as "pendingTotal", min(sold_at) as "offlineSince"
    from offline_sales
    where ${inStore(storeId)} and device_id = ${deviceRowId} and sold_at < ${soldAt} and sold_at >= ${soldAt}::timestamptz - make_interval(hours => ${hours})`.execute(db);
  return rows[0]!;
}
