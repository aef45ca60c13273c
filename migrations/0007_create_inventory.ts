/**
 * Stock items and their movements. SKUs are unique per store case-insensitively among
 * live items (an archived item frees its SKU, as an archived item code frees its tag); every
 * quantity change is kept as a movement with its reason. The partial index serves the
 * manager's low-stock counter.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table inventory_items (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      sku text not null,
      description text not null default '',
      item_code_id bigint references item_codes (id),
      price bigint not null default 0,
      quantity_on_hand bigint not null default 0,
      reorder_level bigint not null default 0,
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index inventory_items_store_sku on inventory_items (store_id, lower(sku)) where archived_at is null`.execute(db);
  await sql`create index inventory_items_store_description on inventory_items (store_id, lower(description), id) where archived_at is null`.execute(db);
  await sql`create index inventory_items_store_low on inventory_items (store_id) where archived_at is null and quantity_on_hand <= reorder_level`.execute(db);
  await sql`create index inventory_items_search_trgm on inventory_items using gin (store_id, lower(sku || ' ' || description) gin_trgm_ops)`.execute(db);

  await sql`
    create table inventory_movements (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      item_id bigint not null references inventory_items (id),
      delta bigint not null,
      quantity_after bigint not null,
      reason text not null,
      created_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index inventory_movements_item on inventory_movements (store_id, item_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists inventory_movements`.execute(db);
  await sql`drop table if exists inventory_items`.execute(db);
}
