/**
 * Reports and end of day on a real database (docs/SETTLEMENT.md, Reports): the worked
 * example in every grouping, with the same totals, each grouping's rows adding up to
 * them, and the totals equal to what the orders, payments and ledger hold; a refund made
 * on another day shows on that day, and one made through /order/refund is counted in
 * every grouping as the refund and ledger rows say; a sale at 23:59 local lands on its local day; the Z
 * report with its cash, voids and cashiers, closed once and reprinted unchanged; vendor
 * balances on a day; who may call; bad periods refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { REPORT_GROUPINGS, parseMoney, parsePercent } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { createApiHarness, failureOf, type ApiHarness } from '../../../test/factories';
import { addCode, addVendor, openExampleShop, type ExampleShop } from '../../../test/sales';
import { ZSalesReportInput } from '@pos/contracts';
import { AFTER_NOT_A_VENDOR, salesReport } from '../src/features/reports/reports.service';
import type { PagePlan } from '../src/features/reports/reports.repository';

const $ = parseMoney;
const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const P = (text: string) => ({ type: 'Percent' as const, value: String(parsePercent(text)) });
const v = (wire: { value: string } | number) => (typeof wire === 'number' ? BigInt(wire) : BigInt(wire.value));

let handle: DbHandle;
let h: ApiHarness;

type Shop = ExampleShop;
const openShop = () => openExampleShop(h);

const gst = { tax1Enabled: true, tax1Percent: P('5'), tax1Description: 'GST' };
const EXAMPLE_ITEMS = [
  { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: M('40'), discountPercent: P('10'), ...gst },
  { itemCode: 'BO1', description: 'Chair', quantity: 1, price: M('25'), ...gst },
  { itemCode: '', description: 'Gift wrap', quantity: 1, price: M('3'), ...gst },
];

/** The worked example's sale: Card 60.00 and Cash 50.00 tendered. */
async function sellExample(shop: Shop) {
  const { nextOrderId } = await h.as(shop.cashier).order.next();
  const answer = await h.as(shop.cashier).order.submit({
    orderId: nextOrderId,
    items: EXAMPLE_ITEMS,
    payments: [
      { paymentMethodId: shop.card.id, amount: M('60') },
      { paymentMethodId: shop.cash.id, amount: M('50') },
    ],
  });
  expect(answer.order.status).toBe('COMPLETED');
  return answer.order;
}

