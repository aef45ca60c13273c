/**
 * The books (docs/BOOKS.md): every event that moves money is one journal whose legs
 * (account, signed micro-units, a debit above zero) sum to zero.
 *
 * - `journals`: one row per event (kind, store, business day in the store's time zone,
 *   the order, refund, payout, payout run, rent month, ledger entry or closed day it
 *   comes from, who, when). One journal per source: a unique index per kind.
 * - `journal_legs`: one row per account of a journal. A deferred constraint trigger
 *   checks at commit that each journal's legs sum to zero, so a transaction that leaves
 *   an unbalanced journal does not commit.
 * - Both are append-only (UPDATE, DELETE, TRUNCATE refused), as the ledger is.
 * - `books_account_names`: the name and number a store gives an account in its
 *   QuickBooks or Xero (editable; the defaults of the chart stand where it has none).
 *
 * The history written before this migration is backfilled here into the same journals,
 * from the same rows the live code reads (ledger entries, payments, lines, refunds,
 * payouts, closed days). Where that history does not balance (a line counted twice by an
 * older submit), the difference is booked to `rounding` (equity) in the event's own
 * journal, so it shows in the trial balance instead of stopping the upgrade.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table journals (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      kind text not null check (kind in ('SALE', 'REFUND', 'RENT', 'ADJUSTMENT', 'PAYOUT', 'DAY_CLOSE')),
      business_day date not null,
      order_id bigint,
      refund_id bigint,
      payout_id bigint,
      payout_run_id bigint,
      ledger_entry_id bigint,
      day_close_id bigint,
      rent_month text,
      reference text not null default '',
      created_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index journals_store_day on journals (store_id, business_day, id)`.execute(db);
  await sql`create unique index journals_sale_once on journals (store_id, order_id) where kind = 'SALE'`.execute(db);
  await sql`create unique index journals_refund_once on journals (store_id, refund_id) where kind = 'REFUND'`.execute(db);
  await sql`create unique index journals_payout_once on journals (store_id, payout_id) where payout_id is not null`.execute(db);
  await sql`create unique index journals_run_once on journals (store_id, payout_run_id) where payout_run_id is not null`.execute(db);
  await sql`create unique index journals_entry_once on journals (store_id, ledger_entry_id) where ledger_entry_id is not null`.execute(db);
  await sql`create unique index journals_close_once on journals (store_id, day_close_id) where day_close_id is not null`.execute(db);
  await appendOnly(db, 'journals');

  await sql`
    create table journal_legs (
      journal_id bigint not null references journals (id),
      store_id bigint not null references stores (id),
      account text not null check (account ~ '^[a-z0-9:-]+$'),
      amount bigint not null check (amount <> 0),
      primary key (journal_id, account)
    )`.execute(db);
  await sql`create index journal_legs_store_account on journal_legs (store_id, account)`.execute(db);
  await appendOnly(db, 'journal_legs');

  await sql`
    create function journal_legs_balance() returns trigger language plpgsql as $fn$
    declare
      difference numeric;
    begin
      select sum(amount) into difference from journal_legs where journal_id = new.journal_id;
      if difference <> 0 then
        raise exception 'journal % does not balance: its legs sum to % micro-units', new.journal_id, difference using errcode = '23514';
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create constraint trigger journal_legs_balanced after insert on journal_legs
      deferrable initially deferred for each row execute function journal_legs_balance()`.execute(db);

  await sql`
    create table books_account_names (
      store_id bigint not null references stores (id),
      account text not null check (account ~ '^[a-z0-9:-]+$'),
      export_name text not null default '',
      export_number text not null default '',
      updated_by bigint references users (id),
      updated_at timestamptz not null default now(),
      primary key (store_id, account)
    )`.execute(db);

  await backfill(db);
}

/** The ledger's account of an entry or payout, as a leg names it: vendor:<id> or vendor:<id>:<code>. */
const VENDOR_ACCOUNT = (alias: string) => sql.raw(`'vendor:' || ${alias}.vendor_id || coalesce(':' || ${alias}.item_code_id, '')`);

