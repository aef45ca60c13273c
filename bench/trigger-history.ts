/**
 * The ledger's balances-history trigger (migration 0032) against the one before it
 * (migration 0016's): the time of single-entry postings dated now (a checkout's case,
 * each its own statement) and of postings back-dated a day before later entries of the
 * same account (a replayed offline sale's case). Prints figures; asserts nothing.
 * Run: DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/trigger-history.ts
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '@pos/db';
import * as exact from '../migrations/0032_date_back_dated_history';

const url = new URL(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
const name = `pos_trigbench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
await admin.query(`create database ${name}`);
url.pathname = `/${name}`;
const handle = await createDb({ url: url.toString(), poolSize: 2 });
const db = handle.db;
try {
  await migrateToLatest(db);
  const store = (await sql<{ id: bigint }>`insert into stores (name) values ('Bench') returning id`.execute(db)).rows[0]!.id;
  const vendors = (await sql<{ id: bigint }>`insert into vendors (store_id, trade_name) select ${store}, 'V' || g from generate_series(1, 50) g returning id`.execute(db)).rows.map((r) => r.id);
  // A history to post into: 40 entries per vendor over the last 30 days.
  await sql`insert into ledger_entries (store_id, vendor_id, kind, amount, memo, created_at)
            select ${store}, v, 'ADJUSTMENT', ((random() * 100000)::int8 - 40000) * 10000, 'seed', now() - (random() * interval '30 days')
            from unnest(${vendors}::int8[]) v, generate_series(1, 40)`.execute(db);
  await sql`select ledger_balance_history_rebuild()`.execute(db);
  const N = 1000;
  async function run(label: string, backDated: boolean) {
    const started = process.hrtime.bigint();
    await sql`do $$ declare i int; vs int8[] := array(select id from vendors where store_id = ${sql.lit(Number(store))}); begin
                for i in 1..${sql.lit(N)} loop
                  insert into ledger_entries (store_id, vendor_id, kind, amount, memo, created_at)
                  values (${sql.lit(Number(store))}, vs[1 + (i % array_length(vs, 1))], 'ADJUSTMENT', 10000, 'bench',
                          ${backDated ? sql`now() - interval '1 day'` : sql`now()`});
                end loop; end $$`.execute(db);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${label.padEnd(44)} ${(ms / N).toFixed(3)} ms per posting (${N} postings)`);
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const round of [1, 2]) {
    await exact.down(db);
    await run(`round ${round}: 0016 trigger, dated now`, false);
    await run(`round ${round}: 0016 trigger, back-dated a day (inexact)`, true);
    await exact.up(db);
    await run(`round ${round}: 0032 trigger, dated now`, false);
    await run(`round ${round}: 0032 trigger, back-dated a day`, true);
  }
  await sql`select 1`.execute(db);
} finally {
  await handle.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