type Figures = Record<'orders' | 'gross' | 'discounts' | 'net' | 'tax1' | 'tax2' | 'tax3' | 'customerFees' | 'refunds' | 'commission' | 'cardFees' | 'ownSales' | 'applied' | 'tendered' | 'change', bigint>;
const FIGURES = ['orders', 'gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'customerFees', 'refunds', 'commission', 'cardFees', 'ownSales', 'applied', 'tendered', 'change'] as const;

function plain(f: Record<string, unknown>): Figures {
  return Object.fromEntries(FIGURES.map((k) => [k, v(f[k] as { value: string } | number)])) as Figures;
}
function sum(rows: readonly Figures[], key: keyof Figures): bigint {
  return rows.reduce((s, r) => s + r[key], 0n);
}

/** The figures of a grouping that split over its groups (the others are the period's alone). */
const SPLIT: Record<(typeof REPORT_GROUPINGS)[number], readonly (keyof Figures)[]> = {
  day: FIGURES,
  week: FIGURES,
  month: FIGURES,
  cashier: FIGURES,
  vendor: ['gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'refunds', 'commission', 'cardFees', 'ownSales'],
  itemCode: ['gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'refunds', 'commission', 'cardFees', 'ownSales'],
  paymentMethod: ['customerFees', 'refunds', 'applied', 'tendered', 'change'],
  tax: ['tax1', 'tax2', 'tax3'],
};

const EXAMPLE_TOTALS: Figures = {
  orders: 1n,
  gross: $('108'),
  discounts: $('8'),
  net: $('100'),
  tax1: $('5'),
  tax2: 0n,
  tax3: 0n,
  customerFees: $('1.45'),
  refunds: 0n,
  commission: $('15.95'),
  cardFees: $('1.23'),
  ownSales: $('3'),
  applied: $('105'),
  tendered: $('50'),
  change: $('5'),
};

/** What the orders, payments and ledger of the store hold, computed straight from them. */
async function fromTheRows(storeId: number) {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from orders where store_id = ${storeId} and status in ('COMPLETED', 'REFUNDED'))::text as orders,
           (select coalesce(sum(subtotal), 0) from orders where store_id = ${storeId} and status in ('COMPLETED', 'REFUNDED'))::text as gross,
           (select coalesce(sum(tax1_total), 0) from orders where store_id = ${storeId} and status in ('COMPLETED', 'REFUNDED'))::text as tax1,
           (select coalesce(sum(customer_fees), 0) from orders where store_id = ${storeId} and status in ('COMPLETED', 'REFUNDED'))::text as "customerFees",
           (select coalesce(sum(applied), 0) from order_payments where store_id = ${storeId})::text as applied,
           (select coalesce(-sum(amount), 0) from ledger_entries where store_id = ${storeId} and kind = 'COMMISSION')::text as commission,
           (select coalesce(-sum(amount), 0) from ledger_entries where store_id = ${storeId} and kind = 'CARD_FEE')::text as "cardFees",
           (select coalesce(sum(amount), 0) from refunds where store_id = ${storeId})::text as refunds`.execute(handle.db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, x]) => [k, BigInt(x)]));
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

describe('/reports/sales: the worked example', () => {
  it('appears in every grouping with the same totals, each grouping’s rows add up to them, and they equal the orders and the ledger', async () => {
    const shop = await openShop();
    await sellExample(shop);
    const reports = await Promise.all(REPORT_GROUPINGS.map((groupBy) => h.as(shop.accountant).reports.sales({ groupBy })));
    for (const [i, report] of reports.entries()) {
      const groupBy = REPORT_GROUPINGS[i]!;
      expect(report.groupBy).toBe(groupBy);
      expect(plain(report.totals), groupBy).toEqual(EXAMPLE_TOTALS);
      const rows = report.rows.map(plain);
      for (const key of SPLIT[groupBy]) expect(sum(rows, key), `${groupBy} ${key}`).toBe(EXAMPLE_TOTALS[key]);
    }
    const ledger = await fromTheRows(shop.owner.storeId);
    expect(ledger).toMatchObject({
      orders: EXAMPLE_TOTALS.orders,
      gross: EXAMPLE_TOTALS.gross,
      tax1: EXAMPLE_TOTALS.tax1,
      customerFees: EXAMPLE_TOTALS.customerFees,
      applied: EXAMPLE_TOTALS.applied,
      commission: EXAMPLE_TOTALS.commission,
      cardFees: EXAMPLE_TOTALS.cardFees,
    });

    const by = (groupBy: string) => reports[REPORT_GROUPINGS.indexOf(groupBy as never)]!.rows.map((r) => ({ label: r.label, ...plain(r) }));
    expect(by('vendor').map((r) => [r.label, r.net, r.commission, r.cardFees, r.ownSales, r.tax1])).toEqual([
      ['Ada', $('72'), $('7.20'), $('1.23'), 0n, $('3.60')],
      ['Bo', $('25'), $('8.75'), 0n, 0n, $('1.25')],
      ["Store's own sales", $('3'), 0n, 0n, $('3'), $('0.15')],
    ]);
    expect(by('itemCode').map((r) => [r.label, r.gross, r.discounts, r.net, r.commission])).toEqual([
      ['ADA1', $('80'), $('8'), $('72'), $('7.20')],
      ['BO1', $('25'), 0n, $('25'), $('8.75')],
      ['No item code', $('3'), 0n, $('3'), 0n],
    ]);
    // By payment method: the amounts applied to totals, fees beside them; cash kept 45.00 of 50.00 tendered.
    expect(by('paymentMethod').map((r) => [r.label, r.orders, r.applied, r.customerFees, r.tendered, r.change])).toEqual([
      ['Card', 1n, $('60'), $('1.45'), 0n, 0n],
      ['Cash', 1n, $('45'), 0n, $('50'), $('5')],
    ]);
    expect(by('tax').map((r) => [r.label, r.net, r.tax1])).toEqual([['GST', $('100'), $('5')]]);
    expect(by('cashier').map((r) => [r.label, r.orders, r.net])).toEqual([[shop.cashier.username, 1n, $('100')]]);
    expect(reports[0]!.taxes).toEqual([{ n: 1, name: 'GST' }]);
  });
});

/** A refund of the example's BO1 line, made at `at`, written as the refund service writes it: refund, line, payment, ledger reversals. */
async function refundBo(shop: Shop, orderId: number, at: string) {
  const db = handle.db;
  const line = await db.selectFrom('order_lines').select(['id', 'total', 'tax1_amount']).where('order_id', '=', BigInt(orderId)).where('item_code', '=', 'BO1').executeTakeFirstOrThrow();
  const storeId = shop.owner.storeId;
  const cashierId = (await db.selectFrom('users').select('id').where('username', '=', shop.manager.username).executeTakeFirstOrThrow()).id;
  const { rows } = await sql<{ id: bigint }>`
    insert into refunds (store_id, order_id, sequence, number, reason, total, tax1, amount, created_by, created_at)
    values (${storeId}, ${orderId}, 1, 'R-1', 'Wobbly', ${line.total}, ${line.tax1_amount}, ${line.total + line.tax1_amount}, ${cashierId}, ${at}::timestamptz)
    returning id`.execute(db);
  const refundId = rows[0]!.id;
  await sql`insert into refund_lines (store_id, refund_id, order_line_id, quantity, total, tax1) values (${storeId}, ${refundId}, ${line.id}, 1, ${line.total}, ${line.tax1_amount})`.execute(db);
  await sql`insert into refund_payments (store_id, refund_id, payment_method_id, method_name, is_cash, amount) values (${storeId}, ${refundId}, ${shop.cash.id}, 'Cash', true, ${line.total + line.tax1_amount})`.execute(db);
  await sql`
    insert into ledger_entries (store_id, vendor_id, kind, amount, order_id, order_line_id, refund_id, created_by, created_at)
    values (${storeId}, ${shop.bo}, 'SALE', ${-line.total}, ${orderId}, ${line.id}, ${refundId}, ${cashierId}, ${at}::timestamptz),
           (${storeId}, ${shop.bo}, 'COMMISSION', ${$('8.75')}, ${orderId}, ${line.id}, ${refundId}, ${cashierId}, ${at}::timestamptz)`.execute(db);
}

describe('/reports/sales: days', () => {
  it('shows a refund made on another day on that day, and leaves the day of the sale as it was', async () => {
    const shop = await openShop();
    const order = await sellExample(shop);
    const today = (await h.as(shop.accountant).reports.sales({})).today;
    const later = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await sql`update stores set time_zone = 'UTC' where id = ${shop.owner.storeId}`.execute(handle.db);
    await refundBo(shop, order.id, `${later}T12:00:00Z`);

    const days = await h.as(shop.accountant).reports.sales({ from: today, to: later, groupBy: 'day' });
    expect(days.rows.map((r) => [r.key, v(r.orders), v(r.net), v(r.refunds), v(r.commission)])).toEqual([
      [today, 1n, $('100'), 0n, $('15.95')],
      [later, 0n, 0n, $('26.25'), $('-8.75')],
    ]);
    expect(v(days.totals.refunds)).toBe($('26.25'));
    expect(v(days.totals.commission)).toBe($('7.20'));
    const refundDay = (groupBy: 'vendor' | 'paymentMethod' | 'tax' | 'itemCode' | 'cashier') => h.as(shop.accountant).reports.sales({ from: later, to: later, groupBy });
    expect((await refundDay('vendor')).rows.map((r) => [r.label, v(r.refunds), v(r.commission)])).toEqual([['Bo', $('26.25'), $('-8.75')]]);
    expect((await refundDay('itemCode')).rows.map((r) => [r.label, v(r.refunds)])).toEqual([['BO1', $('26.25')]]);
    expect((await refundDay('paymentMethod')).rows.map((r) => [r.label, v(r.refunds)])).toEqual([['Cash', $('26.25')]]);
    expect((await refundDay('tax')).rows.map((r) => [r.label, v(r.refunds)])).toEqual([['GST', $('1.25')]]);
    expect((await refundDay('cashier')).rows.map((r) => [r.label, v(r.refunds), v(r.commission)])).toEqual([[shop.manager.username, $('26.25'), $('-8.75')]]);
    expect(await fromTheRows(shop.owner.storeId)).toMatchObject({ refunds: $('26.25'), commission: $('7.20') });

    // The Z report of the refund's day: the cash handed back leaves the drawer.
    const eod = await h.as(shop.manager).reports.endOfDay.report({ date: later, openingCash: M('100') });
    expect(v(eod.report.cash.refunds)).toBe($('26.25'));
    expect(v(eod.report.cash.expected)).toBe($('73.75'));
  });

  it('counts a refund made through /order/refund on its day, in every grouping, equal to the refund and ledger rows', async () => {
    const shop = await openShop();
    const order = await sellExample(shop);
    const bo1 = order.items.find((line) => line.itemCode === 'BO1')!;
    await h.as(shop.manager).order.refund({ orderId: order.id, lines: [{ orderLineId: bo1.id, quantity: 1 }], payments: [{ paymentMethodId: shop.cash.id, amount: M('26.25') }], reason: 'Wobbly' });
    const reports = await Promise.all(REPORT_GROUPINGS.map((groupBy) => h.as(shop.accountant).reports.sales({ groupBy })));
    const expected = { ...EXAMPLE_TOTALS, refunds: $('26.25'), commission: $('7.20') };
    for (const [i, report] of reports.entries()) {
      const groupBy = REPORT_GROUPINGS[i]!;
      expect(plain(report.totals), groupBy).toEqual(expected);
      const rows = report.rows.map(plain);
      for (const key of SPLIT[groupBy]) if (!(groupBy === 'tax' && key === 'refunds')) expect(sum(rows, key), `${groupBy} ${key}`).toBe(expected[key]);
    }
    expect(await fromTheRows(shop.owner.storeId)).toMatchObject({ refunds: $('26.25'), commission: $('7.20'), cardFees: $('1.23') });
    const vendor = reports[REPORT_GROUPINGS.indexOf('vendor')]!.rows.map((r) => [r.label, v(r.refunds), v(r.commission)]);
    expect(vendor).toEqual([
      ['Ada', 0n, $('7.20')],
      ['Bo', $('26.25'), 0n],
      ["Store's own sales", 0n, 0n],
    ]);
    const method = reports[REPORT_GROUPINGS.indexOf('paymentMethod')]!.rows.map((r) => [r.label, v(r.refunds)]);
    expect(method).toEqual([
      ['Card', 0n],
      ['Cash', $('26.25')],
    ]);
  });

  it('puts a sale at 23:59 local on its local day and one at 00:00 on the next, in the store’s time zone', async () => {
    const shop = await openShop();
    const current = await h.as(shop.owner).store.fetchSettings();
    await h.as(shop.owner).store.updateSettings({ ...current, timeZone: 'America/New_York' });
    const { paymentMethod } = await h.as(shop.owner).store.payment.create({
      name: 'House account',
      vendorFeePercent: P('0'),
      customerFeePercent: P('0'),
      customerFeeAmount: M('0'),
      minimumAmount: M('0'),
      requiresManagerApproval: true,
    });
    // Two orders waiting for approval (lines and payments stored), completed at chosen instants.
    const completeAt = async (price: string, at: string) => {
      const { nextOrderId } = await h.as(shop.cashier).order.next();
      const answer = await h.as(shop.cashier).order.submit({
        orderId: nextOrderId,
        items: [{ itemCode: '', description: 'Postcard', quantity: 1, price: M(price) }],
        payments: [{ paymentMethodId: paymentMethod.id, amount: M(price) }],
      });
      expect(answer.order.status).toBe('PENDING');
      await sql`update orders set status = 'COMPLETED', completed_at = ${at}::timestamptz where id = ${nextOrderId}`.execute(handle.db);
    };
    await completeAt('10', '2026-03-10T23:59:30-04:00'); // New York is on summer time from 2026-03-08
    await completeAt('20', '2026-03-11T00:00:30-04:00');
    const days = await h.as(shop.accountant).reports.sales({ from: '2026-03-09', to: '2026-03-12', groupBy: 'day' });
    expect(days.rows.map((r) => [r.key, v(r.orders), v(r.net), v(r.applied)])).toEqual([
      ['2026-03-10', 1n, $('10'), $('10')],
      ['2026-03-11', 1n, $('20'), $('20')],
    ]);
    const week = await h.as(shop.accountant).reports.sales({ from: '2026-03-09', to: '2026-03-12', groupBy: 'week' });
    expect(week.rows.map((r) => [r.label, v(r.net)])).toEqual([['Week of 2026-03-09', $('30')]]);
    const month = await h.as(shop.accountant).reports.sales({ from: '2026-02-20', to: '2026-03-12', groupBy: 'month' });
    expect(month.rows.map((r) => [r.label, v(r.net)])).toEqual([['2026-03', $('30')]]);
  });
});

describe('/reports/end-of-day', () => {
  it('reports the day’s sales, payments with fees, cash expected and over/short, voids and who rang what; closes once and reprints unchanged', async () => {
    const shop = await openShop();
    await sellExample(shop);
    const { nextOrderId: voided } = await h.as(shop.cashier).order.next();
    await h.as(shop.cashier).order.cancel({ orderId: voided, reason: 'Customer left' });

    const preview = await h.as(shop.accountant).reports.endOfDay.report({ openingCash: M('100'), countedCash: M('144') });
    expect(preview.closed).toBeNull();
    const r = preview.report;
    expect(plain(r.sales)).toEqual(EXAMPLE_TOTALS);
    expect(r.payments.map((p) => [p.name, v(p.applied), v(p.customerFees), v(p.tendered), v(p.change)])).toEqual([
      ['Cash', $('45'), 0n, $('50'), $('5')],
      ['Card', $('60'), $('1.45'), 0n, 0n],
    ]);
    // 100.00 + 50.00 − 5.00 = 145.00 expected; 144.00 counted: short by 1.00.
    expect([r.cash.opening, r.cash.taken, r.cash.expected, r.cash.counted, r.cash.overShort].map((x) => (x === null ? null : v(x)))).toEqual([
      $('100'),
      $('45'),
      $('145'),
      $('144'),
      $('-1'),
    ]);
    expect(r.voids.map((x) => [x.reason, x.cancelledBy])).toEqual([['Customer left', shop.cashier.username]]);
    expect(r.cashiers.map((c) => [c.name, v(c.orders), v(c.net), v(c.taxes)])).toEqual([[shop.cashier.username, 1n, $('100'), $('5')]]);

    const day = preview.today;
    expect((await failureOf(h.as(shop.accountant).reports.endOfDay.close({ date: day, openingCash: M('100'), countedCash: M('144') }))).status).toBe(403);
    const closed = await h.as(shop.manager).reports.endOfDay.close({ date: day, openingCash: M('100'), countedCash: M('144') });
    expect(closed.message).toBe(`${day} closed: short by $1.00`);
    expect(closed.closed?.by).toBe(shop.manager.username);
    expect(closed.closedDays).toEqual([day]);

    // A later sale of the same day is refused (a closed day stays closed), the report reprints unchanged, and closing again is refused.
    expect(await failureOf(sellExample(shop))).toMatchObject({ status: 409, message: `The business day ${day} is closed; no more money can be taken or paid out today` });
    const reprint = await h.as(shop.accountant).reports.endOfDay.report({ date: day, openingCash: M('0') });
    expect(reprint.report).toEqual(closed.report);
    expect(v(reprint.report.sales.orders)).toBe(1n);
    const again = await failureOf(h.as(shop.owner).reports.endOfDay.close({ date: day, openingCash: M('0'), countedCash: M('0') }));
    expect(again.status).toBe(409);
    const audit = await handle.db.selectFrom('audit_events').select(['action', 'target_id']).where('store_id', '=', BigInt(shop.owner.storeId)).where('action', '=', 'DAY_CLOSE').execute();
    expect(audit).toEqual([{ action: 'DAY_CLOSE', target_id: day }]);
    const tomorrow = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await failureOf(h.as(shop.manager).reports.endOfDay.close({ date: tomorrow, openingCash: M('0'), countedCash: M('0') }));
    expect(future).toMatchObject({ status: 400, message: 'A day that has not begun cannot be closed' });
  });
});

describe('/reports/vendor-balances', () => {
  it('answers every account’s balance at the end of a day, with owed and owing totals', async () => {
    const shop = await openShop();
    await sellExample(shop);
    await h.as(shop.accountant).vendor.rent.post({ month: new Date().toISOString().slice(0, 7) });
    const now = await h.as(shop.accountant).reports.vendorBalances({});
    expect(now.accounts.map((a) => [a.tradeName, v(a.balance)])).toEqual([
      ['Ada', $('-86.43')],
      ['Bo', $('16.25')],
    ]);
    expect([v(now.owed), v(now.owing), now.accountsOwed, now.accountsOwing, now.total]).toEqual([$('16.25'), $('-86.43'), 1, 1, 2]);
    const yesterday = new Date(Date.parse(`${now.today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await h.as(shop.accountant).reports.vendorBalances({ asOf: yesterday });
    expect(before.accounts.map((a) => v(a.balance))).toEqual([0n, 0n]);
    expect([v(before.owed), v(before.owing)]).toEqual([0n, 0n]);
  });
});

