/** Items and their movements: all their SQL, always within the caller's store. */
import { sql, type Kysely } from 'kysely';
import type { Database, ItemMovementKind, ItemStatus } from '@pos/db';
import type { ListItemsInput } from '@pos/contracts';
import { inStore, isStoreRow, likeContains } from '../../db-helpers';

type Db = Kysely<Database>;

/** The first number a store's items get. */
export const FIRST_ITEM_NUMBER = 10001n;

/**
 * Hands out `count` consecutive item numbers of the store: the counter's row lock
 * serialises concurrent intakes, and numbers are never handed out twice.
 */
export async function allocateItemNumbers(db: Db, storeId: number, count: number): Promise<string[]> {
  const { rows } = await sql<{ first: bigint }>`
    insert into item_number_counters as c (store_id, next_number) values (${BigInt(storeId)}, ${FIRST_ITEM_NUMBER + BigInt(count)})
    on conflict (store_id) do update set next_number = c.next_number + ${BigInt(count)}
    returning c.next_number - ${BigInt(count)} as first`.execute(db);
  const first = rows[0]!.first;
  return Array.from({ length: count }, (_, i) => String(first + BigInt(i)));
}

export interface NewItem {
  itemNumber: string;
  itemCodeId: bigint | null;
  description: string;
  price: bigint;
  quantity: number;
  category: string;
}

/**
 * Adds the items, each with its INTAKE movement, in one statement; the intake date is
 * the store's day. Answers their ids in the order given.
 */
export async function insertItems(db: Db, storeId: number, items: readonly NewItem[], userId: bigint): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`
    with day as (select (now() at time zone s.time_zone)::date as d from stores s where s.id = ${BigInt(storeId)}),
    added as (
      insert into items (store_id, item_number, item_code_id, description, price, quantity, category, intake_date, created_by)
      select ${BigInt(storeId)}, v.n, v.code, v.description, v.price, v.quantity, v.category, day.d, ${userId}
      from day, unnest(${items.map((i) => i.itemNumber)}::text[], ${items.map((i) => i.itemCodeId)}::int8[], ${items.map((i) => i.description)}::text[],
                  ${items.map((i) => i.price)}::int8[], ${items.map((i) => i.quantity)}::int8[], ${items.map((i) => i.category)}::text[])
           with ordinality as v(n, code, description, price, quantity, category, ord)
      order by v.ord
      returning id, item_number, quantity, price
    ), moved as (
      insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, price_after, created_by)
      select ${BigInt(storeId)}, id, 'INTAKE', quantity, quantity, price, ${userId} from added
    )
    select a.id from added a join unnest(${items.map((i) => i.itemNumber)}::text[]) with ordinality as o(n, ord) on o.n = a.item_number
    order by o.ord`.execute(db);
  return rows.map((r) => r.id);
}

const ITEM_COLUMNS = [
  'i.id',
  'i.item_number as itemNumber',
  'i.alias',
  'c.tag as itemCode',
  'i.item_code_id as itemCodeId',
  'v.id as vendorId',
  'v.trade_name as vendorName',
  'i.description',
  'i.price',
  'i.quantity',
  'i.reorder_level as reorderLevel',
  'i.category',
  'i.printed_price as printedPrice',
  'i.status',
  'i.withdraw_requested_at as withdrawRequestedAt',
  'i.withdraw_request_reason as withdrawRequestReason',
  'i.created_at as createdAt',
  'i.updated_at as updatedAt',
] as const;

