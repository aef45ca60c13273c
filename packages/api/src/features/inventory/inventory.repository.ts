/**
 * Stock items are items that carry a SKU (their alias): the store's stock moved into items
 * (migration 0027), kept behind /store/inventory/* for the clients that still call it.
 * A live stock item is one not withdrawn (archived); its quantity on hand is the item's
 * quantity, and every change is an item movement.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@pos/db';
import type { InventorySort, ListInventoryInput } from '@pos/contracts';
import { inStore, likeContains } from '../../db-helpers';
import { allocateItemNumbers } from '../item/item.repository';

type Db = Kysely<Database>;

const SORTS: Record<InventorySort, RawBuilder<unknown>> = {
  sku: sql`lower(i.alias)`,
  description: sql`lower(i.description)`,
  price: sql`i.price`,
  quantityOnHand: sql`i.quantity`,
  reorderLevel: sql`i.reorder_level`,
};

/** The store's live stock items; with a search, those whose SKU or description contains it, case-insensitively. */
function liveItems(db: Db, storeId: number, search: string | null = null) {
  const query = db.selectFrom('items as i').where(inStore(storeId, 'i')).where('i.alias', 'is not', null).where('i.status', '<>', 'WITHDRAWN');
  return search ? query.where(sql<string>`lower(i.alias || ' ' || i.description)`, 'like', likeContains(search)) : query;
}

/** Each item with its item code's tag and whether it is at or below its reorder level. */
function selectItems(db: Db, storeId: number, search: string | null = null) {
  return liveItems(db, storeId, search)
    .leftJoin('item_codes as c', 'c.id', 'i.item_code_id')
    .select([
      'i.id',
      sql<string>`i.alias`.as('sku'),
      'i.description',
      'c.tag as itemCode',
      'i.price',
      'i.quantity as quantityOnHand',
      'i.reorder_level as reorderLevel',
      sql<boolean>`i.quantity <= i.reorder_level`.as('lowStock'),
    ]);
}
export type InventoryRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

export async function listItems(db: Db, storeId: number, f: ListInventoryInput): Promise<{ items: InventoryRow[]; total: bigint }> {
  const direction = f.isAscending ? 'asc' : 'desc';
  const items = await selectItems(db, storeId, f.search)
    .orderBy(SORTS[f.sort], direction)
    .orderBy('i.id', direction)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  const count = await liveItems(db, storeId, f.search)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total: count.n };
}

export async function findItem(db: Db, storeId: number, id: number | bigint, opts: { forUpdate?: boolean } = {}): Promise<InventoryRow | undefined> {
  const query = selectItems(db, storeId).where('i.id', '=', BigInt(id));
  return (opts.forUpdate ? query.forUpdate('i') : query).executeTakeFirst();
}

export interface ItemValues {
  sku: string;
  description: string;
  itemCodeId: bigint | null;
  price: bigint;
  reorderLevel: number;
}

/** A new item carrying the SKU, numbered by the store's counter, with its INTAKE movement. */
export async function insertItem(db: Db, storeId: number, v: ItemValues & { quantityOnHand: number }, userId: bigint | null): Promise<bigint> {
  const [itemNumber] = await allocateItemNumbers(db, storeId, 1);
  const { rows } = await sql<{ id: bigint }>`
    with added as (
      insert into items (store_id, item_number, alias, item_code_id, description, price, quantity, reorder_level, intake_date, printed_price, status, created_by)
      select ${BigInt(storeId)}, ${itemNumber}, ${v.sku}, ${v.itemCodeId}, ${v.description}, ${v.price}, ${v.quantityOnHand}, ${v.reorderLevel},
             (now() at time zone s.time_zone)::date, ${v.price}, ${v.quantityOnHand > 0 ? 'ACTIVE' : 'SOLD'}, ${userId}
      from stores s where s.id = ${BigInt(storeId)}
      returning id, quantity, price
    ), moved as (
      insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, price_after, created_by)
      select ${BigInt(storeId)}, id, 'INTAKE', quantity, quantity, price, ${userId} from added
    )
    select id from added`.execute(db);
  return rows[0]!.id;
}

/** The fields an edit saves; a new price is a PRICE movement. */
export async function updateItem(db: Db, storeId: number, id: number, v: ItemValues, userId: bigint | null): Promise<boolean> {
  const { rows } = await sql<{ quantity: bigint; before: bigint; after: bigint }>`
    update items i set alias = ${v.sku}, description = ${v.description}, item_code_id = ${v.itemCodeId}, price = ${v.price},
           reorder_level = ${v.reorderLevel}, updated_at = now()
    from (select price from items where id = ${BigInt(id)}) old
    where i.id = ${BigInt(id)} and ${inStore(storeId, 'i')} and i.alias is not null and i.status <> 'WITHDRAWN'
    returning i.quantity, old.price as before, i.price as after`.execute(db);
  const row = rows[0];
  if (!row) return false;
  if (row.before !== row.after) {
    await db
      .insertInto('item_movements')
      .values({ store_id: BigInt(storeId), item_id: BigInt(id), kind: 'PRICE', quantity_delta: 0, quantity_after: row.quantity, price_before: row.before, price_after: row.after, created_by: userId })
      .execute();
  }
  return true;
}

/**
 * Applies a quantity change and records it as an ADJUST movement with its reason (SOLD at
 * none left, ACTIVE otherwise); undefined when the item is not this store's. A change
 * that would leave less than nothing is not applied: the quantity it would leave is
 * answered for the caller to refuse.
 */
export async function adjustQuantity(db: Db, storeId: number, id: number, delta: number, reason: string, userId: bigint) {
  const current = await liveItems(db, storeId).select('i.quantity').where('i.id', '=', BigInt(id)).forUpdate('i').executeTakeFirst();
  if (!current) return undefined;
  const after = current.quantity + BigInt(delta);
  if (after < 0n) return after;
  await db
    .updateTable('items')
    .set({ quantity: after, status: after === 0n ? 'SOLD' : 'ACTIVE', updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .execute();
  await db
    .insertInto('item_movements')
    .values({ store_id: BigInt(storeId), item_id: BigInt(id), kind: 'ADJUST', quantity_delta: delta, quantity_after: after, note: reason, created_by: userId })
    .execute();
  return after;
}

/** Archiving withdraws the item (its quantity stays, as an archived stock item kept it). */
export async function archiveItem(db: Db, storeId: number, id: number, userId: bigint | null): Promise<boolean> {
  const row = await db
    .updateTable('items as i')
    .set({ status: 'WITHDRAWN', updated_at: sql`now()` })
    .where('i.id', '=', BigInt(id))
    .where(inStore(storeId, 'i'))
    .where('i.alias', 'is not', null)
    .where('i.status', '<>', 'WITHDRAWN')
    .returning('i.quantity')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .insertInto('item_movements')
    .values({ store_id: BigInt(storeId), item_id: BigInt(id), kind: 'WITHDRAW', quantity_delta: 0, quantity_after: row.quantity, note: 'Archived', created_by: userId })
    .execute();
  return true;
}