async function backfill(db: Kysely<any>): Promise<void> {
  // Sales: one journal per order completed, dated by its completion in the store's zone.
  await sql`
    insert into journals (store_id, kind, business_day, order_id, reference, created_by, created_at)
    select o.store_id, 'SALE', (o.completed_at at time zone s.time_zone)::date, o.id, o.order_number, o.created_by, o.completed_at
    from orders o join stores s on s.id = o.store_id
    where o.status in ('COMPLETED', 'REFUNDED') and o.completed_at is not null
    order by o.completed_at, o.id`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, case when p.is_cash then 'drawer' else 'clearing:' || p.payment_method_id end, p.applied + p.customer_fee
        from journals j join order_payments p on p.order_id = j.order_id where j.kind = 'SALE'
      union all
      select j.id, j.store_id, 'customer-fees', -p.customer_fee
        from journals j join order_payments p on p.order_id = j.order_id where j.kind = 'SALE'
      union all
      select j.id, j.store_id, ${VENDOR_ACCOUNT('e')}, -e.amount
        from journals j join ledger_entries e on e.order_id = j.order_id and e.refund_id is null and e.kind in ('SALE', 'COMMISSION', 'CARD_FEE') where j.kind = 'SALE'
      union all
      select j.id, j.store_id, case e.kind when 'COMMISSION' then 'commission' else 'card-fee-recovery' end, e.amount
        from journals j join ledger_entries e on e.order_id = j.order_id and e.refund_id is null and e.kind in ('COMMISSION', 'CARD_FEE') where j.kind = 'SALE'
      union all
      select j.id, j.store_id, 'own-sales', -l.total
        from journals j join order_lines l on l.order_id = j.order_id
        where j.kind = 'SALE' and not exists (select 1 from ledger_entries e where e.order_line_id = l.id and e.refund_id is null and e.kind = 'SALE')
      union all
      select j.id, j.store_id, 'sales-tax:' || t.slot, -t.amount
        from journals j join order_lines l on l.order_id = j.order_id
        cross join lateral (values (1, l.tax1_amount), (2, l.tax2_amount), (3, l.tax3_amount)) t (slot, amount)
        where j.kind = 'SALE'`,
  );

  // Refunds: the reverse of their shares, paid back by their payments.
  await sql`
    insert into journals (store_id, kind, business_day, order_id, refund_id, reference, created_by, created_at)
    select r.store_id, 'REFUND', (r.created_at at time zone s.time_zone)::date, r.order_id, r.id, r.number, r.created_by, r.created_at
    from refunds r join stores s on s.id = r.store_id
    order by r.created_at, r.id`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, ${VENDOR_ACCOUNT('e')}, -e.amount
        from journals j join ledger_entries e on e.refund_id = j.refund_id where j.kind = 'REFUND'
      union all
      select j.id, j.store_id, case e.kind when 'COMMISSION' then 'commission' else 'card-fee-recovery' end, e.amount
        from journals j join ledger_entries e on e.refund_id = j.refund_id and e.kind in ('COMMISSION', 'CARD_FEE') where j.kind = 'REFUND'
      union all
      select j.id, j.store_id, 'own-sales', rl.total
        from journals j join refund_lines rl on rl.refund_id = j.refund_id
        where j.kind = 'REFUND' and not exists (select 1 from ledger_entries e where e.order_line_id = rl.order_line_id and e.refund_id is null and e.kind = 'SALE')
      union all
      select j.id, j.store_id, 'sales-tax:' || t.slot, t.amount
        from journals j join refund_lines rl on rl.refund_id = j.refund_id
        cross join lateral (values (1, rl.tax1), (2, rl.tax2), (3, rl.tax3)) t (slot, amount)
        where j.kind = 'REFUND'
      union all
      select j.id, j.store_id, case when p.is_cash then 'drawer' else 'clearing:' || p.payment_method_id end, -p.amount
        from journals j join refund_payments p on p.refund_id = j.refund_id where j.kind = 'REFUND'`,
  );

  // Rent: one journal per posting (the entries one call posted share its transaction's time).
  await sql`
    insert into journals (store_id, kind, business_day, rent_month, reference, created_by, created_at)
    select e.store_id, 'RENT', (e.created_at at time zone s.time_zone)::date, e.rent_month, 'Rent ' || e.rent_month, min(e.created_by), e.created_at
    from ledger_entries e join stores s on s.id = e.store_id
    where e.kind = 'RENT'
    group by e.store_id, s.time_zone, e.rent_month, e.created_at
    order by e.created_at`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, ${VENDOR_ACCOUNT('e')}, -e.amount
        from journals j join ledger_entries e on e.store_id = j.store_id and e.kind = 'RENT' and e.rent_month = j.rent_month and e.created_at = j.created_at where j.kind = 'RENT'
      union all
      select j.id, j.store_id, 'rent', e.amount
        from journals j join ledger_entries e on e.store_id = j.store_id and e.kind = 'RENT' and e.rent_month = j.rent_month and e.created_at = j.created_at where j.kind = 'RENT'`,
  );

  // Adjustments: one journal per entry.
  await sql`
    insert into journals (store_id, kind, business_day, ledger_entry_id, reference, created_by, created_at)
    select e.store_id, 'ADJUSTMENT', (e.created_at at time zone s.time_zone)::date, e.id, e.memo, e.created_by, e.created_at
    from ledger_entries e join stores s on s.id = e.store_id
    where e.kind = 'ADJUSTMENT'
    order by e.created_at, e.id`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, ${VENDOR_ACCOUNT('e')}, -e.amount
        from journals j join ledger_entries e on e.id = j.ledger_entry_id where j.kind = 'ADJUSTMENT'
      union all
      select j.id, j.store_id, 'vendor-adjustments', e.amount
        from journals j join ledger_entries e on e.id = j.ledger_entry_id where j.kind = 'ADJUSTMENT'`,
  );

  // Payouts: one journal per payout paid alone, one per payout run.
  await sql`
    insert into journals (store_id, kind, business_day, payout_id, reference, created_by, created_at)
    select p.store_id, 'PAYOUT', (p.created_at at time zone s.time_zone)::date, p.id, 'Payout ' || p.id, p.created_by, p.created_at
    from payouts p join stores s on s.id = p.store_id
    where p.run_id is null
    order by p.created_at, p.id`.execute(db);
  await sql`
    insert into journals (store_id, kind, business_day, payout_run_id, reference, created_by, created_at)
    select r.store_id, 'PAYOUT', (r.created_at at time zone s.time_zone)::date, r.id, 'Payout run ' || r.id, r.created_by, r.created_at
    from payout_runs r join stores s on s.id = r.store_id
    order by r.created_at, r.id`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, ${VENDOR_ACCOUNT('p')}, p.amount
        from journals j join payouts p on p.id = j.payout_id or p.run_id = j.payout_run_id where j.kind = 'PAYOUT'
      union all
      select j.id, j.store_id, case p.method when 'CASH' then 'drawer' when 'STORE_CREDIT' then 'store-credit' else 'bank' end, -p.amount
        from journals j join payouts p on p.id = j.payout_id or p.run_id = j.payout_run_id where j.kind = 'PAYOUT'`,
  );

  // Closed days: the drawer moves by counted − expected, against cash over/short.
  await sql`
    insert into journals (store_id, kind, business_day, day_close_id, reference, created_by, created_at)
    select c.store_id, 'DAY_CLOSE', c.day, c.id, 'Z report ' || c.day, c.closed_by, c.closed_at
    from day_closes c
    order by c.closed_at, c.id`.execute(db);
  await insertLegs(
    db,
    sql`
      select j.id, j.store_id, 'drawer', c.over_short from journals j join day_closes c on c.id = j.day_close_id where j.kind = 'DAY_CLOSE'
      union all
      select j.id, j.store_id, 'cash-over-short', -c.over_short from journals j join day_closes c on c.id = j.day_close_id where j.kind = 'DAY_CLOSE'`,
  );

  // History that does not balance keeps its difference visible on `rounding`.
  await sql`
    insert into journal_legs (journal_id, store_id, account, amount)
    select journal_id, store_id, 'rounding', -sum(amount)
    from journal_legs
    group by journal_id, store_id
    having sum(amount) <> 0`.execute(db);
}

/** Inserts the legs `rows` (journal id, store id, account, amount) summed per journal and account, zero sums left out. */
async function insertLegs(db: Kysely<any>, rows: ReturnType<typeof sql>): Promise<void> {
  await sql`
    insert into journal_legs (journal_id, store_id, account, amount)
    select journal_id, store_id, account, sum(amount)::bigint
    from (${rows}) as legs (journal_id, store_id, account, amount)
    group by journal_id, store_id, account
    having sum(amount) <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table books_account_names`.execute(db);
  await sql`drop table journal_legs`.execute(db);
  await sql`drop function journal_legs_balance()`.execute(db);
  await sql`drop table journals`.execute(db);
}
