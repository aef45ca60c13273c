/**
 * Orders and their lines: all their SQL, always within the caller's store.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SuperJSONResult } from 'superjson';
import type { Database, OrderStatus } from '@pos/db';
import type { LookupOrdersInput } from '@pos/contracts';
import type { OrderSummary } from '@pos/domain';
import { LOOKUP_LIMIT } from '@pos/contracts';
import { DomainError, MESSAGES } from '@pos/domain';
import { columnList, compiledByShape, inStore, inStoreSlot, isStoreRow, likeContains, likePrefix } from '../../db-helpers';
import { SETTINGS_OF_S, type Settings } from '../store/store.repository';

type Db = Kysely<Database>;

/** What a line stores: the snapshot of what was sold and its computed amounts. */
export interface LineValues {
  itemCode: string;
  itemCodeId: bigint | null;
  /** The item the line sells, bound by its number (null and '' for a typed code and price). */
  itemId: bigint | null;
  itemNumber: string;
  description: string;
  quantity: bigint;
  price: bigint;
  discountPercent: bigint;
  amount: bigint;
  discountAmount: bigint;
  total: bigint;
  taxes: readonly [TaxValues, TaxValues, TaxValues];
  commissionPercent: bigint;
  vendorShare: bigint;
}
export interface TaxValues {
  enabled: boolean;
  percent: bigint;
  amount: bigint;
  description: string;
}

/** A line as it is answered: its snapshot of what was sold and its computed amounts. */
const LINE_COLUMNS = [
  'l.id',
  'l.item_code as itemCode',
  'l.item_number as itemNumber',
  'l.description',
  'l.quantity',
  'l.price',
  'l.discount_percent as discountPercent',
  'l.amount',
  'l.discount_amount as discountAmount',
  'l.total',
  'l.tax1_enabled as tax1Enabled',
  'l.tax1_percent as tax1Percent',
  'l.tax1_amount as tax1Amount',
  'l.tax1_description as tax1Description',
  'l.tax2_enabled as tax2Enabled',
  'l.tax2_percent as tax2Percent',
  'l.tax2_amount as tax2Amount',
  'l.tax2_description as tax2Description',
  'l.tax3_enabled as tax3Enabled',
  'l.tax3_percent as tax3Percent',
  'l.tax3_amount as tax3Amount',
  'l.tax3_description as tax3Description',
] as const;

/** LINE_COLUMNS for a statement on order_lines itself (RETURNING of an insert or update). */
const LINE_RETURNING = columnList(LINE_COLUMNS.map((c) => c.slice(2)));
/** A line as a write answers it, before what its item code says is added. */
export type WrittenLine = Omit<LineRow, 'knownItemCode' | 'warnOnNoControlCode'>;

const LINE_WRITE_COLUMNS = sql.raw(
  'item_code, item_code_id, item_id, item_number, description, quantity, price, discount_percent, amount, discount_amount, total, ' +
    'tax1_enabled, tax1_percent, tax1_amount, tax1_description, tax2_enabled, tax2_percent, tax2_amount, tax2_description, ' +
    'tax3_enabled, tax3_percent, tax3_amount, tax3_description, commission_percent, vendor_share',
);

/** A line's values in LINE_WRITE_COLUMNS' order. */
function lineTuple(v: LineValues) {
  const [t1, t2, t3] = v.taxes;
  return sql.join([
    v.itemCode, v.itemCodeId, v.itemId, v.itemNumber, v.description, v.quantity, v.price, v.discountPercent, v.amount, v.discountAmount, v.total,
    t1.enabled, t1.percent, t1.amount, t1.description, t2.enabled, t2.percent, t2.amount, t2.description,
    t3.enabled, t3.percent, t3.amount, t3.description, v.commissionPercent, v.vendorShare,
  ]);
}

/**
 * Takes the store's next order number: the row lock on the store serialises concurrent
 * callers, so no number is handed out twice.
 */
