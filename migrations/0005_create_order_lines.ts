/**
 * Order lines and the order columns the editor and lookup need. A line keeps a snapshot
 * of what was sold (code, description, price, discount, tax percents and names, the
 * commission percent and the vendor's share) and a link to the store's item code when
 * its code named one; the order keeps the sum of its vendor shares for the accountant. Lookup indexes: date and
 * amount by store, number prefix, and trigram indexes for customer and item keyword
 * substrings (pg_trgm, with btree_gin so store_id leads the GIN index too).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`
    alter table orders
      add column subtotal bigint not null default 0,
      add column discount_total bigint not null default 0,
      add column tax1_total bigint not null default 0,
      add column tax2_total bigint not null default 0,
      add column tax3_total bigint not null default 0,
      add column vendor_share_total bigint not null default 0`.execute(db);
  // Every dashboard aggregate over completed orders reads only this index.
  await sql`
    create index orders_store_completed on orders (store_id, completed_at)
      include (total, tax1_total, tax2_total, tax3_total, vendor_share_total) where status = 'COMPLETED'`.execute(db);
  await sql`create index orders_store_created on orders (store_id, created_at desc, id desc)`.execute(db);
  await sql`create index orders_store_total on orders (store_id, total, created_at desc)`.execute(db);
  await sql`create index orders_store_number on orders (store_id, lower(order_number) text_pattern_ops)`.execute(db);
  await sql`create index orders_store_status on orders (store_id, status, created_by) where status in ('DRAFT','PENDING')`.execute(db);
  await sql`create index orders_customer_trgm on orders using gin (store_id, lower(customer_name) gin_trgm_ops)`.execute(db);

  await sql`
    create table order_lines (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      order_id bigint not null references orders (id),
      item_code text not null default '',
      item_code_id bigint references item_codes (id),
      description text not null default '',
      quantity bigint not null default 1,
      price bigint not null default 0,
      discount_percent bigint not null default 0,
      amount bigint not null default 0,
      discount_amount bigint not null default 0,
      total bigint not null default 0,
      tax1_enabled boolean not null default false,
      tax1_percent bigint not null default 0,
      tax1_amount bigint not null default 0,
      tax1_description text not null default '',
      tax2_enabled boolean not null default false,
      tax2_percent bigint not null default 0,
      tax2_amount bigint not null default 0,
      tax2_description text not null default '',
      tax3_enabled boolean not null default false,
      tax3_percent bigint not null default 0,
      tax3_amount bigint not null default 0,
      tax3_description text not null default '',
      commission_percent bigint not null default 0,
      vendor_share bigint not null default 0,
      -- A newline between code and description: a keyword never matches across the two.
      search_text text generated always as (lower(item_code || chr(10) || description)) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index order_lines_order on order_lines (order_id, id)`.execute(db);
  await sql`create index order_lines_item_code on order_lines (item_code_id) where item_code_id is not null`.execute(db);
  await sql`create index order_lines_search_trgm on order_lines using gin (store_id, search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists order_lines`.execute(db);
  for (const index of ['orders_store_completed', 'orders_store_created', 'orders_store_total', 'orders_store_number', 'orders_store_status', 'orders_customer_trgm']) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
  for (const column of ['subtotal', 'discount_total', 'tax1_total', 'tax2_total', 'tax3_total', 'vendor_share_total']) {
    await sql`alter table orders drop column if exists ${sql.ref(column)}`.execute(db);
  }
}
