/** Stock items and movements: all their SQL, always within the caller's store. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@pos/db';
import type { InventorySort, ListInventoryInput } from '@pos/contracts';
import { inStore, likeContains } from '../../db-helpers';

type Db = Kysely<Database>;

const SORTS: Record<InventorySort, RawBuilder<unknown>> = {
  sku: sql`lower(i.sku)`,
  description: sql`lower(i.description)`,
  price: sql`i.price`,
  quantityOnHand: sql`i.quantity_on_hand`,
  reorderLevel: sql`i.reorder_level`,
};

/** The store's live stock items; with a search, those whose SKU or description contains it, case-insensitively. */
function liveItems(db: Db, storeId: number, search: string | null = null) {
  const query = db.selectFrom('inventory_items as i').where(inStore(storeId, 'i')).where('i.archived_at', 'is', null);
  return search ? query.where(sql<string>`lower(i.sku || ' ' || i.description)`, 'like', likeContains(search)) : query;
}

/** Each item with its item code's tag and whether it is at or below its reorder level. */
function selectItems(db: Db, storeId: number, search: string | null = null) {
  return liveItems(db, storeId, search)
    .leftJoin('item_codes as c', 'c.id', 'i.item_code_id')
    .select([
      'i.id',
      'i.sku',
      'i.description',
      'c.tag as itemCode',
      'i.price',
      'i.quantity_on_hand as quantityOnHand',
      'i.reorder_level as reorderLevel',
      sql<boolean>`i.quantity_on_hand <= i.reorder_level`.as('lowStock'),
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

export async function insertItem(db: Db, storeId: number, v: ItemValues & { quantityOnHand: number }): Promise<bigint> {
  const row = await db
    .insertInto('inventory_items')
    .values({
      store_id: BigInt(storeId),
      sku: v.sku,
      description: v.description,
      item_code_id: v.itemCodeId,
      price: v.price,
      reorder_level: v.reorderLevel,
      quantity_on_hand: v.quantityOnHand,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateItem(db: Db, storeId: number, id: number, v: ItemValues): Promise<boolean> {
  const result = await db
    .updateTable('inventory_items')
    .set({ sku: v.sku, description: v.description, item_code_id: v.itemCodeId, price: v.price, reorder_level: v.reorderLevel, updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Applies a quantity change and records it; undefined when the item is not this store's. */
export async function adjustQuantity(db: Db, storeId: number, id: number, delta: number, reason: string, userId: bigint) {
  const row = await db
    .updateTable('inventory_items')
    .set({ quantity_on_hand: sql`quantity_on_hand + ${delta}`, updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .returning('quantity_on_hand')
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .insertInto('inventory_movements')
    .values({ store_id: BigInt(storeId), item_id: BigInt(id), delta, quantity_after: row.quantity_on_hand, reason, created_by: userId })
    .execute();
  return row.quantity_on_hand;
}

export async function archiveItem(db: Db, storeId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('inventory_items')
    .set({ archived_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
