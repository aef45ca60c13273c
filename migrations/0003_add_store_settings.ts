/**
 * Store settings (order numbering, default commissions, three tax slots) as columns of
 * the store, and the store's payment methods. Percents and money are bigint micro-units.
 * A deleted payment method is archived: history may refer to it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table stores
      add column order_prefix text not null default 'ORD-',
      add column next_order_number bigint not null default 1 check (next_order_number >= 1),
      add column default_vendor_commission_percent bigint not null default 0,
      add column default_vendor_consignment_commission_percent bigint not null default 0,
      add column default_consignment_commission_percent bigint not null default 0,
      add column tax1_short_name text not null default '',
      add column tax1_long_name text not null default '',
      add column tax1_percent bigint not null default 0,
      add column tax1_enabled boolean not null default false,
      add column tax1_apply_by_default boolean not null default false,
      add column tax2_short_name text not null default '',
      add column tax2_long_name text not null default '',
      add column tax2_percent bigint not null default 0,
      add column tax2_enabled boolean not null default false,
      add column tax2_apply_by_default boolean not null default false,
      add column tax3_short_name text not null default '',
      add column tax3_long_name text not null default '',
      add column tax3_percent bigint not null default 0,
      add column tax3_enabled boolean not null default false,
      add column tax3_apply_by_default boolean not null default false`.execute(db);

  await sql`
    create table payment_methods (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      name text not null,
      vendor_fee_percent bigint not null,
      customer_fee_percent bigint not null,
      customer_fee_amount bigint not null,
      minimum_amount bigint not null,
      requires_manager_approval boolean not null default false,
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payment_methods_store_active on payment_methods (store_id, id) where archived_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists payment_methods`.execute(db);
  for (const column of [
    'order_prefix', 'next_order_number', 'default_vendor_commission_percent', 'default_vendor_consignment_commission_percent',
    'default_consignment_commission_percent',
    ...[1, 2, 3].flatMap((n) => ['short_name', 'long_name', 'percent', 'enabled', 'apply_by_default'].map((c) => `tax${n}_${c}`)),
  ]) {
    await sql`alter table stores drop column if exists ${sql.ref(column)}`.execute(db);
  }
}
