/**
 * Reports and end of day (docs/SETTLEMENT.md, Reports):
 * - `report_days`: the store's figures per local day (its time zone) and per group of
 *   one dimension: the whole store (ALL, key ''), who rang it (CASHIER, the user id),
 *   the vendor (VENDOR, the vendor id of the line's SALE entry; '' for the store's own
 *   sales), the item code (ITEM_CODE, the code's tag; '' for none), the tax (TAX, '1',
 *   '2', '3') and the payment method (PAYMENT_METHOD, its id). A cache of the orders,
 *   their lines and payments, the ledger and the refunds, added to by triggers in the
 *   transaction that completes the order, posts the entries or makes the refund, so a
 *   report of a year reads at most a few hundred rows per group. Each trigger calls one
 *   `report_days_add_*` function over the ids it saw; `report_days_rebuild()` runs the
 *   same functions over every row (this migration, and the bench's bulk loader).
 *   Locks: every statement upserts its rows ordered by dimension, ALL first, so two
 *   transactions of one store meet first at that day's ALL row and never deadlock.
 * - `day_closes`: a closed day (its Z report as it was, the cash counted, who and when),
 *   append-only: a closed day is reprinted, never changed.
 * - an index of cancelled orders by when they were cancelled (the Z report's voids).
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

const MEASURES = [
  'orders',
  'gross',
  'discounts',
  'net',
  'tax1',
  'tax2',
  'tax3',
  'customer_fees',
  'refunds',
  'commission',
  'card_fees',
  'own_sales',
  'applied',
  'tendered',
  'change_given',
] as const;
type Measure = (typeof MEASURES)[number];

/**
 * insert ... select ... on conflict add: `select` answers store_id, dim, day, key and then
 * the named measures. With `slot` (an expression over the row's `dim`: migration 0035,
 * one store's rows spread over slots), each row goes to that slot of its key.
 */
function upsert(measures: readonly Measure[], select: string, slot?: string): string {
  const add = `do update set ${MEASURES.map((m) => `${m} = r.${m} + excluded.${m}`).join(', ')}`;
  if (slot === undefined) {
    return `insert into report_days as r (store_id, dim, day, key, ${measures.join(', ')})
    ${select}
    order by 1, 2, 3, 4
    on conflict (store_id, dim, day, key) ${add}`;
  }
  return `insert into report_days as r (store_id, dim, day, key, slot, ${measures.join(', ')})
    select x.store_id, x.dim, x.day, x.key, ${slot}, ${measures.map((m) => `x.${m}`).join(', ')}
    from (${select}) x (store_id, dim, day, key, ${measures.join(', ')})
    order by 1, 2, 3, 4, 5
    on conflict (store_id, dim, day, key, slot) ${add}`;
}

const localDay = (column: string) => `(${column} at time zone s.time_zone)::date`;