describe('/reports/sales by vendor and by item code: pages', () => {
  /** Seven vendors whose names sort differently by case, a code each, and a sale of all of them with a line of the store's own. */
  async function sellToManyVendors() {
    const shop = await openShop();
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'Foxtrot', 'golf'];
    const tags = ['Q7', 'K2', 'A9', 'M1', 'B5', 'Z3', 'C4'];
    for (const [i, name] of names.entries()) {
      const vendor = await addVendor(h, shop.owner, { tradeName: name });
      await addCode(h, shop.owner, vendor, { tag: tags[i]!, commissionPercent: parsePercent('20') });
    }
    const { nextOrderId } = await h.as(shop.cashier).order.next();
    const items = [...tags.map((tag, i) => ({ itemCode: tag, description: `Item ${tag}`, quantity: 1, price: M(String(10 + i)), ...gst })), { itemCode: '', description: 'Bag', quantity: 1, price: M('1'), ...gst }];
    expect((await h.as(shop.cashier).order.submit({ orderId: nextOrderId, items })).order.status).toBe('COMPLETED');
    return shop;
  }

  /** Every page of a grouping, `after` chained from `next`; each page's rows and others add up to the totals. */
  async function allPages(storeId: number, groupBy: 'vendor' | 'itemCode', pageSize: number, plan?: PagePlan) {
    const pages = [];
    let after: string | undefined;
    for (;;) {
      const page = await salesReport(handle.db, storeId, new Date(), ZSalesReportInput.parse({ groupBy, pageSize, ...(after !== undefined ? { after } : {}) }), plan);
      pages.push(page);
      for (const key of SPLIT[groupBy]) {
        if (key === 'orders') continue;
        expect(page.rows.reduce((s, r) => s + r[key], page.others?.[key] ?? 0n)).toBe(page.totals[key]);
      }
      if (page.next === null) return pages;
      expect(page.rows).toHaveLength(pageSize);
      after = page.next;
    }
  }

  it('pages vendors by trade name whatever the case, the store’s own sales last; walking the vendors and summing the period answer the same', async () => {
    const shop = await sellToManyVendors();
    const whole = await h.as(shop.accountant).reports.sales({ groupBy: 'vendor' });
    expect(whole.rows.map((r) => r.label)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf', "Store's own sales"]);
    expect([whole.next, whole.others]).toEqual([null, null]);
    for (const plan of ['walk', 'aggregate'] as const) {
      const pages = await allPages(shop.owner.storeId, 'vendor', 3, plan);
      expect(pages.map((p) => p.rows.map((r) => r.label))).toEqual([['Alpha', 'Bravo', 'charlie'], ['delta', 'echo', 'Foxtrot'], ['golf', "Store's own sales"]]);
      expect(pages.flatMap((p) => p.rows.map((r) => [r.key, r.net, r.commission]))).toEqual(whole.rows.map((r) => [r.key, v(r.net), v(r.commission)]));
      expect(pages.every((p) => p.others !== null)).toBe(true);
    }
    // Nothing comes after the store's own sales; a key of no vendor of the store is refused.
    expect((await h.as(shop.accountant).reports.sales({ groupBy: 'vendor', after: '' })).rows).toEqual([]);
    // After a vendor that sold nothing in the period ('Ada' sorts before 'Alpha'): the vendors after it by name.
    expect((await h.as(shop.accountant).reports.sales({ groupBy: 'vendor', after: String(shop.ada) })).rows.map((r) => r.label)).toEqual(whole.rows.map((r) => r.label));
    // 'Bo' sorts between 'Alpha' and 'Bravo'.
    expect((await h.as(shop.accountant).reports.sales({ groupBy: 'vendor', after: String(shop.bo) })).rows.map((r) => r.label)).toEqual(whole.rows.slice(1).map((r) => r.label));
    for (const after of ['x', '0', String(shop.bo + 100_000)]) {
      expect(await failureOf(h.as(shop.accountant).reports.sales({ groupBy: 'vendor', after }))).toMatchObject({ status: 400, message: AFTER_NOT_A_VENDOR });
    }
  });

  it('pages item codes by code, the lines without one last', async () => {
    const shop = await sellToManyVendors();
    const pages = await allPages(shop.owner.storeId, 'itemCode', 4);
    expect(pages.map((p) => p.rows.map((r) => r.label))).toEqual([['A9', 'B5', 'C4', 'K2'], ['M1', 'Q7', 'Z3', 'No item code']]);
    expect(pages[0]!.next).toBe('K2');
    const second = await h.as(shop.accountant).reports.sales({ groupBy: 'itemCode', pageSize: 4, after: 'K2' });
    expect(second.rows.map((r) => r.key)).toEqual(['M1', 'Q7', 'Z3', '']);
    expect(second.next).toBeNull();
    // A9, B5, C4 and K2: the vendors at positions 2, 4, 6 and 1 of the sale, priced 10 + position.
    expect(v(second.others!.net)).toBe($('12') + $('14') + $('16') + $('11'));
    expect((await failureOf(h.as(shop.accountant).reports.sales({ groupBy: 'itemCode', pageSize: 501 }))).message).toBe('pageSize must be at most 500');
  });
});

