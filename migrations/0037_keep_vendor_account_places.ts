/**
 * The trial balance of a store with some 100,000 vendor accounts reads its vendor rows as
 * they are kept, with no join and no sort by text (docs/BOOKS.md, "The trial balance at
 * scale"; docs/PERFORMANCE.md, Books). Each row of `journal_balances` and
 * `journal_month_balances` whose account is a vendor's keeps:
 *
 * - its place in the chart among the vendor accounts: `vendor_id` and `item_code_id`
 *   (null for the vendor's main account, which comes before its codes'), generated from
 *   the account key, so no writer computes them and they never disagree with it;
 * - for a vendor's main account, the vendor's kept slug (`vendor_slug`, what its default
 *   name is made from: `vendors.account_slug`), kept by triggers: a row inserted without
 *   it is given the vendor's (a vendor's first posting, a month end's rows, a journal
 *   dated back into a kept month), and a change of the vendor's slug (a rename forgets
 *   it, keeping it again sets it) is copied to the vendor's rows.
 *
 * Races: the row's trigger reads the vendor's slug `for share`, so a rename of the vendor
 * committing meanwhile is either waited for (and its slug read) or waits for the posting
 * (and then updates the row it can now see). The vendor's trigger takes the month ends'
 * lock shared before updating their rows, so a month end being computed (which holds it
 * alone) is either seen whole or computes with the new slug. The sums' writer itself
 * (a sale's last statement) pays nothing for an account that already has its row.
 */
import { sql, type Kysely } from 'kysely';

/** A vendor account key's ids: `vendor:<vendor>` or `vendor:<vendor>:<code>`; null for any other account. */
const VENDOR_ID = `case when account like 'vendor:%' then split_part(account, ':', 2)::int8 end`;
const ITEM_CODE_ID = `case when account like 'vendor:%' then nullif(split_part(account, ':', 3), '')::int8 end`;

const TABLES = [
  { table: 'journal_balances', key: 'store_id = new.store_id and account = new.account and slot = new.slot' },
  { table: 'journal_month_balances', key: 'store_id = new.store_id and month_end = new.month_end and account = new.account' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, key } of TABLES) {
    await sql
      .raw(
        `alter table ${table}
           add column vendor_id bigint generated always as (${VENDOR_ID}) stored,
           add column item_code_id bigint generated always as (${ITEM_CODE_ID}) stored,
           add column vendor_slug text`,
      )
      .execute(db);
    await sql
      .raw(
        `update ${table} t set vendor_slug = v.account_slug from vendors v
         where v.store_id = t.store_id and v.id = t.vendor_id and t.item_code_id is null and v.account_slug is not null`,
      )
      .execute(db);
    await sql
      .raw(
        `create function ${table}_take_vendor_slug() returns trigger language plpgsql as $fn$
         declare slug text;
         begin
           select v.account_slug into slug from vendors v where v.store_id = new.store_id and v.id = new.vendor_id for share;
           if slug is not null then
             update ${table} set vendor_slug = slug where ${key};
           end if;
           return null;
         end $fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_take_vendor_slug after insert on ${table}
         for each row when (new.vendor_id is not null and new.item_code_id is null and new.vendor_slug is null)
         execute function ${table}_take_vendor_slug()`,
      )
      .execute(db);
  }
  // The store-wide accounts' few rows, read apart from the vendors'.
  await sql`create index journal_balances_store_wide on journal_balances (store_id) where vendor_id is null`.execute(db);
  await sql`create index journal_month_balances_store_wide on journal_month_balances (store_id, month_end) where vendor_id is null`.execute(db);
  await sql`
    create function vendors_give_account_slug() returns trigger language plpgsql as $fn$
    begin
      update journal_balances set vendor_slug = new.account_slug
      where store_id = new.store_id and account = 'vendor:' || new.id and vendor_slug is distinct from new.account_slug;
      perform pg_advisory_xact_lock_shared(hashtextextended('journal_month_ends:' || new.store_id, 0));
      update journal_month_balances b set vendor_slug = new.account_slug
      from journal_month_ends m
      where m.store_id = new.store_id and b.store_id = new.store_id and b.month_end = m.month_end
        and b.account = 'vendor:' || new.id and b.vendor_slug is distinct from new.account_slug;
      return null;
    end $fn$`.execute(db);
  await sql`
    create trigger vendors_give_account_slug after update on vendors
    for each row when (old.account_slug is distinct from new.account_slug)
    execute function vendors_give_account_slug()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger vendors_give_account_slug on vendors`.execute(db);
  await sql`drop function vendors_give_account_slug()`.execute(db);
  await sql`drop index journal_month_balances_store_wide`.execute(db);
  await sql`drop index journal_balances_store_wide`.execute(db);
  for (const { table } of TABLES) {
    await sql.raw(`drop trigger ${table}_take_vendor_slug on ${table}`).execute(db);
    await sql.raw(`drop function ${table}_take_vendor_slug()`).execute(db);
    await sql.raw(`alter table ${table} drop column vendor_slug, drop column item_code_id, drop column vendor_id`).execute(db);
  }
}
