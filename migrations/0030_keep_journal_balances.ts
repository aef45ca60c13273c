/**
 * The trial balance at the size of a large store (docs/BOOKS.md, "Where the journals are
 * kept"; docs/PERFORMANCE.md, "Books"): summing every leg of two years (several million
 * rows) for each trial balance is too slow, so the books writer keeps two sums in the
 * statement that inserts a journal's legs:
 *
 * - `journal_balances`: each account's balance (Σ of its legs), one row per store and
 *   account. The trial balance as of today reads these rows only.
 * - `journal_days`: each account's movement per business day, one row per store, account
 *   and day it moved. A trial balance as of an earlier day is the balances less the days
 *   after it, or (nearer the first day) the days up to it; a drill-down's balance before
 *   its period is one account's days.
 *
 * Both are sums of `journal_legs`, which stays the record (append-only, checked at
 * commit); the sums are updated in place, like the reports' days, and are filled here from
 * the legs already written.
 *
 * The drill-down into one account reads the account's legs by journal: `journal_legs
 * (store_id, account, journal_id)` replaces the index on (store_id, account), so the
 * journals with a leg on an account are found in the index alone. The chart reads the
 * store's separate-statement codes from a partial index instead of every item code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Migrated in one transaction with 0020, whose backfilled legs still wait for their
  // balance check at commit: check them now, since an index of a table with checks
  // pending cannot be dropped.
  await sql`set constraints all immediate`.execute(db);
  await sql`
    create table journal_balances (
      store_id bigint not null references stores (id),
      account text not null check (account ~ '^[a-z0-9:-]+$'),
      balance bigint not null,
      primary key (store_id, account)
    )`.execute(db);
  await sql`
    create table journal_days (
      store_id bigint not null references stores (id),
      account text not null check (account ~ '^[a-z0-9:-]+$'),
      business_day date not null,
      amount bigint not null,
      primary key (store_id, account, business_day)
    )`.execute(db);
  await sql`create index journal_days_store_day on journal_days (store_id, business_day)`.execute(db);
  await sql`
    insert into journal_days (store_id, account, business_day, amount)
    select j.store_id, l.account, j.business_day, sum(l.amount)::bigint
    from journals j join journal_legs l on l.journal_id = j.id
    group by j.store_id, l.account, j.business_day`.execute(db);
  await sql`
    insert into journal_balances (store_id, account, balance)
    select store_id, account, sum(amount)::bigint from journal_days group by store_id, account`.execute(db);

  await sql`create index journal_legs_store_account_journal on journal_legs (store_id, account, journal_id)`.execute(db);
  await sql`drop index journal_legs_store_account`.execute(db);
  await sql`create index item_codes_separate_statement on item_codes (store_id, id) where receives_separate_statement`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index item_codes_separate_statement`.execute(db);
  await sql`create index journal_legs_store_account on journal_legs (store_id, account)`.execute(db);
  await sql`drop index journal_legs_store_account_journal`.execute(db);
  await sql`drop table journal_days`.execute(db);
  await sql`drop table journal_balances`.execute(db);
}
