/**
 * One store's tills selling at once (docs/PERFORMANCE.md, "One store's sales per second";
 * docs/ARCHITECTURE.md, "A sale's hot rows are taken by its last statement"): a checkout
 * computes its ledger entries and journal before writing them in the statement that
 * stores its outcome, and that statement's triggers add to the running sums every sale of
 * the store updates. After 16 sales submitted together, each journal is the one the books
 * writer reads back from the posted entries, and every reader of the running sums (trial
 * balance, sales reports by every grouping, Z report, balances, the owner's dashboard
 * counters) answers what it answers once the sums are computed again from the rows they
 * sum. The store-wide sums are spread over slots (migration 0035), so the sales add to
 * several rows of each store-wide key; a vendor's sums stay one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { parseMoney, parsePercent, REPORT_GROUPINGS } from '@pos/domain';
import { migrations } from '../../../migrations/index';
import { saleLegs } from '../src/features/books/books.service';
import { createTestDb } from '../../../test/db';
import { createApiHarness, type ApiHarness } from '../../../test/factories';
import { addHouseCodes, openExampleShop, type ExampleShop } from '../../../test/sales';

const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const P = (text: string) => ({ type: 'Percent' as const, value: String(parsePercent(text)) });
const gst = { tax1Enabled: true, tax1Percent: P('5'), tax1Description: 'GST' };
const TILLS = 16;

let handle: DbHandle;
let h: ApiHarness;
let shop: ExampleShop;
let orderIds: bigint[];

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  shop = await openExampleShop(h);
  await addHouseCodes(h, shop.owner, ['HOUSE1']);
  const tills = Array.from({ length: TILLS }, (_, i) => (i % 2 === 0 ? shop.cashier : shop.manager));
  const drafts: number[] = [];
  for (const till of tills) drafts.push((await h.as(till).order.next()).nextOrderId);
  // A different basket at each till: Ada's code (card fees passed through), Bo's, the store's own line, card and cash.
  const sales = await Promise.all(
    tills.map((till, i) =>
      h.as(till).order.submit({
        orderId: drafts[i]!,
        items: [
          { itemCode: 'ADA1', description: 'Lamp', quantity: 1 + (i % 3), price: M(`${40 + i}.25`), ...(i % 4 === 0 ? { discountPercent: P('10') } : {}), ...gst },
          ...(i % 2 === 1 ? [{ itemCode: 'BO1', description: 'Chair', quantity: 1, price: M(`${25 + i}`), ...gst }] : []),
          ...(i % 3 === 2 ? [{ itemCode: 'HOUSE1', description: 'Gift wrap', quantity: 1, price: M('3.10'), ...gst }] : []),
        ],
        ...(i % 4 === 3 ? {} : { payments: [{ paymentMethodId: shop.card.id, amount: M(`${10 + i}`) }, { paymentMethodId: shop.cash.id, amount: M('500') }] }),
        idempotencyKey: `till-${i}`,
      }),
    ),
  );
  expect(sales.map((s) => s.order.status)).toEqual(tills.map(() => 'COMPLETED'));
  orderIds = sales.map((s) => BigInt(s.order.id));
});
afterAll(() => handle.close());

/** What every reader of the running sums answers for the store today. */
async function readers() {
  const accountant = h.as(shop.accountant);
  return {
    trialBalance: await accountant.books.trialBalance({}),
    sales: await Promise.all(REPORT_GROUPINGS.map((groupBy) => accountant.reports.sales({ groupBy }))),
    endOfDay: await h.as(shop.manager).reports.endOfDay.report({}),
    balances: await accountant.reports.vendorBalances({}),
    owner: await h.as(shop.owner).dashboard.storeOwner(),
    accountantDashboard: await accountant.dashboard.storeAccountant(),
  };
}