/** Completed orders: their totals (ALL, CASHIER), lines (VENDOR, ITEM_CODE, TAX) and payments (PAYMENT_METHOD). */
const addOrders = (slot?: string) => `
  ${upsert(
    ['orders', 'gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'customer_fees', 'own_sales', 'applied', 'tendered', 'change_given'],
    `select o.store_id, d.dim, ${localDay('o.completed_at')}, case d.dim when 'ALL' then '' else coalesce(o.created_by::text, '') end,
            count(*), sum(o.subtotal), sum(o.discount_total), sum(o.total - o.tax1_total - o.tax2_total - o.tax3_total),
            sum(o.tax1_total), sum(o.tax2_total), sum(o.tax3_total), sum(o.customer_fees), coalesce(sum(own.total), 0),
            coalesce(sum(pay.applied), 0), coalesce(sum(pay.tendered), 0), coalesce(sum(pay.change_given), 0)
     from orders o
     join stores s on s.id = o.store_id
     cross join (values ('ALL'), ('CASHIER')) d(dim)
     left join (
       select l.order_id, sum(l.total) as total from order_lines l
       where l.order_id = any(ids) and not exists (
         select 1 from ledger_entries e where e.store_id = l.store_id and e.order_id = l.order_id and e.order_line_id = l.id and e.kind = 'SALE' and e.refund_id is null)
       group by l.order_id) own on own.order_id = o.id
     left join (
       select p.order_id, sum(p.applied) as applied, sum(case when p.is_cash then p.amount else 0 end) as tendered, sum(p.change) as change_given
       from order_payments p where p.order_id = any(ids)
       group by p.order_id) pay on pay.order_id = o.id
     where o.id = any(ids) and o.completed_at is not null
     group by 1, 2, 3, 4`,
    slot,
  )};
  ${upsert(
    ['orders', 'gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'own_sales'],
    `select l.store_id, d.dim, ${localDay('o.completed_at')},
            case d.dim when 'VENDOR' then coalesce(e.vendor_id::text, '') else coalesce(c.tag, l.item_code) end,
            count(distinct l.order_id), sum(l.amount), sum(l.discount_amount), sum(l.total),
            sum(l.tax1_amount), sum(l.tax2_amount), sum(l.tax3_amount), sum(case when e.id is null then l.total else 0 end)
     from orders o
     join stores s on s.id = o.store_id
     join order_lines l on l.order_id = o.id
     left join item_codes c on c.id = l.item_code_id
     left join ledger_entries e on e.store_id = l.store_id and e.order_id = l.order_id and e.order_line_id = l.id and e.kind = 'SALE' and e.refund_id is null
     cross join (values ('ITEM_CODE'), ('VENDOR')) d(dim)
     where o.id = any(ids) and o.completed_at is not null
     group by 1, 2, 3, 4`,
    slot,
  )};
  ${upsert(
    ['orders', 'net', 'tax1', 'tax2', 'tax3'],
    `select l.store_id, 'TAX', ${localDay('o.completed_at')}, t.n::text,
            count(distinct l.order_id), sum(l.total),
            sum(case t.n when 1 then l.tax1_amount else 0 end), sum(case t.n when 2 then l.tax2_amount else 0 end),
            sum(case t.n when 3 then l.tax3_amount else 0 end)
     from orders o
     join stores s on s.id = o.store_id
     join order_lines l on l.order_id = o.id
     cross join (values (1), (2), (3)) t(n)
     where o.id = any(ids) and o.completed_at is not null
       and case t.n when 1 then l.tax1_enabled when 2 then l.tax2_enabled else l.tax3_enabled end
     group by 1, 2, 3, 4`,
    slot,
  )};
  ${upsert(
    ['orders', 'customer_fees', 'applied', 'tendered', 'change_given'],
    `select p.store_id, 'PAYMENT_METHOD', ${localDay('o.completed_at')}, p.payment_method_id::text,
            count(distinct p.order_id), sum(p.customer_fee), sum(p.applied),
            sum(case when p.is_cash then p.amount else 0 end), sum(p.change)
     from orders o
     join stores s on s.id = o.store_id
     join order_payments p on p.store_id = o.store_id and p.order_id = o.id
     where o.id = any(ids) and o.completed_at is not null
     group by 1, 2, 3, 4`,
    slot,
  )};`;

