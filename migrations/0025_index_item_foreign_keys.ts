/**
 * The items' foreign keys onto tables whose rows the product deletes (drafts and their
 * lines, unsold item codes, items of a withdrawn draft intake) get indexes that lead with
 * their columns, so a delete's check reads an index instead of the whole referencing
 * table (docs/PERFORMANCE.md, Foreign keys).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index item_movements_item_id on item_movements (item_id)`.execute(db);
  await sql`create index item_movements_order on item_movements (order_id) where order_id is not null`.execute(db);
  await sql`create index items_item_code on items (item_code_id) where item_code_id is not null`.execute(db);
  await sql`create index order_lines_item on order_lines (item_id) where item_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index order_lines_item`.execute(db);
  await sql`drop index items_item_code`.execute(db);
  await sql`drop index item_movements_order`.execute(db);
  await sql`drop index item_movements_item_id`.execute(db);
}
