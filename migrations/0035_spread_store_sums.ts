/**
 * One store's running sums spread over slots (docs/PERFORMANCE.md, "One store's sales per
 * second"; docs/ARCHITECTURE.md, "A sale's hot rows are taken by its last statement").
 * Every sale of a store updated the same rows of the sums it keeps (the store's counters
 * and ledger totals, the balances' history of the quarter hour, the day's ALL, CASHIER,
 * TAX and PAYMENT_METHOD report rows, the drawer's, revenue's and tax's journal days and
 * balances), so its tills' sales passed one at a time from their last statement to
 * commit. Each of those rows is now one of `SLOTS` rows of its key, told apart by `slot`:
 * a transaction adds to the slot of its transaction id (the same for all its rows, so two
 * transactions of one slot still take their rows in one order), so sales on different
 * slots never wait on each other. A sum is the Σ over its key's slots; every reader sums.
 *
 * Only store-wide keys are spread: a vendor's rows (its report rows by vendor and item
 * code, its journal accounts) stay in slot 0, so a store of 100,000 vendors keeps the rows
 * it had. Existing rows are slot 0, each the exact sum it was.
 */
import { sql, type Kysely } from 'kysely';
import { reportDaysFunctions } from './0015_create_reports';

export const SLOTS = 8;
/** The slot a transaction adds to (its transaction id, assigned by its first write). */
export const TRANSACTION_SLOT = `(txid_current() % ${SLOTS})::int2`;
/** A report row's slot: store-wide groupings spread, a vendor's and an item code's not. */
const REPORT_SLOT = `case when x.dim in ('VENDOR', 'ITEM_CODE') then 0::int2 else ${TRANSACTION_SLOT} end`;

/** Tables spread, each with its key (without the slot) and whether every row is store-wide (its default slot the transaction's). */
const TABLES = [
  { table: 'store_counters', key: ['store_id'], everyRow: true },
  { table: 'ledger_store_totals', key: ['store_id'], everyRow: true },
  { table: 'ledger_balance_history', key: ['store_id', 'at'], everyRow: true },
  { table: 'report_days', key: ['store_id', 'dim', 'day', 'key'], everyRow: false },
  { table: 'journal_days', key: ['store_id', 'account', 'business_day'], everyRow: false },
  { table: 'journal_balances', key: ['store_id', 'account'], everyRow: false },
] as const;

/** Trigger functions whose upserts add to a spread table's store-wide rows: their conflict target, before and after. */
const TARGETS: { fn: string; from: string; to: string }[] = [
  { fn: 'store_counters_orders', from: 'on conflict (store_id)', to: 'on conflict (store_id, slot)' },
  { fn: 'store_counters_vendors', from: 'on conflict (store_id)', to: 'on conflict (store_id, slot)' },
  { fn: 'ledger_entries_keep_store_totals', from: 'on conflict (store_id)', to: 'on conflict (store_id, slot)' },
  { fn: 'ledger_entries_keep_history', from: 'on conflict (store_id, at)', to: 'on conflict (store_id, at, slot)' },
];

/** Defines a function again with every `from` of its text replaced by `to` (refused when there is none). */
async function retarget(db: Kysely<any>, fn: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef(${fn}::regproc) as def`.execute(db);
  const def = rows[0]!.def;
  if (!def.includes(from)) throw new Error(`${fn} has no "${from}"`);
  await sql.raw(def.split(from).join(to)).execute(db);
}

async function defineReportFunctions(db: Kysely<any>, slot?: string): Promise<void> {
  for (const [name, body] of Object.entries(reportDaysFunctions(slot))) {
    await sql.raw(`create or replace function report_days_add_${name}(ids bigint[]) returns void language plpgsql as $fn$ begin ${body.trim().replace(/;$/, '')}; end $fn$`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    await sql.raw(`alter table ${t.table} add column slot int2 not null default 0 check (slot >= 0 and slot < ${SLOTS})`).execute(db);
    if (t.everyRow) await sql.raw(`alter table ${t.table} alter column slot set default ${TRANSACTION_SLOT}`).execute(db);
    await sql.raw(`alter table ${t.table} drop constraint ${t.table}_pkey, add constraint ${t.table}_pkey primary key (${[...t.key, 'slot'].join(', ')})`).execute(db);
  }
  for (const t of TARGETS) await retarget(db, t.fn, t.from, t.to);
  await defineReportFunctions(db, REPORT_SLOT);
}

export async function down(db: Kysely<any>): Promise<void> {
  await defineReportFunctions(db);
  for (const t of TARGETS) await retarget(db, t.fn, t.to, t.from);
  for (const t of TABLES) {
    // Each key's slots added into one row again.
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${t.table} and column_name <> 'slot' order by ordinal_position`.execute(db);
    const values = rows.map((r) => r.column_name).filter((c) => !(t.key as readonly string[]).includes(c));
    const keep = `${t.table}_one_slot`;
    await sql.raw(`create temporary table ${keep} as select ${t.key.join(', ')}, ${values.map((v) => `sum(${v}) as ${v}`).join(', ')} from ${t.table} group by ${t.key.join(', ')}`).execute(db);
    await sql.raw(`delete from ${t.table}`).execute(db);
    await sql.raw(`alter table ${t.table} drop constraint ${t.table}_pkey`).execute(db);
    await sql.raw(`alter table ${t.table} drop column slot`).execute(db);
    await sql.raw(`insert into ${t.table} (${[...t.key, ...values].join(', ')}) select ${[...t.key, ...values].join(', ')} from ${keep}`).execute(db);
    await sql.raw(`drop table ${keep}`).execute(db);
    await sql.raw(`alter table ${t.table} add constraint ${t.table}_pkey primary key (${t.key.join(', ')})`).execute(db);
  }
}
