/**
 * Reports on the generated data (docs/PERFORMANCE.md, "Reports"): server time of the
 * reports an accountant and a manager run, through the API's procedures in this process
 * (auth, validation, SQL and the answer's check; no HTTP), each run `--runs` times after
 * one warm-up, on store 1 (half of the generated orders):
 *   - /reports/sales over the last 365 days in every grouping;
 *   - /reports/vendor-balances, first page, as of today and as of a year ago;
 *   - /reports/end-of-day of today and of a day a month ago.
 * Then, for comparison, the sales totals of the same year computed straight from the
 * orders (what the reports would cost without report_days), and EXPLAIN (ANALYZE,
 * BUFFERS) of every statement the report calls run.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench npx tsx bench/reports.ts --runs 20
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { REPORT_GROUPINGS } from '@pos/domain';
import { createDb } from '@pos/db';
import { printPlans } from './explain';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL } from './generate';
import { timeCalls, timingLine } from './quantile';
import { benchCaller, createRecorder, type BenchIdentity, type Caller, type Statement } from './record';

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '20' } }, strict: false });
  const runs = Number(values.runs);
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const handle = await createDb({ url, poolSize: 4 });
  const db = handle.db;
  const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(store.id);
  const caller = (identity: BenchIdentity): Caller => benchCaller(db, identity);
  const login = await caller({ token: null, storeId: null, role: null }).auth.login({ usernameOrEmail: `accountant${storeId}`, password: BENCH_PASSWORD });
  const identity = { token: login.token, storeId, role: 'STORE_ACCOUNTANT' };
  const as = caller(identity);
  const today = (await as.reports.sales({ groupBy: 'day' })).today;
  const from = daysBefore(today, 364);
  const { rows: sizes } = await sql<{ orders: string; lines: string; entries: string; days: string }>`
    select (select count(*) from orders where store_id = ${storeId} and status = 'COMPLETED' and completed_at >= ${from}::date)::text as orders,
           (select count(*) from order_lines l join orders o on o.id = l.order_id where o.store_id = ${storeId} and o.status = 'COMPLETED' and o.completed_at >= ${from}::date)::text as lines,
           (select count(*) from ledger_entries where store_id = ${storeId} and created_at >= ${from}::date)::text as entries,
           (select count(*) from report_days where store_id = ${storeId} and day >= ${from}::date)::text as days`.execute(db);
  const s = sizes[0]!;
  console.log(`store 1, ${from} to ${today}: ${s.orders} completed orders, ${s.lines} lines, ${s.entries} ledger entries; ${s.days} report_days rows`);

  const secondPage = {
    vendor: (await as.reports.sales({ from, to: today, groupBy: 'vendor' })).next ?? '',
    itemCode: (await as.reports.sales({ from, to: today, groupBy: 'itemCode' })).next ?? '',
  };
  const lastBalancesPage = Math.max(1, Math.ceil(Number((await as.reports.vendorBalances({ asOf: from })).total) / 100));

  const calls: { name: string; note: (r: unknown) => string; call: (c: Caller) => Promise<unknown> }[] = [
    ...REPORT_GROUPINGS.map((groupBy) => ({
      name: `sales-year-by-${groupBy}`,
      note: (r: unknown) => `${(r as { rows: unknown[] }).rows.length} rows`,
      call: (c: Caller) => c.reports.sales({ from, to: today, groupBy }),
    })),
    // Vendors and item codes come a page at a time: the second page, and shorter periods
    // (a day sums its rows; a month walks the vendors by name).
    ...(['vendor', 'itemCode'] as const).map((groupBy) => ({
      name: `sales-year-by-${groupBy}-page-2`,
      note: (r: unknown) => `${(r as { rows: unknown[] }).rows.length} rows`,
      call: (c: Caller) => c.reports.sales({ from, to: today, groupBy, after: secondPage[groupBy] }),
    })),
    { name: 'sales-month-by-vendor', note: (r) => `${(r as { rows: unknown[] }).rows.length} rows`, call: (c) => c.reports.sales({ from: daysBefore(today, 29), to: today, groupBy: 'vendor' }) },
    { name: 'sales-yesterday-by-vendor', note: (r) => `${(r as { rows: unknown[] }).rows.length} rows`, call: (c) => c.reports.sales({ from: daysBefore(today, 1), to: daysBefore(today, 1), groupBy: 'vendor' }) },
    { name: 'vendor-balances-today', note: (r) => `${(r as { total: number }).total} accounts`, call: (c) => c.reports.vendorBalances({}) },
    { name: 'vendor-balances-year-ago', note: (r) => `${(r as { total: number }).total} accounts`, call: (c) => c.reports.vendorBalances({ asOf: from }) },
    {
      name: 'vendor-balances-year-ago-last',
      note: (r) => `${(r as { accounts: unknown[] }).accounts.length} accounts on the last page`,
      call: (c) => c.reports.vendorBalances({ asOf: from, page: lastBalancesPage }),
    },
    { name: 'end-of-day-today', note: (r) => `${(r as { report: { payments: unknown[] } }).report.payments.length} methods`, call: (c) => c.reports.endOfDay.report({}) },
    { name: 'end-of-day-month-ago', note: (r) => `${(r as { report: { sales: { orders: number } } }).report.sales.orders} sales`, call: (c) => c.reports.endOfDay.report({ date: daysBefore(today, 30) }) },
  ];


  console.log(`\n== server time (${runs} runs each, after one warm-up)`);
  for (const c of calls) {
    await c.call(as);
    await timeCalls(c.name, runs, () => c.call(as), c.note);
  }

  // Without the cache: the same year's totals from the orders and the ledger directly.
  const direct = () => sql`
    select (select count(*) from orders o where o.store_id = ${storeId} and o.status = 'COMPLETED' and o.completed_at >= ${from}::date),
           (select sum(o.total - o.tax1_total - o.tax2_total - o.tax3_total) from orders o where o.store_id = ${storeId} and o.status = 'COMPLETED' and o.completed_at >= ${from}::date),
           (select -sum(amount) from ledger_entries where store_id = ${storeId} and kind = 'COMMISSION' and created_at >= ${from}::date)`.execute(db);
  await direct();
  await timeCalls('direct-year-totals (no cache)', Math.min(runs, 5), direct, () => 'orders + ledger');
  const directVendor = () => sql`
    select e.vendor_id, sum(l.total) from orders o join order_lines l on l.order_id = o.id
    left join ledger_entries e on e.store_id = l.store_id and e.order_id = l.order_id and e.order_line_id = l.id and e.kind = 'SALE' and e.refund_id is null
    where o.store_id = ${storeId} and o.status = 'COMPLETED' and o.completed_at >= ${from}::date group by 1`.execute(db);
  await timeCalls('direct-year-by-vendor (no cache)', Math.min(runs, 3), directVendor, () => 'lines + ledger');

  // What report_days adds to a sale: its triggers' work for one completed order of 5 lines
  // (the order's figures by store, cashier, vendor, item code, tax and method, then its
  // ledger entries' commission), run in a transaction that is rolled back.
  const { rows: recent } = await sql<{ id: string }>`
    select id::text from orders where store_id = ${storeId} and status = 'COMPLETED' order by id desc limit ${runs}`.execute(db);
  const samples: number[] = [];
  for (const { id } of recent) {
    await db
      .transaction()
      .execute(async (trx) => {
        const start = performance.now();
        await sql`select report_days_add_orders(array[${id}::bigint])`.execute(trx);
        await sql`select report_days_add_entries(array(select e.id from ledger_entries e where e.store_id = ${storeId} and e.order_id = ${id}::bigint and e.kind in ('COMMISSION', 'CARD_FEE')))`.execute(trx);
        samples.push(performance.now() - start);
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rollback') throw error;
      });
  }
  console.log(timingLine('report_days work of one sale', samples, `${samples.length} orders, rolled back`));

  const recorder = await createRecorder(url);
  const statements: Record<string, Statement[]> = {};
  for (const c of calls) statements[c.name] = (await recorder.record((r) => c.call(r), identity)).statements;
  await recorder.handle.close();
  await printPlans(url, statements);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