describe('/reports/vendor-balances on past days', () => {
  it('answers each account’s balance and the owed and owing totals at the end of every day, as the entries dated up to then add up; any page equals that slice of the whole list', async () => {
    const shop = await openShop();
    const names = ['Cy', 'di', 'Ed', 'fay', 'Gus'];
    const vendors = [shop.ada, shop.bo];
    for (const name of names) vendors.push(await addVendor(h, shop.owner, { tradeName: name }));
    const storeId = BigInt(shop.owner.storeId);
    const today = (await h.as(shop.accountant).reports.vendorBalances({})).today;
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    // Adjustments at noon UTC of past days, in date order: balances go up, below zero and back.
    const postings: [number, number, string][] = [
      [10, 0, '50'], [10, 1, '-20'], [8, 2, '30'], [6, 0, '-80'], [6, 3, '15'], [4, 4, '-5'], [4, 1, '25'], [2, 5, '40'], [2, 6, '-12'], [1, 0, '30'],
    ];
    for (const [ago, who, amount] of postings) {
      await sql`insert into ledger_entries (store_id, vendor_id, kind, amount, memo, created_at)
                values (${storeId}, ${vendors[who]!}, 'ADJUSTMENT', ${$(amount)}, 'test', ${`${day(ago)}T12:00:00Z`}::timestamptz)`.execute(handle.db);
    }
    await sellExample(shop);
    for (const ago of [11, 10, 9, 6, 4, 2, 1, 0]) {
      const asOf = day(ago);
      const report = await h.as(shop.accountant).reports.vendorBalances({ asOf });
      const { rows } = await sql<{ vendorId: string; key: string; balance: string }>`
        select e.vendor_id::text as "vendorId", coalesce(e.item_code_id, 0)::text as key,
               coalesce(sum(e.amount) filter (where (e.created_at at time zone s.time_zone)::date <= ${asOf}::date), 0)::text as balance
        from ledger_entries e join stores s on s.id = e.store_id where e.store_id = ${storeId}
        group by 1, 2`.execute(handle.db);
      const expected = new Map(rows.map((r) => [`${r.vendorId}/${r.key}`, BigInt(r.balance)]));
      expect(new Map(report.accounts.map((a) => [`${a.vendorId}/${a.itemCodeId ?? 0}`, v(a.balance)]))).toEqual(expected);
      const balances = [...expected.values()];
      expect([v(report.owed), v(report.owing), report.accountsOwed, report.accountsOwing]).toEqual([
        balances.filter((b) => b > 0n).reduce((a, b) => a + b, 0n),
        balances.filter((b) => b < 0n).reduce((a, b) => a + b, 0n),
        balances.filter((b) => b > 0n).length,
        balances.filter((b) => b < 0n).length,
      ]);
    }
    const whole = await h.as(shop.accountant).reports.vendorBalances({ asOf: day(3), pageSize: 500 });
    expect(whole.accounts.map((a) => a.tradeName)).toEqual(['Ada', 'Bo', 'Cy', 'di', 'Ed', 'fay', 'Gus']);
    for (let page = 1; page <= 4; page++) {
      const slice = await h.as(shop.accountant).reports.vendorBalances({ asOf: day(3), page, pageSize: 2 });
      expect(slice.accounts).toEqual(whole.accounts.slice((page - 1) * 2, page * 2));
    }
  });

  it('keeps a history that computing it again from every entry gives', async () => {
    const read = async () => (await sql<Record<string, unknown>>`select store_id, at, sum(owed) as owed, sum(owing) as owing, sum(accounts_owed) as accounts_owed, sum(accounts_owing) as accounts_owing
    from ledger_balance_history group by store_id, at
    having sum(owed) <> 0 or sum(owing) <> 0 or sum(accounts_owed) <> 0 or sum(accounts_owing) <> 0 order by store_id, at`.execute(handle.db)).rows;
    const kept = await read();
    expect(kept.length).toBeGreaterThan(10);
    await sql`select ledger_balance_history_rebuild()`.execute(handle.db);
    expect(await read()).toEqual(kept);
  });
});

