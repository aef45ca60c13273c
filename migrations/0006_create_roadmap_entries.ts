/** The development roadmap: entries belong to a store. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table roadmap_entries (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      title text not null,
      description text not null,
      requestor text,
      estimated_completion timestamptz not null,
      actual_completion timestamptz,
      status text not null default 'in_progress' check (status in ('in_progress','completed')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index roadmap_entries_store on roadmap_entries (store_id, estimated_completion)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists roadmap_entries`.execute(db);
}
