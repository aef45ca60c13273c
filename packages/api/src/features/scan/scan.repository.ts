/** What typed or scanned codes name in a store (stock items by SKU, item codes by tag): all its SQL, within the caller's store. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

/** A stock item (an item carrying a SKU as its alias, not withdrawn) as a code finds it: its SKU, description, price and item code. */
export interface StockItemRow {
  key: string;
  sku: string;
  description: string;
  price: bigint;
  itemCodeId: bigint | null;
}

/** The store's live stock items of these SKUs (any case), by lower-cased SKU. */
export async function findStockItemsBySkus(db: Db, storeId: number, skus: readonly string[]): Promise<Map<string, StockItemRow>> {
  if (skus.length === 0) return new Map();
  const { rows } = await sql<StockItemRow>`
    select lower(alias) as key, alias as sku, description, price, item_code_id as "itemCodeId" from items
    where ${inStore(storeId)} and alias is not null and status <> 'WITHDRAWN' and lower(alias) = any(${[...new Set(skus.map((s) => s.toLowerCase()))]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.key, r]));
}

/** A vendor as the till names a line's owner: its trade name and its Booth field ('' when not given). */
export async function vendorForTill(db: Db, storeId: number, vendorId: number | bigint): Promise<{ id: bigint; tradeName: string; booth: string } | undefined> {
  const { rows } = await sql<{ id: bigint; tradeName: string; booth: string }>`
    select id, trade_name as "tradeName", booth from vendors where ${inStore(storeId)} and id = ${BigInt(vendorId)}`.execute(db);
  return rows[0];
}