/** The store's running sums as their readers sum them: by every key but any slot a row is spread over. */
async function keptSums() {
  const storeId = shop.owner.storeId;
  const { rows } = await sql<{ sums: unknown }>`
    select json_build_object(
      'reportDays', (select json_agg(r order by r.dim, r.day, r.key) from (
          select dim, day, key, sum(orders) as orders, sum(gross) as gross, sum(discounts) as discounts, sum(net) as net,
                 sum(tax1) as tax1, sum(tax2) as tax2, sum(tax3) as tax3, sum(customer_fees) as customer_fees, sum(refunds) as refunds,
                 sum(commission) as commission, sum(card_fees) as card_fees, sum(own_sales) as own_sales, sum(applied) as applied,
                 sum(tendered) as tendered, sum(change_given) as change_given
          from report_days where store_id = ${storeId} group by dim, day, key) r),
      'history', (select json_agg(x order by x.at) from (
          select at, sum(owed) as owed, sum(owing) as owing, sum(accounts_owed) as accounts_owed, sum(accounts_owing) as accounts_owing
          from ledger_balance_history where store_id = ${storeId} group by at) x),
      'storeTotals', (select json_build_object('owed', sum(owed), 'owing', sum(owing), 'accountsOwed', sum(accounts_owed), 'accountsOwing', sum(accounts_owing))
          from ledger_store_totals where store_id = ${storeId}),
      'journalDays', (select json_agg(d order by d.account, d.business_day) from (
          select account, business_day, sum(amount) as amount from journal_days where store_id = ${storeId} group by 1, 2) d),
      'journalBalances', (select json_agg(b order by b.account) from (
          select account, sum(balance) as balance from journal_balances where store_id = ${storeId} group by 1) b)) as sums`.execute(handle.db);
  return rows[0]!.sums;
}

