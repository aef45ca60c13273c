/**
 * An offline sale lands on its own business day (docs/ARCHITECTURE.md, The offline till):
 * sold at 23:50 local and replayed the next morning, its order, payments, ledger entries
 * and journal are dated at the time of sale, so the Z report of that day, the vendor's
 * statement, the trial balance as of that day and the vendor balances of that day count
 * it, to the micro-unit, and today's do not; unless that day was closed, where the
 * closed-day rule applies (kept for a manager, completed anyway on today's day). The
 * vendor balances' history stays what computing it again from every entry gives after
 * back-dated postings, also when they push an account across zero.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { insertEntries } from '../src/features/ledger/ledger.repository';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const $ = (cents: number) => BigInt(cents) * 10_000n;
const P = (percent: number) => ({ type: 'Percent' as const, value: String(BigInt(percent) * 1_000_000n) });
const v = (money: { value: string }) => BigInt(money.value);
const TIME_ZONE = 'America/Chicago';

interface Shop {
  owner: Person;
  manager: Person;
  cashier: Person;
  vendorId: number;
  cashId: number;
}

async function openShop(): Promise<Shop> {
  const owner = await signUpOwner(h);
  const settings = await h.as(owner).store.fetchSettings();
  const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, nextOrderNumber, ...rest } = settings;
  await h.as(owner).store.updateSettings({ ...rest, nextOrderNumber: Number(nextOrderNumber), timeZone: TIME_ZONE });
  const [manager, cashier] = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_STAFF')]);
  const vendorId = (await h.as(owner).vendor.add({ tradeName: 'Jane Doe Antiques', contactName: 'Jane', contactEmail: `jane${randomUUID().slice(0, 6)}@example.test`, primaryPhone: '555-0100' })).vendor.id;
  await h.as(owner).store.itemcode.add({ tag: 'JANE1', vendorId, defaultCommissionPercent: P(20) });
  const methods = (await h.as(owner).store.payment.list()).paymentMethods;
  return { owner, manager, cashier, vendorId, cashId: methods.find((m) => m.isCash)!.id };
}

async function device(shop: Shop) {
  const deviceId = randomUUID();
  await h.as(shop.cashier).device.register({ deviceId, name: 'Front till' });
  const { numbers } = await h.as(shop.cashier).device.reserveNumbers({ deviceId, idempotencyKey: randomUUID() });
  return { deviceId, numbers: [...numbers] };
}

/** A typed sale of JANE1 at `cents`, paid in cash, sold at `soldAt`. */
function sale(shop: Shop, dev: { deviceId: string; numbers: string[] }, cents: number, soldAt: Date) {
  return {
    deviceId: dev.deviceId,
    clientId: randomUUID(),
    orderNumber: dev.numbers.shift()!,
    soldAt: soldAt.toISOString(),
    customerName: 'Walk-in',
    items: [{ itemCode: 'JANE1', description: 'Blue vase', price: M($(cents)), quantity: 1 }],
    payments: [{ paymentMethodId: shop.cashId, amount: M($(cents)) }],
    idempotencyKey: randomUUID(),
  };
}

/** The instant of `time` on `day` in the store's time zone. */
async function localInstant(day: string, time: string): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`select (${day}::date + ${time}::time) at time zone ${TIME_ZONE} as at`.execute(handle.db);
  return rows[0]!.at;
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** When each money row of the order is dated: the order, its payments, its ledger entries; and its journal's business day. */
async function datesOf(storeId: number, orderNumber: string) {
  const { rows } = await sql<{ completed: Date; payments: Date[]; entries: Date[]; days: string[] }>`
    select o.completed_at as completed,
           array(select p.created_at from order_payments p where p.order_id = o.id order by p.id) as payments,
           array(select e.created_at from ledger_entries e where e.order_id = o.id order by e.id) as entries,
           array(select j.business_day::text from journals j where j.order_id = o.id order by j.id) as days
    from orders o where o.store_id = ${BigInt(storeId)} and o.order_number = ${orderNumber}`.execute(handle.db);
  return rows[0]!;
}

/** Today's Z report, which a replay of another day must leave as it was. */
async function todaysFigures(shop: Shop, today: string) {
  const z = (await h.as(shop.manager).reports.endOfDay.report({ date: today, openingCash: M(0) })).report;
  return { sales: z.sales, payments: z.payments, cash: z.cash };
}

/** The balances' history by store and quarter hour, each summed over its slots. */
async function historyRows() {
  const { rows } = await sql<Record<string, unknown>>`
    select store_id, at, sum(owed) as owed, sum(owing) as owing, sum(accounts_owed) as accounts_owed, sum(accounts_owing) as accounts_owing
    from ledger_balance_history group by store_id, at
    having sum(owed) <> 0 or sum(owing) <> 0 or sum(accounts_owed) <> 0 or sum(accounts_owing) <> 0 order by store_id, at`.execute(handle.db);
  return rows;
}

