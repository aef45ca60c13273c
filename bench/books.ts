/**
 * The books on the generated data (docs/PERFORMANCE.md, "Books"). bench/generate.ts writes
 * a SALE journal for every generated sale in set-based SQL; this first checks a sample of
 * them, leg for leg, against what the books writer computes for the same order
 * (`saleLegs`, the domain's saleJournal on the writer's own reads), and that the sums the
 * writer keeps (journal_balances, journal_days) equal the legs (bench/journal-check.ts). Then the server time of
 * the accountant's calls through the API's procedures in this process (session check,
 * validation, SQL and the answer's check; no HTTP), each `--runs` times after one warm-up,
 * on store 1 (half of the generated orders):
 *   - /books/accounts (the chart, every account named: what each call below pays to
 *     name its accounts);
 *   - /books/trial-balance as of today, the end of last month, a year ago, the day
 *     half-way (the first call of a past day keeps the month end it starts from, once:
 *     its time is printed; `--forget-month-ends` drops the kept ones first), and the
 *     year-ago answer checked against the day sums, account by account;
 *   - /books/journals: the first page of today, of a month, a later page, and the
 *     drill-down into the drawer and into a vendor's account over a year;
 * then EXPLAIN (ANALYZE, BUFFERS) of every statement those calls run.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench_books_1m npx tsx bench/generate.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench_books_1m npx tsx bench/books.ts --runs 3
 * (`--sample 0 --skip-sum-check` leaves out the generator's checks, for a rerun on a loaded machine)
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '@pos/db';
import { addDays } from '@pos/domain';
import { printPlans } from './explain';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL } from './generate';
import { checkJournalSums, checkSaleJournals } from './journal-check';
import { timeCalls } from './quantile';
import { benchCaller, createRecorder, type Caller, type Statement } from './record';

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '3' }, sample: { type: 'string', default: '200' }, 'forget-month-ends': { type: 'boolean', default: false }, 'skip-sum-check': { type: 'boolean', default: false } }, strict: false });
  const runs = Number(values.runs);
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const handle = await createDb({ url, poolSize: 4 });
  const db = handle.db;
  const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(store.id);

  // The generated journals are the writer's: a sample of sales, leg for leg.
  const checked = await checkSaleJournals(db, storeId, Number(values.sample));
  console.log(`${checked.journals} generated sale journals are the writer's, leg for leg (${checked.vendorLegs} vendor legs among them)`);
  // Every leg of the store is read here (minutes on a loaded machine; `--skip-sum-check`
  // leaves it to an earlier run).
  if (!values['skip-sum-check']) {
    await checkJournalSums(db, storeId);
    console.log("journal_days and journal_balances equal the store's legs");
  }

  if (values['forget-month-ends']) {
    await sql`delete from journal_month_balances where store_id = ${storeId}`.execute(db);
    await sql`delete from journal_month_ends where store_id = ${storeId}`.execute(db);
    console.log('the kept month ends of store 1 dropped');
  }

  const login = await benchCaller(db).auth.login({ usernameOrEmail: `accountant${storeId}`, password: BENCH_PASSWORD });
  const identity = { token: login.token, storeId, role: 'STORE_ACCOUNTANT' };
  const as = benchCaller(db, identity);
  const today = (await as.books.accounts()).asOf;
  const { rows: sizes } = await sql<{ journals: string; legs: string; days: string; balances: string; first: string }>`
    select (select count(*) from journals where store_id = ${storeId})::text as journals,
           (select count(*) from journal_legs where store_id = ${storeId})::text as legs,
           (select count(*) from journal_days where store_id = ${storeId})::text as days,
           (select count(*) from journal_balances where store_id = ${storeId})::text as balances,
           (select to_char(min(business_day), 'YYYY-MM-DD') from journals where store_id = ${storeId}) as first`.execute(db);
  const s = sizes[0]!;
  console.log(`store 1, ${s.first} to ${today}: ${s.journals} journals, ${s.legs} legs, ${s.days} journal_days rows, ${s.balances} accounts`);
  const middle = addDays(s.first, Math.round((Date.parse(today) - Date.parse(s.first)) / 86_400_000 / 2));
  const yearAgo = addDays(today, -364);
  const monthAgo = addDays(today, -29);
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  // A vendor account with sales in the last year (the big vendor of code BC1 has the most).
  const { rows: big } = await sql<{ account: string }>`
    select account from journal_balances where store_id = ${storeId} and account like 'vendor:%' order by balance limit 1`.execute(db);
  const bigVendor = big[0]!.account;
  const secondPage = (await as.books.journals({ from: monthAgo, to: today })).next ?? undefined;

  const calls: { name: string; note: (r: unknown) => string; call: (c: Caller) => Promise<unknown> }[] = [
    // The chart alone (every account named, with its balance): what each call below pays to name its accounts.
    { name: 'chart-of-accounts', note: (r) => `${(r as { accounts: unknown[] }).accounts.length} accounts`, call: (c) => c.books.accounts() },
    { name: 'trial-balance-today', note: tb, call: (c) => c.books.trialBalance({}) },
    { name: 'trial-balance-last-month-end', note: tb, call: (c) => c.books.trialBalance({ asOf: lastMonthEnd }) },
    { name: 'trial-balance-year-ago', note: tb, call: (c) => c.books.trialBalance({ asOf: yearAgo }) },
    { name: `trial-balance-middle`, note: tb, call: (c) => c.books.trialBalance({ asOf: middle }) },
    { name: 'journals-today', note: page, call: (c) => c.books.journals({ from: today, to: today }) },
    { name: 'journals-month', note: page, call: (c) => c.books.journals({ from: monthAgo, to: today }) },
    { name: 'journals-month-page-2', note: page, call: (c) => c.books.journals({ from: monthAgo, to: today, after: secondPage }) },
    { name: 'journals-drawer-month', note: page, call: (c) => c.books.journals({ from: monthAgo, to: today, account: 'drawer' }) },
    { name: 'journals-vendor-year', note: page, call: (c) => c.books.journals({ from: yearAgo, to: today, account: bigVendor }) },
  ];

  console.log(`\n== server time (${runs} runs each, after one warm-up)`);
  for (const c of calls) {
    const start = performance.now();
    await c.call(as);
    console.log(`${c.name}: first call ${(performance.now() - start).toFixed(0)} ms`);
    await timeCalls(c.name, runs, () => c.call(as), c.note);
  }

  // The year-ago trial balance (from a kept month end and the days of its month) is the
  // day sums through that day, which equal the legs (checked above), account by account.
  const answer = await as.books.trialBalance({ asOf: yearAgo });
  const { rows: expected } = await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    return sql<{ account: string; amount: string }>`
      select account, sum(amount)::text as amount from journal_days where store_id = ${storeId} and business_day <= ${yearAgo}::date
      group by account having sum(amount) <> 0`.execute(trx);
  });
  const got = new Map(answer.accounts.map((a) => [a.account, String(BigInt(a.debit.value) - BigInt(a.credit.value))]));
  const wrong = expected.filter((e) => got.get(e.account) !== e.amount).length + Math.max(0, got.size - expected.length);
  if (wrong > 0 || got.size !== expected.length) throw new Error(`the trial balance as of ${yearAgo} differs from the day sums on ${wrong} accounts`);
  console.log(`the trial balance as of ${yearAgo} equals the day sums through it: ${got.size} accounts, ${answer.totalDebit.value} on each side`);

  const recorder = await createRecorder(url);
  const statements: Record<string, Statement[]> = {};
  for (const c of calls) statements[c.name] = (await recorder.record((r) => c.call(r), identity)).statements;
  await recorder.handle.close();
  await printPlans(url, statements);
  await handle.close();
}

function tb(r: unknown): string {
  return `${(r as { accounts: unknown[] }).accounts.length} accounts`;
}

function page(r: unknown): string {
  const p = r as { journals: { legs: unknown[] }[]; next: unknown };
  return `${p.journals.length} journals, ${p.journals.reduce((n, j) => n + j.legs.length, 0)} legs${p.next ? ', more' : ''}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