describe('who may call, and bad periods', () => {
  it('admits the accountant, the manager and the owner; refuses staff; refuses a period backwards or longer than a year', async () => {
    const shop = await openShop();
    for (const person of [shop.accountant, shop.manager, shop.owner]) expect((await h.as(person).reports.sales({})).success).toBe(true);
    expect((await failureOf(h.as(shop.cashier).reports.sales({}))).status).toBe(403);
    expect((await failureOf(h.as(shop.cashier).reports.endOfDay.report({}))).status).toBe(403);
    expect((await failureOf(h.as(shop.cashier).reports.vendorBalances({}))).status).toBe(403);
    expect(await failureOf(h.as(shop.accountant).reports.sales({ from: '2026-03-02', to: '2026-03-01' }))).toMatchObject({ status: 400, message: 'To must not be before From' });
    expect(await failureOf(h.as(shop.accountant).reports.sales({ from: '2024-01-01', to: '2025-01-01' }))).toMatchObject({ status: 400, message: 'A report covers at most 366 days' });
    expect((await failureOf(h.as(shop.accountant).reports.sales({ groupBy: 'year' as never }))).status).toBe(400);
    expect((await failureOf(h.as(shop.manager).reports.endOfDay.close({ date: '2026-01-01', openingCash: M('-1'), countedCash: M('0') }))).status).toBe(400);
  });
});

/** report_days' figures, each summed over the slots of its row's key (migration 0035). */
const REPORT_MEASURES = ['orders', 'gross', 'discounts', 'net', 'tax1', 'tax2', 'tax3', 'customer_fees', 'refunds', 'commission', 'card_fees', 'own_sales', 'applied', 'tendered', 'change_given'];

describe('report_days', () => {
  it('holds what computing it again from every row gives (the triggers and the rebuild agree)', async () => {
    // Every store this file made: sales, refunds by SQL and by /order/refund, orders completed at chosen instants.
    const read = async () => (await sql<Record<string, unknown>>`select store_id, dim, day, key, ${sql.raw(REPORT_MEASURES.map((m) => `sum(${m}) as ${m}`).join(', '))}
      from report_days group by store_id, dim, day, key order by store_id, dim, day, key`.execute(handle.db)).rows;
    const kept = await read();
    expect(kept.length).toBeGreaterThan(20);
    await sql`select report_days_rebuild()`.execute(handle.db);
    expect(await read()).toEqual(kept);
  });
});
