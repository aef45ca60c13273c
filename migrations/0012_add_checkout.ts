/**
 * Checkout (docs/SETTLEMENT.md, Checkout):
 * - `payment_methods.is_cash`: the store's Cash method gives change and is its default
 *   tender. At most one live Cash method per store; it charges no fees, has no minimum,
 *   needs no approval and is never archived (checks the database holds too). Every store
 *   there is gets one now (a live method already named Cash with no fees becomes it), and
 *   every store created later gets one in the statement that creates it (a trigger), so
 *   no way of creating a store can leave one without.
 * - `order_payments`: what paid each order, append-only like the ledger: the method and
 *   a snapshot of its name, cash flag and vendor fee, the amount as given (cash: what was
 *   tendered), the part of the total it paid (amount less change), its customer fee and
 *   its change. The applied amounts of a completed order's payments add up to its total;
 *   a total below zero (a return rung up as negative lines) is handed back in cash.
 * - orders keep their customer fees, amount paid and change due, who approved a payment
 *   that needed a manager and when, and who cancelled the order, when and why.
 * - `order_submit_keys`: the first answer to a submit with an idempotency key, which a
 *   submit repeated with the same key for the same order answers again.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_methods add column is_cash boolean not null default false`.execute(db);
  // A live method named Cash that charges nothing becomes the store's Cash method (the oldest one).
  await sql`
    update payment_methods p set is_cash = true
    where p.id in (
      select distinct on (store_id) id from payment_methods
      where archived_at is null and lower(trim(name)) = 'cash'
        and vendor_fee_percent = 0 and customer_fee_percent = 0 and customer_fee_amount = 0
        and minimum_amount = 0 and not requires_manager_approval
      order by store_id, id)`.execute(db);
  await sql`
    insert into payment_methods (store_id, name, is_cash, vendor_fee_percent, customer_fee_percent, customer_fee_amount, minimum_amount, requires_manager_approval)
    select s.id, 'Cash', true, 0, 0, 0, 0, false from stores s
    where not exists (select 1 from payment_methods p where p.store_id = s.id and p.is_cash)
    order by s.id`.execute(db);
  await sql`create unique index payment_methods_one_cash on payment_methods (store_id) where is_cash and archived_at is null`.execute(db);
  await sql`
    alter table payment_methods add constraint payment_methods_cash_plain check (
      not is_cash or (vendor_fee_percent = 0 and customer_fee_percent = 0 and customer_fee_amount = 0
                      and minimum_amount = 0 and not requires_manager_approval and archived_at is null))`.execute(db);
  await sql`
    create function stores_add_cash_method() returns trigger language plpgsql as $fn$
    begin
      insert into payment_methods (store_id, name, is_cash, vendor_fee_percent, customer_fee_percent, customer_fee_amount, minimum_amount, requires_manager_approval)
        select id, 'Cash', true, 0, 0, 0, 0, false from new_rows order by id;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger stores_add_cash_method after insert on stores
      referencing new table as new_rows for each statement execute function stores_add_cash_method()`.execute(db);

  await sql`
    alter table orders
      add column customer_fees bigint not null default 0,
      add column amount_paid bigint not null default 0,
      add column change_due bigint not null default 0,
      add column approved_by bigint references users (id),
      add column approved_at timestamptz,
      add column cancelled_by bigint references users (id),
      add column cancelled_at timestamptz,
      add column cancel_reason text not null default ''`.execute(db);

  await sql`
    create table order_payments (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      order_id bigint not null references orders (id),
      payment_method_id bigint not null references payment_methods (id),
      method_name text not null,
      is_cash boolean not null,
      vendor_fee_percent bigint not null check (vendor_fee_percent >= 0),
      amount bigint not null,
      applied bigint not null,
      customer_fee bigint not null check (customer_fee >= 0),
      change bigint not null check (change >= 0),
      created_at timestamptz not null default now(),
      check (applied = amount - change),
      check (is_cash or change = 0),
      -- Only cash hands back: an order of a total below zero submitted without payments.
      check (amount > 0 or (is_cash and amount < 0 and change = 0))
    )`.execute(db);
  await sql`create index order_payments_order on order_payments (store_id, order_id, id)`.execute(db);
  await sql`create index order_payments_store_time on order_payments (store_id, created_at)`.execute(db);
  await appendOnly(db, 'order_payments');

  await sql`
    create table order_submit_keys (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      order_id bigint not null references orders (id),
      key text not null,
      answer jsonb not null,
      created_at timestamptz not null default now(),
      unique (store_id, order_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table order_submit_keys`.execute(db);
  await sql`drop table order_payments`.execute(db);
  await sql`
    alter table orders
      drop column customer_fees, drop column amount_paid, drop column change_due, drop column approved_by, drop column approved_at,
      drop column cancelled_by, drop column cancelled_at, drop column cancel_reason`.execute(db);
  await sql`drop trigger stores_add_cash_method on stores`.execute(db);
  await sql`drop function stores_add_cash_method()`.execute(db);
  await sql`alter table payment_methods drop constraint payment_methods_cash_plain`.execute(db);
  await sql`drop index payment_methods_one_cash`.execute(db);
  await sql`alter table payment_methods drop column is_cash`.execute(db);
}
