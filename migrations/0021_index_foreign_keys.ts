/**
 * Every foreign key onto a table whose rows the product deletes (order lines of a draft,
 * drafts, unsold item codes, vendors without sales) gets an index that leads with its
 * columns: deleting a row checks each referencing table for that key, and without such an
 * index the check reads the whole referencing table (a removed draft line scanned the
 * whole ledger). Indexes on (store_id, x) that only served lookups by one x are replaced by
 * (x), which serves the same lookups. The ledger's vendor keys become (store_id, vendor_id)
 * onto vendors (store_id, id): the ledger's account indexes already lead with those
 * columns, so the check needs no new index on the largest table, and an entry can no
 * longer name another store's vendor. docs/PERFORMANCE.md, Foreign keys.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // onto order_lines
  await sql`create index ledger_entries_order_line on ledger_entries (order_line_id) where order_line_id is not null`.execute(db);
  await sql`drop index refund_lines_store_line`.execute(db);
  await sql`create index refund_lines_order_line on refund_lines (order_line_id)`.execute(db);
  // onto orders
  await sql`drop index ledger_entries_order`.execute(db);
  await sql`create index ledger_entries_order on ledger_entries (order_id) where order_id is not null`.execute(db);
  await sql`drop index refunds_store_order`.execute(db);
  await sql`create index refunds_order on refunds (order_id)`.execute(db);
  await sql`create index order_submit_keys_order on order_submit_keys (order_id)`.execute(db);
  // onto item_codes
  await sql`create index inventory_items_item_code on inventory_items (item_code_id) where item_code_id is not null`.execute(db);
  await sql`create index ledger_accounts_item_code on ledger_accounts (item_code_id) where item_code_id is not null`.execute(db);
  await sql`create index payouts_item_code on payouts (item_code_id) where item_code_id is not null`.execute(db);
  // onto vendors
  await sql`create index item_codes_vendor on item_codes (vendor_id)`.execute(db);
  await sql`create index payouts_vendor on payouts (vendor_id)`.execute(db);
  await sql`alter table vendors add constraint vendors_store_id_id_key unique (store_id, id)`.execute(db);
  for (const table of ['ledger_entries', 'ledger_accounts']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_vendor_id_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_vendor_fkey`)} foreign key (store_id, vendor_id) references vendors (store_id, id) not valid`.execute(db);
    await sql`alter table ${sql.table(table)} validate constraint ${sql.id(`${table}_vendor_fkey`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ledger_entries', 'ledger_accounts']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_vendor_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_vendor_id_fkey`)} foreign key (vendor_id) references vendors (id)`.execute(db);
  }
  await sql`alter table vendors drop constraint vendors_store_id_id_key`.execute(db);
  await sql`drop index payouts_vendor`.execute(db);
  await sql`drop index item_codes_vendor`.execute(db);
  await sql`drop index payouts_item_code`.execute(db);
  await sql`drop index ledger_accounts_item_code`.execute(db);
  await sql`drop index inventory_items_item_code`.execute(db);
  await sql`drop index order_submit_keys_order`.execute(db);
  await sql`drop index refunds_order`.execute(db);
  await sql`create index refunds_store_order on refunds (store_id, order_id)`.execute(db);
  await sql`drop index ledger_entries_order`.execute(db);
  await sql`create index ledger_entries_order on ledger_entries (store_id, order_id) where order_id is not null`.execute(db);
  await sql`drop index refund_lines_order_line`.execute(db);
  await sql`create index refund_lines_store_line on refund_lines (store_id, order_line_id)`.execute(db);
  await sql`drop index ledger_entries_order_line`.execute(db);
}
