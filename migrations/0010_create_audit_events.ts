/**
 * The audit trail: one event per action that moves money or changes who may move it,
 * written in the same transaction as the change (a change that rolls back leaves no
 * event). Events are never edited or erased: the database itself refuses UPDATE,
 * DELETE and TRUNCATE on the table, with a function the ledger's table reuses.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function refuse_append_only_change() returns trigger language plpgsql as $fn$
    begin
      raise exception '% is append-only: % is refused', tg_table_name, tg_op using errcode = 'P0001';
    end
    $fn$`.execute(db);

  await sql`
    create table audit_events (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      actor_id bigint references users (id),
      actor_role text not null,
      action text not null,
      target_type text not null,
      target_id text not null default '',
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_events_store_time on audit_events (store_id, created_at desc, id desc)`.execute(db);
  await sql`create index audit_events_store_action_time on audit_events (store_id, action, created_at desc, id desc)`.execute(db);
  await sql`create index audit_events_store_actor_time on audit_events (store_id, actor_id, created_at desc, id desc)`.execute(db);
  await appendOnly(db, 'audit_events');
}

/** Refuses UPDATE and DELETE of any row, and TRUNCATE, on `table`. */
export async function appendOnly(db: Kysely<any>, table: string): Promise<void> {
  await sql.raw(`create trigger ${table}_append_only before update or delete on ${table} for each row execute function refuse_append_only_change()`).execute(db);
  await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function refuse_append_only_change()`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table audit_events`.execute(db);
  await sql`drop function refuse_append_only_change()`.execute(db);
}
