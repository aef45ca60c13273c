/**
 * The trial balance names every vendor account it lists from the vendor's kept slug
 * (docs/BOOKS.md, Default names). Read from the vendors' rows that was a scan of the
 * whole table (some 2.4 KB a vendor: 232 MB at 100,000 vendors) for one short text each;
 * this index holds the slug beside the vendor's id, so the trial balance reads the
 * store's slugs from the index alone (docs/PERFORMANCE.md, Books).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index vendors_store_account_slug on vendors (store_id, id) include (account_slug)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index vendors_store_account_slug`.execute(db);
}
