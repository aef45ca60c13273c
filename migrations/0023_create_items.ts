/**
 * Items: each tagged piece (or stack of identical pieces) the store sells, with its
 * store-unique item number (what its barcode encodes; handed out by a per-store counter
 * and never reused, since items are never erased), its owner through its item code, and
 * every change of its quantity or price kept as a movement. Movements are append-only
 * (the audit trail's trigger). `alias` is a second scannable code of an item (a SKU
 * carried over from stock items), unique per store case-insensitively.
 *
 * Indexes serve the items screen at 500k items a store (docs/PERFORMANCE.md, Items):
 * newest first by id, per status, per item code (the vendor filter goes through the
 * vendor's codes), per category, the needs-a-new-tag filter, and a trigram index for
 * the number and description search.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table item_number_counters (
      store_id bigint primary key references stores (id),
      next_number bigint not null
    )`.execute(db);

  await sql`
    create table items (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      item_number text not null,
      alias text,
      item_code_id bigint references item_codes (id),
      description text not null default '',
      price bigint not null check (price >= 0),
      quantity bigint not null default 1 check (quantity >= 0),
      category text not null default '',
      intake_date date not null,
      printed_price bigint,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'SOLD', 'WITHDRAWN')),
      created_by bigint references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index items_store_number on items (store_id, item_number)`.execute(db);
  await sql`create unique index items_store_alias on items (store_id, lower(alias)) where alias is not null`.execute(db);
  await sql`create index items_store_id on items (store_id, id)`.execute(db);
  await sql`create index items_store_status on items (store_id, status, id)`.execute(db);
  await sql`create index items_store_code on items (store_id, item_code_id, id)`.execute(db);
  await sql`create index items_store_category on items (store_id, lower(category), id)`.execute(db);
  await sql`create index items_store_new_tag on items (store_id, id) where printed_price is distinct from price and status = 'ACTIVE'`.execute(db);
  await sql`create index items_search_trgm on items using gin (store_id, lower(item_number || ' ' || description) gin_trgm_ops)`.execute(db);

  await sql`
    create table item_movements (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      item_id bigint not null references items (id),
      kind text not null check (kind in ('INTAKE', 'PRICE', 'WITHDRAW', 'SALE', 'REFUND', 'ADJUST')),
      quantity_delta bigint not null default 0,
      quantity_after bigint not null,
      price_before bigint,
      price_after bigint,
      order_id bigint references orders (id),
      note text not null default '',
      created_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index item_movements_item on item_movements (store_id, item_id, id)`.execute(db);
  await appendOnly(db, 'item_movements');

  // A line bound to the item it sells (scanned at the till), with the item's number as
  // sold (a snapshot, as the line's item code is); completing the order takes its units.
  await sql`alter table order_lines add column item_id bigint references items (id), add column item_number text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table order_lines drop column item_id, drop column item_number`.execute(db);
  await sql`drop table item_movements`.execute(db);
  await sql`drop table items`.execute(db);
  await sql`drop table item_number_counters`.execute(db);
}
