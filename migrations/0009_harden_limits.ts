/**
 * Limits that hold: the store's all-time revenue is summed as numeric, which no number of
 * sales can overflow; and sign-in attempts are recorded per account and address, so the
 * limits are counted by the database itself, alike for every door, batch and server
 * process. An attempt is 'pending' while its password is checked, then kept as a
 * 'failure' or deleted; sign-ups are kept as 'signup'. This replaces login_failures,
 * which counted per account alone.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table store_counters alter column completed_revenue type numeric using completed_revenue::numeric`.execute(db);

  await sql`
    create table auth_attempts (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('pending', 'failure', 'signup')),
      account text not null default '',
      address text not null,
      attempted_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index auth_attempts_pair on auth_attempts (kind, account, address, attempted_at)`.execute(db);
  await sql`create index auth_attempts_address on auth_attempts (kind, address, attempted_at)`.execute(db);
  await sql`create index auth_attempts_time on auth_attempts (attempted_at)`.execute(db);
  await sql`create index sessions_expires on sessions (expires_at)`.execute(db);
  await sql`drop table login_failures`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create table login_failures (
      id bigint generated always as identity primary key,
      identifier text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_failures_identifier on login_failures (identifier, failed_at)`.execute(db);
  await sql`drop index sessions_expires`.execute(db);
  await sql`drop table auth_attempts`.execute(db);
  await sql`alter table store_counters alter column completed_revenue type bigint using completed_revenue::bigint`.execute(db);
}