describe(`${TILLS} tills of one store selling at once`, () => {
  it('adds to several slots of each store-wide sum, and to one row of each vendor sum', async () => {
    const storeId = shop.owner.storeId;
    const { rows } = await sql<{ sums: string; slots: number }>`
      select sums, count(distinct slot)::int as slots from (
        select 'report days ' || dim as sums, slot from report_days where store_id = ${storeId} and dim in ('ALL', 'CASHIER', 'TAX', 'PAYMENT_METHOD')
        union all select 'store counters', slot from store_counters where store_id = ${storeId}
        union all select 'store totals', slot from ledger_store_totals where store_id = ${storeId}
        union all select 'balance history', slot from ledger_balance_history where store_id = ${storeId}
        union all select 'journal days ' || account, slot from journal_days where store_id = ${storeId} and account in ('drawer', 'sales-tax:1')
        union all select 'journal balances ' || account, slot from journal_balances where store_id = ${storeId} and account in ('drawer', 'sales-tax:1')) x
      group by sums order by sums`.execute(handle.db);
    expect(rows).toHaveLength(11);
    for (const row of rows) expect(row.slots, row.sums).toBeGreaterThan(1);
    // A vendor's (and an item code's) sums: one row for each key, in slot 0.
    const { rows: vendorRows } = await sql<{ sums: string; keys: number; rows: number; slotted: number }>`
      select sums, count(distinct k)::int as keys, count(*)::int as rows, count(*) filter (where slot <> 0)::int as slotted from (
        select 'report days ' || dim as sums, dim || day || key as k, slot from report_days where store_id = ${storeId} and dim in ('VENDOR', 'ITEM_CODE')
        union all select 'journal days', account || business_day, slot from journal_days where store_id = ${storeId} and account like 'vendor:%'
        union all select 'journal balances', account, slot from journal_balances where store_id = ${storeId} and account like 'vendor:%') x
      group by sums order by sums`.execute(handle.db);
    expect(vendorRows.map((r) => r.sums)).toEqual(['journal balances', 'journal days', 'report days ITEM_CODE', 'report days VENDOR']);
    for (const row of vendorRows) expect({ sums: row.sums, rows: row.rows, slotted: row.slotted }).toEqual({ sums: row.sums, rows: row.keys, slotted: 0 });
  });

  it('writes each sale the journal the books writer reads back from its posted entries and payments', async () => {
    const storeId = shop.owner.storeId;
    for (const orderId of orderIds) {
      const { rows } = await sql<{ account: string; amount: string }>`
        select l.account, l.amount::text as amount from journals j join journal_legs l on l.journal_id = j.id
        where j.store_id = ${storeId} and j.order_id = ${orderId} and j.kind = 'SALE' order by l.account`.execute(handle.db);
      const readBack = (await saleLegs(handle.db, storeId, orderId)).map((l) => ({ account: l.account, amount: String(l.amount) }));
      expect(rows).toEqual(readBack.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0)));
    }
  });

  it('keeps every sum and every reader as they were when the slots are added into one row (the migration taken back) and the migration runs again', async () => {
    const kept = await keptSums();
    const answered = await readers();
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const names = Object.keys(migrations).sort();
    const spreading = names.find((n) => n.endsWith('_spread_store_sums'))!;
    expect((await migrator.migrateTo(names[names.indexOf(spreading) - 1]!)).error).toBeUndefined();
    const { rows } = await sql<{ rows: string; keys: string }>`
      select count(*)::text as rows, count(distinct (dim, day, key))::text as keys from report_days where store_id = ${shop.owner.storeId}`.execute(handle.db);
    expect(rows[0]!.rows).toBe(rows[0]!.keys);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await keptSums()).toEqual(kept);
    expect(await readers()).toEqual(answered);
  });

  it('keeps every running sum equal to the same sum computed again from its rows, so every reader answers the same micro-units', async () => {
    const storeId = shop.owner.storeId;
    const kept = await keptSums();
    const answered = await readers();
    // The sums computed again from the rows they sum: the reports' days and the balances'
    // history by their rebuild functions, the rest as their migrations first filled them.
    await handle.db.transaction().execute(async (trx) => {
      await sql`select report_days_rebuild()`.execute(trx);
      await sql`select ledger_balance_history_rebuild()`.execute(trx);
      await sql`delete from ledger_store_totals where store_id = ${storeId}`.execute(trx);
      await sql`
        insert into ledger_store_totals (store_id, owed, owing, accounts_owed, accounts_owing)
        select store_id, coalesce(sum(balance) filter (where balance > 0), 0), coalesce(sum(balance) filter (where balance < 0), 0),
               count(*) filter (where balance > 0), count(*) filter (where balance < 0)
        from ledger_accounts where store_id = ${storeId} group by store_id`.execute(trx);
      await sql`delete from journal_days where store_id = ${storeId}`.execute(trx);
      await sql`delete from journal_balances where store_id = ${storeId}`.execute(trx);
      await sql`
        insert into journal_days (store_id, account, business_day, amount)
        select j.store_id, l.account, j.business_day, sum(l.amount)::bigint
        from journals j join journal_legs l on l.journal_id = j.id where j.store_id = ${storeId}
        group by j.store_id, l.account, j.business_day`.execute(trx);
      await sql`
        insert into journal_balances (store_id, account, balance)
        select store_id, account, sum(amount)::bigint from journal_days where store_id = ${storeId} group by store_id, account`.execute(trx);
    });
    expect(await keptSums()).toEqual(kept);
    expect(await readers()).toEqual(answered);
    // And the figures themselves: 16 sales today, each account's balance the Σ of its legs.
    const today = answered.endOfDay.today;
    expect(answered.sales[0]!.totals.orders).toBe(TILLS);
    const { rows } = await sql<{ counted: string; legs: string }>`
      select (select sum(completed_orders)::text from store_counters where store_id = ${storeId}) as counted,
             (select count(*)::text from (select account, sum(amount) from journal_legs where store_id = ${storeId} group by 1 having sum(amount) <> 0) x) as legs`.execute(handle.db);
    expect(rows[0]!.counted).toBe(String(TILLS));
    expect(answered.trialBalance.accounts.filter((a) => a.debit !== null || a.credit !== null)).toHaveLength(Number(rows[0]!.legs));
    expect(today).toBe(answered.trialBalance.asOf);
  });
});