/** The history must be what computing it again from every entry gives. */
async function expectHistoryExact() {
  const kept = await historyRows();
  await sql`select ledger_balance_history_rebuild()`.execute(handle.db);
  expect(await historyRows()).toEqual(kept);
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle?.close());

describe('an offline sale replayed the next morning', () => {
  it('lands on the day it was sold: its Z report, the vendor statement, the trial balance and the balances of that day, to the micro-unit', async () => {
    const shop = await openShop();
    const dev = await device(shop);
    const { today } = await h.as(shop.manager).order.dayStatus();
    const yesterday = dayBefore(today);
    const soldAt = await localInstant(yesterday, '23:50');

    // Today, before the replay: a $10 sale at the till and a −$30 adjustment, so the
    // vendor's account is below zero today (8 − 30 = −22) until yesterday's sale arrives.
    const online = await h.as(shop.cashier).order.next();
    await h.as(shop.cashier).order.submit({ orderId: online.nextOrderId, items: [{ itemCode: 'JANE1', description: 'Jug', price: M($(1000)), quantity: 1 }] });
    await h.as(shop.owner).vendor.adjust({ vendorId: shop.vendorId, itemCodeId: null, amount: M(-$(3000)), memo: 'Booth repair', idempotencyKey: randomUUID() });
    const todayBefore = await todaysFigures(shop, today);
    expect((await h.as(shop.owner).reports.vendorBalances({ asOf: today })).owing).toEqual(M(-$(2200)));

    const input = sale(shop, dev, 5000, soldAt);
    const answer = await h.as(shop.cashier).offline.replay(input);
    expect(answer.status).toBe('COMPLETED');

    // Every money row of the sale is dated at its time of sale; its journal on yesterday.
    const dates = await datesOf(shop.owner.storeId, input.orderNumber);
    expect(dates.completed.toISOString()).toBe(soldAt.toISOString());
    expect(dates.payments.map((d) => d.toISOString())).toEqual([soldAt.toISOString()]);
    expect(dates.entries.map((d) => d.toISOString())).toEqual([soldAt.toISOString(), soldAt.toISOString()]);
    expect(dates.days).toEqual([yesterday]);

    // The Z report of yesterday: one order of $50.00, $10.00 commission, $50.00 cash.
    const z = (await h.as(shop.manager).reports.endOfDay.report({ date: yesterday, openingCash: M(0) })).report;
    expect([Number(z.sales.orders), v(z.sales.net), v(z.sales.commission), v(z.cash.taken), v(z.cash.expected)]).toEqual([1, $(5000), $(1000), $(5000), $(5000)]);
    expect(z.payments.map((p) => [p.name, Number(p.orders), v(p.applied)])).toEqual([['Cash', 1, $(5000)]]);
    // Today's figures are as they were.
    expect(await todaysFigures(shop, today)).toEqual(todayBefore);

    // The vendor's statement: yesterday the sale (+50) and its commission (−10), closing 40;
    // today opens at 40 and closes at 40 + 8 − 30 = 18.
    const onDay = await h.as(shop.owner).vendor.statement({ vendorId: shop.vendorId, from: yesterday, to: yesterday });
    expect(v(onDay.openingBalance)).toBe(0n);
    expect(onDay.entries.map((e) => [e.kind, e.orderNumber, v(e.amount)])).toEqual([
      ['SALE', input.orderNumber, $(5000)],
      ['COMMISSION', input.orderNumber, -$(1000)],
    ]);
    expect(v(onDay.closingBalance)).toBe($(4000));
    const next = await h.as(shop.owner).vendor.statement({ vendorId: shop.vendorId, from: today, to: today });
    expect([v(next.openingBalance), v(next.closingBalance)]).toEqual([$(4000), $(1800)]);

    // The trial balance as of yesterday: the drawer 50 Dr; the vendor 40 and commission 10 Cr.
    const trial = await h.as(shop.owner).books.trialBalance({ asOf: yesterday });
    const moved = trial.accounts.filter((a) => v(a.debit) !== 0n || v(a.credit) !== 0n).map((a) => [a.account, v(a.debit), v(a.credit)]);
    expect(moved).toEqual(
      expect.arrayContaining([
        ['drawer', $(5000), 0n],
        [`vendor:${shop.vendorId}`, 0n, $(4000)],
        ['commission', 0n, $(1000)],
      ]),
    );
    expect(moved).toHaveLength(3);
    expect([v(trial.totalDebit), v(trial.totalCredit)]).toEqual([$(5000), $(5000)]);

    // The vendor balances of yesterday and of today, from the kept history.
    const balances = async (asOf: string) => {
      const r = await h.as(shop.owner).reports.vendorBalances({ asOf });
      return [v(r.owed), v(r.owing), r.accountsOwed, r.accountsOwing, r.accounts.map((a) => v(a.balance))];
    };
    expect(await balances(yesterday)).toEqual([$(4000), 0n, 1, 0, [$(4000)]]);
    expect(await balances(today)).toEqual([$(1800), 0n, 1, 0, [$(1800)]]);
    await expectHistoryExact();
  });

  it('of a day closed meanwhile follows the closed-day rule: kept for a manager, completed anyway on today, the closed day unchanged', async () => {
    const shop = await openShop();
    const dev = await device(shop);
    const { today } = await h.as(shop.manager).order.dayStatus();
    const yesterday = dayBefore(today);
    await h.as(shop.manager).reports.endOfDay.close({ date: yesterday, openingCash: M(0), countedCash: M(0), idempotencyKey: randomUUID() });
    const closedZ = (await h.as(shop.manager).reports.endOfDay.report({ date: yesterday })).report;

    const input = sale(shop, dev, 2500, await localInstant(yesterday, '23:50'));
    const refused = await h.as(shop.cashier).offline.replay(input);
    expect(refused).toMatchObject({ status: 'NEEDS_ATTENTION', reason: `The business day ${yesterday} is closed; no more money can be taken or paid out today` });
    if (refused.status !== 'NEEDS_ATTENTION') return;
    // Nothing of it was written.
    expect(await datesOf(shop.owner.storeId, input.orderNumber)).toBeUndefined();

    await h.as(shop.manager).offline.resolve({ id: refused.attentionId, action: 'COMPLETE', idempotencyKey: randomUUID() });
    const dates = await datesOf(shop.owner.storeId, input.orderNumber);
    const now = Date.now();
    for (const at of [dates.completed, ...dates.payments, ...dates.entries]) expect(now - at.getTime()).toBeLessThan(60_000);
    expect(dates.days).toEqual([today]);
    // Today's Z report counts it; the closed day's reprint is as it was closed.
    const z = (await h.as(shop.manager).reports.endOfDay.report({ date: today, openingCash: M(0) })).report;
    expect([Number(z.sales.orders), v(z.sales.net), v(z.sales.commission), v(z.cash.taken)]).toEqual([1, $(2500), $(500), $(2500)]);
    expect((await h.as(shop.manager).reports.endOfDay.report({ date: yesterday })).report).toEqual(closedZ);
    const trial = await h.as(shop.owner).books.trialBalance({ asOf: yesterday });
    expect(trial.accounts.filter((a) => a.account === `vendor:${shop.vendorId}`).map((a) => v(a.credit))).toEqual([]);
    await expectHistoryExact();
  });
});

