/**
 * Idempotency keys of the calls that move money (docs/API.md, Idempotency):
 * `idempotency_keys` keeps, per store, procedure and key, a hash of the request and the
 * first answer (serialised by node:v8), written in the transaction of the action, so a
 * retry answers what the first call answered and a refused call keeps nothing. Keys are
 * kept as long as the store (append-only, like the actions they answer).
 *
 * A submit's keys stay in `order_submit_keys` (per store, order and key), which gains
 * the same request hash; keys kept before it have none and answer as before.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table idempotency_keys (
      store_id bigint not null references stores (id),
      procedure text not null,
      key text not null,
      request_hash bytea not null,
      answer bytea not null,
      created_at timestamptz not null default now(),
      primary key (store_id, procedure, key)
    )`.execute(db);
  await appendOnly(db, 'idempotency_keys');
  await sql`alter table order_submit_keys add column request_hash bytea`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table order_submit_keys drop column request_hash`.execute(db);
  await sql`drop table idempotency_keys`.execute(db);
}