/** Items with their code and its vendor, as answered (see toItem). */
function selectItems(db: Db, storeId: number) {
  return db
    .selectFrom('items as i')
    .leftJoin('item_codes as c', 'c.id', 'i.item_code_id')
    .leftJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select(ITEM_COLUMNS)
    .select([
      sql<string>`i.intake_date::text`.as('intakeDate'),
      sql<boolean>`i.status = 'ACTIVE' and i.printed_price is distinct from i.price`.as('needsNewTag'),
    ])
    .where(inStore(storeId, 'i'));
}
export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The store's items of these ids, in id order (another store's are left out). */
export async function findItems(db: Db, storeId: number, ids: readonly (number | bigint)[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return selectItems(db, storeId)
    .where('i.id', 'in', ids.map((id) => BigInt(id)))
    .orderBy('i.id')
    .execute();
}

/** The item whose number is `code`, or whose alias is (any case; one not withdrawn before a withdrawn one). */
export async function findItemByCode(db: Db, storeId: number, code: string): Promise<ItemRow | undefined> {
  return selectItems(db, storeId)
    .where((eb) => eb.or([eb('i.item_number', '=', code), eb.and([eb('i.alias', 'is not', null), eb(sql`lower(i.alias)`, '=', code.toLowerCase())])]))
    .orderBy(sql`i.item_number = ${code}`, 'desc')
    .orderBy(sql`i.status <> 'WITHDRAWN'`, 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Ids of the store's item codes whose tag or vendor's trade name contains `search`. */
async function codesMatching(db: Db, storeId: number, search: string): Promise<bigint[]> {
  const pattern = likeContains(search);
  const rows = await db
    .selectFrom('item_codes as c')
    .leftJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select('c.id')
    .where(inStore(storeId, 'c'))
    .where((eb) => eb.or([eb(sql`lower(c.tag)`, 'like', pattern), eb(sql`lower(v.trade_name)`, 'like', pattern)]))
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of a vendor's item codes (archived ones too: their items are still the vendor's). */
export async function codesOfVendor(db: Db, storeId: number, vendorId: number | bigint): Promise<bigint[]> {
  const rows = await db.selectFrom('item_codes').select('id').where(inStore(storeId)).where('vendor_id', '=', BigInt(vendorId)).execute();
  return rows.map((r) => r.id);
}

/**
 * A page of items, newest first, from the one after `after`. The vendor filter and the
 * code or vendor part of a search are turned into item code ids first, so each filter
 * is an index condition (docs/PERFORMANCE.md, Items).
 */
export async function listItems(db: Db, storeId: number, f: Omit<ListItemsInput, 'withdrawRequested'> & { withdrawRequested?: boolean; vendorCodes: bigint[] | null }): Promise<{ items: ItemRow[]; next: bigint | null }> {
  let query = selectItems(db, storeId);
  if (f.vendorCodes !== null) {
    if (f.vendorCodes.length === 0) return { items: [], next: null };
    query = query.where('i.item_code_id', 'in', f.vendorCodes);
  }
  if (f.search) {
    const codes = await codesMatching(db, storeId, f.search);
    // A SKU (an item's alias) finds its item: looked up first, so the page stays an index read.
    const byAlias = await findItemByCode(db, storeId, f.search);
    const pattern = likeContains(f.search);
    query = query.where((eb) =>
      eb.or([
        eb('i.item_number', '=', f.search!),
        ...(byAlias ? [eb('i.id', '=', byAlias.id)] : []),
        eb(sql`lower(i.item_number || ' ' || i.description)`, 'like', pattern),
        ...(codes.length > 0 ? [eb('i.item_code_id', 'in', codes)] : []),
      ]),
    );
  }
  if (f.status) query = query.where('i.status', '=', f.status);
  if (f.category) query = query.where(sql`lower(i.category)`, '=', f.category.toLowerCase());
  if (f.withdrawRequested) query = query.where('i.withdraw_requested_at', 'is not', null).where('i.status', '=', 'ACTIVE');
  if (f.needsNewTag) query = query.where(sql<boolean>`i.printed_price is distinct from i.price and i.status = 'ACTIVE'`);
  if (f.after != null) query = query.where('i.id', '<', BigInt(f.after));
  const rows = await query.orderBy('i.id', 'desc').limit(f.pageSize + 1).execute();
  const items = rows.slice(0, f.pageSize);
  return { items, next: rows.length > f.pageSize ? items[items.length - 1]!.id : null };
}

/** The items, locked for the rest of the transaction in id order (concurrent writers queue rather than deadlock). */
export async function lockItems(db: Db, storeId: number, ids: readonly (number | bigint)[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('items')
    .select(['id', 'item_number as itemNumber', 'status', 'quantity', 'price', 'item_code_id as itemCodeId'])
    .where(inStore(storeId))
    .where('id', 'in', ids.map((id) => BigInt(id)))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Locks, in id order, the store's items whose number (or alias, any case) is one of
 * `codes`: a submit that writes new lines bound to items takes them first, so two
 * submits of one item take turns instead of each holding the other's line's key lock.
 */
export async function lockItemsByCodes(db: Db, storeId: number, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  await db
    .selectFrom('items')
    .select('id')
    .where(inStore(storeId))
    .where((eb) => eb.or([eb('item_number', 'in', [...new Set(codes)]), eb(sql`lower(alias)`, 'in', lower)]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export interface ItemChange {
  itemCodeId?: bigint | null;
  description?: string;
  price?: bigint;
  category?: string;
  quantity?: bigint;
  status?: ItemStatus;
}

export async function updateItem(db: Db, storeId: number, id: bigint, change: ItemChange): Promise<void> {
  await db
    .updateTable('items')
    .set({
      ...(change.itemCodeId !== undefined ? { item_code_id: change.itemCodeId } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.price !== undefined ? { price: change.price } : {}),
      ...(change.category !== undefined ? { category: change.category } : {}),
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      ...(change.status !== undefined ? { status: change.status } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where(inStore(storeId))
    .execute();
}

/** Records the vendor's request to withdraw the items (kept until a manager withdraws them). */
export async function markWithdrawRequested(db: Db, storeId: number, ids: readonly bigint[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('items')
    .set({ withdraw_requested_at: sql`coalesce(withdraw_requested_at, now())`, withdraw_request_reason: reason, updated_at: sql`now()` })
    .where(inStore(storeId))
    .where('id', 'in', [...ids])
    .execute();
}

/** A vendor's live item codes, by tag. */
export async function liveCodesOfVendor(db: Db, storeId: number, vendorId: bigint) {
  return db
    .selectFrom('item_codes')
    .select(['id', 'tag'])
    .where(inStore(storeId))
    .where('vendor_id', '=', vendorId)
    .where('archived_at', 'is', null)
    .orderBy('tag')
    .execute();
}

/**
 * Each item's days on the floor: from its intake day to the store's today while it is
 * active, else to the store's day it last changed (sold or withdrawn).
 */
export async function floorDays(db: Db, storeId: number, ids: readonly bigint[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .select(['i.id', sql<number>`(case when i.status = 'ACTIVE' then (now() at time zone s.time_zone)::date else (i.updated_at at time zone s.time_zone)::date end - i.intake_date)::int4`.as('days')])
    .where(inStore(storeId, 'i'))
    .where('i.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.days]));
}

export interface MovementValues {
  itemId: bigint;
  kind: ItemMovementKind;
  quantityDelta: bigint;
  quantityAfter: bigint;
  priceBefore?: bigint | null;
  priceAfter?: bigint | null;
  orderId?: bigint | null;
  note?: string;
}

export async function insertMovements(db: Db, storeId: number, movements: readonly MovementValues[], userId: bigint | null): Promise<void> {
  if (movements.length === 0) return;
  await db
    .insertInto('item_movements')
    .values(
      movements.map((m) => ({
        store_id: BigInt(storeId),
        item_id: m.itemId,
        kind: m.kind,
        quantity_delta: m.quantityDelta,
        quantity_after: m.quantityAfter,
        price_before: m.priceBefore ?? null,
        price_after: m.priceAfter ?? null,
        order_id: m.orderId ?? null,
        note: m.note ?? '',
        created_by: userId,
      })),
    )
    .execute();
}

/** Records that the items' tags now show their prices. */
export async function markPrinted(db: Db, storeId: number, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('items')
    .set({ printed_price: sql`price` })
    .where(inStore(storeId))
    .where('id', 'in', [...ids])
    .where(sql<boolean>`printed_price is distinct from price`)
    .execute();
}

/** The item's movements, oldest first, with the order number and who made each. */
export async function listMovements(db: Db, storeId: number, itemId: number | bigint) {
  return db
    .selectFrom('item_movements as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.kind',
      'm.quantity_delta as quantityDelta',
      'm.quantity_after as quantityAfter',
      'm.price_before as priceBefore',
      'm.price_after as priceAfter',
      'o.order_number as orderNumber',
      'm.note',
      'u.username as by',
      'm.created_at as createdAt',
    ])
    .where(inStore(storeId, 'm'))
    .where('m.item_id', '=', BigInt(itemId))
    .orderBy('m.id')
    .execute();
}

/** The order number of the item's last sale, if any. */
export async function lastSaleOrder(db: Db, storeId: number, itemId: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('item_movements as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select('o.order_number as orderNumber')
    .where(inStore(storeId, 'm'))
    .where('m.item_id', '=', itemId)
    .where('m.kind', '=', 'SALE')
    .orderBy('m.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.orderNumber;
}

/** The store's name and time zone, for its tags. */
export async function storeForTags(db: Db, storeId: number) {
  return db.selectFrom('stores').select(['name', 'time_zone as timeZone']).where(isStoreRow(storeId)).executeTakeFirstOrThrow();
}


/** The store's items whose number (or alias, any case) is one of `codes`, by the code as given. */
export async function findItemsByCodes(db: Db, storeId: number, codes: readonly string[]): Promise<Map<string, ItemRow>> {
  if (codes.length === 0) return new Map();
  const unique = [...new Set(codes)];
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  const rows = await selectItems(db, storeId)
    .where((eb) => eb.or([eb('i.item_number', 'in', unique), eb(sql`lower(i.alias)`, 'in', lower)]))
    .execute();
  const found = new Map<string, ItemRow>();
  for (const code of unique) {
    const row = rows.find((r) => r.itemNumber === code) ?? rows.find((r) => r.alias !== null && r.alias.toLowerCase() === code.toLowerCase());
    if (row) found.set(code, row);
  }
  return found;
}

/** Units of each item the order's lines are bound to (lines of one item together). */
export async function orderItemUnits(db: Db, storeId: number, orderId: bigint, lines?: readonly { orderLineId: bigint; quantity: bigint }[]) {
  if (lines) {
    if (lines.length === 0) return [];
    const { rows } = await sql<{ itemId: bigint; quantity: bigint }>`
      select l.item_id as "itemId", sum(r.quantity)::int8 as quantity
      from order_lines l join unnest(${lines.map((l) => l.orderLineId)}::int8[], ${lines.map((l) => l.quantity)}::int8[]) as r(line_id, quantity) on r.line_id = l.id
      where ${inStore(storeId, 'l')} and l.order_id = ${orderId} and l.item_id is not null group by 1 order by 1`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ itemId: bigint; quantity: bigint }>`
    select item_id as "itemId", sum(quantity)::int8 as quantity from order_lines
    where ${inStore(storeId)} and order_id = ${orderId} and item_id is not null and quantity > 0 group by 1 order by 1`.execute(db);
  return rows;
}
