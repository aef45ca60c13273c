/**
 * The vendor balances' history stays exact for a back-dated posting (docs/SETTLEMENT.md,
 * Reports; docs/ARCHITECTURE.md, The offline till): an offline sale replayed the next
 * morning posts its entries dated at its time of sale, before entries of the same account
 * posted since. `ledger_balance_history` (migration 0016) holds, per store and quarter of
 * an hour, how owed, owing and their counts changed; a posting dated in an earlier quarter
 * than entries already there changes not only its own quarter's figures but every later
 * quarter in which that account moved (its balance there is now higher or lower, so it may
 * cross zero elsewhere).
 *
 * The trigger now first asks whether an account the statement posts to has entries of
 * earlier statements dated in a later quarter (one probe of
 * `ledger_entries_account_entries` per row, finding nothing for a posting dated now, which
 * is then kept as before). If so, it reads those entries and adds to each such quarter the
 * change in that account's contribution: (its figures with the statement) − (its figures
 * without it). With `ledger_balance_history_rebuild()` it gives the same rows (tested).
 */
import { sql, type Kysely } from 'kysely';
import { historyOf, QUARTER } from './0016_index_reports';

/** owed, owing and the two counts of a balance x (above zero, below zero). */
const FIGURES = [
  ['owed', (x: string) => `greatest(${x}, 0)`],
  ['owing', (x: string) => `least(${x}, 0)`],
  ['accounts_owed', (x: string) => `(${x} > 0)::int`],
  ['accounts_owing', (x: string) => `(${x} < 0)::int`],
] as const;

/**
 * Per store and quarter, the change the statement's rows make to the history. For each
 * account and quarter in `d` (the statement's rows, `added`, and the later entries already
 * there), with the balance now (after the statement):
 *   with it:    end = balance − Σ amount of later quarters;  start = end − amount
 *   without it: end' = end − Σ added up to this quarter;     start' = end' − (amount − added)
 * and each figure's change is f(end) − f(start) − (f(end') − f(start')).
 */
const EXACT = `
  with n as (
    select store_id, vendor_id, coalesce(item_code_id, 0) as account_key, ${QUARTER('created_at')} as at, sum(amount) as amount
    from new_rows group by 1, 2, 3, 4
  ),
  first as (select store_id, vendor_id, account_key, min(at) as at from n group by 1, 2, 3),
  later as (
    select e.store_id, e.vendor_id, coalesce(e.item_code_id, 0) as account_key, ${QUARTER('e.created_at')} as at, sum(e.amount) as amount
    from first f
    join ledger_entries e on e.store_id = f.store_id and e.vendor_id = f.vendor_id and coalesce(e.item_code_id, 0) = f.account_key
                         and e.created_at >= f.at + interval '15 minutes'
    where not exists (select 1 from new_rows r where r.id = e.id)
    group by 1, 2, 3, 4
  ),
  d as (
    select store_id, vendor_id, account_key, at, sum(amount) as amount, sum(added) as added
    from (select store_id, vendor_id, account_key, at, amount, amount as added from n
          union all
          select store_id, vendor_id, account_key, at, amount, 0 from later) u
    group by 1, 2, 3, 4
  ),
  w as (
    select d.store_id, d.at, d.amount, d.added,
           a.balance - coalesce(sum(d.amount) over later_q, 0) as e_end,
           coalesce(sum(d.added) over (partition by d.store_id, d.vendor_id, d.account_key), 0) - coalesce(sum(d.added) over later_q, 0) as added_so_far
    from d
    join ledger_accounts a on a.store_id = d.store_id and a.vendor_id = d.vendor_id and a.account_key = d.account_key
    window later_q as (partition by d.store_id, d.vendor_id, d.account_key order by d.at desc rows between unbounded preceding and 1 preceding)
  ),
  x as (
    select store_id, at, e_end, e_end - amount as e_start, e_end - added_so_far as o_end, e_end - added_so_far - (amount - added) as o_start
    from w
  )
  select store_id, at,
         ${FIGURES.map(([name, f]) => `sum(${f('e_end')} - ${f('e_start')} - (${f('o_end')} - ${f('o_start')})) as ${name}`).join(',\n         ')}
  from x group by store_id, at`;

const UPSERT = `
  on conflict (store_id, at) do update
    set owed = h.owed + excluded.owed, owing = h.owing + excluded.owing,
        accounts_owed = h.accounts_owed + excluded.accounts_owed, accounts_owing = h.accounts_owing + excluded.accounts_owing`;

function keepHistory(select: string, where: string): string {
  return `insert into ledger_balance_history as h (store_id, at, owed, owing, accounts_owed, accounts_owing)
        select * from (${select}) c ${where} order by c.store_id, c.at
      ${UPSERT}`;
}

/** The history as migration 0016 kept it: exact while the statement's rows are each account's latest. */
const AS_BEFORE = historyOf(
  `select store_id, vendor_id, coalesce(item_code_id, 0) as account_key, ${QUARTER('created_at')} as at, sum(amount) as amount
   from new_rows group by 1, 2, 3, 4`,
  `(select a.balance from ledger_accounts a where a.store_id = d.store_id and a.vendor_id = d.vendor_id and a.account_key = d.account_key)`,
);

/** Whether an account the statement posts to has entries of earlier statements dated in a later quarter (one index probe per row). */
const BACK_DATED = `exists (
  select 1 from new_rows n
  join ledger_entries e on e.store_id = n.store_id and e.vendor_id = n.vendor_id and coalesce(e.item_code_id, 0) = coalesce(n.item_code_id, 0)
                       and e.created_at >= ${QUARTER('n.created_at')} + interval '15 minutes'
  where not exists (select 1 from new_rows r where r.id = e.id))`;

export async function up(db: Kysely<any>): Promise<void> {
  // A posting dated now takes the statement as before; a back-dated one the exact
  // change, where a quarter whose figures it leaves as they were gets no row.
  await sql
    .raw(
      `create or replace function ledger_entries_keep_history() returns trigger language plpgsql as $fn$
       begin
         if ${BACK_DATED} then
           ${keepHistory(EXACT, 'where (c.owed, c.owing, c.accounts_owed, c.accounts_owing) <> (0, 0, 0, 0)')};
         else
           ${keepHistory(AS_BEFORE, '')};
         end if;
         return null;
       end
       $fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function ledger_entries_keep_history() returns trigger language plpgsql as $fn$
       begin
         ${keepHistory(AS_BEFORE, '')};
         return null;
       end
       $fn$`,
    )
    .execute(db);
}