/** Commission and card fees from the ledger (sales and their reversals), on the entry's day. */
const addEntries = (slot?: string) =>
  upsert(
  ['commission', 'card_fees'],
  `select e.store_id, d.dim, ${localDay('e.created_at')},
          case d.dim when 'ALL' then ''
                     when 'CASHIER' then coalesce(coalesce(rf.created_by, o.created_by)::text, '')
                     when 'VENDOR' then e.vendor_id::text
                     else coalesce(c.tag, l.item_code, '') end,
          -sum(case when e.kind = 'COMMISSION' then e.amount else 0 end), -sum(case when e.kind = 'CARD_FEE' then e.amount else 0 end)
   from ledger_entries e
   join stores s on s.id = e.store_id
   left join orders o on o.id = e.order_id
   left join refunds rf on rf.id = e.refund_id
   left join order_lines l on l.id = e.order_line_id
   left join item_codes c on c.id = l.item_code_id
   cross join (values ('ALL'), ('CASHIER'), ('ITEM_CODE'), ('VENDOR')) d(dim)
   where e.id = any(ids) and e.kind in ('COMMISSION', 'CARD_FEE')
   group by 1, 2, 3, 4`,
  slot,
);

/** What refunds gave back, on the refund's day: in all (ALL, CASHIER), by line (VENDOR, ITEM_CODE, TAX: its tax) and by method. */
const addRefunds = (slot?: string) =>
  upsert(
  ['refunds'],
  `select f.store_id, d.dim, ${localDay('f.created_at')}, case d.dim when 'ALL' then '' else coalesce(f.created_by::text, '') end, sum(f.amount)
   from refunds f join stores s on s.id = f.store_id
   cross join (values ('ALL'), ('CASHIER')) d(dim)
   where f.id = any(ids)
   group by 1, 2, 3, 4`,
  slot,
);
const addRefundLines = (slot?: string) => `
  ${upsert(
    ['refunds'],
    `select rl.store_id, d.dim, ${localDay('f.created_at')},
            case d.dim when 'VENDOR' then coalesce(e.vendor_id::text, '') else coalesce(c.tag, l.item_code) end,
            sum(rl.total + rl.tax1 + rl.tax2 + rl.tax3)
     from refund_lines rl
     join refunds f on f.id = rl.refund_id
     join stores s on s.id = rl.store_id
     join order_lines l on l.id = rl.order_line_id
     left join item_codes c on c.id = l.item_code_id
     left join ledger_entries e on e.store_id = l.store_id and e.order_id = l.order_id and e.order_line_id = l.id and e.kind = 'SALE' and e.refund_id is null
     cross join (values ('ITEM_CODE'), ('VENDOR')) d(dim)
     where rl.id = any(ids)
     group by 1, 2, 3, 4`,
    slot,
  )};
  ${upsert(
    ['refunds'],
    `select rl.store_id, 'TAX', ${localDay('f.created_at')}, t.n::text, sum(case t.n when 1 then rl.tax1 when 2 then rl.tax2 else rl.tax3 end)
     from refund_lines rl
     join refunds f on f.id = rl.refund_id
     join stores s on s.id = rl.store_id
     join order_lines l on l.id = rl.order_line_id
     cross join (values (1), (2), (3)) t(n)
     where rl.id = any(ids) and case t.n when 1 then l.tax1_enabled when 2 then l.tax2_enabled else l.tax3_enabled end
     group by 1, 2, 3, 4`,
    slot,
  )};`;
const addRefundPayments = (slot?: string) =>
  upsert(
  ['refunds'],
  `select rp.store_id, 'PAYMENT_METHOD', ${localDay('f.created_at')}, rp.payment_method_id::text, sum(rp.amount)
   from refund_payments rp
   join refunds f on f.id = rp.refund_id
   join stores s on s.id = rp.store_id
   where rp.id = any(ids)
   group by 1, 2, 3, 4`,
  slot,
);

/** The body of each `report_days_add_*` function, by name; with `slot`, rows spread over slots (see upsert). */
export function reportDaysFunctions(slot?: string): Record<string, string> {
  return {
    orders: addOrders(slot),
    entries: addEntries(slot),
    refunds: addRefunds(slot),
    refund_lines: addRefundLines(slot),
    refund_payments: addRefundPayments(slot),
  };
}

