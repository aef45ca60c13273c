/**
 * The books at the size of a large store (docs/BOOKS.md, "The trial balance at scale";
 * docs/PERFORMANCE.md, "Books"):
 *
 * - Each vendor keeps its account's default slug (`vendors.account_slug`, the last part
 *   of `liabilities:vendors:<slug>`) and the slug's family (`account_family`, its first
 *   part; names only collide within a family), so a trial balance or a journal page names
 *   the accounts it shows in SQL instead of deriving 100,000 unique names per call. The
 *   slugs are the domain's (`vendorAccountSlugs`), computed here for the vendors of today
 *   and kept by the books service when a vendor is added or renamed. A rename by any other
 *   path forgets the slug (the trigger below) and keeps the old family, so the next
 *   reader recomputes both families.
 * - Month-end balances: `journal_month_ends` lists the month ends whose balances are
 *   kept, `journal_month_balances` each account's balance at the end of that day (its
 *   nonzero ones). A trial balance as of a past day reads the nearest month end and at
 *   most half a month of `journal_days`. They are computed once per ended month by the
 *   first reader who needs them, and a journal dated on or before a kept month end (a day
 *   closed late) adds its legs to them in its own transaction.
 */
import { sql, type Kysely } from 'kysely';
import { vendorAccountSlugs, vendorSlugFamily } from '@pos/domain';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table vendors add column account_slug text, add column account_family text`.execute(db);
  await sql`
    create function vendors_forget_account_slug() returns trigger language plpgsql as $$
    begin
      if new.trade_name is distinct from old.trade_name and new.account_slug is not distinct from old.account_slug then
        new.account_slug := null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger vendors_forget_account_slug before update of trade_name on vendors
    for each row execute function vendors_forget_account_slug()`.execute(db);

  const stores = await sql<{ storeId: string }>`select distinct store_id::text as "storeId" from vendors`.execute(db);
  for (const { storeId } of stores.rows) {
    const { rows } = await sql<{ id: string; name: string }>`select id::text, trade_name as name from vendors where store_id = ${storeId}::int8 order by id`.execute(db);
    const vendors = rows.map((r) => ({ id: BigInt(r.id), name: r.name }));
    const slugs = vendorAccountSlugs(vendors);
    for (let i = 0; i < vendors.length; i += 10_000) {
      const chunk = vendors.slice(i, i + 10_000);
      await sql`
        update vendors v set account_slug = s.slug, account_family = s.family
        from unnest(${chunk.map((v) => v.id.toString())}::int8[], ${chunk.map((v) => slugs.get(v.id)!)}::text[], ${chunk.map((v) => vendorSlugFamily(v))}::text[]) as s (id, slug, family)
        where v.id = s.id`.execute(db);
    }
  }
  await sql`create index vendors_account_family on vendors (store_id, account_family)`.execute(db);
  await sql`create index vendors_account_slug_missing on vendors (store_id) where account_slug is null`.execute(db);

  await sql`
    create table journal_month_ends (
      store_id bigint not null references stores (id),
      month_end date not null,
      made_at timestamptz not null default now(),
      primary key (store_id, month_end)
    )`.execute(db);
  await sql`
    create table journal_month_balances (
      store_id bigint not null,
      month_end date not null,
      account text not null check (account ~ '^[a-z0-9:-]+$'),
      balance bigint not null,
      primary key (store_id, month_end, account),
      foreign key (store_id, month_end) references journal_month_ends (store_id, month_end)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table journal_month_balances`.execute(db);
  await sql`drop table journal_month_ends`.execute(db);
  await sql`drop trigger vendors_forget_account_slug on vendors`.execute(db);
  await sql`drop function vendors_forget_account_slug()`.execute(db);
  await sql`alter table vendors drop column account_slug, drop column account_family`.execute(db);
}
