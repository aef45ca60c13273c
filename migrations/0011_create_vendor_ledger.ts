/**
 * The vendor ledger (docs/SETTLEMENT.md): vendor types and monthly rents, an append-only
 * table of signed entries, and the balance of every account kept in step with it.
 *
 * An account is a vendor's main account (item_code_id null) or one of its item codes
 * that receives a separate statement. `ledger_accounts` holds each account's balance
 * and `vendors.outstanding_statement_balance` the sum over the vendor's accounts; both
 * are caches of the entries, added to by a statement-level trigger in the transaction
 * that inserts the entries. The trigger takes the vendors' row locks in id order, and as
 * FOR NO KEY UPDATE, which the key-share locks of the entries' foreign keys do not block,
 * so concurrent postings to the same vendors in any order never deadlock. A month's rent
 * is posted at most once per account (a unique index).
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table vendors
      add column vendor_type text not null default 'VENDOR' check (vendor_type in ('VENDOR', 'VENDOR_CONSIGNMENT', 'CONSIGNMENT')),
      add column monthly_rent bigint not null default 0 check (monthly_rent >= 0)`.execute(db);
  await sql`alter table item_codes add column monthly_rent bigint not null default 0 check (monthly_rent >= 0)`.execute(db);

  await sql`
    create table ledger_entries (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      vendor_id bigint not null references vendors (id),
      item_code_id bigint references item_codes (id),
      kind text not null check (kind in ('SALE', 'COMMISSION', 'CARD_FEE', 'RENT', 'ADJUSTMENT', 'PAYOUT')),
      amount bigint not null,
      order_id bigint references orders (id),
      order_line_id bigint references order_lines (id),
      refund_id bigint,
      payout_id bigint,
      rent_month text check (rent_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      memo text not null default '',
      created_by bigint references users (id),
      created_at timestamptz not null default now(),
      check ((kind = 'RENT') = (rent_month is not null))
    )`.execute(db);
  await sql`create index ledger_entries_account_time on ledger_entries (store_id, vendor_id, item_code_id, created_at, id)`.execute(db);
  await sql`create index ledger_entries_store_time on ledger_entries (store_id, created_at, id)`.execute(db);
  await sql`create index ledger_entries_order on ledger_entries (store_id, order_id) where order_id is not null`.execute(db);
  await sql`create unique index ledger_entries_rent_once on ledger_entries (store_id, vendor_id, coalesce(item_code_id, 0), rent_month) where kind = 'RENT'`.execute(db);
  await appendOnly(db, 'ledger_entries');

  await sql`
    create table ledger_accounts (
      store_id bigint not null references stores (id),
      vendor_id bigint not null references vendors (id),
      item_code_id bigint references item_codes (id),
      account_key bigint generated always as (coalesce(item_code_id, 0)) stored,
      balance bigint not null default 0,
      primary key (store_id, vendor_id, account_key)
    )`.execute(db);
  await sql`create index ledger_accounts_store_balance on ledger_accounts (store_id, balance)`.execute(db);

  await sql`
    create function ledger_entries_keep_balances() returns trigger language plpgsql as $fn$
    begin
      perform 1 from vendors v where v.id in (select vendor_id from new_rows) order by v.id for no key update;
      insert into ledger_accounts as a (store_id, vendor_id, item_code_id, balance)
        select store_id, vendor_id, item_code_id, sum(amount)
        from new_rows
        group by store_id, vendor_id, item_code_id
        order by store_id, vendor_id, coalesce(item_code_id, 0)
      on conflict (store_id, vendor_id, account_key) do update set balance = a.balance + excluded.balance;
      update vendors v set outstanding_statement_balance = v.outstanding_statement_balance + d.amount
        from (select vendor_id, sum(amount) as amount from new_rows group by vendor_id) d
        where v.id = d.vendor_id;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger ledger_entries_balances after insert on ledger_entries
      referencing new table as new_rows for each statement execute function ledger_entries_keep_balances()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table ledger_accounts`.execute(db);
  await sql`drop table ledger_entries`.execute(db);
  await sql`drop function ledger_entries_keep_balances()`.execute(db);
  await sql`alter table item_codes drop column monthly_rent`.execute(db);
  await sql`alter table vendors drop column vendor_type, drop column monthly_rent`.execute(db);
}