/** Trigger → the ids its statement added that count. */
const TRIGGERS: { table: string; fn: string; event: 'insert' | 'update'; ids: string }[] = [
  {
    table: 'orders',
    fn: 'orders',
    event: 'update',
    // An order counts once, when it becomes COMPLETED (a REFUNDED one stays counted on its day).
    ids: `select n.id from new_rows n join old_rows o on o.id = n.id where n.status = 'COMPLETED' and o.status not in ('COMPLETED', 'REFUNDED')`,
  },
  { table: 'ledger_entries', fn: 'entries', event: 'insert', ids: `select id from new_rows where kind in ('COMMISSION', 'CARD_FEE')` },
  { table: 'refunds', fn: 'refunds', event: 'insert', ids: 'select id from new_rows' },
  { table: 'refund_lines', fn: 'refund_lines', event: 'insert', ids: 'select id from new_rows' },
  { table: 'refund_payments', fn: 'refund_payments', event: 'insert', ids: 'select id from new_rows' },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    create table report_days (
      store_id bigint not null references stores (id),
      dim text not null check (dim in ('ALL', 'CASHIER', 'ITEM_CODE', 'PAYMENT_METHOD', 'TAX', 'VENDOR')),
      day date not null,
      key text not null,
      ${MEASURES.map((m) => `${m} bigint not null default 0`).join(',\n      ')},
      primary key (store_id, dim, day, key)
    )`).execute(db);

  for (const [name, body] of Object.entries(reportDaysFunctions())) {
    await sql.raw(`create function report_days_add_${name}(ids bigint[]) returns void language plpgsql as $fn$ begin ${body.trim().replace(/;$/, "")}; end $fn$`).execute(db);
  }
  for (const t of TRIGGERS) {
    const transition = t.event === 'update' ? 'referencing old table as old_rows new table as new_rows' : 'referencing new table as new_rows';
    await sql
      .raw(
        `create function report_days_${t.table}() returns trigger language plpgsql as $fn$
         declare changed bigint[] := array(${t.ids});
         begin
           if cardinality(changed) > 0 then perform report_days_add_${t.fn}(changed); end if;
           return null;
         end $fn$`,
      )
      .execute(db);
    await sql.raw(`create trigger report_days_${t.table} after ${t.event} on ${t.table} ${transition} for each statement execute function report_days_${t.table}()`).execute(db);
  }
  await sql`
    create function report_days_rebuild() returns void language plpgsql as $fn$
    begin
      delete from report_days;
      perform report_days_add_orders(array(select id from orders where status in ('COMPLETED', 'REFUNDED') and completed_at is not null));
      perform report_days_add_entries(array(select id from ledger_entries where kind in ('COMMISSION', 'CARD_FEE')));
      perform report_days_add_refunds(array(select id from refunds));
      perform report_days_add_refund_lines(array(select id from refund_lines));
      perform report_days_add_refund_payments(array(select id from refund_payments));
    end $fn$`.execute(db);
  await sql`select report_days_rebuild()`.execute(db);

  await sql`create index orders_store_cancelled on orders (store_id, cancelled_at) include (total) where status = 'CANCELLED'`.execute(db);

  await sql`
    create table day_closes (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      day date not null,
      opening_cash bigint not null,
      counted_cash bigint not null,
      expected_cash bigint not null,
      over_short bigint not null,
      report jsonb not null,
      closed_by bigint references users (id),
      closed_at timestamptz not null default now(),
      unique (store_id, day)
    )`.execute(db);
  await appendOnly(db, 'day_closes');
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table day_closes`.execute(db);
  await sql`drop index orders_store_cancelled`.execute(db);
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger report_days_${t.table} on ${t.table}`).execute(db);
    await sql.raw(`drop function report_days_${t.table}()`).execute(db);
  }
  await sql`drop function report_days_rebuild()`.execute(db);
  for (const name of Object.keys(reportDaysFunctions())) await sql.raw(`drop function report_days_add_${name}(bigint[])`).execute(db);
  await sql`drop table report_days`.execute(db);
}