export async function allocateOrderNumber(db: Db, storeId: number): Promise<string> {
  const row = await db
    .updateTable('stores')
    .set({ next_order_number: sql`next_order_number + 1` })
    .where(isStoreRow(storeId))
    .returning([sql<string>`order_prefix || (next_order_number - 1)::text`.as('orderNumber')])
    .executeTakeFirstOrThrow();
  return row.orderNumber;
}

/** Undefined when the number is already taken in this store (settings moved back). `createdAt`: an offline sale's time of sale. */
export async function insertOrder(db: Db, storeId: number, orderNumber: string, createdBy: bigint, createdAt?: Date): Promise<bigint | undefined> {
  const row = await db
    .insertInto('orders')
    .values({ store_id: BigInt(storeId), order_number: orderNumber, created_by: createdBy, ...(createdAt ? { created_at: createdAt } : {}) })
    .onConflict((oc) => oc.columns(['store_id', 'order_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Adds a line to the order; answers it as written. */
export async function insertLine(db: Db, storeId: number, orderId: bigint | number, v: LineValues): Promise<WrittenLine> {
  const { rows } = await sql<WrittenLine>`
    insert into order_lines (store_id, order_id, ${LINE_WRITE_COLUMNS})
    values (${BigInt(storeId)}, ${BigInt(orderId)}, ${lineTuple(v)})
    returning ${LINE_RETURNING}`.execute(db);
  return rows[0]!;
}

/** Stores a line's values; answers it as written (undefined if it is not this store's). */
export async function updateLine(db: Db, storeId: number, lineId: bigint | number, v: LineValues): Promise<WrittenLine | undefined> {
  const { rows } = await sql<WrittenLine>`
    update order_lines set (${LINE_WRITE_COLUMNS}, updated_at) = (${lineTuple(v)}, now())
    where id = ${BigInt(lineId)} and ${inStore(storeId)}
    returning ${LINE_RETURNING}`.execute(db);
  return rows[0];
}

/**
 * A submit's lines in one statement: the order's lines other than `keep` (those just
 * updated) removed and `added` inserted. Answers the inserted lines.
 */
export async function replaceLines(db: Db, storeId: number, orderId: bigint | number, keep: readonly bigint[], added: readonly LineValues[]): Promise<WrittenLine[]> {
  const gone = sql`delete from order_lines where ${inStore(storeId)} and order_id = ${BigInt(orderId)} and id <> all(${[...keep]}::int8[])`;
  if (added.length === 0) {
    await gone.execute(db);
    return [];
  }
  const { rows } = await sql<WrittenLine>`
    with gone as (${gone})
    insert into order_lines (store_id, order_id, ${LINE_WRITE_COLUMNS})
    values ${sql.join(added.map((v) => sql`(${BigInt(storeId)}, ${BigInt(orderId)}, ${lineTuple(v)})`))}
    returning ${LINE_RETURNING}`.execute(db);
  return rows;
}

/**
 * The line's order, locked for the rest of the transaction, and the store's settings,
 * in one statement; undefined if the line is not this store's.
 */
export async function findLineOrder(db: Db, storeId: number, lineId: number) {
  const { rows } = await sql<{ orderId: bigint; status: OrderStatus } & Settings>`
    select o.id as "orderId", o.status, ${SETTINGS_OF_S}
    from order_lines l join orders o on o.id = l.order_id join stores s on s.id = o.store_id
    where l.id = ${BigInt(lineId)} and ${inStore(storeId, 'l')} and ${inStore(storeId, 'o')}
    for update of o`.execute(db);
  return rows[0];
}

/** The order's status, number and total, locked for the rest of the transaction; undefined if not this store's. */
export async function lockOrder(db: Db, storeId: number, orderId: number | bigint) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'order_number as orderNumber', 'total'])
    .where('id', '=', BigInt(orderId))
    .where(inStore(storeId))
    .forUpdate()
    .executeTakeFirst();
}

/** findOrder's columns of `orders o` (and its approver's username). */
const ORDER_COLUMNS = sql.raw(`o.id, o.order_number as "orderNumber", o.customer_name as "customerName", o.status, o.subtotal, o.discount_total as discount,
  o.tax1_total as tax1, o.tax2_total as tax2, o.tax3_total as tax3, o.total, o.created_at as "createdAt", o.updated_at as "updatedAt",
  o.customer_fees as "customerFees", o.amount_paid as "amountPaid", o.change_due as "changeDue",
  (select a.username from users a where a.id = o.approved_by) as "approvedBy",
  o.approved_at as "approvedAt", o.completed_at as "completedAt", o.cancelled_at as "cancelledAt", o.cancel_reason as "cancelReason"`);

/**
 * The order as findOrder answers it, locked for the rest of the transaction, with the
 * transaction's time (what now() stores in it), the store's default vendor commission
 * and the first answer to a submit of this order with `key` (as kept, see KeptAnswer;
 * null when there is none or no key), in one statement.
 * A lock that waited for another transaction reads the order as that one left it but
 * the key as it was when the statement began.
 */
export async function lockOrderForSubmit(db: Db, storeId: number, orderId: number | bigint, key: string | null) {
  const { rows } = await sql<OrderRow & { now: Date; answerValue: Uint8Array | null; answer: SuperJSONResult | null; requestHash: Uint8Array | null; defaultVendorCommissionPercent: bigint }>`
    select ${ORDER_COLUMNS}, now() as now, k.answer_value as "answerValue", k.answer, k.request_hash as "requestHash",
      (select s.default_vendor_commission_percent from stores s where s.id = o.store_id) as "defaultVendorCommissionPercent"
    from orders o left join order_submit_keys k on k.store_id = o.store_id and k.order_id = o.id and k.key = ${key}
    where o.id = ${BigInt(orderId)} and ${inStore(storeId, 'o')}
    for update of o`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { answerValue, answer, requestHash, ...order } = row;
  const kept = answerValue ?? answer;
  return { ...order, answer: kept === null ? null : { answer: kept, requestHash } };
}

/** The stored totals have the domain's order summary shape. */
export type OrderTotals = OrderSummary;

/**
 * Stores the order's totals from its lines' stored (already rounded) amounts, by the
 * formula of packages/domain's summarizeOrder: subtotal = Σ amounts, discount =
 * Σ discounts, tax N = Σ line tax N, total = subtotal − discount + tax1 + tax2 + tax3.
 * The database sums them in the one statement that stores them (one round trip per
 * saved line at the till); order.test.ts's random baskets prove on the real database
 * that what it stores is exactly summarizeOrder's answer.
 */
export async function refreshOrderTotals(db: Db, storeId: number, orderId: bigint | number): Promise<OrderTotals> {
  const { rows } = await sumLines(db, storeId, orderId).catch((error: unknown) => {
    // Lines each in range whose sums are not: the order total leaves signed 64-bit
    // range, the same 400 the domain's summarizeOrder gives (never a 500).
    if ((error as { code?: string } | null)?.code === '22003') throw new DomainError('MONEY_OVERFLOW', MESSAGES.moneyOverflow);
    throw error;
  });
  const totals = rows[0];
  if (!totals) throw new Error(`order ${orderId} vanished while its totals were refreshed`);
  return totals;
}

function sumLines(db: Db, storeId: number, orderId: bigint | number) {
  return sql<OrderTotals>`
    update orders o set
      subtotal = s.subtotal, discount_total = s.discount, tax1_total = s.tax1, tax2_total = s.tax2, tax3_total = s.tax3,
      total = s.subtotal - s.discount + s.tax1 + s.tax2 + s.tax3,
      vendor_share_total = s.vendor_share,
      updated_at = now()
    from (
      select coalesce(sum(amount), 0)::int8 as subtotal, coalesce(sum(discount_amount), 0)::int8 as discount,
             coalesce(sum(tax1_amount), 0)::int8 as tax1, coalesce(sum(tax2_amount), 0)::int8 as tax2,
             coalesce(sum(tax3_amount), 0)::int8 as tax3, coalesce(sum(vendor_share), 0)::int8 as vendor_share
      from order_lines where ${inStore(storeId)} and order_id = ${orderId}
    ) s
    where o.id = ${orderId} and ${inStore(storeId, 'o')}
    returning o.subtotal, o.discount_total as discount, o.tax1_total as tax1, o.tax2_total as tax2, o.tax3_total as tax3, o.total`.execute(db);
}

export async function findOrder(db: Db, storeId: number, orderId: bigint | number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as a', 'a.id', 'o.approved_by')
    .select([
      'o.id',
      'o.order_number as orderNumber',
      'o.customer_name as customerName',
      'o.status',
      'o.subtotal',
      'o.discount_total as discount',
      'o.tax1_total as tax1',
      'o.tax2_total as tax2',
      'o.tax3_total as tax3',
      'o.total',
      'o.created_at as createdAt',
      'o.updated_at as updatedAt',
      'o.customer_fees as customerFees',
      'o.amount_paid as amountPaid',
      'o.change_due as changeDue',
      'a.username as approvedBy',
      'o.approved_at as approvedAt',
      'o.completed_at as completedAt',
      'o.cancelled_at as cancelledAt',
      'o.cancel_reason as cancelReason',
    ])
    .where('o.id', '=', BigInt(orderId))
    .where(inStore(storeId, 'o'))
    .executeTakeFirst();
}

/**
 * The order's lines (or only those of `onlyIds`), oldest first, each with what its item
 * code says now: whether the store knows the code (live) and whether it warns when sold
 * without a control code.
 */
export async function listLines(db: Db, storeId: number, orderId: bigint | number, onlyIds?: readonly bigint[]) {
  if (onlyIds?.length === 0) return [];
  let query = db
    .selectFrom('order_lines as l')
    .leftJoin('item_codes as c', (join) => join.onRef('c.id', '=', 'l.item_code_id').on('c.archived_at', 'is', null))
    .select(LINE_COLUMNS)
    .select([
      // Known: linked to a live item code, or the SKU of a stock item not withdrawn (the store's own when it has no code).
      sql<boolean>`c.id is not null or (l.item_code <> '' and exists (
        select 1 from items i where ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN' and lower(i.alias) = lower(l.item_code)))`.as('knownItemCode'),
      sql<boolean>`coalesce(c.warn_on_no_control_code, false)`.as('warnOnNoControlCode'),
    ])
    .where(inStore(storeId, 'l'))
    .where('l.order_id', '=', BigInt(orderId));
  if (onlyIds) query = query.where('l.id', 'in', onlyIds);
  return (await query.orderBy('l.id').execute()).map(withItemNumber);
}
export type LineRow = Awaited<ReturnType<typeof listLines>>[number];

/** A line answers `itemNumber` only when it is bound to an item. */
export function withItemNumber<T extends { itemNumber?: string }>(line: T): Omit<T, 'itemNumber'> & { itemNumber?: string } {
  const { itemNumber, ...rest } = line;
  return itemNumber ? { ...rest, itemNumber } : rest;
}

/** The lookup's one statement, compiled once per set of filters given (`compiledByShape`; the shape is a 0/1 per filter, in the order of its arguments). */
const lookupStatement = compiledByShape(
  (
    db: Db,
    shape: string,
    store: bigint,
    orderNumber: string | null,
    customer: string | null,
    startDate: LookupOrdersInput['startDate'],
    endDate: LookupOrdersInput['endDate'],
    minAmount: bigint | null,
    maxAmount: bigint | null,
    status: LookupOrdersInput['status'],
    itemKeyword: string | null,
  ) => {
    const on = (filter: number) => shape[filter] === '1';
    let query = db
      .selectFrom('orders as o')
      .select(['o.id', 'o.order_number', 'o.customer_name', 'o.created_at', 'o.status', 'o.total'])
      .where(inStoreSlot(store, 'o'));
    if (on(0)) query = query.where(sql`lower(o.order_number)`, 'like', orderNumber);
    if (on(1)) query = query.where(sql`lower(o.customer_name)`, 'like', customer);
    if (on(2)) query = query.where('o.created_at', '>=', startDate);
    if (on(3)) query = query.where('o.created_at', '<=', endDate);
    if (on(4)) query = query.where('o.total', '>=', minAmount);
    if (on(5)) query = query.where('o.total', '<=', maxAmount);
    if (on(6)) query = query.where('o.status', '=', status);
    if (on(7)) {
      query = query.where('o.id', 'in', (eb) =>
        eb.selectFrom('order_lines as l').select('l.order_id').where(inStoreSlot(store, 'l')).where('l.search_text', 'like', itemKeyword),
      );
    }
    const newest = query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(LOOKUP_LIMIT).as('s');
    return db.selectFrom(newest).select(
      sql<string>`'[' || coalesce(string_agg(
        '{"id":' || s.id
        || ',"orderNumber":' || to_json(s.order_number)
        || ',"customerName":' || to_json(s.customer_name)
        || ',"createdAt":"' || to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        || '","status":"' || s.status
        || '","total":{"type":"Money","value":"' || s.total || '"}}',
        ',' order by s.created_at desc, s.id desc), '') || ']'`.as('stubs'),
    );
  },
);

/**
 * The order lookup: every filter optional (text filters case-insensitive, the order
 * number a prefix, the customer and the item keyword anywhere, amounts and dates
 * inclusive, the status exact); up to LOOKUP_LIMIT stubs, newest first, answered as the
 * JSON text of their array in its wire form. PostgreSQL writes the JSON text (ids as
 * numbers, money as micro-unit text, times as ISO-8601 UTC with milliseconds, as
 * Date.toISOString writes them; to_json quotes the free texts), so 500 stubs cost no
 * parsed and re-encoded values (the lookup's answer, lookup-answer.ts). Concatenation,
 * because json_build_object is slower (measured: 500 stubs 4.2 ms against 2.4 ms).
 */
export async function lookupOrderStubsText(db: Db, storeId: number, f: LookupOrdersInput): Promise<string> {
  const store = BigInt(storeId);
  const shape = [f.orderNumber, f.customer, f.startDate, f.endDate, f.minAmount !== null, f.maxAmount !== null, f.status !== null, f.itemKeyword].map((on) => (on ? 1 : 0)).join('');
  const { rows } = await lookupStatement(
    db,
    shape,
    store,
    f.orderNumber ? likePrefix(f.orderNumber) : null,
    f.customer ? likeContains(f.customer) : null,
    f.startDate,
    f.endDate,
    f.minAmount,
    f.maxAmount,
    f.status,
    f.itemKeyword ? likeContains(f.itemKeyword) : null,
  );
  return rows[0]!.stubs;
}

// ---------------------------------------------------------------------------------
// Checkout: payments, completion, approval, cancellation, stock, idempotency keys
// ---------------------------------------------------------------------------------

/** A payment as checkout stores it: a snapshot of its method and what the domain's plan computed. */
export interface PaymentValues {
  paymentMethodId: bigint;
  name: string;
  isCash: boolean;
  vendorFeePercent: bigint;
  amount: bigint;
  applied: bigint;
  customerFee: bigint;
  change: bigint;
}

/** Stores the payments in one statement; answers them as listPayments does. */
export async function insertPayments(db: Db, storeId: number, orderId: bigint | number, payments: readonly PaymentValues[], at: Date | null = null): Promise<PaymentRow[]> {
  if (payments.length === 0) return [];
  const { rows } = await sql<PaymentRow>`
    insert into order_payments (store_id, order_id, payment_method_id, method_name, is_cash, vendor_fee_percent, amount, applied, customer_fee, change, created_at)
    values ${sql.join(payments.map((p) => sql`(${BigInt(storeId)}, ${BigInt(orderId)}, ${p.paymentMethodId}, ${p.name}, ${p.isCash}, ${p.vendorFeePercent}, ${p.amount}, ${p.applied}, ${p.customerFee}, ${p.change}, coalesce(${at}::timestamptz, now()))`))}
    returning id, payment_method_id as "paymentMethodId", method_name as name, is_cash as "isCash", vendor_fee_percent as "vendorFeePercent",
              amount, applied, customer_fee as "customerFee", change`.execute(db);
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The order's payments in the order they were given. */
export async function listPayments(db: Db, storeId: number, orderId: bigint | number) {
  return db
    .selectFrom('order_payments')
    .select([
      'id',
      'payment_method_id as paymentMethodId',
      'method_name as name',
      'is_cash as isCash',
      'vendor_fee_percent as vendorFeePercent',
      'amount',
      'applied',
      'customer_fee as customerFee',
      'change',
    ])
    .where(inStore(storeId))
    .where('order_id', '=', BigInt(orderId))
    .orderBy('id')
    .execute();
}
export type PaymentRow = Awaited<ReturnType<typeof listPayments>>[number];

/** What a submit stores on the order besides its lines' totals. */
export interface Outcome {
  status: 'PENDING' | 'COMPLETED';
  customerFees: bigint;
  changeDue: bigint;
  /** total + customer fees when completed; zero while PENDING. */
  amountPaid: bigint;
  customerName?: string;
  /** Who approved a payment that needed a manager (null: nobody had to). */
  approvedBy: bigint | null;
  /** When it completed, when not now: an offline sale's time of sale. */
  completedAt?: Date;
}

/** An order as findOrder answers it. */
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/**
 * A submit's outcome stored on the order with the totals of the lines it saved (see
 * refreshOrderTotals for the formula). A completed sale passes its ledger entries' and
 * journal's inserts (`writes`, each a part of the statement's WITH), so everything that
 * updates the rows every sale of the store updates (the triggers' sums, the books' sums,
 * the vendor's balance) runs in this one statement, just before commit.
 */
export async function saveOutcome(db: Db, storeId: number, orderId: bigint | number, t: OrderTotals & { vendorShare: bigint }, o: Outcome, writes?: readonly RawBuilder<unknown>[]): Promise<void> {
  await sql`
    ${writes && writes.length > 0 ? sql`with ${sql.join(writes)}` : sql``}
    update orders o set
      subtotal = ${t.subtotal}, discount_total = ${t.discount}, tax1_total = ${t.tax1}, tax2_total = ${t.tax2}, tax3_total = ${t.tax3},
      total = ${t.total}, vendor_share_total = ${t.vendorShare},
      status = ${o.status}, customer_fees = ${o.customerFees}, change_due = ${o.changeDue}, amount_paid = ${o.amountPaid},
      ${o.customerName !== undefined ? sql`customer_name = ${o.customerName},` : sql``}
      ${o.status === 'COMPLETED' ? sql`completed_at = ${o.completedAt ?? sql`now()`},` : sql``}
      ${o.approvedBy !== null ? sql`approved_by = ${o.approvedBy}, approved_at = now(),` : sql``}
      updated_at = now()
    where o.id = ${BigInt(orderId)} and ${inStore(storeId, 'o')}`.execute(db);
}

/** A PENDING order approved: completed, paid in full, and who approved it. */
export async function approveOrder(db: Db, storeId: number, orderId: bigint | number, approvedBy: bigint): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      status: 'COMPLETED',
      amount_paid: sql`total + customer_fees`,
      completed_at: sql`now()`,
      approved_by: approvedBy,
      approved_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', BigInt(orderId))
    .where(inStore(storeId))
    .execute();
}

export async function cancelOrder(db: Db, storeId: number, orderId: bigint | number, by: bigint, reason: string, customerName?: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'CANCELLED', cancelled_by: by, cancelled_at: sql`now()`, cancel_reason: reason, updated_at: sql`now()`, ...(customerName !== undefined ? { customer_name: customerName } : {}) })
    .where('id', '=', BigInt(orderId))
    .where(inStore(storeId))
    .execute();
}

