/**
 * Moving stock into items: stock items and movements made by the old schema (before the
 * migration) become items numbered after the store's own, each SKU its alias (still
 * scannable), with the stock, reorder level, code and price it had, archived ones
 * WITHDRAWN and empty ones SOLD, and their movements with who, when and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/db';
import type { DbHandle } from '../src';
import * as moveStockToItems from '../../../migrations/0027_move_stock_to_items';

let h: DbHandle;
let storeId = 0n;
let codeId = 0n;
let orderId = 0n;
let userId = 0n;
const stock: Record<string, bigint> = {};

async function one<T>(query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(h.db)).rows[0]!;
}

async function addStock(sku: string, o: { price: bigint; onHand: number; reorder?: number; code?: bigint | null; archived?: boolean; createdAt?: string }) {
  const { id } = await one(sql<{ id: bigint }>`
    insert into inventory_items (store_id, sku, description, item_code_id, price, quantity_on_hand, reorder_level, archived_at, created_at)
    values (${storeId}, ${sku}, ${'Stock ' + sku}, ${o.code ?? null}, ${o.price}, ${o.onHand}, ${o.reorder ?? 0}, ${o.archived ? sql`now()` : null}, ${o.createdAt ?? '2026-03-01T02:00:00Z'})
    returning id`);
  stock[sku] = id;
}

async function move(sku: string, delta: number, after: number, reason: string) {
  await sql`insert into inventory_movements (store_id, item_id, delta, quantity_after, reason, created_by) values (${storeId}, ${stock[sku]!}, ${delta}, ${after}, ${reason}, ${userId})`.execute(h.db);
}

function itemOf(sku: string) {
  return one(sql<{ id: bigint; itemNumber: string; alias: string; itemCodeId: bigint | null; description: string; price: bigint; quantity: bigint; reorderLevel: bigint; status: string; printedPrice: bigint; intakeDate: string }>`
    select id, item_number as "itemNumber", alias, item_code_id as "itemCodeId", description, price, quantity, reorder_level as "reorderLevel", status,
           printed_price as "printedPrice", intake_date::text as "intakeDate"
    from items where stock_item_id = ${stock[sku]!}`);
}

async function movementsOf(itemId: bigint) {
  const { rows } = await sql<{ kind: string; delta: bigint; after: bigint; orderId: bigint | null; note: string; by: bigint | null }>`
    select kind, quantity_delta as delta, quantity_after as after, order_id as "orderId", note, created_by as by from item_movements where item_id = ${itemId} order by id`.execute(h.db);
  return rows;
}

beforeAll(async () => {
  h = await createTestDb();
  await moveStockToItems.down(h.db);
  ({ id: storeId } = await one(sql<{ id: bigint }>`insert into stores (name, time_zone) values ('Stock before items', 'America/Halifax') returning id`));
  ({ id: userId } = await one(sql<{ id: bigint }>`insert into users (username, email, password_hash) values ('stockist', 'stockist@example.com', 'x') returning id`));
  ({ id: codeId } = await one(sql<{ id: bigint }>`insert into item_codes (store_id, tag) values (${storeId}, 'HOUSE') returning id`));
  ({ id: orderId } = await one(sql<{ id: bigint }>`insert into orders (store_id, order_number) values (${storeId}, 'K-7') returning id`));
  // An item taken in before the move: the moved stock is numbered after it.
  await sql`insert into item_number_counters (store_id, next_number) values (${storeId}, 10002)`.execute(h.db);
  await sql`insert into items (store_id, item_number, description, price, intake_date) values (${storeId}, '10001', 'Tagged before', 5000000, '2026-03-01')`.execute(h.db);

  // Ten vases, four sold on K-7; two clocks counted away; an archived lamp and a live one of the same SKU.
  await addStock('VASE-1', { price: 12_000_000n, onHand: 6, reorder: 2, code: codeId });
  await move('VASE-1', -4, 6, 'Sold on order K-7');
  await addStock('CLOCK-2', { price: 30_000_000n, onHand: 0 });
  await move('CLOCK-2', -2, 0, 'Count');
  await addStock('LAMP-3', { price: 20_000_000n, onHand: 1, archived: true });
  await addStock('lamp-3', { price: 22_000_000n, onHand: 3 });
  await move('lamp-3', 1, 3, 'Returned on refund K-7-R1');

  await moveStockToItems.up(h.db);
});
afterAll(() => h.close());

describe('0027_move_stock_to_items', () => {
  it('makes each stock item an item numbered after the store’s own, its SKU the alias, with its stock, code, price and reorder level', async () => {
    const vase = await itemOf('VASE-1');
    expect(vase).toMatchObject({ itemNumber: '10002', alias: 'VASE-1', itemCodeId: codeId, description: 'Stock VASE-1', price: 12_000_000n, quantity: 6n, reorderLevel: 2n, status: 'ACTIVE' });
    // Its tag is taken as printed at its price: it is not listed as needing a new tag.
    expect(vase.printedPrice).toBe(12_000_000n);
    // The store's day: 02:00 UTC on 1 March is still 28 February in Halifax.
    expect(vase.intakeDate).toBe('2026-02-28');
    expect((await itemOf('CLOCK-2')).status).toBe('SOLD');
    expect(await itemOf('LAMP-3')).toMatchObject({ itemNumber: '10004', status: 'WITHDRAWN', quantity: 1n });
    expect(await itemOf('lamp-3')).toMatchObject({ itemNumber: '10005', status: 'ACTIVE', quantity: 3n });
    expect((await one(sql<{ next: bigint }>`select next_number as next from item_number_counters where store_id = ${storeId}`)).next).toBe(10006n);
  });

  it('keeps the movements: the starting stock as INTAKE, a sale on its order, a refund, an adjustment with its reason and author', async () => {
    expect(await movementsOf((await itemOf('VASE-1')).id)).toEqual([
      { kind: 'INTAKE', delta: 10n, after: 10n, orderId: null, note: 'Stock item VASE-1', by: null },
      { kind: 'SALE', delta: -4n, after: 6n, orderId, note: 'Sold on order K-7', by: userId },
    ]);
    expect(await movementsOf((await itemOf('CLOCK-2')).id)).toEqual([
      { kind: 'INTAKE', delta: 2n, after: 2n, orderId: null, note: 'Stock item CLOCK-2', by: null },
      { kind: 'ADJUST', delta: -2n, after: 0n, orderId: null, note: 'Count', by: userId },
    ]);
    expect((await movementsOf((await itemOf('lamp-3')).id)).map((m) => m.kind)).toEqual(['INTAKE', 'REFUND']);
  });

  it('a SKU stays scannable: the live item of that SKU, any case; a second live item of a SKU is refused', async () => {
    const { rows } = await sql<{ itemNumber: string }>`
      select item_number as "itemNumber" from items where store_id = ${storeId} and lower(alias) = lower('LAMP-3') and status <> 'WITHDRAWN'`.execute(h.db);
    expect(rows).toEqual([{ itemNumber: '10005' }]);
    await expect(sql`insert into items (store_id, item_number, alias, price, intake_date) values (${storeId}, '10099', 'Vase-1', 1, '2026-03-02')`.execute(h.db)).rejects.toThrow(/items_store_alias/);
  });
});
