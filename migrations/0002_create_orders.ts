/**
 * Orders, as far as the system dashboards need them now (active stores: a completed
 * order in the last 30 days). Order lines and the editor's columns come with the
 * orders feature.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table orders (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      order_number text not null,
      status text not null default 'DRAFT' check (status in ('DRAFT','PENDING','COMPLETED','CANCELLED','REFUNDED')),
      customer_name text not null default '',
      total bigint not null default 0,
      created_by bigint references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      unique (store_id, order_number)
    )`.execute(db);

}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists orders`.execute(db);
}
