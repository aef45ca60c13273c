/**
 * Reports that stay fast on a store of a hundred thousand vendors (docs/SETTLEMENT.md,
 * Reports; docs/PERFORMANCE.md, Reports):
 * - `report_days` by group and day, so a page of vendors or item codes reads only its own
 *   groups' days, whatever the number of groups in the period;
 * - the payments of an order by its id alone, as the report_days trigger looks them up
 *   when orders complete;
 * - vendors by lower-cased trade name including archived ones (their sales and balances
 *   still count), the order of the vendor groupings' pages;
 * - `ledger_balance_history`: per store and quarter of an hour (UTC; every time zone's
 *   day starts on one), how the Σ of balances above zero (owed), below zero (owing) and the
 *   counts of such accounts changed, kept by a statement trigger in the transaction that
 *   posts the entries, as `ledger_store_totals` is. The owed and owing totals at the end
 *   of any past day are the Σ of its rows before that instant. An account's change is
 *   counted in the quarter its entries are dated; entries posted with a date before other
 *   entries of the same account already there (a back-dated import) make the history of
 *   that account approximate until `ledger_balance_history_rebuild()` runs, which computes
 *   it from every entry (this migration, and the bench's bulk loader after a load).
 */
import { sql, type Kysely } from 'kysely';

/** The quarter of an hour an instant falls in. */
export const QUARTER = (column: string) => `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/**
 * `source` answers store_id, vendor_id, account_key, at and amount per account and quarter;
 * `closing` the account's balance after the last of them. The changes of owed, owing and
 * the counts per store and quarter follow from each account's balance before and after.
 */
export function historyOf(source: string, closing: string): string {
  return `
    select x.store_id, x.at,
           sum(greatest(x.after, 0) - greatest(x.after - x.amount, 0)) as owed,
           sum(least(x.after, 0) - least(x.after - x.amount, 0)) as owing,
           sum((x.after > 0)::int - (x.after - x.amount > 0)::int) as accounts_owed,
           sum((x.after < 0)::int - (x.after - x.amount < 0)::int) as accounts_owing
    from (select d.store_id, d.at, d.amount,
                 ${closing} - coalesce(sum(d.amount) over (partition by d.store_id, d.vendor_id, d.account_key order by d.at desc
                                                           rows between unbounded preceding and 1 preceding), 0) as after
          from (${source}) d) x
    group by x.store_id, x.at`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index report_days_group on report_days (store_id, dim, key, day)`.execute(db);
  // The payments of the orders a statement completed, by order alone (the report_days
  // trigger's lookup), so completing a sale does not read every payment of every store.
  await sql`create index order_payments_order_id on order_payments (order_id)`.execute(db);
  await sql`create index vendors_store_name_all on vendors (store_id, lower(trade_name), id)`.execute(db);

  await sql`
    create table ledger_balance_history (
      store_id bigint not null references stores (id),
      at timestamptz not null,
      owed numeric not null default 0,
      owing numeric not null default 0,
      accounts_owed bigint not null default 0,
      accounts_owing bigint not null default 0,
      primary key (store_id, at)
    )`.execute(db);

  // Runs after ledger_entries_balances (triggers of an event fire in name order), so each
  // account's balance is already the one after the statement.
  const fromStatement = historyOf(
    `select store_id, vendor_id, coalesce(item_code_id, 0) as account_key, ${QUARTER('created_at')} as at, sum(amount) as amount
     from new_rows group by 1, 2, 3, 4`,
    `(select a.balance from ledger_accounts a where a.store_id = d.store_id and a.vendor_id = d.vendor_id and a.account_key = d.account_key)`,
  );
  await sql
    .raw(
      `create function ledger_entries_keep_history() returns trigger language plpgsql as $fn$
       begin
         insert into ledger_balance_history as h (store_id, at, owed, owing, accounts_owed, accounts_owing)
           select * from (${fromStatement}) c order by c.store_id, c.at
         on conflict (store_id, at) do update
           set owed = h.owed + excluded.owed, owing = h.owing + excluded.owing,
               accounts_owed = h.accounts_owed + excluded.accounts_owed, accounts_owing = h.accounts_owing + excluded.accounts_owing;
         return null;
       end
       $fn$`,
    )
    .execute(db);
  await sql`
    create trigger ledger_entries_store_history after insert on ledger_entries
      referencing new table as new_rows for each statement execute function ledger_entries_keep_history()`.execute(db);

  // From every entry: each account's balance after each quarter is the running Σ up to it.
  const fromEntries = historyOf(
    `select store_id, vendor_id, coalesce(item_code_id, 0) as account_key, ${QUARTER('created_at')} as at, sum(amount) as amount
     from ledger_entries group by 1, 2, 3, 4`,
    `sum(d.amount) over (partition by d.store_id, d.vendor_id, d.account_key)`,
  );
  await sql
    .raw(
      `create function ledger_balance_history_rebuild() returns void language plpgsql as $fn$
       begin
         delete from ledger_balance_history;
         insert into ledger_balance_history (store_id, at, owed, owing, accounts_owed, accounts_owing)
           select * from (${fromEntries}) c;
       end
       $fn$`,
    )
    .execute(db);
  await sql`select ledger_balance_history_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger ledger_entries_store_history on ledger_entries`.execute(db);
  await sql`drop function ledger_entries_keep_history()`.execute(db);
  await sql`drop function ledger_balance_history_rebuild()`.execute(db);
  await sql`drop table ledger_balance_history`.execute(db);
  await sql`drop index vendors_store_name_all`.execute(db);
  await sql`drop index order_payments_order_id`.execute(db);
  await sql`drop index report_days_group`.execute(db);
}
