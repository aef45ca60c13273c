/**
 * The store's stock items become items (the Items screen replaces the Inventory screen):
 * each stock item is an item with a new item number from the store's counter, its SKU as
 * the item's alias (so the SKU stays scannable), its description, item code, price,
 * quantity on hand and reorder level; an archived one is WITHDRAWN, one with none on hand
 * SOLD. Its movements follow it: the stock it started with as INTAKE, then each change
 * with its reason as the note (a sale SALE on its order, a refund REFUND, anything else
 * ADJUST), with who and when. Its tag is taken as printed at its price (the store's own
 * tags carry the SKU, which scans as the alias). `stock_item_id` names the stock item an
 * item came from; the stock tables stay as they were, read by nothing.
 *
 * A SKU is unique among the store's items that are not withdrawn (as among live stock
 * items before); a code is looked up among every item's SKU by an index of its own. The manager's low-stock count reads the reorder level of items that
 * carry a SKU (docs/PERFORMANCE.md, Items).
 */
import { sql, type Kysely } from 'kysely';

const FIRST_ITEM_NUMBER = 10001n;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table items add column reorder_level bigint not null default 0 check (reorder_level >= 0), add column stock_item_id bigint unique references inventory_items (id)`.execute(db);
  await sql`drop index items_store_alias`.execute(db);
  await sql`create unique index items_store_alias on items (store_id, lower(alias)) where alias is not null and status <> 'WITHDRAWN'`.execute(db);
  // A scanned or searched code is looked up among every item's SKU, withdrawn ones too.
  await sql`create index items_store_alias_lookup on items (store_id, lower(alias)) where alias is not null`.execute(db);
  await sql`create index items_store_low on items (store_id) where alias is not null and status <> 'WITHDRAWN' and quantity <= reorder_level`.execute(db);
  await moveStockToItems(db);
}

/** Moves every stock item not moved yet, store by store, numbered after the store's items. */
async function moveStockToItems(db: Kysely<any>): Promise<void> {
  const { rows: stores } = await sql<{ storeId: bigint; count: bigint }>`
    select store_id as "storeId", count(*)::int8 as count from inventory_items s
    where not exists (select 1 from items i where i.stock_item_id = s.id) group by store_id order by store_id`.execute(db);
  for (const { storeId, count } of stores) {
    const { rows } = await sql<{ first: bigint }>`
      insert into item_number_counters as c (store_id, next_number) values (${storeId}, ${FIRST_ITEM_NUMBER + count})
      on conflict (store_id) do update set next_number = c.next_number + ${count}
      returning c.next_number - ${count} as first`.execute(db);
    const first = rows[0]!.first;
    await sql`
      insert into items (store_id, item_number, alias, item_code_id, description, price, quantity, reorder_level, intake_date, printed_price, status, stock_item_id, created_at, updated_at)
      select s.store_id, (${first}::int8 + row_number() over (order by s.id) - 1)::text,
             s.sku, s.item_code_id, s.description, greatest(s.price, 0), greatest(s.quantity_on_hand, 0), greatest(s.reorder_level, 0),
             (s.created_at at time zone st.time_zone)::date, greatest(s.price, 0),
             case when s.archived_at is not null then 'WITHDRAWN' when s.quantity_on_hand <= 0 then 'SOLD' else 'ACTIVE' end,
             s.id, s.created_at, s.updated_at
      from inventory_items s join stores st on st.id = s.store_id
      where s.store_id = ${storeId} and not exists (select 1 from items i where i.stock_item_id = s.id)
      order by s.id`.execute(db);
    // The stock each item started with (what its movements do not explain), then its movements in order.
    await sql`
      insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, price_after, note, created_at)
      select i.store_id, i.id, 'INTAKE', s.quantity_on_hand - coalesce(m.moved, 0), s.quantity_on_hand - coalesce(m.moved, 0), i.price, 'Stock item ' || s.sku, s.created_at
      from items i join inventory_items s on s.id = i.stock_item_id
      left join (select item_id, sum(delta) as moved from inventory_movements group by item_id) m on m.item_id = s.id
      where i.store_id = ${storeId} and not exists (select 1 from item_movements x where x.item_id = i.id)
      order by i.id`.execute(db);
    await sql`
      insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, order_id, note, created_by, created_at)
      select i.store_id, i.id,
             case when m.reason like 'Sold on order %' then 'SALE' when m.reason like 'Returned on refund %' then 'REFUND' else 'ADJUST' end,
             m.delta, m.quantity_after, o.id, m.reason, m.created_by, m.created_at
      from inventory_movements m join items i on i.stock_item_id = m.item_id
      left join orders o on o.store_id = m.store_id and m.reason like 'Sold on order %' and o.order_number = substr(m.reason, length('Sold on order ') + 1)
      where i.store_id = ${storeId} and (select count(*) from item_movements x where x.item_id = i.id) = 1
      order by m.id`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The moved items stay (their movements are append-only); they lose their SKU link and reorder level.
  await sql`drop index items_store_low`.execute(db);
  await sql`drop index items_store_alias_lookup`.execute(db);
  await sql`drop index items_store_alias`.execute(db);
  await sql`create unique index items_store_alias on items (store_id, lower(alias)) where alias is not null`.execute(db);
  await sql`alter table items drop column stock_item_id, drop column reorder_level`.execute(db);
}
