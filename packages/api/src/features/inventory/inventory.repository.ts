/** Stock items and movements: all their SQL, always within the caller's store. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@pos/db';
import type { InventorySort, ListInventoryInput } from '@pos/contracts';

type Db = Kysely<Database>;

const SORTS: Record<InventorySort, RawBuilder<unknown>> = {
  sku: sql`lower(i.sku)`,
  description: sql`lower(i.description)`,
  price: sql`i.price`,
  quantityOnHand: sql`i.quantity_on_hand`,
  reorderLevel: sql`i.reorder_level`,
};

export interface InventoryRow {
  id: bigint;
  sku: string;
  description: string;
  itemCode: string | null;
  price: bigint;
  quantityOnHand: bigint;
  reorderLevel: bigint;
  lowStock: boolean;
}

const ROW = sql`i.id, i.sku, i.description, c.tag as "itemCode", i.price, i.quantity_on_hand as "quantityOnHand",
  i.reorder_level as "reorderLevel", (i.quantity_on_hand <= i.reorder_level) as "lowStock"`;

function searchFilter(search: string | null) {
  if (!search) return sql``;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`and lower(i.sku || ' ' || i.description) like ${pattern}`;
}

export async function listItems(db: Db, storeId: number, f: ListInventoryInput): Promise<{ items: InventoryRow[]; total: bigint }> {
  const direction = f.isAscending ? sql`asc` : sql`desc`;
  const { rows } = await sql<InventoryRow>`
    select ${ROW} from inventory_items i
    left join item_codes c on c.id = i.item_code_id
    where i.store_id = ${storeId} and i.archived_at is null ${searchFilter(f.search)}
    order by ${SORTS[f.sort]} ${direction}, i.id ${direction}
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(db);
  const { rows: count } = await sql<{ n: bigint }>`
    select count(*) as n from inventory_items i where i.store_id = ${storeId} and i.archived_at is null ${searchFilter(f.search)}`.execute(db);
  return { items: rows, total: count[0]?.n ?? 0n };
}

export async function findItem(db: Db, storeId: number, id: number | bigint): Promise<InventoryRow | undefined> {
  const { rows } = await sql<InventoryRow>`
    select ${ROW} from inventory_items i left join item_codes c on c.id = i.item_code_id
    where i.store_id = ${storeId} and i.id = ${id} and i.archived_at is null`.execute(db);
  return rows[0];
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
    .where('store_id', '=', BigInt(storeId))
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
    .where('store_id', '=', BigInt(storeId))
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
    .where('store_id', '=', BigInt(storeId))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
