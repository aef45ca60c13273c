/**
 * The offline till (docs/ARCHITECTURE.md, The offline till):
 * - `payment_methods.offline_allowed`: the till may take the method with no network (an
 *   external card terminal). The store's Cash method always may (kept true by a trigger).
 * - the store's per-device limits: how many sales, how much money and how many hours a
 *   till may sell offline.
 * - `devices`: a till a store's staff registered (its id is a UUID the device made), with
 *   what it last reported waiting in its outbox.
 * - `device_numbers`: every order number handed to a device, taken from the store's
 *   counter; the primary key (store, number) means no two devices, and no two blocks,
 *   ever hold the same number; a number is used once or reported skipped, never reused.
 * - `offline_sales`: every offline sale the server received, once per (store, client id):
 *   the sale as the device sent it, the order it became, or why it needs a manager's
 *   attention and how that was resolved.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_methods add column offline_allowed boolean not null default false`.execute(db);
  await sql`update payment_methods set offline_allowed = true where is_cash`.execute(db);
  await sql`
    create function payment_methods_cash_offline() returns trigger language plpgsql as $fn$
    begin
      if new.is_cash then new.offline_allowed := true; end if;
      return new;
    end $fn$`.execute(db);
  await sql`create trigger payment_methods_cash_offline before insert or update on payment_methods for each row execute function payment_methods_cash_offline()`.execute(db);

  await sql`
    alter table stores
      add column offline_max_sales integer not null default 50 check (offline_max_sales between 1 and 1000),
      add column offline_max_total bigint not null default 2000000000 check (offline_max_total > 0),
      add column offline_max_hours integer not null default 24 check (offline_max_hours between 1 and 168)`.execute(db);

  await sql`
    create table devices (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      device_id uuid not null,
      name text not null,
      registered_by bigint references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      pending integer not null default 0 check (pending >= 0),
      oldest_pending_at timestamptz,
      reported_at timestamptz,
      unique (store_id, device_id)
    )`.execute(db);
  await sql`create index devices_store_waiting on devices (store_id) where pending > 0`.execute(db);

  await sql`
    create table device_numbers (
      store_id bigint not null references stores (id),
      order_number text not null,
      device_id bigint not null references devices (id),
      status text not null default 'RESERVED' check (status in ('RESERVED', 'USED', 'SKIPPED')),
      reserved_at timestamptz not null default now(),
      used_at timestamptz,
      primary key (store_id, order_number)
    )`.execute(db);
  await sql`create index device_numbers_device on device_numbers (device_id, status)`.execute(db);

  await sql`
    create table offline_sales (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      device_id bigint not null references devices (id),
      client_id uuid not null,
      order_number text not null,
      sold_at timestamptz not null,
      cashier_id bigint references users (id),
      status text not null check (status in ('OPEN', 'COMPLETED', 'VOIDED')),
      reason text not null default '',
      sale jsonb not null,
      total bigint not null,
      request_hash text not null,
      order_id bigint references orders (id),
      answer bytea,
      resolved_by bigint references users (id),
      resolved_at timestamptz,
      resolution text,
      created_at timestamptz not null default now(),
      unique (store_id, client_id)
    )`.execute(db);
  await sql`create index offline_sales_attention on offline_sales (store_id, id) where reason <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table offline_sales`.execute(db);
  await sql`drop table device_numbers`.execute(db);
  await sql`drop table devices`.execute(db);
  await sql`alter table stores drop column offline_max_sales, drop column offline_max_total, drop column offline_max_hours`.execute(db);
  await sql`drop trigger payment_methods_cash_offline on payment_methods`.execute(db);
  await sql`drop function payment_methods_cash_offline()`.execute(db);
  await sql`alter table payment_methods drop column offline_allowed`.execute(db);
}
