/**
 * Drops `vendors_store_balance` (live vendors of a store with a balance), which no query
 * reads. Its predicate names the vendor's balance, which every sale, refund and payout
 * changes, so none of those updates could be HOT: each wrote a new entry into every index
 * of vendors, the trigram index included. Without it the balance is in no index, and the
 * update stays on its page with no index written (docs/PERFORMANCE.md, Checkout).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index vendors_store_balance`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index vendors_store_balance on vendors (store_id) where archived_at is null and outstanding_statement_balance <> 0`.execute(db);
}