/** A draft's customer name (the caller has locked the order and checked it is a DRAFT). */
export async function setCustomerName(db: Db, storeId: number, orderId: bigint | number, customerName: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ customer_name: customerName, updated_at: sql`now()` })
    .where('id', '=', BigInt(orderId))
    .where(inStore(storeId))
    .execute();
}

/** A stocked item a completion takes units of, and what it has left after. */
export interface StockTaken {
  id: bigint;
  sku: string;
  quantity: bigint;
  quantityAfter: bigint;
}

/**
 * Takes the units of the order's lines whose item code is the SKU of a stock item (an
 * item's alias, not withdrawn; case-insensitive; lines of the same SKU together; a line
 * bound to a scanned item is sold by its item instead) from stock, each change a SALE
 * movement on the order; none left makes it SOLD. The items are locked first, in id
 * order, so concurrent sales of the same items queue instead of deadlocking; each
 * subtracts from what the one before it left. Answers every item taken from; when one
 * would go below zero nothing is taken and the caller must refuse (and roll back).
 */
export async function takeStock(db: Db, storeId: number, orderId: bigint | number, _reason: string, userId: bigint | null): Promise<StockTaken[]> {
  const sold = sql`(select lower(item_code) as code, sum(quantity)::int8 as quantity from order_lines
                    where ${inStore(storeId)} and order_id = ${BigInt(orderId)} and item_code <> '' and item_id is null and quantity > 0 group by 1)`;
  const { rows: locked } = await sql<StockTaken>`
    select i.id, i.alias as sku, s.quantity, i.quantity - s.quantity as "quantityAfter"
    from items i join ${sold} s on lower(i.alias) = s.code
    where ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN'
    order by i.id for update of i`.execute(db);
  if (locked.length === 0 || locked.some((r) => r.quantityAfter < 0n)) return locked;
  await sql`
    with taken as (
      update items i set quantity = i.quantity - s.quantity, status = case when i.quantity = s.quantity then 'SOLD' else 'ACTIVE' end, updated_at = now()
      from ${sold} s
      where ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN' and lower(i.alias) = s.code
      returning i.id, s.quantity, i.quantity as after
    )
    insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, order_id, created_by)
    select ${BigInt(storeId)}, id, 'SALE', -quantity, after, ${BigInt(orderId)}, ${userId} from taken order by id`.execute(db);
  return locked;
}

