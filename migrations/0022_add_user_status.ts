/**
 * A user's status as a store manager sets it: a password reset by a manager must be
 * changed at the next sign-in (`must_change_password`), and a disabled user
 * (`disabled_at`) cannot sign in.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column must_change_password boolean not null default false, add column disabled_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column must_change_password, drop column disabled_at`.execute(db);
}