describe('the vendor balances history under back-dated postings', () => {
  it('stays what computing it from every entry gives, whatever order entries of past quarters arrive in', async () => {
    const shop = await openShop();
    const storeId = shop.owner.storeId;
    const other = (await h.as(shop.owner).vendor.add({ tradeName: 'Bo Books', contactName: 'Bo', contactEmail: `bo${randomUUID().slice(0, 6)}@example.test`, primaryPhone: '555-0101' })).vendor.id;
    // A fixed pseudo-random walk: amounts of either sign on two accounts, dated over three
    // days, posted in an order that is not their dates' (so many are back-dated).
    let seed = 35;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const base = Date.now() - 3 * 86_400_000;
    for (let i = 0; i < 40; i++) {
      const vendorId = BigInt(next() % 2 === 0 ? shop.vendorId : other);
      const at = new Date(base + (next() % (3 * 96)) * 15 * 60_000 + (next() % 900) * 1000);
      const amount = $((next() % 6000) - 3000);
      if (amount === 0n) continue;
      const rows = next() % 3 === 0 ? [{ vendorId, itemCodeId: null, kind: 'ADJUSTMENT' as const, amount, memo: 'test', createdBy: null, at }, { vendorId, itemCodeId: null, kind: 'ADJUSTMENT' as const, amount: -amount / 2n, memo: 'test', createdBy: null, at: new Date(at.getTime() + 3_600_000) }] : [{ vendorId, itemCodeId: null, kind: 'ADJUSTMENT' as const, amount, memo: 'test', createdBy: null, at }];
      await handle.db.transaction().execute((trx) => insertEntries(trx, storeId, rows));
    }
    await expectHistoryExact();
    // And the balances of every day read from it are the entries dated up to that day.
    const { today } = await h.as(shop.manager).order.dayStatus();
    for (let day = dayBefore(dayBefore(dayBefore(today))); day <= today; day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
      const report = await h.as(shop.owner).reports.vendorBalances({ asOf: day });
      const { rows } = await sql<{ balance: string }>`
        select coalesce(sum(e.amount) filter (where (e.created_at at time zone ${TIME_ZONE})::date <= ${day}::date), 0)::text as balance
        from ledger_entries e where e.store_id = ${BigInt(storeId)} group by e.vendor_id`.execute(handle.db);
      const expected = rows.map((r) => BigInt(r.balance));
      expect([v(report.owed), v(report.owing)]).toEqual([expected.filter((b) => b > 0n).reduce((a, b) => a + b, 0n), expected.filter((b) => b < 0n).reduce((a, b) => a + b, 0n)]);
    }
  });
});