/**
 * A first answer as kept with its key: the value serialised by node:v8, or superjson's
 * form of it for a key kept before answers were kept as values.
 */
export type KeptAnswer = Uint8Array | SuperJSONResult;

/** A first answer as kept, with the hash of its request (null when kept before requests were hashed). */
export interface KeptSubmit {
  answer: KeptAnswer;
  requestHash: Uint8Array | null;
}

/** The first answer to a submit of this order with this key, as kept, or undefined. */
export async function findSubmitAnswer(db: Db, storeId: number, orderId: bigint | number, key: string): Promise<KeptSubmit | undefined> {
  const row = await db
    .selectFrom('order_submit_keys')
    .select(['answer', 'answer_value', 'request_hash'])
    .where(inStore(storeId))
    .where('order_id', '=', BigInt(orderId))
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { answer: row.answer_value ?? (row.answer as SuperJSONResult), requestHash: row.request_hash } : undefined;
}

/** Keeps the first answer to a submit with this key, serialised by node:v8, with the hash of its request. */
export async function insertSubmitAnswer(db: Db, storeId: number, orderId: bigint | number, key: string, answer: Uint8Array, requestHash: Uint8Array): Promise<void> {
  await sql`insert into order_submit_keys (store_id, order_id, key, answer_value, request_hash) values (${BigInt(storeId)}, ${BigInt(orderId)}, ${key}, ${answer}, ${requestHash})`.execute(db);
}
