/**
 * The offline sales' foreign keys get indexes that lead with their columns: a sale kept
 * for a manager names its order (drafts are deleted, and each delete checks who refers
 * to the order) and its device, so those checks read an index instead of every offline
 * sale (docs/PERFORMANCE.md, Foreign keys).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index offline_sales_order on offline_sales (order_id) where order_id is not null`.execute(db);
  await sql`create index offline_sales_device on offline_sales (device_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index offline_sales_device`.execute(db);
  await sql`drop index offline_sales_order`.execute(db);
}
