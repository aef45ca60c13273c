/**
 * The statements the till and the back office run most use the indexes they are meant to:
 * on a small generated data set (bench/generate.ts: 12,000 vendors and item codes, 16,000
 * orders of 3 lines with their ledger and report rows, vacuumed and analysed), each call
 * below is run through the API as its user would run it, every statement it ran is
 * explained with the planner's statistics, and the plan must read no large table
 * (over 10,000 rows) sequentially, start no parallel workers, and use the named index.
 * A plan regression (a lookup gone parallel, a statement hashing every item code, a
 * report scanning every vendor, a trial balance summing every leg) fails here instead of
 * on a till. PostgreSQL only: PGlite
 * plans alike but has no workers, and CI runs on PostgreSQL (docs/PERFORMANCE.md, Query plans).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'kysely';
import { SESSION_SETTINGS } from '@pos/db';
import { BENCH_PASSWORD, generate, readSizes } from '../../../bench/generate';
import { createRecorder, type BenchIdentity, type Caller, type Recorder } from '../../../bench/record';
import '../../../test/provided';

const LARGE_TABLE_ROWS = 10_000;
const config = inject('testDb');
const SIZES = readSizes(['--stores', '2', '--vendors', '12000', '--item-codes', '12000', '--orders', '16000', '--lines-per-order', '3']);

let url = '';
let recorder: Recorder;
/** A connection as the product opens them (SESSION_SETTINGS), to explain on. */
let explainer: pg.Client;
let largeTables: string[] = [];
const identities: Record<'cashier' | 'accountant', BenchIdentity> = {} as never;
let storeId = 0;
let today = '';
let bigVendor = 0;

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.runIf(config.kind === 'postgres')('query plans of the main reads', () => {
  const name = config.kind === 'postgres' ? `pos_t_${config.template.split('_')[2]}_plans_${randomBytes(3).toString('hex')}` : '';

  beforeAll(async () => {
    if (config.kind !== 'postgres') return;
    const u = new URL(config.url);
    u.pathname = `/${name}`;
    url = u.toString();
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await generate(url, SIZES);
    } finally {
      quiet.mockRestore();
    }
    recorder = await createRecorder(url);
    explainer = new pg.Client({ connectionString: url, options: SESSION_SETTINGS });
    await explainer.connect();
    // Parallel plans made as cheap as they can be: only the product's own setting
    // (SESSION_SETTINGS) keeps them out, so the check below guards that setting.
    await explainer.query('set parallel_setup_cost = 0; set parallel_tuple_cost = 0; set min_parallel_table_scan_size = 0; set min_parallel_index_scan_size = 0');
    const db = recorder.handle.db;
    const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
    storeId = Number(store.id);
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${LARGE_TABLE_ROWS}`.execute(db);
    largeTables = rows.map((r) => r.relname);
    const as = async (user: string, role: string) => {
      const { result } = await recorder.record((c) => c.auth.login({ usernameOrEmail: `${user}${storeId}`, password: BENCH_PASSWORD }));
      return { token: result.token, storeId, role };
    };
    identities.cashier = await as('cashier', 'STORE_STAFF');
    identities.accountant = await as('accountant', 'STORE_ACCOUNTANT');
    const { rows: big } = await sql<{ vendorId: string }>`
      select vendor_id::text as "vendorId" from ledger_entries where store_id = ${storeId} and item_code_id is null
      group by vendor_id order by count(*) desc limit 1`.execute(db);
    bigVendor = Number(big[0]!.vendorId);
    today = (await recorder.record((c) => c.reports.sales({ groupBy: 'day' }), identities.accountant)).result.today;
  }, 600_000);

  afterAll(async () => {
    if (config.kind !== 'postgres') return;
    await explainer?.end();
    await recorder?.handle.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  /** Runs the call, explains every read it ran, and answers the plans' problems and the indexes they use. */
  async function plansOf(call: (c: Caller) => Promise<unknown>, who: 'cashier' | 'accountant', allowed?: Record<string, string>) {
    const { statements } = await recorder.record(call, identities[who]);
    const problems: string[] = [];
    const indexes = new Set<string>();
    const indexOnly = new Set<string>();
    for (const s of statements) {
      if (!/^\s*(select|with)/i.test(s.sql) || /"sessions"/.test(s.sql)) continue;
      const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(`explain ${s.sql}`, s.params);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      for (const t of largeTables) if (new RegExp(`Seq Scan on ${t}\\b`).test(plan) && !allowed?.[t]) problems.push(`reads all of ${t}: ${s.sql.replace(/\s+/g, ' ').slice(0, 100)}\n${plan}`);
      if (/Gather/.test(plan)) problems.push(`parallel plan: ${s.sql.replace(/\s+/g, ' ').slice(0, 100)}\n${plan}`);
      for (const m of plan.matchAll(/(?: using|Index Scan on) (\w+)/g)) indexes.add(m[1]!);
      for (const m of plan.matchAll(/Index Only Scan using (\w+)/g)) indexOnly.add(m[1]!);
    }
    return { problems, indexes: [...indexes], indexOnly: [...indexOnly] };
  }

  /**
   * A whole-table read that is right at this size, by table, with the reason; each is a
   * plan the planner leaves at production sizes (docs/PERFORMANCE.md, Query plans).
   */
  type Allowance = Record<string, string>;
  const cases: { name: string; who: 'cashier' | 'accountant'; index: RegExp; indexOnly?: true; allowSeqScan?: Allowance; call: () => (c: Caller) => Promise<unknown> }[] = [
    {
      name: 'lookup by a common word',
      who: 'cashier',
      index: /^order_lines_search_trgm$|^orders_store_created$/,
      allowSeqScan: {
        orders: "one order in five matches and the store has 8,000: hashing them is the cheaper plan at this size; at 100,000 the planner walks orders_store_created newest first and stops at the 500th match",
      },
      call: () => (c) => c.order.lookup({ itemKeyword: 'teapot' }),
    },
    { name: 'lookup by a rare word', who: 'cashier', index: /^order_lines_search_trgm$/, call: () => (c) => c.order.lookup({ itemKeyword: 'bc1234' }) },
    { name: 'lookup by order number', who: 'cashier', index: /^orders_store_number$/, call: () => (c) => c.order.lookup({ orderNumber: `B${storeId}-123` }) },
    {
      name: 'lookup by the last 7 days',
      who: 'cashier',
      index: /^orders_store_created$/,
      call: () => (c) => c.order.lookup({ startDate: new Date(Date.now() - 7 * 86_400_000).toISOString(), endDate: new Date().toISOString() }),
    },
    {
      name: 'lookup by amount',
      who: 'cashier',
      index: /^orders_store_total$/,
      call: () => (c) => c.order.lookup({ minAmount: { type: 'Money', value: '100000000' }, maxAmount: { type: 'Money', value: '101000000' } }),
    },
    { name: 'vendor list, first page', who: 'cashier', index: /^vendors_store_(trade_name|name_all)$/, call: () => (c) => c.vendor.list({ page: 1, pageSize: 20 }) },
    { name: 'vendor list, last page', who: 'cashier', index: /^vendors_store_(trade_name|name_all)$/, call: () => (c) => c.vendor.list({ page: 600, pageSize: 20 }) },
    { name: 'statement of this month', who: 'accountant', index: /^ledger_entries_account_entries$/, call: () => (c) => c.vendor.statement({ vendorId: bigVendor }) },
    { name: 'statement of a year', who: 'accountant', index: /^ledger_entries_account_entries$/, call: () => (c) => c.vendor.statement({ vendorId: bigVendor, from: daysBefore(today, 364), to: today }) },
    { name: 'sales by day over a year', who: 'accountant', index: /^report_days_pkey$/, call: () => (c) => c.reports.sales({ from: daysBefore(today, 364), to: today, groupBy: 'day' }) },
    { name: 'sales by vendor over a month', who: 'accountant', index: /^report_days_/, call: () => (c) => c.reports.sales({ from: daysBefore(today, 29), to: today, groupBy: 'vendor' }) },
    { name: 'sales by vendor yesterday', who: 'accountant', index: /^report_days_/, call: () => (c) => c.reports.sales({ from: daysBefore(today, 1), to: daysBefore(today, 1), groupBy: 'vendor' }) },
    { name: 'sales by vendor over a year', who: 'accountant', index: /^report_days_group$/, call: () => (c) => c.reports.sales({ from: daysBefore(today, 364), to: today, groupBy: 'vendor' }) },
    { name: 'sales by item code over a year', who: 'accountant', index: /^report_days_group$/, call: () => (c) => c.reports.sales({ from: daysBefore(today, 364), to: today, groupBy: 'itemCode' }) },
    {
      name: 'vendor balances today',
      who: 'accountant',
      index: /^vendors_store_/,
      allowSeqScan: { ledger_accounts: "counts the store's accounts, and this data set's accounts are nearly all the store's; with other stores beside it the count reads ledger_accounts_pkey only" },
      call: () => (c) => c.reports.vendorBalances({}),
    },
    // The month's completed orders summed from the index alone, not read row by row with each one's refunds.
    { name: "the accountant's dashboard", who: 'accountant', index: /^orders_store_completed$/, indexOnly: true, call: () => (c) => c.dashboard.storeAccountant() },
    // The month's vendor net from the balances' history by quarter hour, not from every entry of the month.
    { name: "the accountant's dashboard, its ledger", who: 'accountant', index: /^ledger_balance_history_pkey$/, call: () => (c) => c.dashboard.storeAccountant() },
    { name: 'end of day', who: 'accountant', index: /^report_days_pkey$/, call: () => (c) => c.reports.endOfDay.report({ date: daysBefore(today, 30) }) },
    // The books (docs/BOOKS.md, The trial balance at scale): a trial balance reads the sums the
    // writer keeps (a past day from a kept month end and the days of its month), never
    // every leg; a journal page walks the period's journals in order, and a drill-down
    // finds an account's journals from its legs. A trial balance names every vendor
    // account with a balance from the vendors' kept slugs; a journal page only its legs'.
    ...(
      [
        ['trial balance today', /^journal_balances_pkey$|^journal_days_store_day$/, () => (c: Caller) => c.books.trialBalance({})],
        ['trial balance a year ago', /^journal_days_store_day$|^journal_month_balances_pkey$/, () => (c: Caller) => c.books.trialBalance({ asOf: daysBefore(today, 364) })],
        ['trial balance two years ago', /^journal_days_store_day$|^journal_month_balances_pkey$/, () => (c: Caller) => c.books.trialBalance({ asOf: daysBefore(today, 700) })],
        ['journals of a month', /^journals_store_day$/, () => (c: Caller) => c.books.journals({ from: daysBefore(today, 29), to: today })],
        ['journals of the drawer over a month', /^journal_days_pkey$/, () => (c: Caller) => c.books.journals({ from: daysBefore(today, 29), to: today, account: 'drawer' })],
        [
          "journals of a vendor's account over a year",
          /^journal_legs_store_account_journal$/,
          () => (c: Caller) => c.books.journals({ from: daysBefore(today, 364), to: today, account: `vendor:${bigVendor}` }),
        ],
      ] as const
    ).map(([name, index, call]) => ({
      name,
      who: 'accountant' as const,
      index,
      allowSeqScan: {
        ...(name.startsWith('trial balance')
          ? {
              vendors: 'a trial balance names every vendor account with a balance, and this store holds nearly all the vendors',
              journal_balances: 'the balances of every account of the store, which holds nearly all of them',
            }
          : {}),
        ...(name === 'trial balance a year ago'
          ? { journal_days: "a year ago is the middle of this data set's two years: either end is half the store's day rows, which at this size a scan reads faster than the index" }
          : {}),
      },
      call,
    })),
  ];

  for (const c of cases) {
    it(`${c.name}: no sequential scan of a large table, no parallel workers, ${c.index.source} used`, async () => {
      const { problems, indexes, indexOnly } = await plansOf(c.call(), c.who, c.allowSeqScan);
      expect(problems, c.name).toEqual([]);
      expect(indexes.filter((i) => c.index.test(i)), `${c.name}: indexes used: ${indexes.join(', ')}`).not.toEqual([]);
      if (c.indexOnly) expect(indexOnly.filter((i) => c.index.test(i)), `${c.name}: read from the index alone: ${indexOnly.join(', ')}`).not.toEqual([]);
    });
  }
});
