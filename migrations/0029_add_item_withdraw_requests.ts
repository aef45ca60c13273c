/**
 * A vendor asks, from the portal, for active items to be withdrawn: the item keeps when it
 * was asked and why until a manager confirms the withdrawal on the store's item screen
 * (docs/API.md, Vendor portal). Who asked is in the audit trail. The store finds the open
 * requests by an index of their own.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table items add column withdraw_requested_at timestamptz, add column withdraw_request_reason text not null default '' check (length(withdraw_request_reason) <= 200)`.execute(db);
  await sql`create index items_store_withdraw_requested on items (store_id, id) where withdraw_requested_at is not null and status = 'ACTIVE'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index items_store_withdraw_requested`.execute(db);
  await sql`alter table items drop column withdraw_request_reason, drop column withdraw_requested_at`.execute(db);
}
