/**
 * Vendors and their item codes. The primary contact lives on the vendor row (priority 1)
 * so the list can sort by any of its columns with an index that starts with store_id,
 * which keeps deep pages cheap at 100k vendors. Tags are unique per store
 * case-insensitively among live codes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence vendor_contact_id_seq`.execute(db);
  await sql`
    create table vendors (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      trade_name text not null,
      deduct_monthly_rent boolean not null default false,
      outstanding_statement_balance bigint not null default 0,
      contact_id bigint default nextval('vendor_contact_id_seq'),
      contact_name text,
      contact_email text,
      contact_primary_phone text,
      contact_secondary_phone text,
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index vendors_store_trade_name on vendors (store_id, lower(trade_name), id) where archived_at is null`.execute(db);
  await sql`create index vendors_store_contact_name on vendors (store_id, lower(contact_name), id) where archived_at is null`.execute(db);
  await sql`create index vendors_store_contact_email on vendors (store_id, lower(contact_email), id) where archived_at is null`.execute(db);
  await sql`create index vendors_store_primary_phone on vendors (store_id, contact_primary_phone, id) where archived_at is null`.execute(db);
  await sql`create index vendors_store_balance on vendors (store_id) where archived_at is null and outstanding_statement_balance <> 0`.execute(db);

  await sql`
    create table item_codes (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      vendor_id bigint references vendors (id),
      tag text not null,
      warn_on_no_control_code boolean not null default false,
      default_commission_percent bigint not null default 0,
      receives_separate_statement boolean not null default false,
      proportional_cc_fee boolean not null default false,
      deduct_monthly_rent_override text not null default 'USE_VENDOR_DEFAULT'
        check (deduct_monthly_rent_override in ('USE_VENDOR_DEFAULT','DEDUCT','DO_NOT_DEDUCT')),
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index item_codes_store_tag on item_codes (store_id, lower(tag)) where archived_at is null`.execute(db);
  await sql`create index item_codes_store_vendor on item_codes (store_id, vendor_id, id) where archived_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists item_codes`.execute(db);
  await sql`drop table if exists vendors`.execute(db);
  await sql`drop sequence if exists vendor_contact_id_seq`.execute(db);
}
