/**
 * Settlement on the generated data (docs/PERFORMANCE.md, "Settlement"): server time of
 * the calls an accountant makes, through the API's procedures in this process (auth,
 * validation, SQL and the answer's check; no HTTP), each run `--runs` times:
 *   - the statement of the vendor with the most entries (this month, and a whole year);
 *   - the balances screen (/vendor/accounts) over store 1's vendors: first and last page,
 *     owed and owing, a vendor type, a name search;
 *   - the accountant's dashboard;
 *   - a payout run over `--accounts` accounts (the minimum is set to the balance of the
 *     N-th largest account): its preview, then the run itself, once (it pays them: a
 *     second bench run pays the next N).
 * Then EXPLAIN (ANALYZE, BUFFERS) of every statement those calls run.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench npx tsx bench/settlement.ts --runs 20 --accounts 5000
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '@pos/db';
import { printPlans } from './explain';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL } from './generate';
import { timeCalls } from './quantile';
import { benchCaller, createRecorder, type BenchIdentity, type Caller, type Statement } from './record';



async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '20' }, accounts: { type: 'string', default: '5000' } }, strict: false });
  const runs = Number(values.runs);
  const runAccounts = Number(values.accounts);
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const handle = await createDb({ url, poolSize: 4 });
  const db = handle.db;
  const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(store.id);

  const caller = (identity: BenchIdentity): Caller => benchCaller(db, identity);
  const login = await caller({ token: null, storeId: null, role: null }).auth.login({ usernameOrEmail: `accountant${storeId}`, password: BENCH_PASSWORD });
  const identity = { token: login.token, storeId, role: 'STORE_ACCOUNTANT' };
  const as = caller(identity);

  const { rows: big } = await sql<{ vendorId: string; entries: string }>`
    select vendor_id::text as "vendorId", count(*)::text as entries from ledger_entries
    where store_id = ${storeId} and item_code_id is null group by vendor_id order by count(*) desc limit 1`.execute(db);
  const bigVendor = Number(big[0]!.vendorId);
  const { rows: sizes } = await sql<{ vendors: string; accounts: string; entries: string }>`
    select (select count(*) from vendors where store_id = ${storeId})::text as vendors,
           (select count(*) from ledger_accounts where store_id = ${storeId})::text as accounts,
           (select count(*) from ledger_entries where store_id = ${storeId})::text as entries`.execute(db);
  const today = (await as.vendor.accounts({ pageSize: 1 })).today;
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const last = Math.ceil(Number((await as.vendor.accounts({ pageSize: 20 })).total) / 20);
  console.log(`store 1: ${sizes[0]!.vendors} vendors, ${sizes[0]!.accounts} accounts with entries, ${sizes[0]!.entries} entries; big vendor ${bigVendor} with ${big[0]!.entries} entries`);

  const calls: { name: string; note: (r: unknown) => string; call: (c: Caller) => Promise<unknown> }[] = [
    {
      name: 'statement-this-month',
      note: (r) => `${(r as { entries: unknown[] }).entries.length} entries in the period`,
      call: (c) => c.vendor.statement({ vendorId: bigVendor }),
    },
    {
      name: 'statement-whole-year',
      note: (r) => `${(r as { entries: unknown[] }).entries.length} entries in the period`,
      call: (c) => c.vendor.statement({ vendorId: bigVendor, from: yearAgo, to: today }),
    },
    { name: 'accounts-first-page', note: (r) => `${(r as { total: number }).total} accounts`, call: (c) => c.vendor.accounts({ page: 1, pageSize: 20 }) },
    { name: 'accounts-last-page', note: () => `page ${last}`, call: (c) => c.vendor.accounts({ page: last, pageSize: 20 }) },
    { name: 'accounts-owed', note: (r) => `${(r as { total: number }).total} owed`, call: (c) => c.vendor.accounts({ filter: 'OWED', pageSize: 20 }) },
    { name: 'accounts-owing', note: (r) => `${(r as { total: number }).total} owing`, call: (c) => c.vendor.accounts({ filter: 'OWING', pageSize: 20 }) },
    { name: 'accounts-type', note: (r) => `${(r as { total: number }).total} of the type`, call: (c) => c.vendor.accounts({ vendorType: 'CONSIGNMENT', pageSize: 20 }) },
    { name: 'accounts-search', note: (r) => `${(r as { total: number }).total} match`, call: (c) => c.vendor.accounts({ search: 'willow relics 1', pageSize: 20 }) },
    { name: 'dashboard-store-accountant', note: () => '', call: (c) => c.dashboard.storeAccountant() },
  ];


  console.log(`\n== server time (${runs} runs each, after one warm-up)`);
  for (const c of calls) {
    await c.call(as);
    await timeCalls(c.name, runs, () => c.call(as), c.note);
  }

  // The payout run: the minimum that the N-th largest account reaches.
  const { rows: nth } = await sql<{ amount: string }>`
    select a.balance::text as amount from ledger_accounts a where a.store_id = ${storeId} and a.balance > 0 order by a.balance desc offset ${runAccounts - 1} limit 1`.execute(db);
  const minimum = { type: 'Money' as const, value: nth[0]?.amount ?? '0' };
  const owner = await caller({ token: null, storeId: null, role: null }).auth.login({ usernameOrEmail: `owner${storeId}`, password: BENCH_PASSWORD });
  const asOwner = caller({ token: owner.token, storeId, role: 'STORE_OWNER' });
  const runInput = { through: today, minimum, method: 'CHECK' as const };
  await timeCalls('payout-run-preview', Math.min(runs, 5), () => asOwner.vendor.payoutRun({ ...runInput, preview: true }), (r) => `${(r as { count: number }).count} accounts`);
  await timeCalls('payout-run', 1, () => asOwner.vendor.payoutRun(runInput), (r) => `${(r as { count: number }).count} accounts paid`);

  // The statements each call runs, explained.
  const recorder = await createRecorder(url);
  const statements: Record<string, Statement[]> = {};
  for (const c of calls) statements[c.name] = (await recorder.record((r) => c.call(r), identity)).statements;
  statements['payout-run-preview'] = (await recorder.record((r) => r.vendor.payoutRun({ ...runInput, preview: true }), { token: owner.token, storeId, role: 'STORE_OWNER' })).statements;
  await recorder.handle.close();
  await printPlans(url, statements);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
