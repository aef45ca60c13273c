/**
 * The vendor portal's totals at the size of a big vendor (docs/PERFORMANCE.md, Vendor
 * portal): summing every sale entry of a month (three entries a sold line) for each Sales
 * page and My Booth is too slow, so the ledger keeps, in the statement that inserts the
 * entries, each account's sale entries summed per hour (UTC): `ledger_sale_hours`, one
 * row per store, vendor, account and hour with entries, holding how many lines (SALE
 * entries) and the Σ of SALE, COMMISSION and CARD_FEE. A period's totals are its whole
 * hours' rows plus the entries of a part-hour at either end (a store whose day starts on
 * a half hour); the hours are UTC, so a change of the store's time zone changes nothing
 * kept. The entries stay the record (append-only); the sums are updated in place, like
 * the accounts' balances, and are filled here from the entries already written.
 *
 * The Sales page pages through the vendor's SALE entries by offset: the index of them
 * carries the item code, so a page deep in the period (or of one account) is counted off
 * in the index alone before its rows are read.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ledger_sale_hours (
      store_id bigint not null,
      vendor_id bigint not null,
      account_key bigint not null,
      hour timestamptz not null check (hour = date_trunc('hour', hour, 'UTC')),
      lines bigint not null,
      sale bigint not null,
      commission bigint not null,
      card_fee bigint not null,
      primary key (store_id, vendor_id, account_key, hour),
      foreign key (store_id, vendor_id) references vendors (store_id, id)
    )`.execute(db);
  await sql`
    create function ledger_entries_keep_sale_hours() returns trigger language plpgsql as $fn$
    begin
      insert into ledger_sale_hours as h (store_id, vendor_id, account_key, hour, lines, sale, commission, card_fee)
        select store_id, vendor_id, coalesce(item_code_id, 0), date_trunc('hour', created_at, 'UTC'),
               count(*) filter (where kind = 'SALE'),
               coalesce(sum(amount) filter (where kind = 'SALE'), 0),
               coalesce(sum(amount) filter (where kind = 'COMMISSION'), 0),
               coalesce(sum(amount) filter (where kind = 'CARD_FEE'), 0)
        from new_rows
        where kind in ('SALE', 'COMMISSION', 'CARD_FEE')
        group by 1, 2, 3, 4
        order by 1, 2, 3, 4
      on conflict (store_id, vendor_id, account_key, hour) do update
        set lines = h.lines + excluded.lines, sale = h.sale + excluded.sale,
            commission = h.commission + excluded.commission, card_fee = h.card_fee + excluded.card_fee;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger ledger_entries_sale_hours after insert on ledger_entries
      referencing new table as new_rows for each statement execute function ledger_entries_keep_sale_hours()`.execute(db);
  await sql`
    insert into ledger_sale_hours (store_id, vendor_id, account_key, hour, lines, sale, commission, card_fee)
    select store_id, vendor_id, coalesce(item_code_id, 0), date_trunc('hour', created_at, 'UTC'),
           count(*) filter (where kind = 'SALE'),
           coalesce(sum(amount) filter (where kind = 'SALE'), 0),
           coalesce(sum(amount) filter (where kind = 'COMMISSION'), 0),
           coalesce(sum(amount) filter (where kind = 'CARD_FEE'), 0)
    from ledger_entries
    where kind in ('SALE', 'COMMISSION', 'CARD_FEE')
    group by 1, 2, 3, 4`.execute(db);

  await sql`drop index ledger_entries_vendor_sales`.execute(db);
  await sql`
    create index ledger_entries_vendor_sales on ledger_entries (store_id, vendor_id, created_at desc, id desc)
      include (item_code_id) where kind = 'SALE'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ledger_entries_vendor_sales`.execute(db);
  await sql`create index ledger_entries_vendor_sales on ledger_entries (store_id, vendor_id, created_at desc, id desc) where kind = 'SALE'`.execute(db);
  await sql`drop trigger ledger_entries_sale_hours on ledger_entries`.execute(db);
  await sql`drop function ledger_entries_keep_sale_hours()`.execute(db);
  await sql`drop table ledger_sale_hours`.execute(db);
}
