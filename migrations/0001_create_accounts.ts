/**
 * Stores (with the platform store that holds system roles), users, role assignments,
 * sessions and login failures. Usernames and e-mails are unique case-insensitively.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create table stores (
      id bigint generated always as identity primary key,
      name text not null,
      time_zone text not null default 'UTC',
      is_platform boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index stores_one_platform on stores (is_platform) where is_platform`.execute(db);
  await sql`insert into stores (name, is_platform) values ('Platform', true)`.execute(db);

  await sql`
    create table users (
      id bigint generated always as identity primary key,
      username text not null,
      email text not null,
      password_hash text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await sql`
    create table role_assignments (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      user_id bigint not null references users (id),
      role text not null check (role in ('ABSOLUTE_ADMIN','SST_STAFF','SST_MANAGER','SST_ADMIN',
        'STORE_STAFF','STORE_MANAGER','STORE_ACCOUNTANT','STORE_OWNER')),
      created_at timestamptz not null default now(),
      unique (store_id, user_id, role)
    )`.execute(db);
  await sql`create index role_assignments_user on role_assignments (user_id)`.execute(db);

  await sql`
    create table sessions (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      last_used_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);

  await sql`
    create table login_failures (
      id bigint generated always as identity primary key,
      identifier text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_failures_identifier on login_failures (identifier, failed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'sessions', 'role_assignments', 'users', 'stores']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
