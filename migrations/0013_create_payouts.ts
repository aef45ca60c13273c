/**
 * Settlement (docs/SETTLEMENT.md): the payouts made to vendors, one by one or in runs,
 * each with its PAYOUT entry in the ledger (ledger_entries.payout_id now refers to it);
 * both tables are append-only like the ledger. Also the store's address for the
 * statements it mails; `ledger_store_totals`, each store's Σ of balances above zero
 * (what it owes its vendors) and below zero (what they owe it) with how many accounts
 * each, kept by a statement-level trigger after the one that keeps the balances (it
 * reads the balances after and before the statement's entries), so the balances
 * screen and the accountant's Pending Invoices never count a whole store; and the
 * indexes the accounts screen, the statements and the accountant's dashboard read by:
 * - a vendor's name searched anywhere in it (trigram), and live vendors of a type by name;
 * - the entries of one item code's account (whether a code may be erased);
 * - the entries of one account over a period with their amounts and kinds, and a
 *   store's entries of a month by kind, both read from the index alone.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stores add column address text not null default ''`.execute(db);

  await sql`
    create table payout_runs (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      through date not null,
      minimum bigint not null check (minimum >= 0),
      method text not null check (method in ('CHECK', 'CASH', 'ACH', 'STORE_CREDIT')),
      total bigint not null,
      count integer not null,
      created_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payout_runs_store_time on payout_runs (store_id, created_at)`.execute(db);
  await appendOnly(db, 'payout_runs');

  await sql`
    create table payouts (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      vendor_id bigint not null references vendors (id),
      item_code_id bigint references item_codes (id),
      amount bigint not null check (amount > 0),
      method text not null check (method in ('CHECK', 'CASH', 'ACH', 'STORE_CREDIT')),
      reference text not null default '',
      run_id bigint references payout_runs (id),
      created_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payouts_store_time on payouts (store_id, created_at)`.execute(db);
  await sql`create index payouts_run on payouts (run_id) where run_id is not null`.execute(db);
  await appendOnly(db, 'payouts');

  await sql`alter table ledger_entries add constraint ledger_entries_payout_id_fkey foreign key (payout_id) references payouts (id)`.execute(db);
  await sql`create index ledger_entries_item_code on ledger_entries (item_code_id) where item_code_id is not null`.execute(db);
  await sql`create index ledger_entries_account_entries on ledger_entries (store_id, vendor_id, (coalesce(item_code_id, 0)), created_at) include (kind, amount)`.execute(db);
  await sql`create index ledger_entries_store_time_kind on ledger_entries (store_id, created_at) include (kind, amount)`.execute(db);

  await sql`create index vendors_trade_name_trgm on vendors using gin (store_id, lower(trade_name) gin_trgm_ops)`.execute(db);
  await sql`create index vendors_store_type_name on vendors (store_id, vendor_type, lower(trade_name), id) where archived_at is null`.execute(db);

  await sql`
    create table ledger_store_totals (
      store_id bigint primary key references stores (id),
      owed numeric not null default 0,
      owing numeric not null default 0,
      accounts_owed bigint not null default 0,
      accounts_owing bigint not null default 0
    )`.execute(db);
  // Runs after ledger_entries_balances (triggers of an event fire in name order): an
  // account's balance before the statement is its balance now less the statement's Σ.
  await sql`
    create function ledger_entries_keep_store_totals() returns trigger language plpgsql as $fn$
    begin
      insert into ledger_store_totals as t (store_id, owed, owing, accounts_owed, accounts_owing)
        select x.store_id,
               sum(greatest(x.after, 0) - greatest(x.before, 0)),
               sum(least(x.after, 0) - least(x.before, 0)),
               sum((x.after > 0)::int - (x.before > 0)::int),
               sum((x.after < 0)::int - (x.before < 0)::int)
        from (select a.store_id, a.balance as after, a.balance - d.amount as before
              from (select store_id, vendor_id, coalesce(item_code_id, 0) as account_key, sum(amount) as amount
                    from new_rows group by 1, 2, 3) d
              join ledger_accounts a on a.store_id = d.store_id and a.vendor_id = d.vendor_id and a.account_key = d.account_key) x
        group by x.store_id
      on conflict (store_id) do update
        set owed = t.owed + excluded.owed, owing = t.owing + excluded.owing,
            accounts_owed = t.accounts_owed + excluded.accounts_owed, accounts_owing = t.accounts_owing + excluded.accounts_owing;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger ledger_entries_store_totals after insert on ledger_entries
      referencing new table as new_rows for each statement execute function ledger_entries_keep_store_totals()`.execute(db);
  // Entries already there (a database migrated with a ledger in it).
  await sql`
    insert into ledger_store_totals (store_id, owed, owing, accounts_owed, accounts_owing)
    select store_id, coalesce(sum(balance) filter (where balance > 0), 0), coalesce(sum(balance) filter (where balance < 0), 0),
           count(*) filter (where balance > 0), count(*) filter (where balance < 0)
    from ledger_accounts group by store_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger ledger_entries_store_totals on ledger_entries`.execute(db);
  await sql`drop function ledger_entries_keep_store_totals()`.execute(db);
  await sql`drop table ledger_store_totals`.execute(db);
  await sql`drop index vendors_store_type_name`.execute(db);
  await sql`drop index vendors_trade_name_trgm`.execute(db);
  await sql`drop index ledger_entries_store_time_kind`.execute(db);
  await sql`drop index ledger_entries_account_entries`.execute(db);
  await sql`drop index ledger_entries_item_code`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_payout_id_fkey`.execute(db);
  await sql`drop table payouts`.execute(db);
  await sql`drop table payout_runs`.execute(db);
  await sql`alter table stores drop column address`.execute(db);
}
