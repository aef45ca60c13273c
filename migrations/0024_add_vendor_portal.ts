/**
 * The vendor portal: a role assignment may be VENDOR, naming the vendor of its store it
 * belongs to (and only a VENDOR assignment names one); invitations to the portal, each a
 * token kept only as its SHA-256 hash, valid until it expires, is accepted once, or is
 * revoked. Invitations are never deleted: they are the record of who was invited. Both
 * name the vendor with its store (onto vendors (store_id, id)), so neither can name
 * another store's vendor, and each has an index leading with those columns.
 *
 * The portal's reads of one vendor (docs/PERFORMANCE.md, Vendor portal): its sold and
 * refunded lines newest first (one SALE entry per line, so a partial index of SALE
 * entries by vendor and time pages them), and its last payouts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table role_assignments drop constraint role_assignments_role_check`.execute(db);
  await sql`alter table role_assignments add constraint role_assignments_role_check check (role in ('ABSOLUTE_ADMIN','SST_STAFF','SST_MANAGER','SST_ADMIN',
        'STORE_STAFF','STORE_MANAGER','STORE_ACCOUNTANT','STORE_OWNER','VENDOR'))`.execute(db);
  await sql`alter table role_assignments add column vendor_id bigint`.execute(db);
  await sql`alter table role_assignments add constraint role_assignments_vendor_fkey foreign key (store_id, vendor_id) references vendors (store_id, id)`.execute(db);
  await sql`alter table role_assignments add constraint role_assignments_vendor_check check ((role = 'VENDOR') = (vendor_id is not null))`.execute(db);
  await sql`create index role_assignments_vendor on role_assignments (store_id, vendor_id)`.execute(db);

  await sql`
    create table vendor_invites (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      vendor_id bigint not null,
      email text not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      created_by bigint not null references users (id),
      created_at timestamptz not null default now(),
      accepted_at timestamptz,
      accepted_by bigint references users (id),
      revoked_at timestamptz,
      revoked_by bigint references users (id),
      check (accepted_at is null or revoked_at is null),
      foreign key (store_id, vendor_id) references vendors (store_id, id)
    )`.execute(db);
  await sql`create index ledger_entries_vendor_sales on ledger_entries (store_id, vendor_id, created_at desc, id desc) where kind = 'SALE'`.execute(db);
  await sql`create index payouts_vendor_time on payouts (store_id, vendor_id, created_at desc, id desc)`.execute(db);
  await sql`create index vendor_invites_vendor on vendor_invites (store_id, vendor_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table vendor_invites`.execute(db);
  await sql`drop index payouts_vendor_time`.execute(db);
  await sql`drop index ledger_entries_vendor_sales`.execute(db);
  await sql`delete from role_assignments where role = 'VENDOR'`.execute(db);
  await sql`alter table role_assignments drop constraint role_assignments_vendor_check`.execute(db);
  await sql`alter table role_assignments drop column vendor_id`.execute(db);
  await sql`alter table role_assignments drop constraint role_assignments_role_check`.execute(db);
  await sql`alter table role_assignments add constraint role_assignments_role_check check (role in ('ABSOLUTE_ADMIN','SST_STAFF','SST_MANAGER','SST_ADMIN',
        'STORE_STAFF','STORE_MANAGER','STORE_ACCOUNTANT','STORE_OWNER'))`.execute(db);
}
